// The Electron shell: windows, the app:// protocol, security settings and IPC wiring. All
// payment work is in the core, which runs on plain Node and never imports electron.
import { fileURLToPath } from 'node:url';
import { createEncryptedSecretStore, createFileSecretStore, type SecretStore } from '../config/secrets';
import { bootCore } from '../core/boot';
import type { Core } from '../core/core';
import type { BrowserWindow, ElectronApi } from './electron-api';
import { forwardEvents, setupCommands } from './ipc';
import { registerAppScheme, serveAppProtocol } from './protocol';
import { safeStorageCipher } from './safe-storage';
import { denyAllPermissions, hardenWebContents } from './security';
import { createTerminalWindow } from './windows';

export interface ShellPaths {
  /** The built renderer served on app://lanepoint/. */
  readonly rendererDir: string;
  /** The bundled CommonJS preload. */
  readonly preload: string;
}

/** Where electron-vite puts the renderer and preload, relative to out/main/main.js. */
export const builtShellPaths: ShellPaths = {
  rendererDir: fileURLToPath(new URL('../renderer/', import.meta.url)),
  preload: fileURLToPath(new URL('../preload/preload.cjs', import.meta.url)),
};

export interface RunningShell {
  /** Resolves once the window is open (or the start failed and the app is quitting). */
  readonly ready: Promise<void>;
  core(): Core | undefined;
  window(): BrowserWindow | undefined;
  secrets(): SecretStore | undefined;
}

/**
 * Starts the desktop app. Takes the electron module as an argument so tests can pass a fake
 * one and check every security setting; at run time it is the real module.
 */
export function startShell(electron: ElectronApi, paths: ShellPaths = builtShellPaths): RunningShell {
  const { app } = electron;
  let core: Core | undefined;
  let window: BrowserWindow | undefined;
  let secrets: SecretStore | undefined;

  if (!app.requestSingleInstanceLock()) {
    // Another Lanepoint owns the devices and the journal; two would fight over both.
    app.quit();
    return { ready: Promise.resolve(), core: () => undefined, window: () => undefined, secrets: () => undefined };
  }
  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  registerAppScheme(electron.protocol);
  const trustedContents = new Set<number>();

  app.on('web-contents-created', (_event, contents) => {
    if (core) hardenWebContents(contents, core.logger);
  });
  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', () => void core?.close());

  const ready = app.whenReady().then(() => {
    try {
      const userData = app.getPath('userData');
      core = bootCore({ shell: 'electron', appDataDir: userData }).core;
      secrets = openSecretStore(electron, userData, core);
      denyAllPermissions(electron.session.defaultSession);
      serveAppProtocol(electron.protocol, paths.rendererDir);
      setupCommands(electron.ipcMain, core.dispatch, trustedContents, core.logger);
      window = createTerminalWindow(electron, core.settings.mode, paths.preload);
      // Hardened already: 'web-contents-created' fires while the window is constructed.
      const contents = window.webContents;
      trustedContents.add(contents.id);
      forwardEvents(core.events, contents);
      window.on('closed', () => {
        trustedContents.delete(contents.id);
        window = undefined;
      });
    } catch (error) {
      // A bad setting or a broken install: say exactly what, then leave; never run half-configured.
      electron.dialog.showErrorBox('Lanepoint cannot start', error instanceof Error ? error.message : String(error));
      app.quit();
    }
  });

  return { ready, core: () => core, window: () => window, secrets: () => secrets };
}

/** The OS keychain where it can encrypt; otherwise the 0600 file, with a warning in the log. */
function openSecretStore(electron: ElectronApi, userData: string, core: Core): SecretStore {
  const cipher = safeStorageCipher(electron.safeStorage);
  if (cipher.isAvailable()) return createEncryptedSecretStore(userData, cipher);
  core.logger.warn('electron: the OS keychain cannot encrypt here; secrets use a 0600 file instead');
  return createFileSecretStore(userData, { onWarning: (message) => core.logger.warn(message) });
}

if (process.versions.electron && process.type === 'browser') {
  startShell(await import('electron'));
}
