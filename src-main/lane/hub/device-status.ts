import type { Clock } from '../../platform/clock';
import type { DeviceInfo } from '../ipc/contract';
import type { DeviceRegistry } from '../devices/registry';
import type { HubOutbox } from '../journal/hub-outbox';

/** The hub hears of a change at most this often. */
export const deviceStatusGapMs = 5000;

/** The `device.status` event's body (docs/hub-wire.md). */
export interface DeviceStatusBody {
  readonly readers: ReadonlyArray<{ readonly name: string; readonly state: string }>;
  readonly printer: { readonly state: string; readonly paper: 'ok' | 'low' | 'out' | 'unknown' };
  readonly offlineQueue: number;
  readonly softwareVersion: string;
}

/** The printer's paper as the registry tells it: out when its driver said so, ok while it prints. */
function paperOf(printer: DeviceInfo | undefined): DeviceStatusBody['printer']['paper'] {
  if (!printer) return 'unknown';
  if (printer.lastError && /out of paper/i.test(printer.lastError)) return 'out';
  return printer.status === 'connected' && printer.lastError === null ? 'ok' : 'unknown';
}

/** The body for the devices as they are now. */
export function deviceStatusBody(
  devices: readonly DeviceInfo[],
  offlineQueue: number,
  softwareVersion: string,
): DeviceStatusBody {
  const printer = devices.find((device) => device.kind === 'printer');
  return {
    readers: devices
      .filter((device) => device.kind === 'card-reader')
      .map((reader) => ({ name: reader.name, state: reader.status })),
    printer: { state: printer?.status ?? 'none', paper: paperOf(printer) },
    offlineQueue,
    softwareVersion,
  };
}

/**
 * Adds a `device.status` event to the outbox when the readers, the printer or the offline queue
 * change: at once for the first, then at most once per 5 s (a flapping cable is one event per
 * 5 s, carrying the latest state). The offline queue is looked at on the same 5 s beat.
 */
export function startDeviceStatus(options: {
  readonly registry: Pick<DeviceRegistry, 'list' | 'onChange'>;
  readonly offlineQueue: () => number;
  readonly softwareVersion: string;
  readonly outbox: Pick<HubOutbox, 'append'>;
  readonly clock: Clock;
  readonly onError: (error: unknown) => void;
}): () => void {
  const { clock } = options;
  let sent = '';
  let sentAt = Number.NEGATIVE_INFINITY;
  let pending: (() => void) | undefined;

  const send = () => {
    pending = undefined;
    const body = deviceStatusBody(options.registry.list(), options.offlineQueue(), options.softwareVersion);
    const text = JSON.stringify(body);
    if (text === sent) return;
    try {
      options.outbox.append('device.status', { ...body });
      sent = text;
      sentAt = clock.now();
    } catch (error) {
      options.onError(error);
    }
  };
  const changed = () => {
    if (pending) return;
    const wait = sentAt + deviceStatusGapMs - clock.now();
    if (wait <= 0) send();
    else pending = clock.setTimer(send, wait);
  };
  let beat: () => void = () => undefined;
  const tick = () => {
    changed();
    beat = clock.setTimer(tick, deviceStatusGapMs);
  };
  const unsubscribe = options.registry.onChange(changed);
  tick();
  return () => {
    unsubscribe();
    beat();
    pending?.();
  };
}
