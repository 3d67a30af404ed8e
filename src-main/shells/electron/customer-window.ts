import type { CustomerDisplay } from '../../lane/customer-display/customer-display';
import type { CommandCaller } from '../../lane/ipc/dispatcher';
import type { BrowserWindow, Display, ElectronApi, Rectangle, WebContents } from './electron-api';
import { windowCaller } from './ipc';
import { customerEntryUrl } from './origin';
import { secureWebPreferences } from './security';
import { isKioskEscapeKey } from './windows';

/** The customer window's role: the dispatcher and the event forwarding hold it to the customer's view. */
export const customerDisplayRole = 'customer-display' satisfies CommandCaller['role'];

/** Where the customer window goes, or why there is none. */
export type CustomerPlacement<D> = { readonly display: D } | { readonly display: null; readonly reason: string };

/**
 * Picks the customer's display (pure): the display whose id is `displayId` when it is connected,
 * or, with `displayId` null, the first display that is not the primary one (the cashier's), and
 * the one the window is on (`currentId`) for as long as that one qualifies, so a display added
 * or rearranged does not move it. A chosen display that is unplugged is waited for, never
 * replaced by another; and the customer window never covers the cashier's screen, even when
 * the setting names the primary display.
 */
export function placeCustomerWindow<D extends Pick<Display, 'id'>>(
  displays: readonly D[],
  primaryId: number,
  displayId: number | null,
  currentId?: number,
): CustomerPlacement<D> {
  if (displayId === null) {
    const other =
      displays.find((display) => display.id === currentId && display.id !== primaryId) ??
      displays.find((display) => display.id !== primaryId);
    return other ? { display: other } : { display: null, reason: 'only the cashier\u2019s display is connected' };
  }
  if (displayId === primaryId)
    return {
      display: null,
      reason: `customerDisplay.displayId ${displayId} is the primary display, where the cashier\u2019s window is`,
    };
  const chosen = displays.find((display) => display.id === displayId);
  return chosen
    ? { display: chosen }
    : { display: null, reason: `display ${displayId} (customerDisplay.displayId) is not connected` };
}

/** What the customer window needs of the lane. */
export interface CustomerWindowLane {
  readonly customerDisplay: Pick<CustomerDisplay, 'connect'>;
  readonly logger: {
    info(fields: Record<string, unknown>, message: string): void;
    warn(fields: Record<string, unknown>, message: string): void;
  };
}

export interface CustomerWindowOptions {
  /** The bundled CommonJS preload: the customer page reaches the lane through `window.pos` too. */
  readonly preload: string;
  /** `customerDisplay.displayId` from the settings. */
  readonly displayId: number | null;
  readonly lane: CustomerWindowLane;
  /**
   * Told when a customer window opens (to trust its WebContents in the customer role, forward it
   * events and route its keys); returns what to undo when the window is gone.
   */
  readonly onOpen: (window: BrowserWindow) => () => void;
  /** Told when the page fails to load (a missing build, a blocked redirect). */
  readonly onLoadError: (error: unknown) => void;
}

export interface CustomerWindow {
  /** The open customer window, if a customer display is connected. */
  window(): BrowserWindow | undefined;
  /** Closes the window and stops following the displays (the lane's own window closed). */
  stop(): void;
}

type ScreenEvent = Parameters<Parameters<ElectronApi['screen']['on']>[1]>[0];

/**
 * Keeps the customer window on the customer's display: opened there when the display is
 * connected, closed when it is unplugged (the lane then asks the customer at the counter, since
 * no customer display is connected), opened again when it comes back, and kept filling it when
 * its size, scale or rotation changes. Electron's `screen` is read only after `ready`.
 */
