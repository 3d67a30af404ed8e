import type { Logger } from '../log/logger';
import type { Session, WebContents, WebPreferences } from './electron-api';
import { isAppUrl } from './origin';

/**
 * The renderer's process settings: sandboxed, isolated, no Node, no webviews, no insecure
 * content. Kiosk windows also lose their developer tools.
 */
export function secureWebPreferences(options: { preload: string; devTools: boolean }): WebPreferences {
  return {
    preload: options.preload,
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    safeDialogs: true,
    devTools: options.devTools,
  };
}

/**
 * Closes the ways a page could leave the app: no new windows, no navigation or redirect to
 * another origin, no webviews. Applied to every WebContents the app ever creates.
 */
export function hardenWebContents(contents: WebContents, logger: Logger): void {
  contents.setWindowOpenHandler(({ url }) => {
    logger.warn({ url: safeUrl(url) }, 'electron: denied window.open');
    return { action: 'deny' };
  });
  const guard = (event: { preventDefault(): void; url?: string }, url?: string) => {
    const target = event.url ?? url;
    if (isAppUrl(target)) return;
    event.preventDefault();
    logger.warn({ url: safeUrl(target) }, 'electron: blocked navigation away from the app');
  };
  contents.on('will-navigate', guard);
  contents.on('will-frame-navigate', (event) => guard(event));
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    logger.warn('electron: blocked a webview');
  });
}

/** The terminal asks the OS for nothing through the browser: every permission is refused. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

/** Logs only the origin of a refused URL: a query string could carry anything. */
function safeUrl(url: string | undefined): string {
  if (!url) return '(none)';
  try {
    return new URL(url).origin;
  } catch {
    return '(unparseable)';
  }
}
