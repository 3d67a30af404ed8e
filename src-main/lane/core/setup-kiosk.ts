import type { CoreOptions } from './core-options';
import type { Clock } from '../../platform/clock';
import type { EventHub } from '../ipc/event-hub';
import type { Keystroke } from '../../../drivers/transport/keyboard-wedge';
import { createLaneKiosk } from '../kiosk/lane-kiosk';
import { takeScan } from '../kiosk/kiosk-scanner';
import type { LaneDevices } from './setup-devices';
import type { LaneTerminal } from './setup-terminal';
import type { LaneStaff } from './setup-staff';

/** The self-checkout, and the lane's news to the screens; `stops` ends the news when the lane closes. */
export interface LaneKioskAndEvents {
  readonly kiosk: ReturnType<typeof createLaneKiosk>;
  readonly stops: (() => void)[];
}

export function setupKiosk(
  options: CoreOptions,
  parts: { clock: Clock; events: EventHub; devices: LaneDevices; terminal: LaneTerminal; staff: LaneStaff },
): LaneKioskAndEvents {
  const { settings, logger, shell } = options;
  const { clock, events, devices, terminal, staff } = parts;
  const lane = {
    settings,
    folder: options.kioskFolder,
    assetsDir: devices.assetsDir,
    logger,
    clock,
    ...(options.kioskTimer ? { setTimer: options.kioskTimer } : {}),
  };
  const kiosk = createLaneKiosk(lane, {
    sales: terminal.sales,
    terminal: terminal.terminal,
    session: staff.session,
    events,
  });
  const { deviceManager } = devices;
  const stops = [
    staff.session.onChange((current) => events.emit('session.changed', current)),
    devices.devices.onChange((list) => events.emit('devices.changed', list)),
    terminal.terminal.onChange((state) => events.emit('terminal.state', state)),
    // In the Electron shell the main process types released keys into the window itself.
    ...(shell === 'browser' ? [deviceManager.onRelease((keys) => releaseToScreens(events, keys))] : []),
    deviceManager.onBarcode((code) => takeScan(kiosk.kiosk, logger, code)),
    deviceManager.onUnreadableScan(() => {
      logger.info('kiosk: keys at a scanner\u2019s pace made no code; the customer is asked to scan again');
      kiosk.kiosk.scanUnreadable();
    }),
  ];
  return { kiosk, stops };
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
