import { systemClock } from '../../../../src-main/platform/clock';
import { afterEach, describe, expect, it } from 'vitest';
import { EmulatedReceiptPrinter } from '../../../../src-main/stand-ins/devices/receipt-printer-peer';
import { settingsSchema } from '../../../../src-main/lane/config/settings';
import { createCore, type Core } from '../../../../src-main/lane/core/core';
import { loadPrinterProfiles } from '../../../../src-main/lane/receipt/profiles';
import { lastPageLimit } from '../../../../src-main/lane/core/handlers';
import { hashPin } from '../../../../src-main/lane/session/pin-hash';
import { collectingLogger, ok, testCore, until } from '../../../support/test-core';
import { laneTraining } from '../../../../src-main/shells/training/lane-training';

const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

describe('printers over the contract', () => {
  it('training prints a test page on the emulated printer and shows what it printed', async () => {
    const { core } = testCore();
    cores.push(core);
    await until(() => core.devices.list('printer')[0]?.status === 'connected');
    expect(core.devices.list('printer')[0]).toMatchObject({
      id: 'training-printer',
      name: 'Training printer',
      transport: 'emulated',
      emulated: true,
    });
    ok(await core.dispatch('session.signIn', { cashierId: '1001', pin: '1234' }));
    expect(ok(await core.dispatch('printers.testPrint', {}))).toEqual({ printed: true });
    const page = ok(await core.dispatch('printers.lastPage', {})) as { png: string; lines: string[] };
    expect(page.png).toMatch(/^data:image\/png;base64,/);
    expect(page.lines.map((line) => line.trim())).toEqual(
      expect.arrayContaining(['TEST PRINT', 'Café Crème Söhne Ñandú façade', '€ 12,50  £ 3.00  ¥ 400  $ 1.99']),
    ); // A second page: the first is then one back, as a sale's merchant copy is before the customer's.
    expect(ok(await core.dispatch('printers.testPrint', {}))).toEqual({ printed: true });
    expect(ok(await core.dispatch('printers.lastPage', { back: 1 }))).toEqual(page);
    expect(ok(await core.dispatch('printers.lastPage', { back: 5 }))).toEqual({ png: null, lines: [] });
  });

  it('prints a test page for a signed-in cashier only: with nobody signed in it is refused and nothing prints', async () => {
    const { core } = testCore();
    cores.push(core);
    await until(() => core.devices.list('printer')[0]?.status === 'connected');
    expect(await core.dispatch('printers.testPrint', {})).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: 'Sign in first to print a test page.' },
    });
    const device = core.deviceManager.printers()[0]?.emulated;
    expect(device?.pages).toHaveLength(0);
    ok(await core.dispatch('session.signIn', { cashierId: '1001', pin: '1234' }));
    ok(await core.dispatch('printers.testPrint', {}));
    expect(device?.pages).toHaveLength(1);
  });

  it('shows the printed page to a signed-in screen only, and only so often per screen', async () => {
    const clock = { t: Date.UTC(2026, 10, 23, 9) };
    const core = createCore({
      training: laneTraining,
      settings: settingsSchema.parse({}),
      shell: 'browser',
      logger: collectingLogger().logger,
      clock: { ...systemClock, now: () => clock.t },
    });
    cores.push(core);
    await until(() => core.devices.list('printer')[0]?.status === 'connected');
    const screen = { source: 'bridge:1' };
    ok(await core.dispatch('session.signIn', { cashierId: '1001', pin: '1234' }, screen));
    ok(await core.dispatch('printers.testPrint', {}, screen));
    ok(await core.dispatch('session.signOut', {}, screen));
    expect(await core.dispatch('printers.lastPage', {}, screen)).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: 'Sign in first to see the printed page.' },
    });
    ok(await core.dispatch('session.signIn', { cashierId: '1001', pin: '1234' }, screen));
    const first = ok(await core.dispatch('printers.lastPage', {}, screen)) as { png: string };
    for (let i = 1; i < lastPageLimit.max; i++)
      expect(ok(await core.dispatch('printers.lastPage', {}, screen))).toEqual(
        expect.objectContaining({ png: first.png }),
      );
    expect(await core.dispatch('printers.lastPage', {}, screen)).toMatchObject({
      ok: false,
      error: {
        code: 'resource_exhausted',
        message:
          'The printed page was asked for more than 10 times in 10 seconds from this screen: wait a few seconds, then try again.',
      },
    });
    // Another screen has its own allowance, and this one gets its back once the window is over.
    expect(ok(await core.dispatch('printers.lastPage', {}, { source: 'bridge:2' }))).toMatchObject({ png: first.png });
    clock.t += lastPageLimit.windowMs;
    expect(ok(await core.dispatch('printers.lastPage', {}, screen))).toMatchObject({ png: first.png });
  });

  it('says what to do when a network printer is out of paper, keeps the page, and prints it on resume', async () => {
    const profile = loadPrinterProfiles('assets/printers').get('escpos-58mm')!;
    const device = new EmulatedReceiptPrinter(profile);
    const port = await device.listen();
    const core = createCore({
      training: laneTraining,
      settings: settingsSchema.parse({
        training: false,
        gateway: { url: 'https://gateway.example/rest' },
        printers: [{ id: 'front', profile: 'escpos-58mm', tcp: { host: '127.0.0.1', port } }],
        staff: { members: [{ id: '7', name: 'Robin', role: 'cashier', pin: hashPin('2468') }] },
      }),
      shell: 'browser',
      logger: collectingLogger().logger,
    });
    cores.push(core);
    try {
      await until(() => core.devices.list('printer')[0]?.status === 'connected');
      expect(core.devices.list('printer')[0]).toMatchObject({ name: 'Printer at 127.0.0.1', transport: 'tcp' });
      device.setPaper(0);
      ok(await core.dispatch('session.signIn', { cashierId: '7', pin: '2468' }));
      expect(await core.dispatch('printers.testPrint', {})).toMatchObject({
        ok: false,
        error: {
          code: 'failed_precondition',
          message: expect.stringMatching(/out of paper: load a new roll\. The job is kept/),
        },
      });
      await until(() => core.devices.list('printer')[0]?.status === 'error');
      expect(core.devices.list('printer')[0]?.lastError).toMatch(/out of paper/);
      expect(await core.dispatch('printers.resume', {})).toMatchObject({
        ok: false,
        error: { message: expect.stringMatching(/out of paper/) },
      });
      device.loadPaper();
      expect(ok(await core.dispatch('printers.resume', {}))).toEqual({ held: 0 });
      expect(device.pages.at(-1)?.lines.map((line) => line.trim())).toContain('TEST PRINT');
      await until(() => core.devices.list('printer')[0]?.status === 'connected');
      expect(await core.dispatch('printers.lastPage', {})).toMatchObject({
        ok: false,
        error: { message: expect.stringMatching(/real printer/) },
      });
    } finally {
      await core.close();
      await device.stop();
    }
  });

  it('names a printer setting that cannot be used', async () => {
    const { core } = testCore({ printers: [{ id: 'p', kind: 'printer', profile: 'laser-9000', emulated: true }] });
    cores.push(core);
    expect(core.devices.list('printer')[0]).toMatchObject({
      status: 'error',
      lastError: expect.stringMatching(/printers\.p\.profile: no printer profile "laser-9000"/),
    });
    ok(await core.dispatch('session.signIn', { cashierId: '1001', pin: '1234' }));
    expect(await core.dispatch('printers.testPrint', { deviceId: 'nope' })).toMatchObject({
      ok: false,
      error: { field: 'deviceId' },
    });
  });
});
