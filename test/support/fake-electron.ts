import { dirname } from 'node:path';
import { EventEmitter } from 'node:events';
import type * as Electron from 'electron';
import type { ElectronApi } from '../../src-main/shells/electron/electron-api';

/**
 * A stand-in for the `electron` module, whose runtime cannot be installed on this machine. Each
 * piece implements the real type's signatures for the members the shell uses (checked by
 * `implements` / `satisfies` against electron.d.ts), keeps the rules the shell depends on
 * (a window only after ready, 'web-contents-created' fired while a window is constructed,
 * `protocol.handle` only after ready, a second `ipcMain.handle` on a channel throws, quit runs
 * through cancellable 'before-quit' and 'will-quit'), and records every setting for assertions.
 */

/** An Electron event object: cancellable, with the event's own details (url, …) spread in. */
export function cancellableEvent<T extends object>(details: T = {} as T) {
  const event = { ...details, defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true) };
  return event;
}

export class FakeWebFrame implements Pick<Electron.WebFrameMain, 'url' | 'isDestroyed'> {
  destroyed = false;
  constructor(
    public url: string,
    public parent: FakeWebFrame | null = null,
  ) {}
  isDestroyed() {
    return this.destroyed;
  }
}

let nextContentsId = 1;

type WindowOpenHandler = Parameters<Electron.WebContents['setWindowOpenHandler']>[0];

export class FakeWebContents
  extends EventEmitter
  implements
    Pick<
      Electron.WebContents,
      'id' | 'setWindowOpenHandler' | 'send' | 'isDestroyed' | 'closeDevTools' | 'loadURL' | 'sendInputEvent' | 'reload'
    >
{
  readonly id = nextContentsId++;
  readonly mainFrame = new FakeWebFrame('');
  windowOpenHandler: WindowOpenHandler | undefined;
  readonly loadedUrls: string[] = [];
  readonly sent: Array<[string, ...unknown[]]> = [];
  devToolsClosed = 0;
  private destroyed = false;

  setWindowOpenHandler(handler: WindowOpenHandler) {
    this.windowOpenHandler = handler;
  }
  /**
   * As Electron: the main frame starts navigating ('did-start-navigation'), and once the page has
   * loaded, 'did-finish-load' fires and the promise resolves (a turn later, never synchronously).
   */
  loadURL(url: string) {
    this.loadedUrls.push(url);
    this.startNavigation(url);
    this.mainFrame.url = url;
    return Promise.resolve().then(() => {
      if (!this.destroyed) this.emit('did-finish-load');
    });
  }
  /** Reloads the current page: a new navigation of the main frame, then 'did-finish-load'. */
  reloads = 0;
  reload() {
    this.reloads++;
    this.startNavigation(this.mainFrame.url);
    void Promise.resolve().then(() => {
      if (!this.destroyed) this.emit('did-finish-load');
    });
  }
  /** The renderer process died (crashed or was killed), as 'render-process-gone' tells it. */
  crash() {
    this.emit('render-process-gone', cancellableEvent(), { reason: 'crashed', exitCode: 139 });
  }
  private startNavigation(url: string) {
    // Electron 45: the details on the event object, then the deprecated positional arguments.
    const details = cancellableEvent({ url, isSameDocument: false, isMainFrame: true, frame: this.mainFrame });
    this.emit('did-start-navigation', details, url, false, true, 1, 1);
  }
  send(channel: string, ...args: unknown[]) {
    // Electron throws here too: sending to a destroyed WebContents is a bug in the sender.
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.sent.push([channel, ...args]);
  }
  isDestroyed() {
    return this.destroyed;
  }
  /** Input typed with sendInputEvent, in order; what the page received from it. */
  readonly typed: Array<Electron.KeyboardInputEvent | Electron.MouseInputEvent | Electron.MouseWheelInputEvent> = [];
  /**
   * Like Electron, an injected key goes through before-input-event first, and reaches the page
   * (`typed`) only when no listener prevents it.
   */
  sendInputEvent(input: Electron.KeyboardInputEvent | Electron.MouseInputEvent | Electron.MouseWheelInputEvent) {
    if (this.destroyed) throw new Error('Object has been destroyed');
    if (input.type === 'keyDown' && 'keyCode' in input && this.fire('before-input-event', {}, keyInput(input.keyCode)))
      return;
    this.typed.push(input);
  }
  closeDevTools() {
    this.devToolsClosed++;
  }
  destroy() {
    this.destroyed = true;
    this.mainFrame.destroyed = true;
    this.emit('destroyed');
  }
  /** What `window.open(url)` gets from the handler, with the details Electron passes. */
  openWindow(url: string): ReturnType<WindowOpenHandler> | undefined {
    return this.windowOpenHandler?.({
      url,
      frameName: '',
      features: '',
      disposition: 'new-window',
      referrer: { url: '', policy: 'no-referrer' },
    });
  }
  /** Emits a cancellable WebContents event; true when a listener called preventDefault. */
  fire(name: string, details: object = {}, ...args: unknown[]): boolean {
    const event = cancellableEvent(details);
    this.emit(name, event, ...args);
    return event.defaultPrevented;
  }
}

