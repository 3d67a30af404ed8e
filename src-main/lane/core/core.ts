import type { AppInfo } from '../ipc/contract';
import type { CoreOptions } from './core-options';
import { createDispatcher } from '../ipc/dispatcher';
import { createEventHub } from '../ipc/event-hub';
import { systemClock } from '../../platform/clock';
import { createCommandHandlers } from './handlers';
import { createOfflineDesk } from '../offline/offline-desk';
import { setupGatewayLink } from './setup-gateway-link';
import { productVersion } from './version';
import { LaneError } from '../errors';
import type { Core } from './core-parts';
import { setupDevices } from './setup-devices';
import { setupJournal } from './setup-journal';
import { createDayDesk } from '../terminal/day-desk';
import { setupGateway } from './setup-gateway';
import { setupWallet } from './setup-wallet';
import { setupTerminal } from './setup-terminal';
import { setupIntegratedTerminal } from './setup-integrated-terminal';
import { setupStaff } from './setup-staff';
import { setupKiosk } from './setup-kiosk';
import { setupReceiptMail } from './setup-receipt-mail';
import { setupHub } from './setup-hub';
import { createCustomerDisplay } from '../customer-display/customer-display';

export type { Core } from './core-parts';
export type { CoreOptions } from './core-options';

/**
 * The composition root: each part is made by its own setup function (setup-*.ts), in the order
 * each needs the one before; here they are only put together and started.
 */
export function createCore(options: CoreOptions): Core {
  const { settings, shell, logger } = options;
  const clock = options.clock ?? systemClock;
  const version = options.version ?? productVersion;
  const events = createEventHub((error) => logger.error({ err: error }, 'event listener failed'));
  const training = options.training(options, clock);
  const devices = setupDevices(options, clock, events, training.devices);
  // The session is made after the journal: each row asks it who is signed in when it is written.
  let signedIn: () => string | undefined = () => undefined;
  const journal = setupJournal(options, clock, () => signedIn());
  // The breaker that tells a gateway that cannot be reached from one that lost an answer (ADR 075).
  const link = setupGatewayLink(options, clock, training.gateway);
  const gateway = setupGateway(options, training.gateway, link);
  const wallet = setupWallet(options, clock, training);
  // A lane set to take cards on an integrated terminal reaches it through this, made at first use.
  const integratedTerminal = setupIntegratedTerminal(options, clock, training);
  integratedTerminal?.watch(devices.devices);
  const lane = setupTerminal(options, {
    clock,
    events,
    devices,
    journal,
    gateway,
    wallet,
    ...(link ? { link } : {}),
    ...(integratedTerminal ? { integratedTerminal: integratedTerminal.source } : {}),
  });
  const staff = setupStaff(options, clock, gateway, devices.printerProfileNames);
  signedIn = () => staff.session.current()?.cashierId;
  const { kiosk, stops } = setupKiosk(options, { clock, events, devices, terminal: lane, staff });
  const { terminal, sales } = lane;
  // The training terminal's screen reaches every screen as it changes (the training panel draws it).
  const stopTerminalScreen = training.terminal?.onScreen((view) => events.emit('training.terminalScreen', view));
  const receiptMail = setupReceiptMail(options, clock, journal, gateway);
  const day = createDayDesk({
    journal: () => journal.current(),
    printers: devices.printers,
    manager: devices.deviceManager,
    terminalId: settings.terminalId,
    training: settings.training,
    now: () => clock.now(),
    logger,
  });
  const readyDetail = settings.training ? 'Training: no real money moves' : null;

  const info = (): AppInfo => ({
    name: 'Lanepoint',
    version,
    mode: settings.mode,
    training: settings.training,
    terminalId: settings.terminalId,
    shell,
  });

  const offline = createOfflineDesk({
    lane: lane.offline,
    journal: () => journal.current(),
    now: () => clock.now(),
  });
  const hub = setupHub(options, {
    clock,
    events,
    journal,
    registry: devices.devices,
    offlineQueue: () => offline.status().storedCount,
    version,
  });
  const customerDisplay = createCustomerDisplay({
    settings,
    events,
    logger,
    lane: {
      terminal,
      signature: devices.signature,
      confirmFee: () => void sales.confirmFee(),
      declineFee: () => void sales.cancel(),
      emailReceipt: (orderId, address) => void receiptMail.queue({ orderId, address }),
    },
  });
  const core: Core = {
    ...(lane.offline ? { offlineLane: lane.offline } : {}),
    settings,
    logger,
    clock,
    devices: devices.devices,
    deviceManager: devices.deviceManager,
    cardReaders: devices.cardReaders,
    signature: devices.signature,
    printers: devices.printers,
    receiptMail,
    day,
    offline,
    hub,
    sales,
    customers: lane.customers,
    terminal,
    session: staff.session,
    settingsService: staff.settingsService,
    trainingGateway: training.gateway,
    ...(training.terminal ? { trainingTerminal: training.terminal } : {}),
    wallet,
    kiosk: kiosk.kiosk,
    customerDisplay,
    events,
    info,
    journalRefusal: () => journal.refusal(),
    acknowledgeJournal() {
      const refusal = journal.refusal();
      const remaining = journal.acknowledge();
      if (remaining) throw new LaneError('refused', remaining.message);
      logger.warn(
        { cause: refusal?.cause, file: refusal?.file, refusal: refusal?.message },
        'a manager acknowledged the journal problem; the lane sells again',
      );
      events.emit('journal.refusal', null);
      terminal.enter('idle', readyDetail);
      void sales
        .recover()
        .catch((error: unknown) =>
          logger.warn({ err: error }, 'journal recovery after the acknowledgement did not finish'),
        );
      return null;
    },
    dispatch: (name, args, caller) => dispatch(name, args, caller),
    // In order, each after the one before: the sale ends before the devices and the journal close under it.
    shutdownSteps: () => [
      // Nothing is published once closing begins: devices going down are not news to anyone.
      {
        name: 'the events',
        run: () => {
          stops.forEach((stop) => stop());
          stopTerminalScreen?.();
          customerDisplay.close();
        },
      },
      { name: 'the sale (a payment in flight is awaited)', run: () => sales.close() },
      // The store hub's link only where the lane reports to one.
      ...(settings.hub.url ? [{ name: 'the store hub link', run: () => hub.close() }] : []),
      // Offline payments' parts only where the merchant set them up: a stop names only what the lane has.
      ...(lane.offline
        ? [{ name: 'the offline forwarder (a payment being sent is awaited)', run: () => lane.offline?.close() }]
        : []),
      ...(link ? [{ name: 'the gateway link', run: () => link.close() }] : []),
      ...(integratedTerminal
        ? [{ name: 'the integrated terminal’s session', run: () => integratedTerminal.close() }]
        : []),
      { name: 'the signature capture', run: () => devices.signature.close() },
      { name: 'the kiosk', run: () => kiosk.close() },
      { name: 'the devices', run: () => devices.deviceManager.close() },
      { name: 'the receipt-mail outbox', run: () => receiptMail.close() },
      { name: 'the journal', run: () => journal.close() },
      { name: 'the wallet', run: () => wallet.close() },
      // The training terminal authorizes at the training gateway: it stops first.
      ...(training.terminal && settings.training && settings.payments.device === 'integrated-terminal'
        ? [{ name: 'the training terminal', run: () => training.terminal?.close() }]
        : []),
      { name: 'the training gateway', run: () => training.gateway.close() },
    ],
    async close() {
      for (const step of core.shutdownSteps()) await step.run();
    },
  };
  const dispatch = createDispatcher(createCommandHandlers(core), logger);
  startCore(core, options, readyDetail);
  return core;
}

