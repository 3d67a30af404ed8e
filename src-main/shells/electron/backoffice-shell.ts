// The back office in Electron: the same hardened window as the lane's, on the back office's own
// loopback host (its page, session token and attachment upload route are the browser mode's), so
// the reseller's boarding credentials stay in the back office's process and folder, never a lane's.
import { join } from 'node:path';
import type { BrowserWindow, ElectronApi } from './electron-api';
import { describeOrigin } from './origin';
import { hardenWebContents, lockDownSession, secureWebPreferences, type ReportRefusal } from './security';
import { deskWindow } from './windows';

/** The back office as started for the window: where its page is served, and how it stops. */
export interface StartedBackoffice {
  /** The page's address on 127.0.0.1, session token included. */
  readonly url: string;
  close(): Promise<void>;
  /** Where refusals are reported; the back office's logger. */
  readonly report: ReportRefusal;
}

export interface RunningBackofficeShell {
  /** Resolves once the window is open (or the start failed and the app is quitting). */
  readonly ready: Promise<void>;
  window(): BrowserWindow | undefined;
}

/** The folder Electron keeps the back office's browser data and single-instance lock in, apart from a lane's. */
export const backofficeUserDataName = 'lanepoint-backoffice';

/** True only for a URL on exactly the back office host's origin (scheme, host and port). */
export function isOriginOf(pageUrl: string): (url: string) => boolean {
  const own = new URL(pageUrl).origin;
  return (url) => {
    try {
      const parsed = new URL(url);
      return parsed.origin === own && parsed.username === '' && parsed.password === '';
    } catch {
      return false;
    }
  };
}

/**
 * Opens the back office in a window: one instance per machine (its own user data folder, so a
 * lane running beside it keeps its lock), every WebContents hardened to the host's origin, the
 * session refusing permissions and downloads, and the back office closed before the app exits.
 */
export function startBackofficeShell(
  electron: ElectronApi,
  start: () => Promise<StartedBackoffice>,
  options: { readonly devTools: boolean },
): RunningBackofficeShell {
  const { app } = electron;
  let window: BrowserWindow | undefined;
  let started: StartedBackoffice | undefined;
  app.setPath('userData', join(app.getPath('appData'), backofficeUserDataName));
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return { ready: Promise.resolve(), window: () => undefined };
  }
  app.on('second-instance', () => window?.focus());
  // Until the host runs its origin is unknown: nothing may navigate anywhere before then.
  let isOwnUrl: (url: string) => boolean = () => false;
  const report: ReportRefusal = (fields, message) => started?.report(fields, message);
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, report, (url) => isOwnUrl(url)));
  app.on('window-all-closed', () => app.quit());
  let closed = false;
  app.on('will-quit', (event) => {
    if (!started || closed) return;
    event.preventDefault();
    void started.close().finally(() => {
      closed = true;
      app.quit();
    });
  });

  const ready = app.whenReady().then(async () => {
    try {
      started = await start();
      isOwnUrl = isOriginOf(started.url);
      lockDownSession(electron.session.defaultSession, report);
      window = new electron.BrowserWindow({
        title: 'Lanepoint back office',
        ...deskWindow,
        // No preload: the page talks to its host over the bridge, as in a browser.
        webPreferences: secureWebPreferences({ devTools: options.devTools }),
      });
      const shown = window;
      shown.once('ready-to-show', () => shown.show());
      shown.on('closed', () => (window = undefined));
      shown
        .loadURL(started.url)
        .catch((error: unknown) =>
          report({ err: error, url: describeOrigin(started?.url) }, 'electron: the back office page did not load'),
        );
    } catch (error) {
      electron.dialog.showErrorBox(
        'The Lanepoint back office cannot start',
        error instanceof Error ? error.message : String(error),
      );
      app.quit();
    }
  });
  return { ready, window: () => window };
}