/** Electron's `Input` for before-input-event, with every modifier off unless given. */
export function keyInput(
  key: string,
  modifiers: Partial<Pick<Electron.Input, 'control' | 'meta' | 'shift' | 'alt'>> = {},
): Electron.Input {
  return {
    type: 'keyDown',
    key,
    code: key,
    isAutoRepeat: false,
    isComposing: false,
    control: false,
    meta: false,
    shift: false,
    alt: false,
    location: 0,
    modifiers: [],
    ...modifiers,
  };
}

type PermissionRequestHandler = NonNullable<Parameters<Electron.Session['setPermissionRequestHandler']>[0]>;
type PermissionCheckHandler = NonNullable<Parameters<Electron.Session['setPermissionCheckHandler']>[0]>;
type DevicePermissionHandler = NonNullable<Parameters<Electron.Session['setDevicePermissionHandler']>[0]>;

export class FakeSession
  extends EventEmitter
  implements
    Pick<Electron.Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'>
{
  permissionRequest: PermissionRequestHandler | null = null;
  permissionCheck: PermissionCheckHandler | null = null;
  devicePermission: DevicePermissionHandler | null = null;
  setPermissionRequestHandler(handler: PermissionRequestHandler | null) {
    this.permissionRequest = handler;
  }
  setPermissionCheckHandler(handler: PermissionCheckHandler | null) {
    this.permissionCheck = handler;
  }
  setDevicePermissionHandler(handler: DevicePermissionHandler | null) {
    this.devicePermission = handler;
  }
}

export interface FakeElectronOptions {
  readonly userData: string;
  /** What requestSingleInstanceLock answers; true unless another instance is pretended. */
  readonly lock?: boolean;
  readonly packaged?: boolean;
  /** safeStorage.isEncryptionAvailable(). */
  readonly encryption?: boolean;
  /** safeStorage.getSelectedStorageBackend() (Linux). */
  readonly storageBackend?: ReturnType<Electron.SafeStorage['getSelectedStorageBackend']>;
  /** The connected displays, the primary first; one 1920x1080 display (id 1) unless given. */
  readonly displays?: readonly Electron.Display[];
  /** screen.getPrimaryDisplay()'s id; the first display's unless given. */
  readonly primaryDisplayId?: number;
}

/** A display as Electron describes it: `bounds` in DIPs, its work area without a taskbar. */
export function fakeDisplay(
  id: number,
  bounds: Electron.Rectangle,
  more: Partial<Electron.Display> = {},
): Electron.Display {
  return {
    id,
    label: `Display ${id}`,
    bounds,
    workArea: bounds,
    size: { width: bounds.width, height: bounds.height },
    workAreaSize: { width: bounds.width, height: bounds.height },
    nativeOrigin: { x: bounds.x, y: bounds.y },
    scaleFactor: 1,
    rotation: 0,
    internal: false,
    detected: true,
    monochrome: false,
    colorDepth: 24,
    colorSpace: '{primaries:BT709, transfer:SRGB, matrix:RGB, range:FULL}',
    depthPerComponent: 8,
    displayFrequency: 60,
    accelerometerSupport: 'unknown',
    touchSupport: 'unknown',
    maximumCursorSize: { width: 64, height: 64 },
    ...more,
  };
}

