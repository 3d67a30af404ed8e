import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdtechHidReader } from '../../../../drivers/card-reader/idtech-hid';
import { EmulatedEncryptingReader } from '../../../../src-main/stand-ins/devices/encrypting-reader';
import { readerKeystrokes } from '../../../../src-main/stand-ins/devices/keyboard';
import { createMemoryPair, type MemoryTransport } from '../../../../drivers/transport/memory';
import type { Core } from '../../../../src-main/lane/core/core';
import type { CommandReply, TestCardInfo } from '../../../../src-main/lane/ipc/contract';
import { laneDeviceEnvironment } from '../../../../src-main/lane/devices/environment';
import { createDeviceManager } from '../../../../src-main/lane/devices/manager';
import { createDeviceRegistry } from '../../../../src-main/lane/devices/registry';
import { loadPrinterProfiles } from '../../../../src-main/lane/receipt/profiles';
import { trainingDevices } from '../../../../src-main/shells/training/lane-training-devices';
import { systemClock } from '../../../../src-main/platform/clock';
import { ManualClock } from '../../../support/manual-clock';
import { serialLinks } from '../../../support/driver-serial-links';
import { liveDeviceSettings } from '../../../support/driver-settings';
import { collectingLogger, testCore, until } from '../../../support/test-core';
import { laneTraining } from '../../../../src-main/shells/training/lane-training';

const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

/**
 * Starts a read over the contract and waits until the lane's reader is waiting for a card (its
 * stream open, its read called): a card presented earlier would be read by nobody.
 */
async function readWaiting(core: Core): Promise<{ read: Promise<CommandReply<unknown>> }> {
  await until(() => core.devices.list('card-reader')[0]?.status === 'connected');
  const reading = vi.spyOn(core.deviceManager.cardReader()!.reader, 'read');
  const before = reading.mock.calls.length;
  const read = core.dispatch('devices.readCard', { timeoutSeconds: 5 });
  await until(() => reading.mock.calls.length > before);
  return { read };
}

function trainingCore() {
  const made = testCore();
  cores.push(made.core);
  return made;
}

