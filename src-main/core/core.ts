import type { AppInfo } from '../ipc/contract';
import type { CoreOptions } from './core-options';
import { createDispatcher, type Dispatch } from '../ipc/dispatcher';
import { createEventHub, type EventHub } from '../ipc/event-hub';
import type { Settings } from '../config/settings';
import type { Logger } from '../log/logger';
import { createTestReadService, type TestReadService } from '../devices/test-read';
import { createDeviceManager, type DeviceManager } from '../devices/manager';
import { laneDeviceEnvironment } from '../devices/environment';
import { createDeviceRegistry, type DeviceRegistry } from '../devices/registry';
import { join } from 'node:path';
import { createPrinterService, type PrinterService } from '../receipt/printer-service';
import { loadPrinterProfiles } from '../receipt/profiles';
import { createSignatureService, type SignatureService } from '../signature/service';
import { createTrainingGateway, type TrainingGateway } from './training-gateway';
import { liveGateway } from './live-gateway';
import { LaneError } from './errors';
import { Journal, JournalError } from '../journal/journal';
import { openLaneJournal, type JournalRefusal } from '../journal/journal-check';
import { createTerminalService, type GatewayAccess, type TerminalService } from '../terminal/terminal';
import { createCustomerServices, type CustomerServices } from '../terminal/customer-services';
import { defaultAssetsDir } from './assets';
import { createTerminalStateStore, type TerminalStateStore } from '../terminal/state-store';
import { systemClock, type Clock } from '../platform/clock';
import { createCommandHandlers } from './handlers';
import { createSessionService, type SessionService } from '../session/session-service';
import { pinLockStore } from '../session/pin-lock-file';
import { createSettingsService, type SettingsService } from '../config/settings-service';
import { productVersion } from './version';
import type { Keystroke } from '../../drivers/transport/keyboard-wedge';
import { createLaneWallet, type LaneWallet } from '../wallet/pay-link/lane-wallet';
import type { KioskService } from '../kiosk/kiosk-service';
import { createLaneKiosk } from '../kiosk/lane-kiosk';
import { takeScan } from '../kiosk/kiosk-scanner';
import type { ShutdownStep } from './shutdown';
import {
  createTrainingWalletKeys,
  loadOrCreateTrainingWalletKeys,
  type TrainingWalletKeys,
} from '../emulator/wallet/training-keys';

/**
 * The payment core as both shells, the CLI and the tests see it. It runs on plain Node and
 * never imports `electron`.
 */
export interface Core {
  readonly settings: Settings;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly devices: DeviceRegistry;
  /** The configured devices themselves, and the keyboard stream keyboard-mode readers type into. */
  readonly deviceManager: DeviceManager;
  readonly cardReaders: TestReadService;
  /** Sales: one at a time, through the journal. */
  readonly sales: TerminalService;
  /** A sale's customer beside the money: stored cards, a signature added after the approval. */
  readonly customers: CustomerServices;
  /** Test prints, held jobs and (training) the emulated printer's pages. */
  readonly printers: PrinterService;
  /** The lane's signature capture, on a pad or on the screen. */
  readonly signature: SignatureService;
  readonly terminal: TerminalStateStore;
  /** Who is signed in, and manager approvals. */
  readonly session: SessionService;
  /** The Settings screen's reading and saving of settings and gateway credentials. */
  readonly settingsService: SettingsService;
  readonly events: EventHub;
  /** Why the lane refuses to sell because of its journal, or null when the journal is in order. */
  journalRefusal(): JournalRefusal | null;
  /** A manager has seen the refusal: a new journal (the damaged one kept aside), or the replacement accepted. */
  acknowledgeJournal(): JournalRefusal | null;
  /** Training's built-in gateway (unused when another gateway is given). */
  readonly trainingGateway: TrainingGateway;
  /** Wallet payments: the pay-link service, the tokenizer client, training's emulated phone. */
  readonly wallet: LaneWallet;
  /** The self-checkout: catalogue, basket, paying it, the receipt choice, the service state. */
  readonly kiosk: KioskService;
  /** The validated entry point for every command from a renderer. */
  readonly dispatch: Dispatch;
  info(): AppInfo;
  /** The parts of a stop, in order, for a caller that bounds it in time (`shutDown`). */
  shutdownSteps(): ShutdownStep[];
  /** Runs every step of the stop, however long it takes. */
  close(): Promise<void>;
}