/**
 * Electron's `screen`: the displays (the primary is the first one unless `primaryId` says),
 * and 'display-added', 'display-removed' and 'display-metrics-changed' as the OS reports them.
 * Like Electron, the list is updated before the event is emitted.
 */
export class FakeScreen extends EventEmitter implements Pick<Electron.Screen, 'getAllDisplays' | 'getPrimaryDisplay'> {
  private displays: Electron.Display[];
  primaryId: number;
  constructor(
    displays: readonly Electron.Display[],
    private readonly checkReady: () => void,
  ) {
    super();
    this.displays = [...displays];
    this.primaryId = displays[0]?.id ?? 0;
  }
  getAllDisplays() {
    this.checkReady();
    return this.displays.map((display) => ({ ...display }));
  }
  getPrimaryDisplay() {
    this.checkReady();
    const primary = this.displays.find((display) => display.id === this.primaryId);
    if (!primary) throw new Error('fake screen: no primary display');
    return { ...primary };
  }
  /** A display is plugged in. */
  plug(display: Electron.Display) {
    this.displays.push(display);
    this.emit('display-added', cancellableEvent(), { ...display });
  }
  /** A display is unplugged. */
  unplug(id: number) {
    const gone = this.displays.find((display) => display.id === id);
    if (!gone) throw new Error(`fake screen: no display ${id}`);
    this.displays = this.displays.filter((display) => display !== gone);
    this.emit('display-removed', cancellableEvent(), { ...gone });
  }
  /** A display's bounds (resolution, arrangement) changed. */
  change(id: number, bounds: Electron.Rectangle) {
    const index = this.displays.findIndex((display) => display.id === id);
    if (index < 0) throw new Error(`fake screen: no display ${id}`);
    const changed = fakeDisplay(id, bounds, { ...this.displays[index], bounds, workArea: bounds });
    this.displays[index] = changed;
    this.emit('display-metrics-changed', cancellableEvent(), { ...changed }, ['bounds', 'workArea']);
  }
}

type ProtocolHandler = Parameters<Electron.Protocol['handle']>[1];
type InvokeHandler = Parameters<Electron.IpcMain['handle']>[1];

