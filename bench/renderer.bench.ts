import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import { builtRendererDir } from '../src-main/shells/cli/paths';
import { closeBrowserLane, startBrowserLane, type BrowserLane } from './browser-lane';
import type { BenchCase, BenchResult, MeasuredSlice } from './harness';

/**
 * Issue 9's rows: the counter screen's cold load in Chromium, and the size of the renderer's
 * JavaScript as a browser downloads it (gzipped). Both read the built renderer (`npm run build`).
 */
/**
 * Records, in the page, when the cashier field first takes focus (ms since navigation start).
 * Page scripts are plain text: the bench runs through a TypeScript loader that would wrap a
 * function's inner names in a helper the page does not have.
 */
const recordFirstFocus = `
  document.addEventListener('focusin', (event) => {
    if (event.target && event.target.id === 'cashier-id' && window.firstFocusMs === undefined)
      window.firstFocusMs = performance.now();
  }, { capture: true });
`;

/**
 * From navigation to the first screen being usable: the page loaded, connected to the terminal
 * over the bridge, and the sign-in form on screen with its field focused. A fresh browser
 * context each time, so nothing is cached. `inPage`: timed by the page's own clock from its
 * navigation start (Navigation Timing's origin) to the field's focus; otherwise by the driver,
 * from before it asks for the page to its polling seeing the focus (the new context's process
 * and the polling are in that figure).
 */
function coldLoad(inPage: boolean) {
  return async (context: unknown): Promise<MeasuredSlice> => {
    const { browser, host } = context as BrowserLane;
    const page = await browser.newContext().then((browserContext) => browserContext.newPage());
    await page.addInitScript({ content: recordFirstFocus });
    const started = performance.now();
    await page.goto(host.url);
    await page.locator('#cashier-id:focus').waitFor();
    const drivenMs = performance.now() - started;
    const focusedMs = await page.evaluate<number | undefined>('window.firstFocusMs');
    await page.context().close();
    if (focusedMs === undefined) throw new Error('the cashier field took focus without the page seeing it');
    return { measuredMs: inPage ? focusedMs : drivenMs };
  };
}

export const rendererBenchmarks: BenchCase[] = [
  {
    name: 'renderer: cold load of the counter, navigation to interactive, timed in the page (target < 500 ms)',
    setup: () => startBrowserLane(),
    run: coldLoad(true),
    iterations: 30,
    teardown: closeBrowserLane,
  },
  {
    name: 'renderer: cold load of the counter as the test driver sees it (new context and polling included)',
    setup: () => startBrowserLane(),
    run: coldLoad(false),
    iterations: 30,
    teardown: closeBrowserLane,
  },
];

/** The renderer's JavaScript, every built file gzipped as a server would send it. */
export function rendererSize(): BenchResult[] {
  const assets = join(builtRendererDir, 'assets');
  const files = readdirSync(assets).filter((name) => name.endsWith('.js'));
  const bytes = files.reduce((sum, name) => sum + gzipSync(readFileSync(join(assets, name)), { level: 9 }).length, 0);
  return [
    {
      name: 'renderer: JavaScript gzipped (target < 300 KB)',
      samples: files.length,
      opsPerSecond: 0,
      meanMs: 0,
      p50Ms: 0,
      p99Ms: 0,
      note: `${(bytes / 1024).toFixed(1)} KB in ${files.length} file${files.length === 1 ? '' : 's'}`,
    },
  ];
}

type Counter = BrowserLane & { readonly page: Page };

/** A training counter signed in as the trainee, waiting for an amount. */
async function signedInCounter(): Promise<Counter> {
  const lane = await startBrowserLane({ LANEPOINT_TRAINING: '1' });
  const page = await lane.browser.newPage();
  await page.goto(lane.host.url);
  await page.getByRole('button', { name: /^Trainee \(/ }).click();
  await page.keyboard.press('Enter');
  await page.getByTestId('sale-amount').waitFor();
  return { ...lane, page };
}

/**
 * Arms the page to time itself: from the Insert button's `click` event (what the app reacts to;
 * its `timeStamp` is on the page's own clock) to the frame that first shows "Approved" (a
 * mutation observer sees the headline change; a task posted from the next animation frame runs
 * once that frame is painted). Resolves with the milliseconds between the two.
 */
const armPaintTimer = `new Promise((resolve) => {
  let clickedAt;
  const approved = () => {
    const headline = document.querySelector('[data-testid="sale-headline"]');
    return headline !== null && headline.textContent.includes('Approved');
  };
  window.addEventListener('click', (event) => {
    if (event.target && event.target.closest && event.target.closest('[data-testid="deck-visa-approve-insert"]'))
      clickedAt = event.timeStamp;
  }, { capture: true });
  const observer = new MutationObserver(() => {
    if (clickedAt === undefined || !approved()) return;
    observer.disconnect();
    const from = clickedAt;
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - from), 0));
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
})`;

/** Keys 12.00 and waits for the card prompt: the sale ready for the Insert. */
async function readyForCard(page: Page): Promise<void> {
  for (const digit of '1200') await page.keyboard.press(digit);
  await page.keyboard.press('Enter');
  await page.getByText('Insert, tap or swipe the card').waitFor();
}

/** Back to a new sale, outside the timing. */
async function nextSale(page: Page): Promise<void> {
  await page.getByTestId('new-sale').click();
  await page.getByTestId('sale-amount').waitFor();
}

/**
 * From the emulated card's Insert to "Approved" painted, in training, timed by the page itself:
 * the bridge, the authorization, the journal and the render, as the cashier sees them. The
 * test driver's own time (its click's actionability checks, its polling for the text) is not in
 * it; the next row shows the same sale as the driver sees it.
 */
async function insertToApprovedPainted(context: unknown): Promise<MeasuredSlice> {
  const { page } = context as Counter;
  await readyForCard(page);
  const painted = page.evaluate<number>(armPaintTimer);
  await page.getByTestId('deck-visa-approve-insert').click();
  const measuredMs = await painted;
  await page.getByTestId('sale-headline').getByText('Approved').waitFor();
  await nextSale(page);
  return { measuredMs };
}

/**
 * The same sale timed from outside, by the test driver: its click (scrolling, stability and
 * hit-target checks over animation frames) and its polling for "Approved" (at 0, 20, 70 and
 * 170 ms) are in the figure. No target: it shows what the driver adds.
 */
async function insertToApprovedAsDriven(context: unknown): Promise<MeasuredSlice> {
  const { page } = context as Counter;
  await readyForCard(page);
  const started = performance.now();
  await page.getByTestId('deck-visa-approve-insert').click();
  await page.getByTestId('sale-headline').getByText('Approved').waitFor();
  const measuredMs = performance.now() - started;
  await nextSale(page);
  return { measuredMs };
}

rendererBenchmarks.push(
  {
    name: 'renderer: Insert -> "Approved" painted, training counter, timed in the page (target p50 <= 50 ms)',
    setup: signedInCounter,
    run: insertToApprovedPainted,
    iterations: 30,
    teardown: closeBrowserLane,
  },
  {
    name: 'renderer: Insert -> "Approved" as the test driver sees it (its click checks and polling included)',
    setup: signedInCounter,
    run: insertToApprovedAsDriven,
    iterations: 30,
    teardown: closeBrowserLane,
  },
);
