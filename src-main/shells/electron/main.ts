// The Electron shell: windows, the app:// protocol, security settings and IPC wiring. All
// payment work is in the core, which runs on plain Node and never imports electron.
import type { Clock } from '../../platform/clock';
import { fileURLToPath } from 'node:url';
import { createEncryptedSecretStore, createFileSecretStore, type SecretStore } from '../../lane/config/secrets';
import { bootCore } from '../../lane/core/boot';
import type { Core } from '../../lane/core/core';
import type { Logger } from '../../platform/log/logger';
import type { BrowserWindow, ElectronApi } from './electron-api';
import { forwardEvents, isTrustedSender, setupCommands, windowCaller } from './ipc';
import { registerAppScheme, serveAppProtocol } from './protocol';
import { safeStorageCipher } from './safe-storage';
import { hardenWebContents, lockDownSession, type ReportRefusal } from './security';
import { createTrainingPhoneWindows, trainingPhonePartition } from './training-phone';
import { isAppUrl } from './origin';
import { openTerminalWindow } from './windows';
import { startBackofficeShell, type StartedBackoffice } from './backoffice-shell';
import { backofficeAppEnv, startBackofficeHost } from '../cli/backoffice-command';
import { parentGone, processIo } from '../cli/io';
import { shutDown, stopWithinMs } from '../../lane/core/shutdown';
import { routeReaderKeystrokes } from './reader-keys';
import { laneTraining } from '../training/lane-training';
import type { CommandCaller } from '../../lane/ipc/dispatcher';
import { customerDisplayRole, startCustomerWindow, type CustomerWindow } from './customer-window';

export interface ShellOptions {
  /** The built renderer served on app://lanepoint/. */
  readonly rendererDir?: string;
  /** The bundled CommonJS preload. */
  readonly preload?: string;
  /** Where `LANEPOINT_*` overrides are read; `process.env` unless a test passes its own. */
  readonly env?: NodeJS.ProcessEnv;
  /** Tests pass a collecting logger; otherwise the settings' log level decides. */
  readonly logger?: Logger;
  /** Tests pass it to exercise the Linux keychain rule on any machine. */
  readonly platform?: NodeJS.Platform;
  /** Resolves when the process that started the app is gone (`parentGone` unless a test passes its own). */
  readonly parentGone?: () => Promise<string>;
  /** The lane's clock (the process's own unless a test moves its own). */
  readonly clock?: Clock;
}

/** Set by `lanepoint start` on the Electron it runs: the app quits when that command is gone (killed, not only signaled). */
export const quitWithParentEnv = 'LANEPOINT_QUIT_WITH_PARENT';

/** Where electron-vite puts the renderer and preload, relative to out/main/main.js. */
const builtRendererDir = () => fileURLToPath(new URL('../renderer/', import.meta.url));
const builtPreload = () => fileURLToPath(new URL('../preload/preload.cjs', import.meta.url));

export interface RunningShell {
  /** Resolves once the window is open (or the start failed and the app is quitting). */
  readonly ready: Promise<void>;
  core(): Core | undefined;
  window(): BrowserWindow | undefined;
  /** The customer display's window at a counter lane, while one is open. */
  customerWindow(): BrowserWindow | undefined;
  secrets(): SecretStore | undefined;
}

/**
 * Starts the desktop app. Takes the electron module as an argument so tests can pass a fake
 * one and check every security setting; at run time it is the real module. Everything Electron
 * accepts only before `ready` (the single-instance lock, the privileged scheme, app listeners)
 * happens synchronously here; the rest waits for `ready`.
 */
