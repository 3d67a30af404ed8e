import type { TerminalMode } from '../ipc/contract';
import type { BrowserWindow, BrowserWindowConstructorOptions, ElectronApi } from './electron-api';
import { appEntryUrl } from './origin';
import { secureWebPreferences } from './security';

/** Keys a kiosk customer could use to reload the page or open developer tools. */
export function isKioskEscapeKey(input: { key: string; control: boolean; meta: boolean; shift: boolean; alt: boolean }): boolean {
  const key = input.key.toLowerCase();
  const command = input.control || input.meta;
  return (
    key === 'f5' ||
    key === 'f11' ||
    key === 'f12' ||
    (command && key === 'r') ||
    (command && input.shift && (key === 'i' || key === 'j' || key === 'c')) ||
    (input.alt && key === 'f4')
  );
}

/** Window options per mode: a resizable counter window, or a locked full-screen kiosk. */
export function windowOptions(mode: TerminalMode, preload: string): BrowserWindowConstructorOptions {
  const common: BrowserWindowConstructorOptions = {
    title: 'Lanepoint',
    show: false,
    backgroundColor: '#f4f6f8',
  };
  if (mode === 'kiosk') {
    return {
      ...common,
      kiosk: true,
      fullscreen: true,
      frame: false,
      autoHideMenuBar: true,
      minimizable: false,
      maximizable: false,
      webPreferences: secureWebPreferences({ preload, devTools: false }),
    };
  }
  return {
    ...common,
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 700,
    webPreferences: secureWebPreferences({ preload, devTools: true }),
  };
}

/**
 * Opens the terminal's window for `mode` on `app://lanepoint/index.html`. Kiosk windows have
 * no menu and swallow the reload and developer-tools keys.
 */
export function createTerminalWindow(electron: Pick<ElectronApi, 'BrowserWindow' | 'Menu'>, mode: TerminalMode, preload: string): BrowserWindow {
  const window = new electron.BrowserWindow(windowOptions(mode, preload));
  if (mode === 'kiosk') {
    electron.Menu.setApplicationMenu(null);
    window.removeMenu();
    window.webContents.on('before-input-event', (event, input) => {
      if (isKioskEscapeKey(input)) event.preventDefault();
    });
    window.webContents.on('devtools-opened', () => window.webContents.closeDevTools());
  }
  window.once('ready-to-show', () => window.show());
  void window.loadURL(appEntryUrl);
  return window;
}
