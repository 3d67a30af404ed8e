import { afterEach, describe, expect, it } from 'vitest';
import { EmulatedReceiptPrinter } from '../../../../src-main/stand-ins/devices/receipt-printer-peer';
import { settingsSchema } from '../../../../src-main/lane/config/settings';
import { createCore, type Core } from '../../../../src-main/lane/core/core';
import { LaneError } from '../../../../src-main/lane/errors';
import { loadPrinterProfiles } from '../../../../src-main/lane/receipt/profiles';
import { collectingLogger, testCore, until } from '../../../support/test-core';
import { laneTraining } from '../../../../src-main/shells/training/lane-training';

const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

/** What a refused promise carried: its LaneError kind, field and message. */
const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LaneError);
  const { kind, field, message } = error as LaneError;
  return { kind, field, message };
};

describe("the printer service's cash drawer", () => {
  it("training's emulated printer has a drawer: it opens, reads open, and reads closed once pushed shut", async () => {
    const { core } = testCore();
    cores.push(core);
    await until(() => core.devices.list('printer')[0]?.status === 'connected');
    const emulated = core.deviceManager.printer()!.emulated!;
    await expect(core.printers.drawerStatus({})).resolves.toEqual({ drawer: 'closed' });
    await expect(core.printers.openDrawer({})).resolves.toEqual({ kicked: true });
    await expect(core.printers.drawerStatus({})).resolves.toEqual({ drawer: 'open' });
    expect(emulated.drawerOpen).toBe(true);
    emulated.closeDrawer();
    await expect(core.printers.drawerStatus({ deviceId: 'training-printer' })).resolves.toEqual({ drawer: 'closed' });
  });

  it('refuses a pulse out of range as invalid input naming the pulse, and opens nothing', async () => {
    const { core } = testCore();
    cores.push(core);
    await until(() => core.devices.list('printer')[0]?.status === 'connected');
    expect(await refusal(core.printers.openDrawer({ pulse: { onMs: 2000 } }))).toEqual({
      kind: 'invalid',
      field: 'pulse',
      message: "Training printer: the drawer pulse's on time of 2000 ms is outside 2 to 510 ms",
    });
    expect(core.deviceManager.printer()!.emulated!.drawerOpen).toBe(false);
  });

  it('says why when there is no printer, no such printer, or the printer has no drawer', async () => {
    const profile = loadPrinterProfiles('assets/printers').get('escpos-58mm')!;
    const device = new EmulatedReceiptPrinter({ ...profile, drawer: true });
    const port = await device.listen();
    const live = (printers: unknown[]) =>
      createCore({
        training: laneTraining,
        settings: settingsSchema.parse({ training: false, gateway: { url: 'https://gateway.example/rest' }, printers }),
        shell: 'browser',
        logger: collectingLogger().logger,
      });
    try {
      const none = live([]);
      cores.push(none);
      expect((await refusal(none.printers.openDrawer({}))).message).toBe(
        'No printer is configured: the cash drawer opens through the receipt printer; add one under Devices in the settings.',
      );
      const tcp = { host: '127.0.0.1', port };
      const withoutDrawer = live([{ id: 'front', profile: 'escpos-58mm', tcp }]);
      cores.push(withoutDrawer);
      expect(await refusal(withoutDrawer.printers.drawerStatus({}))).toMatchObject({
        kind: 'refused',
        message:
          'Printer at 127.0.0.1 has no cash drawer: if one is plugged into it, set "drawer": true on this printer in the settings.',
      });
      expect((await refusal(withoutDrawer.printers.openDrawer({ deviceId: 'back' }))).message).toBe(
        'No printer "back" is configured.',
      );
      expect(device.drawerOpen).toBe(false);
      await withoutDrawer.close();

      const withDrawer = live([{ id: 'front', profile: 'escpos-58mm', tcp, drawer: true }]);
      cores.push(withDrawer);
      await until(() => withDrawer.devices.list('printer')[0]?.status === 'connected');
      await withDrawer.printers.openDrawer({});
      await expect(withDrawer.printers.drawerStatus({})).resolves.toEqual({ drawer: 'open' });
      expect(device.drawerOpen).toBe(true);
    } finally {
      await device.stop();
    }
  });
});
