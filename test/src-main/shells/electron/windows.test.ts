import { afterEach, describe, expect, it } from 'vitest';
import { keyInput } from '../../../support/fake-electron';
import { ManualClock } from '../../../support/manual-clock';
import { until } from '../../../support/until';
import { closeStartedShells, startedShell } from './shell-fixture';

afterEach(closeStartedShells);

const kiosk = { settings: { mode: 'kiosk' } } as const;

describe('the counter window', () => {
  it('is a normal, resizable window on app://lanepoint/index.html, never file://', async () => {
    const { fake, window } = await startedShell();
    expect(fake.windows).toHaveLength(1);
    expect(window!.webContents.loadedUrls).toEqual(['app://lanepoint/index.html']);
    expect(window!.options).toMatchObject({ title: 'Lanepoint', show: false, minWidth: 1024, minHeight: 700 });
    expect(window!.options.kiosk).toBeUndefined();
    expect(window!.options.fullscreen).toBeUndefined();
    expect(fake.menus).toEqual([]);
  });

  it('is shown once painted, not before', async () => {
    const { window } = await startedShell();
    expect(window!.shown).toBe(false);
    window!.emit('ready-to-show');
    expect(window!.shown).toBe(true);
  });

  it('keeps the cashier keys', async () => {
    const { window } = await startedShell();
    expect(window!.webContents.fire('before-input-event', {}, keyInput('F5'))).toBe(false);
  });

  it('has developer tools in a development run only, never when packaged', async () => {
    const development = await startedShell();
    expect(development.window!.options.webPreferences?.devTools).toBe(true);
    const packaged = await startedShell({ packaged: true });
    expect(packaged.window!.options.webPreferences?.devTools).toBe(false);
  });
});

describe('the kiosk window', () => {
  it('is full screen in kiosk mode with no menu and no developer tools', async () => {
    const { fake, window } = await startedShell(kiosk);
    expect(window!.options).toMatchObject({ kiosk: true, fullscreen: true, autoHideMenuBar: true, show: false });
    expect(window!.options.webPreferences?.devTools).toBe(false);
    expect(fake.menus).toEqual([null]);
    expect(window!.menuRemoved).toBe(true);
    expect(window!.webContents.loadedUrls).toEqual(['app://lanepoint/index.html']);
  });

  it.each([
    ['F12', {}],
    ['I', { control: true, shift: true }],
    ['i', { meta: true, shift: true }],
    ['J', { control: true, shift: true }],
    ['r', { control: true }],
    ['R', { control: true, shift: true }],
    ['F5', {}],
    ['F11', {}],
  ] as const)('swallows %s %j', async (key, modifiers) => {
    const { window } = await startedShell(kiosk);
    expect(window!.webContents.fire('before-input-event', {}, keyInput(key, modifiers))).toBe(true);
  });

  it.each([
    ['Enter', {}],
    ['Tab', {}],
    ['Shift', { shift: true }],
  ] as const)('lets %s %j through to the page at once', async (key, modifiers) => {
    const { window } = await startedShell(kiosk);
    expect(window!.webContents.fire('before-input-event', {}, keyInput(key, modifiers))).toBe(false);
  });

  it.each([
    ['5', {}],
    ['z', {}],
    ['r', {}],
    ['I', { shift: true }],
  ] as const)('lets %s %j through after the wedge’s short pause', async (key, modifiers) => {
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 12));
    const { window } = await startedShell({ ...kiosk, clock });
    const typed = () => window!.webContents.typed.filter((input) => input.type === 'char');
    // A digit could start a reader's output and, at a kiosk, any letter or digit a barcode
    // scanner's: it is held, then typed again once the pause shows a person typed it.
    expect(window!.webContents.fire('before-input-event', {}, keyInput(key, modifiers))).toBe(true);
    expect(typed()).toEqual([]);
    clock.advance(120);
    await until(() => typed().length > 0, 'the held key typed again');
    expect(
      window!.webContents.typed
        .filter((input) => input.type === 'char')
        .map((input) => ('keyCode' in input ? input.keyCode : '')),
    ).toEqual([key]);
  });

  it('closes developer tools should they open anyway', async () => {
    const { window } = await startedShell(kiosk);
    window!.webContents.emit('devtools-opened');
    expect(window!.webContents.devToolsClosed).toBe(1);
  });
});

describe('renderer process settings', () => {
  // The guards that must be on, then what must be off: Node in any form, and the web's risky extras.
  const switchedOn = ['sandbox', 'contextIsolation', 'webSecurity', 'safeDialogs'];
  const nodeOff = ['nodeIntegration', 'nodeIntegrationInWorker', 'nodeIntegrationInSubFrames'];
  const extrasOff = ['allowRunningInsecureContent', 'experimentalFeatures', 'webviewTag', 'navigateOnDragDrop'];
  const required = Object.fromEntries([
    ...switchedOn.map((name) => [name, true]),
    ...[...nodeOff, ...extrasOff, 'spellcheck'].map((name) => [name, false]),
  ]);

  it.each([['counter'], ['kiosk']] as const)('%s: sandboxed, isolated, no Node anywhere, preload.cjs', async (mode) => {
    const { window } = await startedShell({ settings: { mode } });
    const prefs = window!.options.webPreferences!;
    expect(prefs).toMatchObject(required);
    expect(prefs.preload).toMatch(/[\\/]preload\.cjs$/);
  });
});