/** The main-process half of the fake: app, windows, protocol, session, IPC, dialogs. */
export function createFakeElectron(options: FakeElectronOptions) {
  let isReady = false;
  let markReady: () => void = () => undefined;
  const readyPromise = new Promise<void>((resolve) => (markReady = resolve));

  class FakeApp
    extends EventEmitter
    implements
      Pick<
        Electron.App,
        | 'requestSingleInstanceLock'
        | 'quit'
        | 'getPath'
        | 'setPath'
        | 'whenReady'
        | 'isReady'
        | 'getVersion'
        | 'isPackaged'
      >
  {
    readonly isPackaged = options.packaged ?? false;
    quitCalls = 0;
    /** True once a quit went through both cancellable events: the process would end here. */
    exited = false;
    requestSingleInstanceLock() {
      return options.lock ?? true;
    }
    /** Paths set before ready, as Electron's user data folder can be. */
    readonly paths = new Map<string, string>();
    getPath(name: Parameters<Electron.App['getPath']>[0]) {
      if (this.paths.has(name)) return this.paths.get(name)!;
      if (name === 'userData') return options.userData;
      if (name === 'appData') return dirname(options.userData);
      throw new Error(`fake app.getPath: unexpected "${name}"`);
    }
    setPath(name: Parameters<Electron.App['setPath']>[0], path: string) {
      if (isReady) throw new Error('fake app.setPath: paths are set before ready');
      this.paths.set(name, path);
    }
    getVersion() {
      return '0.0.0-fake';
    }
    whenReady() {
      return readyPromise;
    }
    isReady() {
      return isReady;
    }
    quit() {
      this.quitCalls++;
      if (this.fire('before-quit')) return;
      if (this.fire('will-quit')) return;
      this.exited = true;
      this.emit('quit', cancellableEvent(), 0);
    }
    /** Emits a cancellable app event; true when a listener called preventDefault. */
    fire(name: string, ...args: unknown[]): boolean {
      const event = cancellableEvent();
      this.emit(name, event, ...args);
      return event.defaultPrevented;
    }
  }
  const app = new FakeApp();

  const windows: FakeBrowserWindow[] = [];
  class FakeBrowserWindow
    extends EventEmitter
    implements
      Pick<
        Electron.BrowserWindow,
        | 'loadURL'
        | 'removeMenu'
        | 'show'
        | 'showInactive'
        | 'focus'
        | 'restore'
        | 'isMinimized'
        | 'close'
        | 'isDestroyed'
        | 'setBounds'
        | 'getBounds'
        | 'setFullScreen'
        | 'isFullScreen'
      >
  {
    readonly webContents = new FakeWebContents();
    menuRemoved = false;
    shown = false;
    /** Shown without taking the focus (showInactive). */
    shownInactive = false;
    destroyed = false;
    bounds: Electron.Rectangle;
    fullScreen: boolean;
    /** Every setBounds, in order. */
    readonly boundsSet: Electron.Rectangle[] = [];
    focused = 0;
    restored = 0;
    minimized = false;
    constructor(readonly options: Electron.BrowserWindowConstructorOptions = {}) {
      super();
      if (!isReady) throw new Error('Cannot create BrowserWindow before app is ready');
      const { x = 0, y = 0, width = 800, height = 600 } = options;
      this.bounds = { x, y, width, height };
      this.fullScreen = options.fullscreen ?? false;
      windows.push(this);
      app.emit('web-contents-created', cancellableEvent(), this.webContents);
    }
    loadURL(url: string) {
      return this.webContents.loadURL(url);
    }
    removeMenu() {
      this.menuRemoved = true;
    }
    show() {
      this.shown = true;
    }
    showInactive() {
      this.shownInactive = true;
    }
    isDestroyed() {
      return this.destroyed;
    }
    setBounds(bounds: Partial<Electron.Rectangle>) {
      this.bounds = { ...this.bounds, ...bounds };
      this.boundsSet.push(this.bounds);
    }
    getBounds() {
      return { ...this.bounds };
    }
    setFullScreen(flag: boolean) {
      this.fullScreen = flag;
    }
    isFullScreen() {
      return this.fullScreen;
    }
    focus() {
      this.focused++;
    }
    restore() {
      this.restored++;
    }
    isMinimized() {
      return this.minimized;
    }
    close() {
      // Electron throws on a destroyed window; closing twice is a bug in the shell.
      if (this.destroyed) throw new Error('Object has been destroyed');
      this.emit('close', cancellableEvent());
      this.destroyed = true;
      this.webContents.destroy();
      this.emit('closed');
      windows.splice(windows.indexOf(this), 1);
      if (windows.length === 0) app.emit('window-all-closed');
    }
  }

  const privileged: Array<{ schemes: Electron.CustomScheme[]; beforeReady: boolean }> = [];
  const protocolHandlers = new Map<string, ProtocolHandler>();
  const protocol = {
    registerSchemesAsPrivileged(schemes: Electron.CustomScheme[]) {
      privileged.push({ schemes, beforeReady: !isReady });
    },
    handle(scheme: string, handler: ProtocolHandler) {
      if (!isReady) throw new Error('protocol.handle must be called after app is ready');
      protocolHandlers.set(scheme, handler);
    },
  } satisfies Pick<Electron.Protocol, 'registerSchemesAsPrivileged' | 'handle'>;

  const ipcHandlers = new Map<string, InvokeHandler>();
  const ipcMain = {
    handle(channel: string, handler: InvokeHandler) {
      if (ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      ipcHandlers.set(channel, handler);
    },
  } satisfies Pick<Electron.IpcMain, 'handle'>;

  const menus: Array<Electron.Menu | null> = [];
  const errorBoxes: Array<[title: string, content: string]> = [];
  const encryption = options.encryption ?? true;
  const safeStorage = {
    isEncryptionAvailable: () => encryption,
    getSelectedStorageBackend: () => options.storageBackend ?? 'gnome_libsecret',
    encryptString(plain: string) {
      if (!encryption) throw new Error('Error while encrypting the text provided to safeStorage.encryptString.');
      return Buffer.from(`enc:${Buffer.from(plain).toString('base64')}`);
    },
    decryptString(data: Buffer) {
      if (!encryption) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return Buffer.from(data.toString().slice(4), 'base64').toString();
    },
  } satisfies Pick<
    Electron.SafeStorage,
    'isEncryptionAvailable' | 'getSelectedStorageBackend' | 'encryptString' | 'decryptString'
  >;

  const screen = new FakeScreen(options.displays ?? [fakeDisplay(1, { x: 0, y: 0, width: 1920, height: 1080 })], () => {
    // Electron: "The 'screen' module can't be used before the app 'ready' event".
    if (!isReady) throw new Error("The 'screen' module can't be used before the app 'ready' event");
  });
  if (options.primaryDisplayId !== undefined) screen.primaryId = options.primaryDisplayId;

  const defaultSession = new FakeSession();
  const partitions = new Map<string, FakeSession>();
  const fromPartition = (name: string) => partitions.get(name) ?? partitions.set(name, new FakeSession()).get(name)!;
  const fake = {
    app,
    BrowserWindow: FakeBrowserWindow,
    ipcMain,
    protocol,
    session: { defaultSession, fromPartition },
    Menu: { setApplicationMenu: (menu: Electron.Menu | null) => void menus.push(menu) } satisfies Pick<
      typeof Electron.Menu,
      'setApplicationMenu'
    >,
    dialog: {
      showErrorBox: (title: string, content: string) => void errorBoxes.push([title, content]),
    } satisfies Pick<Electron.Dialog, 'showErrorBox'>,
    safeStorage,
    screen,
  };

  return {
    /** The fake only implements what the shell uses, hence the one cast. */
    electron: fake as unknown as ElectronApi,
    app,
    windows,
    privileged,
    protocolHandlers,
    ipcHandlers,
    session: defaultSession,
    /** The sessions asked for by partition name (Electron makes one per name). */
    partitions,
    menus,
    errorBoxes,
    screen,
    /** Emits 'ready' the way Electron does once it has initialized, then lets whenReady resolve. */
    async ready() {
      isReady = true;
      app.emit('ready', cancellableEvent(), {});
      markReady();
      await readyPromise;
    },
  };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;

/** on/removeListener are EventEmitter's own (Electron's return IpcRenderer, hence not in the Pick). */
export class FakeIpcRenderer extends EventEmitter implements Pick<Electron.IpcRenderer, 'invoke'> {
  readonly invocations: Array<[channel: string, ...args: unknown[]]> = [];
  /** What the main process answers; a test replaces it. Echoes the channel by default. */
  answer: (channel: string, ...args: unknown[]) => Promise<unknown> = async (channel) => ({
    ok: true,
    result: { channel },
  });
  invoke(channel: string, ...args: unknown[]) {
    this.invocations.push([channel, ...args]);
    return this.answer(channel, ...args);
  }
  /** A message from the main process, as `webContents.send(channel, ...args)` delivers it. */
  deliver(channel: string, ...args: unknown[]) {
    const event = { sender: this, senderId: 0, ports: [] } as unknown as Electron.IpcRendererEvent;
    this.emit(channel, event, ...args);
  }
}

/** The renderer-side half of the fake, for the preload: contextBridge and ipcRenderer. */
export function createFakeRenderer() {
  const exposed = new Map<string, unknown>();
  const ipcRenderer = new FakeIpcRenderer();
  const contextBridge = {
    exposeInMainWorld(apiKey: string, api: unknown) {
      if (exposed.has(apiKey))
        throw new Error(`Cannot bind an API on top of an existing property on the window object`);
      exposed.set(apiKey, api);
    },
  } satisfies Pick<Electron.ContextBridge, 'exposeInMainWorld'>;
  return { module: { contextBridge, ipcRenderer }, exposed, ipcRenderer };
}

export type FakeRenderer = ReturnType<typeof createFakeRenderer>;
