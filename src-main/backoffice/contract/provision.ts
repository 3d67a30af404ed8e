/** Provisioning lanes with a boarded merchant: this machine's lane, or a file for another. */
import { z } from 'zod';
import { command } from '../../lane/ipc/contract/spec';
import { merchantId } from './schemas';

/** What a lane is given: never credentials (the operator enters those in the lane's Settings). */
export interface LaneProvisioning {
  /** 1: the merchant only; 2: may add the store hub the lane reports to; 3: may add the integrated terminal. */
  readonly version: 1 | 2 | 3;
  /** The gateway merchant id (frontEndMid) the lane sells under. */
  readonly merchantId: string;
  readonly gatewayUrl: string;
  readonly dbaName: string;
  /** The store hub (version 2): url and lane id go to settings.json, the key to the lane's secret store only. */
  readonly hub?: { readonly url: string; readonly laneId: string; readonly key: string };
  /** What takes the card (version 3): goes to settings.json as `payments.device`. */
  readonly payments?: { readonly device: 'reader' | 'integrated-terminal' };
  /**
   * The integrated terminal (version 3, with `payments.device` `integrated-terminal`): baseUrl,
   * merchantId and hsn go to settings.json, the API key to the lane's secret store only.
   */
  readonly integratedTerminal?: {
    readonly baseUrl: string;
    readonly merchantId: string;
    readonly hsn: string;
    readonly apiKey: string;
  };
}

export interface ProvisionedLane {
  readonly provisioning: LaneProvisioning;
  /** The lane settings file that now holds the merchant id and gateway URL. */
  readonly settingsFile: string;
}

export interface ProvisioningExport {
  readonly provisioning: LaneProvisioning;
  /** Where the file was written on the back office's machine. */
  readonly file: string;
  /** The file's text, for the screen to offer as a download. */
  readonly content: string;
}

export const provisionCommands = {
  'provision.thisLane': command<ProvisionedLane>()(
    'Writes the boarded merchant id and gateway URL into this machine\u2019s lane settings (refused unless BOARDED).',
    z.strictObject({ merchantId }),
  ),
  'provision.export': command<ProvisioningExport>()(
    'Writes a provisioning file for `lanepoint provision <file>` on another lane (refused unless BOARDED).',
    z.strictObject({ merchantId }),
  ),
} as const;
