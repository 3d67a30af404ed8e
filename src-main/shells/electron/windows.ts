import type { TerminalMode } from '../../lane/ipc/contract';
import type { BrowserWindow, ElectronApi, Input } from './electron-api';
import { appEntryUrl } from './origin';
import { secureWebPreferences } from './security';

type WindowMaker = Pick<ElectronApi, 'BrowserWindow' | 'Menu'>;

export interface WindowOptions {
  /** The bundled CommonJS preload (out/preload/preload.cjs). */
  readonly preload: string;
  /** Told when the page fails to load (a missing build, a blocked redirect). */
  readonly onLoadError: (error: unknown) => void;
}

/**
 * Keys a kiosk customer could use to reload the page, open developer tools or leave full
 * screen. OS keys (Alt+F4, Ctrl+Alt+Del, the Windows key) are left to the OS's own kiosk
 * configuration: the page cannot reliably swallow them, and pretending to would hide the gap.
 */
export function isKioskEscapeKey(input: Pick<Input, 'key' | 'control' | 'meta' | 'shift' | 'alt'>): boolean {
  const key = input.key.toLowerCase();
  const command = input.control || input.meta;
  if (key === 'f5' || key === 'f11' || key === 'f12') return true;
  // Ctrl+R and Ctrl+Shift+R reload; Ctrl+Shift+I/J/C open the developer tools.
  if (command && key === 'r') return true;
  return command && input.shift && (key === 'i' || key === 'j' || key === 'c');
}

/**
 * A resizable window on a desk, the counter's and the back office's: its size, and hidden on the
 * page's background colour until the page is ready. The counter layout (keypad beside the cart)
 * needs at least this much room.
 */
export const deskWindow = {
  width: 1280,
  height: 800,
  minWidth: 1024,
  minHeight: 700,
  show: false,
  backgroundColor: '#f4f6f8',
} as const;

/**
 * The cashier's window: resizable, with its menu and keys. Developer tools only in a
 * development run (`devTools`), never in a packaged terminal.
 */
export function createCounterWindow(
  electron: WindowMaker,
  options: WindowOptions & { devTools: boolean },
): BrowserWindow {
  const window = new electron.BrowserWindow({
    title: 'Lanepoint',
    ...deskWindow,
    webPreferences: secureWebPreferences({ preload: options.preload, devTools: options.devTools }),
  });
  return showWhenReady(window, options.onLoadError);
}

/**
 * The customer's window: full screen in kiosk mode, no menu, no developer tools, and the
 * reload and developer-tools keys swallowed before the page sees them.
 */
export function createKioskWindow(electron: WindowMaker, options: WindowOptions): BrowserWindow {
  // Without an application menu there are no default accelerators (reload, zoom, devtools).
  electron.Menu.setApplicationMenu(null);
  const window = new electron.BrowserWindow({
    title: 'Lanepoint',
    kiosk: true,
    fullscreen: true,
    frame: false,
    autoHideMenuBar: true,
    minimizable: false,
    maximizable: false,
    show: false,
    backgroundColor: '#f4f6f8',
    webPreferences: secureWebPreferences({ preload: options.preload, devTools: false }),
  });
  window.removeMenu();
  window.webContents.on('before-input-event', (event, input) => {
    if (isKioskEscapeKey(input)) event.preventDefault();
  });
  // devTools: false already stops them; this is the second lock should anything open them.
  window.webContents.on('devtools-opened', () => window.webContents.closeDevTools());
  return showWhenReady(window, options.onLoadError);
}

/** Opens the terminal's window for `mode`; `devTools` applies to the counter only. */
export function openTerminalWindow(
  electron: WindowMaker,
  mode: TerminalMode,
  options: WindowOptions & { devTools: boolean },
): BrowserWindow {
  return mode === 'kiosk' ? createKioskWindow(electron, options) : createCounterWindow(electron, options);
}

/** Shown once painted (no white flash), always from app://lanepoint, never file://. */
function showWhenReady(window: BrowserWindow, onLoadError: (error: unknown) => void): BrowserWindow {
  window.once('ready-to-show', () => window.show());
  // A rejected loadURL left unhandled would crash the main process; report it instead.
  window.loadURL(appEntryUrl).catch(onLoadError);
  return window;
}
