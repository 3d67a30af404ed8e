/**
 * What the pay page's script uses of its browser window, passed in so the tests drive it in
 * jsdom with a fake service and timers they run by hand (no waiting in real time).
 */
export interface PayPageWindow {
  readonly document: Document;
  /** The page's own path, `/pay/<id>`: the status and the payment go to it. */
  readonly path: string;
  readonly fetch: (url: string, init?: RequestInit) => Promise<Response>;
  /** Runs `run` once after `ms` (the browser's setTimeout). */
  readonly later: (run: () => void, ms: number) => void;
}

/** The real window's. */
export function browserWindow(): PayPageWindow {
  return {
    document,
    path: location.pathname,
    fetch: (url, init) => fetch(url, init),
    later: (run, ms) => {
      setTimeout(run, ms);
    },
  };
}

/** The link's address from the page's path: its URL without a trailing slash. */
export const linkBase = (path: string): string => path.replace(/\/$/, '');
