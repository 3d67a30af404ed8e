import type { CoreOptions } from './core-options';
import type { Clock } from '../../platform/clock';
import { LaneError } from '../errors';
import { cashRulesFor } from '../payment/cash-rules';
import type { EventHub } from '../ipc/event-hub';
import type { JournalRefusal } from '../journal/journal-check';
import { createTerminalService, type GatewayAccess, type TerminalService } from '../terminal/terminal';
import { createCustomerServices, type CustomerServices } from '../terminal/customer-services';
import { createTerminalStateStore, type TerminalStateStore } from '../terminal/state-store';
import type { LaneWallet } from '../wallet/pay-link/lane-wallet';
import type { LaneDevices } from './setup-devices';
import type { Journal } from '../journal/journal';
import type { RecoveryFinding, TerminalPhase } from '../ipc/contract';
import { alwaysOnlineLink } from '../offline/always-online';
import type { GatewayLink } from '../offline/link-state';
import { createOfflineLane, type OfflineLane } from '../offline/offline-lane';
import { offlineStatus } from '../offline/offline-desk';

/** The phases with no sale being taken: the forwarder sends stored payments only then. */
const idlePhases: ReadonlySet<TerminalPhase> = new Set(['starting', 'idle', 'done', 'offline']);
import type { LaneJournal } from './setup-journal';
import type { IntegratedTerminalSource } from '../integrated-terminal/lane-terminal';

/** The lane's sales and what it shows of them: the state store, the terminal service, the customers' services. */
export interface LaneTerminal {
  readonly terminal: TerminalStateStore;
  /** Sales, refused while the journal is. */
  readonly sales: TerminalService;
  readonly customers: CustomerServices;
  /** Offline payments (ADR 074): present when settings.offline.enabled. */
  readonly offline: OfflineLane | undefined;
}

export interface TerminalParts {
  readonly clock: Clock;
  readonly events: EventHub;
  readonly devices: LaneDevices;
  readonly journal: LaneJournal;
  readonly gateway: () => Promise<GatewayAccess>;
  readonly wallet: LaneWallet;
  /** The lane's integrated terminal (setup-integrated-terminal.ts), when payments.device is integrated-terminal. */
  readonly integratedTerminal?: IntegratedTerminalSource;
  /** The gateway link's breaker (ADR 075, setup-gateway-link.ts) when offline payments are on; else always online. */
  readonly link?: GatewayLink;
}

export function setupTerminal(options: CoreOptions, parts: TerminalParts): LaneTerminal {
  const { settings, logger } = options;
  const { clock, events, devices, journal, gateway, wallet } = parts;
  const terminal = createTerminalStateStore(clock);
  // The banner follows the offline part: the link changed, a payment was stored or forwarded. A
  // forward's decline is a finding the manager must see: the findings go out with it.
  const publishOfflineStatus = () => {
    if (offline) events.emit('offline.status', offlineStatus(offline, journal.current(), clock.now()));
  };
  const publishOffline = () => {
    publishOfflineStatus();
    if (offline && made.findings) events.emit('terminal.findings', made.findings());
  };
  /** The terminal's findings, once it is made (below). */
  const made: { findings?: () => RecoveryFinding[] } = {};
  const offline: OfflineLane | undefined = settings.offline.enabled
    ? createOfflineLane({
        settings: settings.offline,
        link: parts.link ?? options.gatewayLink ?? alwaysOnlineLink(),
        secrets: () => options.secrets?.(),
        journal: () => journal.current(),
        gateway,
        clock: { now: () => clock.now(), setTimer: (run, ms) => clock.setTimer(run, ms, { unref: true }) },
        logger,
        saleInProgress: () => !idlePhases.has(terminal.current().phase),
        onChange: publishOffline,
      })
    : undefined;
  const service = createTerminalService({
    ...(offline ? { offline: (current: Journal) => offline.taking(current) } : {}),
    state: terminal,
    manager: devices.deviceManager,
    settings,
    signature: devices.signature,
    journal: () => journal.current(),
    gateway,
    wallet,
    ...(parts.integratedTerminal ? { integratedTerminal: parts.integratedTerminal } : {}),
    previewProfile: devices.previewProfile,
    cash: cashRulesFor(devices.assetsDir, 'USD'),
    openDrawer: () => devices.printers.openDrawer({}),
    now: () => clock.now(),
    logger,
    onQueueChange: (queue) => events.emit('terminal.recoveryQueue', queue),
    onFindings: (findings) => {
      events.emit('terminal.findings', findings);
      // An acknowledged offline decline leaves the status's count of declines.
      publishOfflineStatus();
    },
    onKeyEntry: (view) => events.emit('terminal.keyEntry', view),
    onOutcome: (notice) => events.emit('terminal.outcome', notice),
    setTimer: options.recoveryTimer ?? ((run, ms) => clock.setTimer(run, ms, { unref: true })),
  });
  made.findings = () => service.findings();
  // A payment stored offline ends its sale like any other: the banner's count follows it.
  if (offline)
    terminal.onChange((state) => {
      if (state.phase === 'done') publishOffline();
    });
  const customers = createCustomerServices({
    journal: () => journal.current(),
    gateway,
    takeSignature: () => devices.signature.take(),
    logger,
  });
  return { terminal, sales: refusingWithoutJournal(service, () => journal.refusal()), customers, offline };
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
    cash: guarded(service.cash),
    returnParts: guarded(service.returnParts),
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
