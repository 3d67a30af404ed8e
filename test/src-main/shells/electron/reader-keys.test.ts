import { afterEach, describe, expect, it } from 'vitest';
import { EmulatedEncryptingReader } from '../../../../src-main/stand-ins/devices/encrypting-reader';
import { createDeviceManager } from '../../../../src-main/lane/devices/manager';
import { createDeviceRegistry } from '../../../../src-main/lane/devices/registry';
import { trainingDevices } from '../../../../src-main/shells/training/lane-training-devices';
import { routeReaderKeystrokes } from '../../../../src-main/shells/electron/reader-keys';
import { FakeWebContents, keyInput } from '../../../support/fake-electron';
import { collectingLogger } from '../../../support/test-core';
import { ManualClock } from '../../../support/manual-clock';
import { closeStartedShells, startedShell } from './shell-fixture';

afterEach(closeStartedShells);

const card = {
  pan: '4788250000121443',
  expiry: '1228',
  name: 'TEST/VISA',
  serviceCode: '201',
  cvm: 'signature' as const,
  chip: 'ok' as const,
  aid: 'A0000000031010',
  applicationLabel: 'VISA CREDIT',
};

describe('routeReaderKeystrokes', () => {
  async function lane() {
    const clock = new ManualClock();
    const manager = createDeviceManager({
      devices: [],
      training: true,
      trainingDevices: trainingDevices(),
      registry: createDeviceRegistry(),
      logger: collectingLogger().logger,
      clock,
    });
    await manager.start();
    const contents = new FakeWebContents();
    const stop = routeReaderKeystrokes(contents, manager, clock);
    /** Moves the clock to `at`, running the wedge's timers that fall due on the way. */
    const setNow = (at: number) => clock.advance(at - clock.now());
    const press = (key: string, at: number) => {
      setNow(at);
      return contents.fire('before-input-event', {}, keyInput(key));
    };
    return { manager, contents, stop, press, setNow };
  }

  it('keeps a reader’s output from the page and hands it to the reader', async () => {
    const { manager, press } = await lane();
    const pending = manager.cardReader()!.reader.read({ amountMinor: 100 });
    const output = new EmulatedEncryptingReader().chip(card, 100);
    const prevented = [...output].map((key, i) => press(key, 1000 + i * 3));
    prevented.push(press('Enter', 1000 + output.length * 3));
    expect(prevented.every(Boolean)).toBe(true);
    await expect(pending).resolves.toMatchObject({ entryMode: 'chip', network: 'visa' });
    await manager.close();
  });

  it('types a held key again in the window it was typed in, never in another window', async () => {
    const { contents, manager, press } = await lane();
    const other = new FakeWebContents();
    const stopOther = routeReaderKeystrokes(other, manager, { monotonic: () => 6000 });
    expect(press('9', 6000)).toBe(true); // held: it could start reader data
    expect(press('Tab', 6010)).toBe(false); // a person's key: the held 9 is released now
    expect(contents.typed.map((input) => [input.type, 'keyCode' in input ? input.keyCode : ''])).toEqual([
      ['keyDown', '9'],
      ['char', '9'],
      ['keyUp', '9'],
    ]);
    expect(other.typed).toEqual([]);
    stopOther();
    await manager.close();
  });

  it('types a person’s held-back keys again, once, without holding them a second time', async () => {
    const { contents, manager, press, setNow } = await lane();
    expect(press('4', 5000)).toBe(true); // could start reader data: held
    setNow(5100); // the wedge's timer falls due on the way: it settles the 4 as typing
    expect(contents.typed.map((input) => [input.type, 'keyCode' in input ? input.keyCode : ''])).toEqual([
      ['keyDown', '4'],
      ['char', '4'],
      ['keyUp', '4'],
    ]);
    expect(press('a', 5300)).toBe(false);
    expect(contents.fire('before-input-event', {}, keyInput('r', { control: true }))).toBe(false);
    await manager.close();
  });

  it('stops routing when asked', async () => {
    const { stop, press, manager } = await lane();
    stop();
    expect(press('4', 100)).toBe(false);
    await manager.close();
  });
});

describe('the Electron shell', () => {
  it('routes the window’s keystrokes through the training reader’s wedge', async () => {
    // The lane's clock is the test's: the keys arrive with no gap however slowly this machine runs.
    const { window, shell } = await startedShell({ clock: new ManualClock(Date.UTC(2026, 10, 22, 12)) });
    const contents = window!.webContents as unknown as FakeWebContents;
    const reader = shell.core()!.deviceManager.cardReader()!.reader;
    const pending = reader.read({ amountMinor: 100 });
    const output = new EmulatedEncryptingReader().swipe(card);
    for (const key of output) expect(contents.fire('before-input-event', {}, keyInput(key))).toBe(true);
    contents.fire('before-input-event', {}, keyInput('Enter'));
    await expect(pending).resolves.toMatchObject({ entryMode: 'swipe', lastFour: '1443' });
  });
});
