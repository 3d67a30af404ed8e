import { EventEmitter } from 'node:events';
import type { ElectronApi } from '../../src-main/electron/electron-api';

/**
 * A stand-in for the `electron` module, which cannot run on this machine. It follows the real
 * API's shapes and rules that the shell relies on (web-contents-created fires while a window is
 * constructed; whenReady resolves on ready; protocol schemes must be registered before ready;
 * safeStorage refuses to encrypt when unavailable) and records every setting for assertions.
 */
export class FakeWebFrame {
  constructor(
    public url: string,
    public parent: FakeWebFrame | null = null,
  ) {}
  isDestroyed() {
    return false;
  }
}

let nextContentsId = 1;

export class FakeWebContents extends EventEmitter {
  readonly id = nextContentsId++;
  readonly mainFrame = new FakeWebFrame('');
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  readonly sent: Array<[string, ...unknown[]]> = [];
  devToolsClosed = 0;
  destroyed = false;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
  send(channel: string, ...args: unknown[]) {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.sent.push([channel, ...args]);
  }
  isDestroyed() {
    return this.destroyed;
  }
  closeDevTools() {
    this.devToolsClosed++;
  }
  destroy() {
    this.destroyed = true;
    this.emit('destroyed');
  }
  /** Emits a cancellable Electron event and tells whether a handler prevented it. */
  fire(name: string, details: Record<string, unknown> = {}, ...args: unknown[]): boolean {
    let prevented = false;
    const event = { ...details, preventDefault: () => (prevented = true) };
    this.emit(name, event, ...args);
    return prevented;
  }
}

export function createFakeElectron(options: { userData: string; lock?: boolean; encryption?: boolean }) {
  let isReady = false;
  let markReady: () => void = () => undefined;
  const readyPromise = new Promise<void>((resolve) => (markReady = resolve));

  const app = Object.assign(new EventEmitter(), {
    quitCalls: 0,
    requestSingleInstanceLock: () => options.lock ?? true,
    quit() {
      app.quitCalls++;
    },
    getPath: (name: string) => {
      if (name !== 'userData') throw new Error(`fake app.getPath: unexpected "${name}"`);
      return options.userData;
    },
    whenReady: () => readyPromise,
    isReady: () => isReady,
  });

  const windows: FakeBrowserWindow[] = [];
  class FakeBrowserWindow extends EventEmitter {
    readonly webContents = new FakeWebContents();
    loadedUrl: string | undefined;
    menuRemoved = false;
    shown = false;
    focused = 0;
    restored = 0;
    minimized = false;
    constructor(readonly options: Record<string, unknown>) {
      super();
      if (!isReady) throw new Error('Cannot create BrowserWindow before app is ready');
      windows.push(this);
      app.emit('web-contents-created', {}, this.webContents);
    }
    loadURL(url: string) {
      this.loadedUrl = url;
      this.webContents.mainFrame.url = url;
      return Promise.resolve();
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
  }

  const privileged: Array<{ schemes: unknown; beforeReady: boolean }> = [];
  const protocolHandlers = new Map<string, (request: { url: string }) => Promise<Response> | Response>();
  const ipcHandlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  const sessionHandlers: Record<string, ((...args: never[]) => unknown) | null> = {};
  const menus: unknown[] = [];
  const errorBoxes: Array<[string, string]> = [];
  const encryption = options.encryption ?? true;

  const fake = {
    app,
    BrowserWindow: FakeBrowserWindow,
    ipcMain: {
      handle(channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) {
        if (ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
        ipcHandlers.set(channel, handler);
      },
    },
    protocol: {
      registerSchemesAsPrivileged(schemes: unknown) {
        privileged.push({ schemes, beforeReady: !isReady });
      },
      handle(scheme: string, handler: (request: { url: string }) => Promise<Response> | Response) {
        if (!isReady) throw new Error('protocol.handle before ready');
        protocolHandlers.set(scheme, handler);
      },
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (h: never) => (sessionHandlers.permissionRequest = h),
        setPermissionCheckHandler: (h: never) => (sessionHandlers.permissionCheck = h),
        setDevicePermissionHandler: (h: never) => (sessionHandlers.devicePermission = h),
      },
    },
    Menu: { setApplicationMenu: (menu: unknown) => menus.push(menu) },
    dialog: { showErrorBox: (title: string, content: string) => errorBoxes.push([title, content]) },
    safeStorage: {
      isEncryptionAvailable: () => encryption,
      encryptString(plain: string) {
        if (!encryption) throw new Error('Encryption is not available.');
        return Buffer.from(`enc:${Buffer.from(plain).toString('base64')}`);
      },
      decryptString(data: Buffer) {
        if (!encryption) throw new Error('Decryption is not available.');
        return Buffer.from(data.toString().slice(4), 'base64').toString();
      },
    },
  };

  return {
    electron: fake as unknown as ElectronApi,
    app,
    windows,
    privileged,
    protocolHandlers,
    ipcHandlers,
    sessionHandlers,
    menus,
    errorBoxes,
    /** Emits 'ready' the way Electron does once it has initialized. */
    async ready() {
      isReady = true;
      app.emit('ready');
      markReady();
      await readyPromise;
    },
  };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;
