/**
 * Integrated payment terminals (CardPointe Integrated Terminal API, ADR 085), seen from the back
 * office: the Terminal API key it keeps in its secret store, and the terminals the service lists
 * for a merchant, each with the store's lane that already takes cards on it. A lane is given one
 * by `hub.provisionLane`.
 */
import { z } from 'zod';
import { command } from '../../lane/ipc/contract/spec';
import { storeId } from './hub';
import { terminalSite, text } from './schemas';

/** One terminal the service lists, and the lane of the store that has it (null when none). */
export interface TerminalChoice {
  /** The hardware serial number, as listTerminals names it. */
  readonly hsn: string;
  /** The terminal's name and model from terminalDetails ('' when it gives none). */
  readonly name: string;
  readonly deviceType: string;
  /** Whether the terminal is connected to the service now, when it says. */
  readonly connected: boolean | null;
  /** The store's lane this terminal is already given to. */
  readonly heldBy: { readonly laneId: string; readonly laneName: string } | null;
}

export const terminalCommands = {
  'terminals.setApiKey': command<{ apiKeySet: true }>()(
    'Stores the Integrated Terminal API key in the back office\u2019s secret store (never in its settings); lanes provisioned on a terminal are given it.',
    z.strictObject({ apiKey: text(500) }),
  ),
  'terminals.list': command<TerminalChoice[]>()(
    'The terminals the Terminal API lists for the merchant, with the store\u2019s lane that already has each one.',
    z.strictObject({ ...terminalSite, storeId }),
  ),
} as const;
