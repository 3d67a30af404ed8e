import type { TerminalClient } from './client';

/**
 * The integrated terminal a lane takes cards on (ADR 085): the Terminal API client, the
 * terminal's HSN and the gateway merchant id it authorizes under (recovery asks the gateway
 * under that id). Made once per lane, from the settings and the secret store, or in training
 * from the terminal emulator in front of the built-in gateway.
 */
export interface IntegratedTerminalAccess {
  readonly client: TerminalClient;
  readonly hsn: string;
  readonly merchantId: string;
}

/** Where a sale gets its terminal; throws a LaneError naming what is not set up. */
export type IntegratedTerminalSource = () => Promise<IntegratedTerminalAccess>;