export function startShell(electron: ElectronApi, options: ShellOptions = {}): RunningShell {
  const { app } = electron;
  let core: Core | undefined;
  let window: BrowserWindow | undefined;
  let secrets: SecretStore | undefined;

  if (!app.requestSingleInstanceLock()) {
    // Another Lanepoint owns the devices and the journal; two would fight over both.
    app.quit();
    return {
      ready: Promise.resolve(),
      core: () => undefined,
      window: () => undefined,
      customerWindow: () => undefined,
      secrets: () => undefined,
    };
  }
  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  registerAppScheme(electron.protocol);
  // Until the core (and its logger) runs there is no window to refuse anything for, but the
  // hardening itself must never depend on the logger being there.
  const report: ReportRefusal = (fields, message) => core?.logger.warn(fields, message);
  // Training's phone: the one window a page may ask for, opened by the shell on the pay link only.
  const trainingPhone = createTrainingPhoneWindows(
    electron,
    () => window,
    () => core?.wallet.trainingPhone(),
  );
  app.on('web-contents-created', (_event, contents) =>
    hardenWebContents(contents, report, isAppUrl, (url) => trainingPhone.open(url)),
  );
  app.on('certificate-error', trainingPhone.certificateError);
  app.on('window-all-closed', () => app.quit());
  closeCoreBeforeExit(app, () => core);
  // Started from a desktop launcher the app outlives it; started by `lanepoint start`, never.
  if ((options.env ?? process.env)[quitWithParentEnv] === '1')
    void (options.parentGone ?? parentGone)().then(() => app.quit());

  // Our own windows' WebContents, each with the caller its commands are dispatched as.
  const trustedContents = new Map<number, CommandCaller>();
  let customer: CustomerWindow | undefined;
  const ready = app.whenReady().then(() => {
    try {
      const userData = app.getPath('userData');
      const env = options.env ?? process.env;
      core = bootCore({
        training: laneTraining,
        shell: 'electron',
        appDataDir: userData,
        env,
        logger: options.logger,
        secrets: () => secrets,
        ...(options.clock ? { clock: options.clock } : {}),
      }).core;
      secrets = openSecretStore(electron, userData, core, options.platform);
      serveAppProtocol(electron.protocol, options.rendererDir ?? builtRendererDir());
      lockDownSession(electron.session.defaultSession, report);
      lockDownSession(electron.session.fromPartition(trainingPhonePartition), report);
      setupCommands(
        electron.ipcMain,
        core,
        (event) => isTrustedSender(event, trustedContents),
        (contentsId) => trustedContents.get(contentsId) ?? windowCaller(contentsId),
      );
      const logger = core.logger;
      window = openTerminalWindow(electron, core.settings.mode, {
        preload: options.preload ?? builtPreload(),
        // A packaged terminal never opens developer tools; a development run may, at the counter.
        devTools: !app.isPackaged,
        onLoadError: (error) => logger.error({ err: error }, 'electron: the renderer did not load'),
      });
      // Hardened already: 'web-contents-created' fires while the window is constructed.
      const contents = window.webContents;
      trustedContents.set(contents.id, windowCaller(contents.id));
      forwardEvents(core.events, contents);
      // A keyboard-mode card reader types into this window: its data is taken out here.
      const stopReaderKeys = routeReaderKeystrokes(contents, core.deviceManager, core.clock);
      if (core.settings.mode === 'counter' && core.settings.customerDisplay.enabled)
        customer = openCustomerWindow(electron, core, options.preload ?? builtPreload(), trustedContents);
      window.on('closed', () => {
        stopReaderKeys();
        trustedContents.delete(contents.id);
        window = undefined;
        // The lane's window is the app: the customer's goes with it (and the app quits).
        customer?.stop();
      });
    } catch (error) {
      // A bad setting names itself in its message: show it, then leave; never run half-configured.
      core?.logger.error({ err: error }, 'electron: start failed');
      electron.dialog.showErrorBox('Lanepoint cannot start', error instanceof Error ? error.message : String(error));
      app.quit();
    }
  });

  return {
    ready,
    core: () => core,
    window: () => window,
    customerWindow: () => customer?.window(),
    secrets: () => secrets,
  };
}

