import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Electron from 'electron';
import { ipcChannels, type CommandReply } from '../../../../src-main/lane/ipc/contract';
import { placeCustomerWindow } from '../../../../src-main/shells/electron/customer-window';
import { customerEntryUrl, isAppUrl } from '../../../../src-main/shells/electron/origin';
import { appProtocolResponse } from '../../../../src-main/shells/electron/protocol';
import { secureWebPreferences } from '../../../../src-main/shells/electron/security';
import { fakeDisplay, keyInput, type FakeElectron, type FakeWebContents } from '../../../support/fake-electron';
import { closeStartedShells, invokeEvent, startedShell, type StartOptions } from './shell-fixture';

afterEach(closeStartedShells);

const cashier = fakeDisplay(1, { x: 0, y: 0, width: 1920, height: 1080 });
const second = fakeDisplay(2, { x: 1920, y: 0, width: 1024, height: 600 });
const third = fakeDisplay(3, { x: 2944, y: 0, width: 800, height: 480 });

/** A counter lane with its customer display on, over `displays` (the first is the primary). */
async function counterWith(
  displays: readonly Electron.Display[],
  displayId: number | null = null,
  more: Partial<StartOptions> = {},
) {
  const started = await startedShell({
    settings: { mode: 'counter', customerDisplay: { enabled: true, displayId } },
    displays,
    ...more,
  });
  // The page's 'did-finish-load' comes a turn after loadURL, as in Electron.
  await settled();
  const customer = () => started.shell.customerWindow() as unknown as FakeElectron['windows'][number] | undefined;
  // The displays connected of their own: training counts its panel's drawing when none is (ADR 087).
  const displaysConnected = () => {
    const view = started.shell.core()!.customerDisplay.view();
    return view.displays - (view.besideTheCounter ? 1 : 0);
  };
  return { ...started, customer, displaysConnected };
}

const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

function invoke(fake: FakeElectron, name: string, contents: FakeWebContents, args: unknown): Promise<CommandReply> {
  const handler = fake.ipcHandlers.get(`pos:command:${name}`);
  if (!handler) throw new Error(`no handler for ${name}`);
  return Promise.resolve(handler(invokeEvent(contents, contents.mainFrame) as never, args) as CommandReply);
}

describe('which display the customer window goes on', () => {
  const all = [cashier, second, third];

  it('is the display the settings name, when it is connected', () => {
    expect(placeCustomerWindow(all, 1, 3)).toEqual({ display: third });
  });

  it('is the first display that is not the primary, when the settings name none', () => {
    expect(placeCustomerWindow(all, 1, null)).toEqual({ display: second });
    expect(placeCustomerWindow([second, cashier, third], 2, null)).toEqual({ display: cashier });
  });

  it('stays the display the window is on while that one qualifies, whatever the order of the list', () => {
    expect(placeCustomerWindow([cashier, second, third], 1, null, 3)).toEqual({ display: third });
    expect(placeCustomerWindow([cashier, second], 1, null, 3)).toEqual({ display: second });
    // The display it is on became the primary: the cashier's now.
    expect(placeCustomerWindow([cashier, second, third], 3, null, 3)).toEqual({ display: cashier });
    // A named display is the named one, wherever the window is.
    expect(placeCustomerWindow([cashier, second, third], 1, 2, 3)).toEqual({ display: second });
  });

  it('is none while the named display is unplugged, not another one', () => {
    const placement = placeCustomerWindow([cashier, second], 1, 3);
    expect(placement).toEqual({ display: null, reason: expect.stringContaining('display 3') });
  });

  it('is none with the cashier\u2019s display alone', () => {
    expect(placeCustomerWindow([cashier], 1, null)).toEqual({
      display: null,
      reason: expect.stringContaining('only the cashier'),
    });
  });

  it('is never the primary display, even when the settings name it', () => {
    expect(placeCustomerWindow(all, 1, 1)).toEqual({ display: null, reason: expect.stringContaining('primary') });
  });
});

