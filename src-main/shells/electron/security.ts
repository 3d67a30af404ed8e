import type { Session, WebContents, WebPreferences } from './electron-api';
import { describeOrigin, isAppUrl } from './origin';

/** Where the shell reports what it refused; the core's logger once it is running. */
export type ReportRefusal = (fields: Record<string, unknown>, message: string) => void;

/**
 * The renderer's process settings: sandboxed, isolated, no Node anywhere (page, workers,
 * subframes), no webviews, no insecure content, no experimental web features. The preload is
 * the only code with any reach into the main process, and only through `window.pos`.
 */
export function secureWebPreferences(options: { preload?: string; devTools: boolean }): WebPreferences {
  return {
    ...(options.preload ? { preload: options.preload } : {}),
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    // A file dropped on the window would otherwise replace the app with that file.
    navigateOnDragDrop: false,
    // Chromium's spellchecker downloads dictionaries from Google: a network call nobody asked for.
    spellcheck: false,
    // A page looping on alert() would otherwise lock a kiosk.
    safeDialogs: true,
    devTools: options.devTools,
  };
}

/**
 * Closes the ways a page could leave the app: no new windows, no navigation or redirect of any
 * frame to another origin, no webviews. Applied to every WebContents the app ever creates.
 * `openedByShell` may take a window.open's URL and open it itself (training's phone window);
 * the page's own request is denied either way, so no page ever chooses a window's settings.
 */
export function hardenWebContents(
  contents: WebContents,
  report: ReportRefusal,
  isOwnUrl: (url: string) => boolean = isAppUrl,
  openedByShell: (url: string) => boolean = () => false,
): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (openedByShell(url)) return { action: 'deny' };
    report({ url: describeOrigin(url) }, 'electron: denied window.open');
    return { action: 'deny' };
  });
  const guard = (event: { preventDefault(): void; url: string }, how: string) => {
    if (isOwnUrl(event.url)) return;
    event.preventDefault();
    report({ url: describeOrigin(event.url), how }, 'electron: blocked navigation away from the app');
  };
  contents.on('will-navigate', (event) => guard(event, 'navigate'));
  // Subframes navigate without 'will-navigate'; the CSP forbids frames, this covers a gap in it.
  contents.on('will-frame-navigate', (event) => guard(event, 'frame-navigate'));
  contents.on('will-redirect', (event) => guard(event, 'redirect'));
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    report({}, 'electron: blocked a webview');
  });
}

/**
 * The terminal asks the OS for nothing through the browser: every permission request, check
 * and device (HID, serial, USB) grant is refused, since devices are driven from the main
 * process. Downloads are refused too: a save dialog would be a way out of the kiosk.
 */
export function lockDownSession(session: Session, report: ReportRefusal): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    report({ permission }, 'electron: denied a permission request');
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  session.on('will-download', (event) => {
    event.preventDefault();
    report({}, 'electron: blocked a download');
  });
}