export function startCustomerWindow(
  electron: Pick<ElectronApi, 'BrowserWindow' | 'screen'>,
  options: CustomerWindowOptions,
): CustomerWindow {
  const { screen } = electron;
  const { logger } = options.lane;
  let window: BrowserWindow | undefined;
  let placedOn: { id: number; bounds: Rectangle } | undefined;
  /** Why there was no customer window last time it was looked for; said once until that changes. */
  let saidWhy: string | null = null;
  let stopped = false;

  const open = (display: Display) => {
    const opened = createCustomerWindow(electron, display, options.preload, options.onLoadError);
    window = opened;
    placedOn = { id: display.id, bounds: { ...display.bounds } };
    saidWhy = null;
    logger.info({ displayId: display.id, bounds: display.bounds }, 'electron: customer window opened');
    const contents = opened.webContents;
    const undo = options.onOpen(opened);
    const release = countConnection(contents, () =>
      options.lane.customerDisplay.connect(windowCaller(contents.id).source),
    );
    opened.once('closed', () => {
      release();
      undo();
      if (window === opened) {
        window = undefined;
        placedOn = undefined;
      }
    });
  };

  const close = (why: string) => {
    const closing = window;
    if (!closing) return;
    logger.info({ displayId: placedOn?.id, why }, 'electron: customer window closed');
    window = undefined;
    placedOn = undefined;
    if (!closing.isDestroyed()) closing.close();
  };

  /** Puts the window where the displays now say, given the displays as they are now. */
  const follow = (displays: readonly Display[]) => {
    if (stopped) return;
    const placement = placeCustomerWindow(displays, screen.getPrimaryDisplay().id, options.displayId, placedOn?.id);
    if (!placement.display) {
      if (window) close(placement.reason);
      else if (saidWhy !== placement.reason) {
        saidWhy = placement.reason;
        // Each display's id and size, so store IT can name the customer's in customerDisplay.displayId.
        logger.warn(
          { displayId: options.displayId, displays: displays.map(({ id, bounds }) => ({ id, bounds })) },
          `electron: no customer window: ${placement.reason}`,
        );
      }
      return;
    }
    const display = placement.display;
    if (window && placedOn?.id !== display.id) close(`display ${display.id} is now the customer\u2019s`);
    if (!window) return open(display);
    if (!sameBounds(placedOn?.bounds, display.bounds)) {
      placedOn = { id: display.id, bounds: { ...display.bounds } };
      window.setBounds(display.bounds);
      window.setFullScreen(true);
    }
  };

  // Electron may or may not have updated its list when it tells of a change: the event's display wins.
  const onAdded = (_event: ScreenEvent, added: Display) =>
    follow([...screen.getAllDisplays().filter((display) => display.id !== added.id), added]);
  const onRemoved = (_event: ScreenEvent, removed: Display) =>
    follow(screen.getAllDisplays().filter((display) => display.id !== removed.id));
  const onChanged = (_event: ScreenEvent, changed: Display) =>
    follow(screen.getAllDisplays().map((display) => (display.id === changed.id ? changed : display)));
  screen.on('display-added', onAdded);
  screen.on('display-removed', onRemoved);
  screen.on('display-metrics-changed', onChanged);
  follow(screen.getAllDisplays());

  return {
    window: () => window,
    stop() {
      if (stopped) return;
      stopped = true;
      screen.off('display-added', onAdded);
      screen.off('display-removed', onRemoved);
      screen.off('display-metrics-changed', onChanged);
      close('the lane\u2019s window closed');
    },
  };
}

/**
 * The customer's window: frameless, full screen on `display`, no menu, no developer tools, the
 * lane's hardened web preferences, and the reload and developer-tools keys swallowed. It is
 * shown without taking the focus, so the cashier's keys (and a keyboard-mode reader) stay on
 * the cashier's window.
 */
export function createCustomerWindow(
  electron: Pick<ElectronApi, 'BrowserWindow'>,
  display: Pick<Display, 'bounds'>,
  preload: string,
  onLoadError: (error: unknown) => void,
): BrowserWindow {
  const window = new electron.BrowserWindow({
    title: 'Lanepoint customer display',
    ...display.bounds,
    fullscreen: true,
    frame: false,
    autoHideMenuBar: true,
    minimizable: false,
    maximizable: false,
    movable: false,
    // The cashier's taskbar shows the lane's own window only.
    skipTaskbar: true,
    show: false,
    backgroundColor: '#f4f6f8',
    webPreferences: secureWebPreferences({ preload, devTools: false }),
  });
  window.removeMenu();
  window.webContents.on('before-input-event', (event, input) => {
    if (isKioskEscapeKey(input)) event.preventDefault();
  });
  // devTools: false already stops them; this is the second lock should anything open them.
  window.webContents.on('devtools-opened', () => window.webContents.closeDevTools());
  window.once('ready-to-show', () => window.showInactive());
  // A rejected loadURL left unhandled would crash the main process; report it instead.
  window.loadURL(customerEntryUrl).catch(onLoadError);
  return window;
}

type ConnectionContents = Pick<WebContents, 'on' | 'once'>;

/**
 * Counts the window's page as one connected customer display while it is loaded: connected when
 * a page has finished loading, released when the page navigates or reloads (so a reload counts
 * once), when its renderer is gone, and when the contents are destroyed. Returns the release.
 */
export function countConnection(contents: ConnectionContents, connect: () => () => void): () => void {
  let release: (() => void) | null = null;
  const drop = () => {
    const releasing = release;
    release = null;
    releasing?.();
  };
  contents.on('did-start-navigation', (details) => {
    if (details.isMainFrame && !details.isSameDocument) drop();
  });
  contents.on('did-finish-load', () => {
    drop();
    release = connect();
  });
  contents.on('render-process-gone', drop);
  contents.once('destroyed', drop);
  return drop;
}

function sameBounds(a: Rectangle | undefined, b: Rectangle): boolean {
  return !!a && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}