/** What starts by itself: the lane's state, the devices (in the background), recovery of what a crash left open. */
function startCore(core: Core, options: CoreOptions, readyDetail: string | null): void {
  const { logger, settings, shell } = options;
  const refusal = core.journalRefusal();
  // The lane's state says why it will not sell, for every screen and the log.
  core.terminal.enter('idle', refusal ? `No sales: ${refusal.message}` : readyDetail);
  // Devices open in the background; each one's status reaches the screen through the registry.
  void core.deviceManager
    .start()
    .catch((error: unknown) =>
      logger.error(
        { err: error },
        'devices could not start: check the device entries in settings.json, then restart Lanepoint',
      ),
    );
  // Whatever a crash left open in the journal is settled with the gateway before anyone asks.
  if (options.journalPath && !refusal) {
    void core.sales
      .recover('start')
      .catch((error: unknown) =>
        logger.warn(
          { err: error },
          'journal recovery at start did not finish: sales with an unknown outcome are checked again in the background; check the network and the gateway address if this repeats',
        ),
      )
      // Then what a previous run stored offline is sent when the gateway answers (after recovery,
      // so a forward never races the start's look at pending rows).
      .then(() => core.offlineLane?.resume())
      .catch((error: unknown) =>
        logger.warn({ err: error }, 'the stored offline payments are not being sent yet: they are at the next sale'),
      );
  }
  logger.info(
    { mode: settings.mode, training: settings.training, shell, version: core.info().version },
    'core started',
  );
}