describe('training devices', () => {
  it('starts an emulated reader when none is configured, and reports it connected', async () => {
    const { core } = trainingCore();
    await until(() => core.devices.list('card-reader')[0]?.status === 'connected');
    expect(core.devices.list('card-reader')).toEqual([
      {
        id: 'training-reader',
        kind: 'card-reader',
        name: 'Training card reader',
        transport: 'emulated',
        emulated: true,
        status: 'connected',
        lastError: null,
      },
    ]);
  });

  it('reads a card of the deck presented on the emulated reader, masked over the contract', async () => {
    const { core, lines } = trainingCore();
    const deck = (await core.dispatch('devices.testCards', {})) as CommandReply<TestCardInfo[]>;
    expect(deck.ok && deck.result.find((card) => card.id === 'visa-signature')).toMatchObject({
      maskedPan: '478825******1443',
      methods: ['insert'],
    });
    for (const [cardId, method, expected] of [
      [
        'visa-signature',
        'insert',
        { entryMode: 'chip', cvm: 'signature', network: 'visa', applicationLabel: 'VISA CREDIT' },
      ],
      ['amex-contactless', 'tap', { entryMode: 'contactless', network: 'amex' }],
      // A chip card's swipe waits for the chip (the chip-first rule); a stripe-only card is taken swiped.
      ['diners-approve', 'swipe', { entryMode: 'swipe', maskedPan: '3643******0016', encrypted: true }],
    ] as const) {
      const { read } = await readWaiting(core);
      expect(await core.dispatch('devices.presentTestCard', { cardId, method })).toEqual({
        ok: true,
        result: { presented: true },
      });
      expect(await read).toEqual({ ok: true, result: expect.objectContaining(expected) });
    }
    expect(lines.join('\n')).not.toMatch(/4788250000121443|371449635398431|36438999960016/);
  });

  it('applies the chip-first rule to the deck’s chip-failure card', async () => {
    const { core } = trainingCore();
    const read = core.dispatch('devices.readCard', { timeoutSeconds: 5 });
    await until(() => core.devices.list('card-reader').some((device) => device.status === 'connected'));
    await core.dispatch('devices.presentTestCard', { cardId: 'discover-chip-failure', method: 'insert' });
    await core.dispatch('devices.presentTestCard', { cardId: 'discover-chip-failure', method: 'swipe' });
    expect(await read).toMatchObject({ ok: true, result: { entryMode: 'fallback-swipe', network: 'discover' } });
  });

  it('explains what cannot be done', async () => {
    const { core } = trainingCore();
    expect(await core.dispatch('devices.presentTestCard', { cardId: 'no-such-card', method: 'tap' })).toEqual({
      ok: false,
      error: { code: 'invalid_argument', field: 'cardId', message: 'No test card "no-such-card" in the deck.' },
    });
    expect(await core.dispatch('devices.presentTestCard', { cardId: 'visa-partial', method: 'tap' })).toMatchObject({
      ok: false,
      error: { field: 'method', message: 'Visa: partial approval cannot be presented by tap; use insert or swipe.' },
    });
    expect(await core.dispatch('devices.readCard', { deviceId: 'nope' })).toMatchObject({
      ok: false,
      error: { message: 'No card reader "nope" is configured.' },
    });
    const { read } = await readWaiting(core);
    expect(await core.dispatch('devices.cancelRead', {})).toEqual({ ok: true, result: { canceled: true } });
    expect(await read).toMatchObject({
      ok: false,
      error: { code: 'failed_precondition', message: 'The read was canceled.' },
    });
  });

  it('keeps the deck out of live mode', async () => {
    const { core } = testCore({ training: false, gateway: { url: 'https://gateway.example/rest', termid: '' } });
    cores.push(core);
    expect(await core.dispatch('devices.testCards', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});

describe('createDeviceManager', () => {
  it('follows a reader through unplug and replug, and names a device that cannot be built', async () => {
    const { logger } = collectingLogger();
    const registry = createDeviceRegistry();
    const settings = liveDeviceSettings({
      devices: [
        { id: 'counter', protocol: 'idtech-hid', hid: { vendorId: '0acd', productId: '3810' } },
        { id: 'neo', protocol: 'vivotech2', serial: { path: '/dev/ttyUSB7' } },
      ],
    });
    let link: { host: MemoryTransport; device: MemoryTransport } | undefined;
    const manager = createDeviceManager({
      devices: settings.devices,
      training: false,
      registry,
      logger,
      clock: systemClock,
      environment: {
        hid: () => {
          link = createMemoryPair('HID 0acd:3810');
          return link.host;
        },
      },
    });
    expect(registry.list().find((device) => device.id === 'neo')).toMatchObject({
      status: 'error',
      lastError: 'devices.neo: the serial port is not available on this machine',
    });
    await manager.start();
    expect(registry.list().find((device) => device.id === 'counter')).toMatchObject({
      status: 'connected',
      transport: 'hid',
    });
    expect(manager.cardReader('counter')?.reader).toBeInstanceOf(IdtechHidReader);
    link!.host.unplug();
    expect(registry.list().find((device) => device.id === 'counter')).toMatchObject({
      status: 'disconnected',
      lastError: 'HID 0acd:3810 (host end) was disconnected',
    });
    link!.host.replug();
    await until(() => registry.list().find((device) => device.id === 'counter')?.status === 'connected');
    await manager.close();
  });

  it('says in plain words why a reader cannot be opened: its port is not there', async () => {
    const { logger } = collectingLogger();
    const registry = createDeviceRegistry();
    const settings = liveDeviceSettings({
      devices: [{ id: 'neo', protocol: 'vivotech2', serial: { path: '/dev/lanepoint-no-such-port' } }],
    });
    const manager = createDeviceManager({
      devices: settings.devices,
      training: false,
      registry,
      logger,
      clock: systemClock,
      environment: laneDeviceEnvironment(),
    });
    await manager.start();
    expect(registry.list()[0]).toMatchObject({
      status: 'error',
      lastError: expect.stringMatching(
        /^Not found: check that it is plugged in and that settings\.json names the right port or USB ids\. Cannot open \/dev\/lanepoint-no-such-port at \d+ baud: /,
      ),
    });
    await manager.close();
  });

  it('cannot build training\u2019s emulated devices unless the training wiring hands them in, and says so', async () => {
    const { logger } = collectingLogger();
    const registry = createDeviceRegistry();
    const manager = createDeviceManager({
      devices: [],
      training: true,
      printerProfiles: loadPrinterProfiles('assets/printers'),
      registry,
      logger,
      clock: new ManualClock(),
    });
    expect(registry.list().map(({ id, status, lastError }) => ({ id, status, lastError }))).toEqual([
      {
        id: 'training-reader',
        status: 'error',
        lastError: "devices.training-reader: training's emulated reader is not available on this machine",
      },
      {
        id: 'training-pad',
        status: 'error',
        lastError: "signaturePads.training-pad: training's emulated pad is not available on this machine",
      },
      {
        id: 'training-printer',
        status: 'error',
        lastError: "printers.training-printer: training's emulated printer is not available on this machine",
      },
    ]);
    await manager.close();
  });

  it('takes keyboard-mode reader data out of the keystroke stream and releases a person’s typing', async () => {
    const { logger } = collectingLogger();
    const clock = new ManualClock();
    const manager = createDeviceManager({
      devices: [],
      training: true,
      trainingDevices: trainingDevices(),
      registry: createDeviceRegistry(),
      logger,
      clock,
    });
    await manager.start();
    const released: string[] = [];
    manager.onRelease((keys) => released.push(...keys.map((key) => key.key)));
    const pending = manager.cardReader()!.reader.read({ amountMinor: 100 });
    const output = new EmulatedEncryptingReader().swipe({
      pan: '6011000995500000',
      expiry: '1228',
      name: 'TEST/DISCOVER',
      serviceCode: '101',
      cvm: 'none',
      chip: 'ok',
      aid: 'A0000001523010',
      applicationLabel: 'DISCOVER',
    });
    expect(
      readerKeystrokes(output, 1000)
        .map((stroke) => manager.keystroke(stroke))
        .every(Boolean),
    ).toBe(true);
    await expect(pending).resolves.toMatchObject({ network: 'discover', entryMode: 'swipe' });
    clock.advance(5000);
    expect(manager.keystroke({ key: '7', at: 5000 })).toBe(true);
    expect(manager.keystroke({ key: 'x', at: 5200 })).toBe(false);
    expect(released).toEqual(['7']);
    await manager.close();
  });
});

describe('browser mode keystrokes over the contract', () => {
  it('takes reader output out of the page’s keystrokes and sends a person’s held keys back', async () => {
    // The lane's clock is the test's: a busy machine's stall between two commands below can
    // neither settle the held key (the sender's silence) nor end the read (its timeout).
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 12));
    const { core } = testCore({}, 'browser', clock);
    cores.push(core);
    const released: unknown[] = [];
    core.events.subscribe((name, payload) => {
      if (name === 'devices.keysReleased') released.push(payload);
    });
    // The keyboard stream opens as the reader starts: before that, every key passes to the page.
    const { read } = await readWaiting(core);
    const output = new EmulatedEncryptingReader().swipe({
      pan: '5454545454545454',
      expiry: '1228',
      name: 'TEST/MC',
      serviceCode: '101',
      cvm: 'none',
      chip: 'ok',
      aid: 'A0000000041010',
      applicationLabel: 'MASTERCARD',
    });
    let seq = 0;
    // Timed by the page (readerKeystrokes: the reader's pace); however slowly they arrive here.
    for (const { key, at } of readerKeystrokes(output, 0)) {
      expect(await core.dispatch('devices.keystroke', { key, seq: ++seq, at })).toMatchObject({
        ok: true,
        result: { consumed: true },
      });
    }
    expect(await read).toMatchObject({ ok: true, result: { network: 'mastercard', entryMode: 'swipe' } });
    // A person's digit is held (a reader's burst may start with one) until the page's pause.
    expect(await core.dispatch('devices.keystroke', { key: '3', seq: 1000, at: 60_000 })).toEqual({
      ok: true,
      result: { consumed: true, settleAt: 60_050 },
    });
    expect(await core.dispatch('devices.keysPaused', { at: 60_020 })).toEqual({
      ok: true,
      result: { consumed: true, settleAt: 60_050 },
    });
    // However long this process takes between the page's words, only the page's pause settles it.
    clock.advance(1999);
    expect(released).toEqual([]);
    expect(await core.dispatch('devices.keysPaused', { at: 60_051 })).toEqual({ ok: true, result: { consumed: true } });
    // Named by its number, never as the key: the released key may be a PIN digit.
    expect(released).toEqual([{ seqs: [1000] }]);
    expect(await core.dispatch('devices.keystroke', { key: 'k', seq: 1001, at: 61_000 })).toEqual({
      ok: true,
      result: { consumed: false },
    });
  });
});

describe('a MagTek HID swipe reader on a lane', () => {
  it('is opened from settings through node-hid and reads a swipe, masked over the contract', async () => {
    const { FakeNodeHid } = await import('../../../support/fake-node-hid');
    const { magtekHidReport } = await import('../../../../src-main/stand-ins/devices/magtek-hid-reader');
    const { laneDeviceEnvironment } = await import('../../../../src-main/lane/devices/environment');
    const { createCore } = await import('../../../../src-main/lane/core/core');
    const hid = new FakeNodeHid([
      {
        vendorId: 0x0801,
        productId: 0x0002,
        path: '/dev/hidraw3',
        product: 'USB Swipe Reader',
        usagePage: 0xff00,
        inputReportSize: 337,
      },
    ]);
    const { logger, lines } = collectingLogger();
    const core = createCore({
      training: laneTraining,
      settings: liveDeviceSettings({
        devices: [{ id: 'swipe', protocol: 'magtek-hid', hid: { vendorId: '0801', productId: '0002' } }],
      }),
      shell: 'browser',
      logger,
      deviceEnvironment: laneDeviceEnvironment({ hidApi: hid }),
    });
    cores.push(core);
    await until(() => core.devices.list()[0]?.status === 'connected');
    expect(core.devices.list()[0]).toMatchObject({ id: 'swipe', transport: 'hid', name: 'Swipe reader (USB HID)' });
    const { read } = await readWaiting(core);
    await hid.sendReport(
      '/dev/hidraw3',
      magtekHidReport({
        track1: '%B5454545454545454^TEST/MC^28121011000000000000?',
        track2: ';5454545454545454=28121011000000000000?',
      }),
    );
    expect(await read).toEqual({
      ok: true,
      result: expect.objectContaining({
        entryMode: 'swipe',
        maskedPan: '545454******5454',
        network: 'mastercard',
        encrypted: false,
      }),
    });
    hid.unplug('/dev/hidraw3');
    await until(() => core.devices.list()[0]?.status === 'disconnected');
    hid.plug('/dev/hidraw3');
    await until(() => core.devices.list()[0]?.status === 'connected');
    expect(lines.join('\n')).not.toContain('5454545454545454');
  });
});

describe('a serial EMV reader on a lane', () => {
  const serial = serialLinks();
  it('is opened from settings on a real pseudo-terminal and reads a card from the emulated NEO', async () => {
    const { EmulatedViVOtech2Reader } = await import('../../../../src-main/stand-ins/devices/vivotech2-reader');
    const { createCore } = await import('../../../../src-main/lane/core/core');
    const { pair, device } = await serial.deviceEnd({ baudRate: 19200 });
    const peer = new EmulatedViVOtech2Reader(device);
    const core = createCore({
      training: laneTraining,
      settings: liveDeviceSettings({
        devices: [{ id: 'neo', protocol: 'vivotech2', serial: { path: pair.host } }],
      }),
      shell: 'browser',
      logger: collectingLogger().logger,
    });
    try {
      await until(() => core.devices.list()[0]?.status === 'connected');
      const read = core.dispatch('devices.readCard', { timeoutSeconds: 5 });
      // The card is tapped once the reader has asked the NEO for one (real bytes on a pty).
      await until(() => peer.received.includes('02-01'));
      peer.presentCard(
        {
          pan: '6011000995500000',
          expiry: '1228',
          name: 'TEST/DISCOVER',
          serviceCode: '201',
          cvm: 'signature',
          chip: 'ok',
          aid: 'A0000001523010',
          applicationLabel: 'DISCOVER',
        },
        'contactless',
      );
      expect(await read).toMatchObject({
        ok: true,
        result: { entryMode: 'contactless', network: 'discover', maskedPan: '6011********0000' },
      });
    } finally {
      await core.close();
    }
  });
});
