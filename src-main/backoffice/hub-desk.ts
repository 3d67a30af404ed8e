/**
 * The back office's hub commands (contract/hub.ts): each asks the hub's manager API through
 * the hub client, and provisioning a lane joins the hub's answer (the lane and its key) to the
 * boarded merchant's version-1 provisioning, with the integrated terminal the manager chose.
 */
import type { HandlersOf } from '../lane/ipc/contract/derive';
import { LaneError } from '../lane/errors';
import type { Logger } from '../platform/log/logger';
import type { hubCommands } from './contract/hub';
import type { LaneProvisioning } from './contract/provision';
import type { HubAccess } from './hub-access';
import { hubProvisioningFor, hubProvisioningText } from './hub-provisioning';
import type { TerminalDesk } from './terminal-desk';

export function createHubHandlers(options: {
  hub: HubAccess;
  /** The boarded application's version-1 provisioning, read afresh (refused unless BOARDED). */
  provisioning: (merchantId: string) => Promise<LaneProvisioning>;
  /** The boarding merchant ids of the applications this back office saw boarded. */
  boardedMerchants: () => string[];
  /** Checks and records the integrated terminal a lane is given. */
  terminals: TerminalDesk;
  logger: Logger;
}): HandlersOf<typeof hubCommands> {
  const { hub, logger } = options;
  const client = () => hub.client();

  /** The application to provision under: the one named, or the only boarded one. */
  const chosenMerchant = (given: string | undefined): string => {
    if (given) return given;
    const boarded = options.boardedMerchants();
    if (boarded.length === 1) return boarded[0]!;
    throw new LaneError(
      'refused',
      boarded.length === 0
        ? 'No application is boarded yet: a lane can be provisioned once its merchant is BOARDED.'
        : `${boarded.length} applications are boarded: choose the merchant the lane sells under.`,
      'merchantId',
    );
  };

  return {
    'hub.setAdminKey': async ({ adminKey }) => {
      await hub.storeAdminKey(adminKey);
      return { adminKeySet: true };
    },
    'hub.createStore': async (store) => {
      const created = await (await client()).createStore(store);
      logger.info({ storeId: created.id }, 'hub store created');
      return created;
    },
    'hub.lanes': async ({ storeId }) => (await client()).lanes(storeId),
    'hub.provisionLane': async ({ storeId, name, kind, merchantId, integratedTerminal }) => {
      // Everything that can refuse is checked before the hub makes the lane: no lane is made for nothing.
      const given = await options.provisioning(chosenMerchant(merchantId));
      const hubClient = await client();
      const admitted = integratedTerminal
        ? await options.terminals.admit(storeId, integratedTerminal, hubClient)
        : undefined;
      try {
        const { lane, key } = await hubClient.createLane({ storeId, name, kind, merchantId: given.merchantId });
        if (admitted) options.terminals.assign(storeId, admitted.terminal.hsn, lane);
        const content = hubProvisioningText(
          hubProvisioningFor(given, { url: hubClient.url, laneId: lane.id, key }, admitted?.terminal),
        );
        logger.info(
          { storeId, laneId: lane.id, kind, gatewayMerchantId: given.merchantId, hsn: admitted?.terminal.hsn },
          'hub lane provisioned',
        );
        return { lane, fileName: `lane-${lane.id}.json`, content };
      } finally {
        admitted?.release();
      }
    },
    'hub.sales': async ({ storeId, laneId, day, q, limit, before }) =>
      (await client()).sales({ storeId, laneId, day, q, limit, before }),
    'hub.sale': async ({ laneId, entryId }) => (await client()).sale(laneId, entryId),
    'hub.day': async ({ storeId, day }) => (await client()).day(storeId, day),
    'hub.shifts': async ({ storeId, day }) => (await client()).shifts(storeId, day),
    'hub.pushSettings': async ({ storeId, document }) => {
      const pushed = await (await client()).pushSettings(storeId, document);
      logger.info(
        { storeId, version: pushed.version, settings: Object.keys(document.settings) },
        'hub settings pushed',
      );
      return pushed;
    },
    'hub.pushes': async ({ storeId }) => (await client()).settings(storeId),
  };
}
