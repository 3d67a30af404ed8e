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
      'id' | 'setWindowOpenHandler' | 'send' | 'isDestroyed' | 'closeDevTools' | 'loadURL' | 'sendInputEvent'
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
  loadURL(url: string) {
    this.loadedUrls.push(url);
    this.mainFrame.url = url;
    return Promise.resolve();
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
      Pick<Electron.BrowserWindow, 'loadURL' | 'removeMenu' | 'show' | 'focus' | 'restore' | 'isMinimized' | 'close'>
  {
    readonly webContents = new FakeWebContents();
    menuRemoved = false;
    shown = false;
    focused = 0;
    restored = 0;
    minimized = false;
    constructor(readonly options: Electron.BrowserWindowConstructorOptions = {}) {
      super();
      if (!isReady) throw new Error('Cannot create BrowserWindow before app is ready');
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
      this.emit('close', cancellableEvent());
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
