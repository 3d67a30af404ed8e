import { describe, expect, it } from 'vitest';
import { createDeviceRegistry } from '../../../../src-main/lane/devices/registry';
import { Journal } from '../../../../src-main/lane/journal/journal';
import { deviceStatusGapMs, startDeviceStatus } from '../../../../src-main/lane/hub/device-status';
import { ManualClock } from '../../../support/manual-clock';

describe('device status for the hub', () => {
  it('is written when readers, printer or the offline queue change, at most once per 5 s, carrying the latest', () => {
    const clock = new ManualClock(1_000_000);
    const journal = Journal.open(':memory:', { clock, terminalId: 'LANE-01' });
    const registry = createDeviceRegistry();
    const device = { transport: 'usb', emulated: false, status: 'connected', lastError: null } as const;
    registry.register({ ...device, id: 'reader-1', kind: 'card-reader', name: 'Counter reader' });
    registry.register({ ...device, id: 'printer-1', kind: 'printer', name: 'Receipts' });
    let queue = 0;
    const stop = startDeviceStatus({
      registry,
      offlineQueue: () => queue,
      softwareVersion: '1.4.0',
      outbox: journal.hub,
      clock,
      onError: (error) => {
        throw error;
      },
    });
    const bodies = () => journal.hub.after(0, 50).map((event) => event.body);
    expect(bodies()).toEqual([
      {
        readers: [{ name: 'Counter reader', state: 'connected' }],
        printer: { state: 'connected', paper: 'ok' },
        offlineQueue: 0,
        softwareVersion: '1.4.0',
      },
    ]);
    registry.setStatus('printer-1', 'error', 'The printer is out of paper: load a new roll.');
    registry.setStatus('reader-1', 'disconnected', 'unplugged');
    registry.setStatus('reader-1', 'connected', null);
    expect(bodies()).toHaveLength(1);
    clock.advance(deviceStatusGapMs);
    expect(bodies()).toHaveLength(2);
    expect(bodies()[1]).toMatchObject({ readers: [{ state: 'connected' }], printer: { state: 'error', paper: 'out' } });
    queue = 3;
    clock.advance(deviceStatusGapMs);
    expect(bodies()[2]).toMatchObject({ offlineQueue: 3 });
    clock.advance(10 * deviceStatusGapMs);
    expect(bodies()).toHaveLength(3);
    stop();
    expect(clock.pending).toBe(0);
    journal.close();
  });
});