/**
 * The counter lane's customer display (ADR 087): a second window on the customer's display,
 * trusted for IPC in the customer-display role only, hearing only what that role may hear. A
 * keyboard-mode reader typing while the customer has touched their screen is still taken out
 * before that page sees a key.
 */
function openCustomerWindow(
  electron: ElectronApi,
  core: Core,
  preload: string,
  trustedContents: Map<number, CommandCaller>,
): CustomerWindow {
  const logger = core.logger;
  return startCustomerWindow(electron, {
    preload,
    displayId: core.settings.customerDisplay.displayId,
    lane: { customerDisplay: core.customerDisplay, logger },
    onLoadError: (error) => logger.error({ err: error }, 'electron: the customer display page did not load'),
    onOpen(window) {
      const contents = window.webContents;
      const caller = windowCaller(contents.id, customerDisplayRole);
      trustedContents.set(contents.id, caller);
      const stopEvents = forwardEvents(core.events, contents, caller);
      const stopReaderKeys = routeReaderKeystrokes(contents, core.deviceManager, core.clock);
      return () => {
        stopReaderKeys();
        stopEvents();
        trustedContents.delete(contents.id);
      };
    },
  });
}

/**
 * Electron does not wait for promises on the way out, and the core closes asynchronously (the
 * journal is flushed and closed). So the first quit is held until the core has closed, then
 * quit is asked again and let through.
 */
function closeCoreBeforeExit(app: ElectronApi['app'], currentCore: () => Core | undefined): void {
  let closing: Promise<void> | undefined;
  let closed = false;
  app.on('will-quit', (event) => {
    const core = currentCore();
    if (!core || closed) return;
    event.preventDefault();
    // Bounded: a payment still in flight at the deadline stays pending in the journal for recovery.
    closing ??= shutDown(core.shutdownSteps(), {
      withinMs: stopWithinMs,
      setTimer: core.clock.setTimer,
      logger: core.logger,
    })
      .then(() => undefined)
      .catch((error: unknown) => core.logger.error({ err: error }, 'electron: the core did not close cleanly'))
      .finally(() => {
        closed = true;
        app.quit();
      });
  });
}

/**
 * The OS keychain where it can really encrypt; otherwise the 0600 file, with a warning in the
 * log, as in the Node host.
 */
function openSecretStore(electron: ElectronApi, userData: string, core: Core, platform?: NodeJS.Platform): SecretStore {
  const cipher = safeStorageCipher(electron.safeStorage, platform);
  if (cipher.isAvailable()) return createEncryptedSecretStore(userData, cipher);
  core.logger.warn(
    'electron: the OS keychain cannot encrypt here; secrets use a 0600 file instead. To keep them in the keychain, set up the desktop keyring (for example GNOME Keyring or KWallet) and restart Lanepoint',
  );
  return createFileSecretStore(userData, { onWarning: (message) => core.logger.warn(message) });
}

// Only inside Electron's main process: importing this file in a test must start nothing. The
// top-level await is part of the entry module, and Electron emits 'ready' only after the entry
// module has finished evaluating, so the lock and the scheme are still registered before ready.
if (process.versions.electron && process.type === 'browser') {
  const electron = await import('electron');
  if (process.env[backofficeAppEnv.app] === 'backoffice')
    startBackofficeShell(electron, () => startBackofficeForWindow(process.env), { devTools: !electron.app.isPackaged });
  else startShell(electron);
}

/** The back office on a free loopback port for its window; training as `lanepoint backoffice --training` asked. */
async function startBackofficeForWindow(env: NodeJS.ProcessEnv): Promise<StartedBackoffice> {
  const running = await startBackofficeHost(processIo(), {
    port: 0,
    rendererDir: builtRendererDir(),
    ...(env[backofficeAppEnv.training] === '1' ? { training: true } : {}),
  });
  const logger = running.backoffice.logger;
  return { url: running.url, close: () => running.close(), report: (fields, message) => logger.warn(fields, message) };
}