describe('the customer window', () => {
  it('has the lane\u2019s hardened web preferences and no developer tools, even in a development run', async () => {
    const { customer, folders, fake } = await counterWith([cashier, second]);
    expect(fake.app.isPackaged).toBe(false);
    const prefs = customer()!.options.webPreferences;
    expect(prefs).toEqual(secureWebPreferences({ preload: folders.preload, devTools: false }));
    expect(prefs).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, devTools: false });
  });

  it('is frameless, full screen, without a menu, and loads the customer page from app://lanepoint', async () => {
    const { customer, fake } = await counterWith([cashier, second]);
    const window = customer()!;
    expect(fake.windows).toHaveLength(2);
    expect(window.options).toMatchObject({ frame: false, fullscreen: true, show: false });
    expect(window.menuRemoved).toBe(true);
    // The cashier's window keeps its menu: the application menu is not taken away.
    expect(fake.menus).toEqual([]);
    expect(window.webContents.loadedUrls).toEqual(['app://lanepoint/customer.html']);
  });

  it('swallows the kiosk\u2019s escape keys and closes developer tools opened anyway', async () => {
    const { customer } = await counterWith([cashier, second]);
    const contents = customer()!.webContents;
    expect(contents.fire('before-input-event', {}, keyInput('F5'))).toBe(true);
    expect(contents.fire('before-input-event', {}, keyInput('I', { control: true, shift: true }))).toBe(true);
    expect(contents.fire('before-input-event', {}, keyInput('r', { control: true }))).toBe(true);
    contents.emit('devtools-opened');
    expect(contents.devToolsClosed).toBe(1);
  });

  it('is shown once painted without taking the focus from the cashier\u2019s window', async () => {
    const { customer } = await counterWith([cashier, second]);
    const window = customer()!;
    expect(window.shownInactive).toBe(false);
    window.emit('ready-to-show');
    expect(window.shownInactive).toBe(true);
    expect(window.shown).toBe(false);
    expect(window.focused).toBe(0);
  });

  it('is not opened when the customer display is off, or at a kiosk', async () => {
    const off = await startedShell({ settings: { mode: 'counter' }, displays: [cashier, second] });
    expect(off.fake.windows).toHaveLength(1);
    expect(off.shell.customerWindow()).toBeUndefined();
    const kiosk = await startedShell({
      settings: { mode: 'kiosk', customerDisplay: { enabled: true } },
      displays: [cashier, second],
    });
    expect(kiosk.fake.windows).toHaveLength(1);
  });

  it('goes with the cashier\u2019s window, so the app quits', async () => {
    const { customer, window, fake } = await counterWith([cashier, second]);
    const opened = customer()!;
    window!.close();
    expect(opened.destroyed).toBe(true);
    expect(fake.windows).toHaveLength(0);
    expect(fake.app.quitCalls).toBeGreaterThanOrEqual(1);
    // Displays coming and going after that open nothing.
    fake.screen.unplug(2);
    fake.screen.plug(second);
    expect(fake.windows).toHaveLength(0);
  });
});

