/**
 * The back office's integrated terminal commands (contract/terminals.ts), and the check a lane's
 * terminal passes before `hub.provisionLane` makes the lane: the API key is stored, no other lane
 * of the store has the terminal, and the Terminal API lists it for the merchant.
 */
import type { HandlersOf } from '../lane/ipc/contract/derive';
import { LaneError } from '../lane/errors';
import type { terminalCommands } from './contract/terminals';
import type { HubAccess } from './hub-access';
import type { HubClient } from './hub-client';
import { checkTerminalSite, type TerminalAccess, type TerminalSite } from './terminal-access';
import type { TerminalAssignments } from './terminal-assignments';

/** A lane's terminal as its provisioning file carries it. */
export interface LaneTerminal extends TerminalSite {
  readonly hsn: string;
  readonly apiKey: string;
}

export interface TerminalDesk {
  readonly handlers: HandlersOf<typeof terminalCommands>;
  /**
   * Checks the terminal for a new lane of the store and holds it until `release` (so two lanes
   * made at once cannot both take it); refused naming `integratedTerminal.<field>` or `apiKey`.
   */
  admit(
    storeId: string,
    wanted: TerminalSite & { hsn: string },
    hub: HubClient,
  ): Promise<{ terminal: LaneTerminal; release: () => void }>;
  /** Records the lane made with an admitted terminal. */
  assign(storeId: string, hsn: string, lane: { id: string; name: string }): void;
}

export function createTerminalDesk(options: {
  terminals: TerminalAccess;
  assignments: TerminalAssignments;
  hub: HubAccess;
}): TerminalDesk {
  const { terminals, assignments } = options;
  const pending = new Set<string>();

  /** The store's lanes that have a terminal, by HSN, among the lanes the hub still knows. */
  const holders = async (storeId: string, hub: HubClient) => {
    const live = new Set((await hub.lanes(storeId)).map((lane) => lane.id));
    return new Map(assignments.held(storeId, live).map((entry) => [entry.hsn, entry]));
  };

  return {
    handlers: {
      'terminals.setApiKey': async ({ apiKey }) => {
        await terminals.storeApiKey(apiKey);
        return { apiKeySet: true };
      },
      'terminals.list': async ({ baseUrl, merchantId, storeId }) => {
        const listed = await terminals.terminals({ baseUrl, merchantId });
        const held = await holders(storeId, await options.hub.client());
        return listed.map((terminal) => {
          const holder = held.get(terminal.hsn);
          return { ...terminal, heldBy: holder ? { laneId: holder.laneId, laneName: holder.laneName } : null };
        });
      },
    },
    async admit(storeId, wanted, hub) {
      checkTerminalSite(wanted, 'integratedTerminal.');
      const apiKey = await terminals.apiKey();
      const { hsn } = wanted;
      const holder = (await holders(storeId, hub)).get(hsn);
      if (holder)
        throw new LaneError(
          'refused',
          `Terminal ${hsn} is already lane ${holder.laneName} (${holder.laneId})\u2019s: each lane of store ${storeId} takes cards on a terminal of its own. Choose another terminal.`,
          'integratedTerminal.hsn',
        );
      const reservation = `${storeId}\u0000${hsn}`;
      if (pending.has(reservation))
        throw new LaneError(
          'refused',
          `Terminal ${hsn} is being given to another lane of store ${storeId} right now. Choose another terminal.`,
          'integratedTerminal.hsn',
        );
      pending.add(reservation);
      const release = () => pending.delete(reservation);
      try {
        const listed = await terminals.terminals(wanted);
        if (!listed.some((terminal) => terminal.hsn === hsn))
          throw new LaneError(
            'refused',
            `The Terminal API at ${wanted.baseUrl} does not list terminal ${hsn} for merchant ${wanted.merchantId} (${
              listed.length === 0 ? 'it lists none' : `it lists ${listed.map((terminal) => terminal.hsn).join(', ')}`
            }): choose one it lists, or check the merchant id.`,
            'integratedTerminal.hsn',
          );
      } catch (error) {
        release();
        throw error;
      }
      return { terminal: { baseUrl: wanted.baseUrl, merchantId: wanted.merchantId, hsn, apiKey }, release };
    },
    assign(storeId, hsn, lane) {
      assignments.assign({ storeId, hsn, laneId: lane.id, laneName: lane.name });
    },
  };
}
