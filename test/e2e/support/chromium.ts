import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Flags for a closed network and a root user: no sandbox, no GPU, no background traffic. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export const chromiumInstallHint =
  'Chromium not found: install it with "apt-get install chromium-headless-shell" (or chromium, or set CHROME_PATH); ' +
  'end-to-end tests are skipped locally and always run in CI.';

/**
 * Debian's headless shell: the same Blink that lays out and paints the pages, without the
 * desktop browser around it (Playwright's own default for headless Chromium). The binary, not
 * /usr/bin/chromium-headless-shell, a shell script that would stand between Playwright and it.
 */
export const debianHeadlessShell = '/usr/lib/chromium/chromium-headless-shell';

/**
 * Finds a Chromium: CHROME_PATH, then Debian's headless shell, then Debian's full browser, then
 * a browser Playwright manages itself. Returns null when there is none. The shell first: the
 * end-to-end suite spends about a quarter less CPU in it than in the full browser (on two cores,
 * 578 s against 730 s), and renders the same screens.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates = [env.CHROME_PATH, debianHeadlessShell, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // playwright-core knows no managed browser on this platform; the list above stands.
  }
  return candidates.find((path): path is string => Boolean(path && existsSync(path))) ?? null;
}

/**
 * The Chromium to test with. In CI a missing browser fails the run loudly instead of letting
 * the end-to-end tests pass by skipping.
 */
export function chromiumForTests(): string | null {
  const path = findChromium();
  if (!path && process.env.CI) throw new Error(`CI must run the end-to-end tests. ${chromiumInstallHint}`);
  return path;
}

/** Where every page's received bridge frames are kept, for the card-data scan that closes `npm test`. */
export const pageEventsDir = join(process.cwd(), 'test-results', 'page-events');
/**
 * Keeps every WebSocket frame each page of `browser` receives (the events and replies the host
 * sent it), and writes them to one file under test-results/page-events/ when the browser closes:
 * the card-data scan then reads what every screen was told, not only what the suites wrote.
 */
export function recordPageFrames(browser: Browser): Browser {
  const frames: string[] = [];
  const watched = new WeakSet<Page>();
  const watch = (page: Page) => {
    if (watched.has(page)) return;
    watched.add(page);
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) =>
        frames.push(typeof payload === 'string' ? payload : payload.toString('utf8')),
      ),
    );
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on('page', watch);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    watch(page);
    return page;
  };
  // Test files may run one after another in one worker process: the name is unique anyway.
  const file = join(pageEventsDir, `frames-${randomUUID()}.jsonl`);
  const close = browser.close.bind(browser);
  browser.close = async (options) => {
    mkdirSync(pageEventsDir, { recursive: true });
    writeFileSync(file, frames.join('\n'));
    return close(options);
  };
  return browser;
}

/**
 * Launches Chromium, keeping what its pages receive unless `recordFrames` is false: watching
 * frames slows their delivery, which a test of a reader's keystroke timing cannot afford.
 */
export async function launchChromium(
  executablePath: string,
  options: { recordFrames?: boolean } = {},
): Promise<Browser> {
  const browser = await chromium.launch({ executablePath, headless: true, args: chromiumArgs });
  return options.recordFrames === false ? browser : recordPageFrames(browser);
}

let shared: Promise<Browser> | undefined;

/**
 * One Chromium for a whole test file, frames recorded: launching one costs about a second on a
 * two-core machine, and the suite's tests used to launch one each. Tests stay independent by
 * each using contexts of their own (a context has its own storage, cookies and pages, as a
 * fresh profile does) and closing them all when done (`closeContexts`). The file closes the
 * browser with `closeSharedChromium` after its last test.
 */
export function sharedChromium(executablePath: string): Promise<Browser> {
  const launching = (shared ??= launchChromium(executablePath));
  return launching.then(
    (browser) => {
      if (browser.isConnected()) return browser;
      // It crashed or was closed under a test: the next test gets a new one.
      if (shared === launching) shared = undefined;
      return sharedChromium(executablePath);
    },
    (error: unknown) => {
      if (shared === launching) shared = undefined;
      throw error;
    },
  );
}

/** Closes every context of `browser` (and their pages): what one test opened in the shared browser. */
export async function closeContexts(browser: Browser): Promise<void> {
  await Promise.all(browser.contexts().map((context) => context.close()));
}

/** Closes the shared browser, writing its pages' frames for the card-data scan. */
export async function closeSharedChromium(): Promise<void> {
  const launching = shared;
  shared = undefined;
  const browser = await launching?.catch(() => undefined);
  if (browser?.isConnected()) await browser.close();
}
