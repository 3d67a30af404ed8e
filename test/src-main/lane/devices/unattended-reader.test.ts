import { systemClock } from '../../../../src-main/platform/clock';
import { describe, expect, it } from 'vitest';
import { EmulatedPaeDevice } from '../../../../src-main/stand-ins/devices/pae-device';
import { laneDeviceEnvironment } from '../../../../src-main/lane/devices/environment';
import { createDeviceManager } from '../../../../src-main/lane/devices/manager';
import { createDeviceRegistry } from '../../../../src-main/lane/devices/registry';
import { serialLinks } from '../../../support/driver-serial-links';
import { liveDeviceSettings } from '../../../support/driver-settings';
import { collectingLogger } from '../../../support/test-core';

describe('an unattended payment device in the devices settings', () => {
  const serial = serialLinks();

  it('is built from settings at 115200 baud, opened on a real pty, asked for its status, and refuses a test read', async () => {
    const { pair, device } = await serial.deviceEnd({ baudRate: 115_200 });
    const peer = new EmulatedPaeDevice(device, {
      gateway: { url: 'http://127.0.0.1:9/rest', username: 'unused', password: 'unused', merchid: '496160873888' },
    });
    const settings = liveDeviceSettings({ devices: [{ id: 'kiosk', protocol: 'pae', serial: { path: pair.host } }] });
    expect(settings.devices[0]).toMatchObject({ serial: { baudRate: 115_200 }, paymentUser: 'Kiosk' });
    const registry = createDeviceRegistry();
    const manager = createDeviceManager({
      devices: settings.devices,
      training: false,
      registry,
      logger: collectingLogger().logger,
      clock: systemClock,
      environment: laneDeviceEnvironment(),
    });
    await manager.start();
    expect(registry.list()[0]).toMatchObject({
      id: 'kiosk',
      status: 'connected',
      transport: 'serial',
      name: 'Unattended payment device (serial)',
    });
    const reader = manager.cardReader('kiosk');
    await expect(reader?.unattended?.status()).resolves.toMatchObject({ Started: 1, InPayment: 0 });
    await expect(reader?.reader.read({ amountMinor: 100 })).rejects.toThrow(/authorizes by itself/);
    expect(peer.received).toEqual(['GCS']);
    await manager.close();
  });
});
