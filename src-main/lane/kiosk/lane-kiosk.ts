import type { Settings } from '../config/settings';
import type { Clock } from '../../platform/clock';
import type { EventHub } from '../ipc/event-hub';
import type { Logger } from '../../platform/log/logger';
import type { SessionService } from '../session/session-service';
import type { TerminalStateStore } from '../terminal/state-store';
import { catalogueSource } from './catalogue-source';
import type { KioskSales } from './kiosk-checkout';
import { startKioskScanner } from './kiosk-scanner';
import { createKioskService, type KioskService } from './kiosk-service';
import { serviceStateStore } from './service-state';

/** The kiosk as the composition root makes it: the service, and its serial scanner when one is set. */
export interface LaneKiosk {
  readonly kiosk: KioskService;
  /** Closes the scanner's port. */
  close(): Promise<void>;
}

/**
 * Builds the lane's kiosk: the catalogue from `folder` (the app-data folder) or training's
 * assets, the service state kept in `folder`, `kiosk.state` published on the event hub, and the
 * serial scanner of `kiosk.scanner` feeding the basket.
 */
export function createLaneKiosk(
  lane: {
    readonly settings: Settings;
    readonly folder: string | undefined;
    readonly assetsDir: string;
    readonly logger: Logger;
    readonly clock: Clock;
    /** The kiosk's walk-away limit's timer; tests pass their own. */
    readonly setTimer?: Clock['setTimer'];
  },
  parts: {
    readonly sales: KioskSales;
    readonly terminal: TerminalStateStore;
    readonly session: SessionService;
    readonly events: EventHub;
  },
): LaneKiosk {
  const { settings, folder, logger } = lane;
  const kiosk = createKioskService({
    settings,
    catalogue: catalogueSource({
      ...(folder ? { folder } : {}),
      assetsDir: lane.assetsDir,
      training: settings.training,
      taxRates: settings.kiosk.taxRates,
    }),
    sales: parts.sales,
    terminal: parts.terminal,
    staff: () => parts.session.current()?.cashierId ?? null,
    visitStarted: () => parts.session.end('a customer visit started'),
    // The walk-away limit must not hold up the process's exit.
    setTimer: lane.setTimer ?? ((run, ms) => lane.clock.setTimer(run, ms, { unref: true })),
    serviceState: serviceStateStore(folder),
    publish: (state) => parts.events.emit('kiosk.state', state),
    logger,
    clock: lane.clock,
  });
  // Staff signing in at the kiosk is staff come: the customer's call for help is answered.
  const stopWatchingSignIns = parts.session.onChange((signedIn) => {
    if (signedIn) kiosk.staffSignedIn(signedIn.cashierId);
  });
  const scanner = settings.kiosk.scanner
    ? startKioskScanner({ setting: settings.kiosk.scanner, kiosk, logger })
    : undefined;
  return {
    kiosk,
    close: async () => {
      stopWatchingSignIns();
      kiosk.close();
      await scanner?.close();
    },
  };
}