export type { CoreOptions } from './core-options';

/** The composition root: wires the registry, the state store and the event hub together. */
export function createCore(options: CoreOptions): Core {
  const { settings, shell, logger } = options;
  const clock = options.clock ?? systemClock;
  const version = options.version ?? productVersion;
  const events = createEventHub((error) => logger.error({ err: error }, 'event listener failed'));
  const devices = createDeviceRegistry();
  const assetsDir = options.assetsDir ?? defaultAssetsDir();
  const printerProfiles = loadPrinterProfiles(join(assetsDir, 'printers'));
  const deviceManager = createDeviceManager({
    devices: settings.devices,
    printers: settings.printers,
    printerProfiles,
    signaturePads: settings.signaturePads,
    training: settings.training,
    registry: devices,
    logger,
    clock,
    environment: options.deviceEnvironment ?? laneDeviceEnvironment(),
    // A kiosk's keyboard-mode scanner types into the same keyboard as the card reader.
    barcodes: settings.mode === 'kiosk',
  });
  const cardReaders = createTestReadService({ manager: deviceManager, training: settings.training, assetsDir, clock });
  const signature = createSignatureService({
    manager: deviceManager,
    registry: devices,
    settings,
    events,
    logger,
    assetsDir,
  });
  const printers = createPrinterService({ manager: deviceManager, settings });
  const terminal = createTerminalStateStore(clock);
  let journal: Journal | undefined;
  let journalRefusal: JournalRefusal | null = null;
  const laneJournal = (acknowledge: boolean) => {
    if (!options.journalPath || !options.journalRecordFile) return;
    const opened = openLaneJournal(
      {
        path: options.journalPath,
        settingsFile: options.journalRecordFile,
        ...(options.legacyJournalIdentityFile ? { legacyIdentityFile: options.legacyJournalIdentityFile } : {}),
        clock,
        terminalId: settings.terminalId,
        warn: (message) => logger.warn(message),
      },
      acknowledge,
    );
    if ('journal' in opened) {
      journal = opened.journal;
      journalRefusal = null;
    } else {
      journalRefusal = opened.refusal;
      logger.error(
        { cause: opened.refusal.cause, file: opened.refusal.file },
        'the journal is refused: no sales until it is dealt with',
      );
    }
  };
  // Opened now, not at the first sale: a damaged or replaced journal is seen before anyone sells.
  laneJournal(false);
  // Training's wallet keys, made or read once: the emulated phone signs with them, the built-in tokenizer trusts their root.
  let walletKeys: TrainingWalletKeys | undefined;
  const trainingWalletKeys = () =>
    (walletKeys ??= options.walletFolder
      ? loadOrCreateTrainingWalletKeys(options.walletFolder, clock.now())
      : createTrainingWalletKeys(clock.now()));
  // Training with a gateway URL (loopback only, the settings make sure) uses that emulator instead of its own.
  const trainingGateway = createTrainingGateway(
    options.trainingGatewayPath,
    settings.training && settings.gateway.url !== '' ? settings.gateway.url : undefined,
    settings.wallet.enabled
      ? () => {
          const { merchant, root, ecV2 } = trainingWalletKeys();
          // The lane's clock: the built-in tokenizer judges a payload's two minutes by the time the lane keeps.
          return { merchant, anchors: [root], ecV2: ecV2.recipient, clock };
        }
      : undefined,
  );
  const wallet = createLaneWallet({
    settings,
    clock,
    trainingKeys: trainingWalletKeys,
    tokenizerUrl: async () => (settings.training ? trainingGateway.tokenizerUrl() : settings.wallet.tokenizerUrl),
    ...(options.walletFolder ? { folder: options.walletFolder } : {}),
    ...(options.payLinkLifetimeMs ? { linkLifetimeMs: options.payLinkLifetimeMs } : {}),
  });
  const gateway =
    options.gateway ??
    (async (): Promise<GatewayAccess> =>
      settings.training ? trainingGateway.access(settings.merchantId) : liveGateway(settings, options.secrets?.()));
  const previewProfile = printerProfiles.get('escpos-80mm') ?? [...printerProfiles.values()][0]!;
  const laneJournalNow = () => {
    if (journalRefusal) throw new JournalError(journalRefusal.message, { kind: 'refused' });
    return (journal ??= Journal.open(options.journalPath ?? ':memory:', { clock, terminalId: settings.terminalId }));
  };
  const service = createTerminalService({
    state: terminal,
    manager: deviceManager,
    settings,
    signature,
    journal: laneJournalNow,
    gateway,
    wallet,
    previewProfile,
    now: () => clock.now(),
    logger,
    onQueueChange: (queue) => events.emit('terminal.recoveryQueue', queue),
    onFindings: (findings) => events.emit('terminal.findings', findings),
    onKeyEntry: (view) => events.emit('terminal.keyEntry', view),
    onOutcome: (notice) => events.emit('terminal.outcome', notice),
    ...(options.recoveryTimer ? { setTimer: options.recoveryTimer } : {}),
  });
  const sales = refusingWithoutJournal(service, () => journalRefusal);
  const customers = createCustomerServices({
    journal: laneJournalNow,
    gateway,
    takeSignature: () => signature.take(),
    logger,
  });
  const locks = pinLockStore(options.pinLockFolder, (problem) => logger.error({ problem }, 'wrong-PIN locks'));
  const session = createSessionService({ settings, clock, logger, locks });
  const settingsService = createSettingsService({
    settings,
    file: options.settingsFile,
    secrets: () => options.secrets?.(),
    gateway,
    printerProfiles: [...printerProfiles.keys()].sort(),
    logger,
  });
  const lane = {
    settings,
    folder: options.kioskFolder,
    assetsDir,
    logger,
    clock,
    ...(options.kioskTimer ? { setTimer: options.kioskTimer } : {}),
  };
  const laneKiosk = createLaneKiosk(lane, { sales, terminal, session, events });
  const stops = [
    session.onChange((current) => events.emit('session.changed', current)),
    devices.onChange((list) => events.emit('devices.changed', list)),
    terminal.onChange((state) => events.emit('terminal.state', state)),
    // In the Electron shell the main process types released keys into the window itself.
    ...(shell === 'browser' ? [deviceManager.onRelease((keys) => releaseToScreens(events, keys))] : []),
    deviceManager.onBarcode((code) => takeScan(laneKiosk.kiosk, logger, code)),
    deviceManager.onUnreadableScan(() => {
      logger.info('kiosk: keys at a scanner\u2019s pace made no code; the customer is asked to scan again');
      laneKiosk.kiosk.scanUnreadable();
    }),
  ];

  const info = (): AppInfo => ({
    name: 'Lanepoint',
    version,
    mode: settings.mode,
    training: settings.training,
    terminalId: settings.terminalId,
    shell,
  });

  const core: Core = {
    settings,
    logger,
    clock,
    devices,
    deviceManager,
    cardReaders,
    signature,
    printers,
    sales,
    customers,
    terminal,
    session,
    settingsService,
    trainingGateway,
    wallet,
    kiosk: laneKiosk.kiosk,
    events,
    info,
    journalRefusal: () => journalRefusal,
    acknowledgeJournal() {
      const refusal = journalRefusal;
      if (!refusal) throw new LaneError('refused', 'The journal is in order: there is nothing to acknowledge.');
      if (!refusal.acknowledgeable) throw new LaneError('refused', refusal.message);
      laneJournal(true);
      if (journalRefusal) throw new LaneError('refused', (journalRefusal as JournalRefusal).message);
      logger.warn(
        { cause: refusal.cause, file: refusal.file, refusal: refusal.message },
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
      { name: 'the events', run: () => stops.forEach((stop) => stop()) },
      { name: 'the sale (a payment in flight is awaited)', run: () => sales.close() },
      { name: 'the signature capture', run: () => signature.close() },
      { name: 'the kiosk', run: () => laneKiosk.close() },
      { name: 'the devices', run: () => deviceManager.close() },
      { name: 'the journal', run: () => journal?.close() },
      { name: 'the wallet', run: () => wallet.close() },
      { name: 'the training gateway', run: () => trainingGateway.close() },
    ],
    async close() {
      for (const step of core.shutdownSteps()) await step.run();
    },
  };
  const dispatch = createDispatcher(createCommandHandlers(core), logger);
  const readyDetail = settings.training ? 'Training: no real money moves' : null;
  // The lane's state says why it will not sell, for every screen and the log.
  terminal.enter('idle', journalRefusal ? `No sales: ${(journalRefusal as JournalRefusal).message}` : readyDetail);
  // Devices open in the background; each one's status reaches the screen through the registry.
  void deviceManager
    .start()
    .catch((error: unknown) =>
      logger.error(
        { err: error },
        'devices could not start: check the device entries in settings.json, then restart Lanepoint',
      ),
    );
  // Whatever a crash left open in the journal is settled with the gateway before anyone asks.
  if (options.journalPath && !journalRefusal) {
    void sales
      .recover('start')
      .catch((error: unknown) =>
        logger.warn(
          { err: error },
          'journal recovery at start did not finish: sales with an unknown outcome are checked again in the background; check the network and the gateway address if this repeats',
        ),
      );
  }
  logger.info({ mode: settings.mode, training: settings.training, shell, version }, 'core started');
  return core;
}

/**
 * Browser mode: released keystrokes go back to the connection that typed them, named by the
 * page's `seq` and never by the key, since a held key may be a PIN digit or a keyed card's.
 */
function releaseToScreens(events: EventHub, keys: readonly Keystroke[]): void {
  const bySource = new Map<string, number[]>();
  for (const { source, seq } of keys) {
    if (source === undefined || seq === undefined) continue;
    bySource.set(source, [...(bySource.get(source) ?? []), seq]);
  }
  for (const [source, seqs] of bySource) events.emitTo(source, 'devices.keysReleased', { seqs });
}

/**
 * The terminal service, with everything that moves money or reads the journal refused while
 * the journal is: the refusal's own words, before a card is asked for.
 */
function refusingWithoutJournal(service: TerminalService, refusal: () => JournalRefusal | null): TerminalService {
  const guarded =
    <A extends unknown[], R>(run: (...args: A) => R) =>
    (...args: A): R => {
      const current = refusal();
      if (current) throw new LaneError('refused', current.message);
      return run(...args);
    };
  return {
    ...service,
    sale: guarded(service.sale),
    achSale: guarded(service.achSale),
    profileSale: guarded(service.profileSale),
    walletSale: guarded(service.walletSale),
    capture: guarded(service.capture),
    void: guarded(service.void),
    refund: guarded(service.refund),
    reprint: guarded(service.reprint),
    restTakenOutside: guarded(service.restTakenOutside),
    lookup: guarded(service.lookup),
    history: guarded(service.history),
    endOfDay: guarded(service.endOfDay),
    settleByHand: guarded(service.settleByHand),
    recover: guarded(service.recover),
    // The refusal is on every screen already (its state and `journal.refusal`): these lists stay empty behind it.
    recoveryQueue: () => (refusal() ? [] : service.recoveryQueue()),
    findings: () => (refusal() ? [] : service.findings()),
    saleAmount: (orderId) => (refusal() ? undefined : service.saleAmount(orderId)),
  };
}
