/**
 * The back office's composition root (ADR 032): its settings and secret store, the boarding
 * client, the application register, the status poller, the provisioning of lanes, and one
 * validated dispatch over its own contract. It runs on plain Node, like the lane's core.
 */
import { join } from 'node:path';
import { writeFileAtomic } from '../platform/private-file';
import { createFileSecretStore, type SecretStore } from '../lane/config/secrets';
import { settingsPath } from '../lane/config/settings';
import { isLoopbackHost } from '../lane/config/schema';
import { systemClock, type Clock } from '../platform/clock';
import { LaneError } from '../lane/errors';
import { productVersion } from '../lane/core/version';
import type { HostRoute } from '../platform/http/inbound';
import type { ShellKind } from '../lane/ipc/contract/app';
import type { HandlersOf } from '../lane/ipc/contract/derive';
import { createContractDispatcher, type Dispatch } from '../lane/ipc/dispatcher';
import { createEventHub, type EventHub } from '../lane/ipc/event-hub';
import type { Logger } from '../platform/log/logger';
import { createApplicationDesk } from './application-desk';
import { openApplicationRegister } from './application-register';
import { attachmentRoute } from './attachment-route';
import { createBoardingAccess } from './boarding-access';
import type { BoardingCredentials } from './boarding/settings';
import { createCommerceHandlers } from './commerce-desk';
import { backofficeCommands, type BackofficeEvents, type BackofficeHandlers, type BackofficeStatus } from './contract';
import type { provisionCommands } from './contract/provision';
import { backofficeErrorOf } from './errors';
import { createHubAccess } from './hub-access';
import { createHubHandlers } from './hub-desk';
import { hubExportRoute } from './hub-export-route';
import { applyProvisioning, provisioningFor } from './provisioning';
import { loadBackofficeSettings, saveBackofficeSettings, type BackofficeSettings } from './settings';
import { createStatusPoller, type StatusPoller } from './status-poller';
import { createTerminalAccess } from './terminal-access';
import { openTerminalAssignments } from './terminal-assignments';
import { createTerminalDesk } from './terminal-desk';

/**
 * Training's back ends (the boarding and gateway emulators), started by the shell that runs the
 * back office in training and handed in: the back office itself never imports a stand-in.
 */
export interface TrainingBackends {
  readonly boardingUrl: string;
  readonly credentials: BoardingCredentials;
  /** The gateway emulator's URL, given to lanes provisioned in training. */
  readonly gatewayUrl: string;
  readonly templateIds: readonly number[];
  readonly salesCodes: readonly string[];
  /** Moves the boarding emulator's clock (tests; `/__emulator/clock` does the same over HTTP). */
  advance(ms: number): Promise<void>;
  close(): Promise<void>;
}

export interface BackofficeOptions {
  /** The back office's own folder (settings, secrets, the application register). */
  readonly home: string;
  /** The lane folder on this machine that `provision.thisLane` writes. */
  readonly laneHome: string;
  readonly logger: Logger;
  readonly shell: ShellKind;
  /** Training's emulators, started by the caller; absent in live mode. */
  readonly training?: TrainingBackends;
  /** The Electron shell passes its keychain store; otherwise a 0600 file in `home`. */
  readonly secrets?: SecretStore;
  readonly clock?: Clock;
  /** The poller's clock and waits (tests time its rounds by hand). */
  readonly poll?: { clock?: Pick<Clock, 'setTimer'>; minDelayMs?: number; maxDelayMs?: number; start?: boolean };
  /** The upload cap (the service's 100 MB unless a test gives less). */
  readonly maxAttachmentBytes?: number;
}

export interface Backoffice {
  readonly dispatch: Dispatch;
  readonly events: EventHub<BackofficeEvents>;
  readonly logger: Logger;
  /** Routes the back office host serves beside the bridge: the streamed attachment upload. */
  readonly routes: readonly HostRoute[];
  readonly poller: StatusPoller;
  status(): Promise<BackofficeStatus>;
  close(): Promise<void>;
}

/** A boarding or gateway root as settings take it: https, or http to loopback only. */
function checkRootUrl(field: string, text: string): void {
  if (text === '') return;
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new LaneError('invalid', `${field}: expected an https URL`, field);
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    throw new LaneError('invalid', `${field}: http is allowed only for loopback addresses; use https`, field);
  if (url.username || url.password)
    throw new LaneError('invalid', `${field}: must not carry credentials; they go to the secret store`, field);
}