describe('placement', () => {
  it('fills the display the settings name', async () => {
    const { customer } = await counterWith([cashier, second, third], 3);
    expect(customer()!.options).toMatchObject({ x: 2944, y: 0, width: 800, height: 480 });
  });

  it('without a named display, takes the first that is not the primary', async () => {
    const { customer } = await counterWith([third, cashier, second], null, { primaryDisplayId: 3 });
    expect(customer()!.options).toMatchObject(cashier.bounds);
  });

  it('opens no window with one display, and says so in the log once', async () => {
    const { fake, lines, customer, displaysConnected } = await counterWith([cashier]);
    expect(fake.windows).toHaveLength(1);
    expect(customer()).toBeUndefined();
    expect(displaysConnected()).toBe(0);
    fake.screen.change(1, { x: 0, y: 0, width: 1280, height: 800 });
    const said = lines.filter((line) => line.includes('no customer window'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('only the cashier');
  });

  it('closes when its display is unplugged and opens again there when it is plugged back', async () => {
    const { fake, customer, displaysConnected, lines } = await counterWith([cashier, second, third], 3);
    const first = customer()!;
    expect(displaysConnected()).toBe(1);
    fake.screen.unplug(3);
    expect(first.destroyed).toBe(true);
    expect(customer()).toBeUndefined();
    // The lane now asks at the counter: no customer display is connected.
    expect(displaysConnected()).toBe(0);
    expect(lines.some((line) => line.includes('customer window closed'))).toBe(true);
    // Another display is not the one the settings name: the window waits for its own.
    fake.screen.unplug(2);
    fake.screen.plug(second);
    expect(customer()).toBeUndefined();
    fake.screen.plug(fakeDisplay(3, third.bounds));
    const again = customer()!;
    expect(again).not.toBe(first);
    expect(again.options).toMatchObject(third.bounds);
    expect(again.webContents.loadedUrls).toEqual([customerEntryUrl]);
    await settled();
    expect(displaysConnected()).toBe(1);
  });

  it('without a named display, reopens on any display that is not the primary', async () => {
    const { fake, customer } = await counterWith([cashier, second]);
    fake.screen.unplug(2);
    expect(customer()).toBeUndefined();
    fake.screen.plug(third);
    expect(customer()!.options).toMatchObject(third.bounds);
  });

  it('stays put when another display comes or goes', async () => {
    const { fake, customer } = await counterWith([cashier, second]);
    const window = customer()!;
    fake.screen.plug(third);
    fake.screen.unplug(3);
    expect(customer()).toBe(window);
    expect(window.destroyed).toBe(false);
    expect(fake.windows).toHaveLength(2);
  });

  it('keeps filling its display when the display\u2019s size changes', async () => {
    const { fake, customer } = await counterWith([cashier, second]);
    const window = customer()!;
    const bigger = { x: 1920, y: 0, width: 1920, height: 1080 };
    fake.screen.change(2, bigger);
    expect(window.getBounds()).toEqual(bigger);
    expect(window.isFullScreen()).toBe(true);
    // A change to the cashier's display moves nothing.
    fake.screen.change(1, { x: 0, y: 0, width: 1280, height: 1024 });
    expect(window.boundsSet).toEqual([bigger]);
  });

  it('closes when its display becomes the primary one (the cashier\u2019s display was unplugged)', async () => {
    const { fake, customer } = await counterWith([cashier, second]);
    const window = customer()!;
    fake.screen.primaryId = 2;
    fake.screen.unplug(1);
    expect(window.destroyed).toBe(true);
    expect(customer()).toBeUndefined();
  });
});

describe('the customer window\u2019s role', () => {
  it('sends commands as the customer display, and is refused a cashier\u2019s command', async () => {
    const { fake, customer, shell } = await counterWith([cashier, second]);
    const contents = customer()!.webContents;
    const dispatch = vi.spyOn(shell.core()!, 'dispatch');
    const sale = await invoke(fake, 'terminal.sale', contents, { amountMinor: 1000 });
    expect(sale).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(dispatch).toHaveBeenCalledWith(
      'terminal.sale',
      { amountMinor: 1000 },
      {
        source: `window:${contents.id}`,
        role: 'customer-display',
      },
    );
    const view = await invoke(fake, 'customerDisplay.view', contents, {});
    expect(view).toMatchObject({ ok: true, result: { displays: 1, step: { kind: 'idle' } } });
  });

  it('leaves the cashier\u2019s window its own role', async () => {
    const { fake, window, shell } = await counterWith([cashier, second]);
    const dispatch = vi.spyOn(shell.core()!, 'dispatch');
    await invoke(fake, 'app.info', window!.webContents, {});
    expect(dispatch).toHaveBeenCalledWith('app.info', {}, { source: `window:${window!.webContents.id}` });
  });

  it('is no longer trusted once closed', async () => {
    const { fake, customer, shell } = await counterWith([cashier, second]);
    const contents = customer()!.webContents;
    customer()!.close();
    // Even were its frame still there, the closed window's contents are no longer ours.
    contents.mainFrame.destroyed = false;
    const dispatch = vi.spyOn(shell.core()!, 'dispatch');
    const reply = await invoke(fake, 'customerDisplay.view', contents, {});
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('hears only the events its role may hear', async () => {
    const { customer, window, shell } = await counterWith([cashier, second]);
    const contents = customer()!.webContents;
    const core = shell.core()!;
    const count = contents.sent.length;
    core.events.emit('devices.changed', []);
    core.events.emitTo(`window:${contents.id}`, 'devices.keysReleased', { seqs: [1] });
    core.terminal.enter('awaiting-card', 'Waiting for card');
    const heard = contents.sent.slice(count).map(([, name]) => name);
    expect(heard).not.toContain('devices.changed');
    expect(heard).not.toContain('devices.keysReleased');
    expect(heard).not.toContain('terminal.state');
    // The cashier's window hears them all.
    expect(window!.webContents.sent.map(([, name]) => name)).toEqual(
      expect.arrayContaining(['devices.changed', 'terminal.state']),
    );
    core.customerDisplay.showOrder([{ description: 'Coffee', quantity: 1, unitMinor: 350 }], null);
    expect(contents.sent.at(-1)).toEqual([
      ipcChannels.event,
      'customerDisplay.view',
      expect.objectContaining({ step: { kind: 'order' } }),
    ]);
  });
});

describe('the customer display\u2019s connection', () => {
  it('counts once the page has loaded, once per load, and is released when the window closes', async () => {
    const { customer, shell, displaysConnected } = await counterWith([cashier, second]);
    const connect = vi.spyOn(shell.core()!.customerDisplay, 'connect');
    expect(displaysConnected()).toBe(1);
    const contents = customer()!.webContents;
    contents.reload();
    // Between the reload's start and its load the page is not there.
    expect(displaysConnected()).toBe(0);
    await settled();
    expect(displaysConnected()).toBe(1);
    contents.reload();
    await settled();
    expect(displaysConnected()).toBe(1);
    expect(connect).toHaveBeenCalledTimes(2);
    expect(connect).toHaveBeenCalledWith(`window:${contents.id}`);
    customer()!.close();
    expect(displaysConnected()).toBe(0);
  });

  it('is released when the page\u2019s renderer is gone', async () => {
    const { customer, displaysConnected } = await counterWith([cashier, second]);
    customer()!.webContents.crash();
    expect(displaysConnected()).toBe(0);
    customer()!.close();
    expect(displaysConnected()).toBe(0);
  });
});

describe('the customer page on app://lanepoint', () => {
  it('is our own origin and is served with the renderer\u2019s headers', async () => {
    const { folders } = await counterWith([cashier]);
    expect(customerEntryUrl).toBe('app://lanepoint/customer.html');
    expect(isAppUrl(customerEntryUrl)).toBe(true);
    const response = await appProtocolResponse({ url: customerEntryUrl, method: 'GET' }, folders.rendererDir);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/text\/html/);
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect(await response.text()).toContain('customer display');
  });
});