export function createBackoffice(options: BackofficeOptions): Backoffice {
  const { home, logger, training } = options;
  const clock = options.clock ?? systemClock;
  let settings: BackofficeSettings = loadBackofficeSettings(home);
  const secrets =
    options.secrets ??
    createFileSecretStore(home, { onWarning: (message) => logger.warn({ file: join(home, 'secrets.json') }, message) });
  const events = createEventHub<BackofficeEvents>((error) => logger.error({ err: error }, 'event listener failed'));
  const register = openApplicationRegister(home);
  const access = createBoardingAccess({ settings: () => settings, secrets, logger, training });
  const boarding = () => access.client();
  // The desk nudges the poller, and the poller asks the desk: each finds the other at call time.
  const desk = createApplicationDesk({ boarding, register, events, clock, poller: () => poller });
  const poller: StatusPoller = createStatusPoller({
    moving: () => register.moving(),
    check: (merchantId) => desk.check(merchantId),
    logger,
    ...(options.poll?.clock ? { clock: options.poll.clock } : {}),
    ...(options.poll?.minDelayMs ? { minDelayMs: options.poll.minDelayMs } : {}),
    ...(options.poll?.maxDelayMs ? { maxDelayMs: options.poll.maxDelayMs } : {}),
  });
  const gatewayUrl = () => training?.gatewayUrl ?? settings.gatewayUrl;
  const hub = createHubAccess({ url: () => settings.hubUrl, secrets, clock, logger });
  const terminalAccess = createTerminalAccess({ secrets, clock, logger });
  const terminals = createTerminalDesk({ terminals: terminalAccess, assignments: openTerminalAssignments(home), hub });

  const status = async (): Promise<BackofficeStatus> => ({
    name: 'Lanepoint back office',
    version: productVersion,
    shell: options.shell,
    training: training !== undefined,
    boardingUrl: training?.boardingUrl ?? settings.boardingUrl,
    authUrl: training ? '' : settings.authUrl,
    gatewayUrl: gatewayUrl(),
    credentials: await access.describe(),
    trainingChoices: training ? { templateIds: training.templateIds, salesCodes: training.salesCodes } : null,
    laneSettingsFile: settingsPath(options.laneHome),
    hub: { url: settings.hubUrl, adminKeySet: await hub.adminKeySet() },
    integratedTerminal: { apiKeySet: await terminalAccess.apiKeySet() },
  });

  /** The application, read afresh, ready to give to a lane: refused unless BOARDED. */
  const provisioning = async (merchantId: string) => {
    const application = await desk.view(merchantId);
    return provisioningFor(application, gatewayUrl());
  };

  const provisionHandlers: HandlersOf<typeof provisionCommands> = {
    'provision.thisLane': async ({ merchantId }) => {
      const given = await provisioning(merchantId);
      const settingsFile = await applyProvisioning(options.laneHome, given);
      logger.info(
        { merchantId, gatewayMerchantId: given.merchantId, settingsFile },
        'lane on this machine provisioned',
      );
      return { provisioning: given, settingsFile };
    },
    'provision.export': async ({ merchantId }) => {
      const given = await provisioning(merchantId);
      const file = join(home, 'provisioning', `lane-${given.merchantId}.json`);
      const content = `${JSON.stringify(given, null, 2)}\n`;
      writeFileAtomic(file, content);
      logger.info({ merchantId, gatewayMerchantId: given.merchantId, file }, 'provisioning file written');
      return { provisioning: given, file, content };
    },
  };

  const handlers: BackofficeHandlers = {
    'backoffice.status': () => status(),
    'backoffice.configure': async (changes) => {
      for (const [field, value] of Object.entries(changes)) if (value !== undefined) checkRootUrl(field, value);
      settings = saveBackofficeSettings(home, { ...settings, ...changes });
      access.reset();
      hub.reset();
      logger.info({ settings: Object.keys(changes) }, 'back office settings saved');
      return status();
    },
    'credentials.set': async (credentials) => {
      await access.store(credentials);
      return status();
    },
    ...desk.handlers,
    ...createCommerceHandlers(boarding),
    ...provisionHandlers,
    ...createHubHandlers({
      hub,
      provisioning,
      boardedMerchants: () =>
        register
          .list('', 1, Number.MAX_SAFE_INTEGER)
          .rows.filter((row) => row.gatewayStatus === 'BOARDED')
          .map((row) => row.merchantId),
      terminals,
      logger,
    }),
    ...terminals.handlers,
  };

  const dispatch = createContractDispatcher(backofficeCommands, handlers, logger, backofficeErrorOf);
  if (options.poll?.start !== false) poller.start();
  logger.info(
    { training: training !== undefined, shell: options.shell, version: productVersion },
    'back office started',
  );

  return {
    dispatch,
    events,
    logger,
    routes: [
      attachmentRoute({
        boarding,
        register,
        clock,
        logger,
        ...(options.maxAttachmentBytes ? { maxBytes: options.maxAttachmentBytes } : {}),
      }),
      hubExportRoute({ hub, logger }),
    ],
    poller,
    status,
    async close() {
      poller.stop();
    },
  };
}
