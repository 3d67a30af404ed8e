import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import type { BenchCase, MeasuredSlice } from './harness';
import { closeBrowserLane, startBrowserLane, type BrowserLane } from './browser-lane';

/** The customer display's page open on a training counter lane. */
interface CustomerScreen extends BrowserLane {
  readonly page: Page;
  lines: number;
}

async function customerScreen(): Promise<CustomerScreen> {
  const lane = await startBrowserLane({}, { customerDisplay: true });
  const page = await lane.browser.newPage({ viewport: { width: 1024, height: 600 } });
  await page.goto(lane.host.customerUrl!);
  await page.locator('.customer[data-step="idle"]').waitFor();
  return { ...lane, page, lines: 0 };
}

/**
 * Arms the page to say when it first paints the view numbered `seq` or later: a mutation
 * observer sees the display's `data-seq` change, and a task posted from the next animation frame
 * runs once that frame is painted. Resolves with that moment on the machine's wall clock
 * (`timeOrigin + now`), which the lane's process reads the same way.
 */
const armPaint = (seq: number) => `new Promise((resolve) => {
  const shown = () => Number(document.querySelector('.customer')?.getAttribute('data-seq') ?? -1) >= ${seq};
  const done = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.timeOrigin + performance.now()), 0));
  if (shown()) return done();
  const observer = new MutationObserver(() => {
    if (!shown()) return;
    observer.disconnect();
    done();
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
})`;

/**
 * One change of the lane's state (the cashier rings up one more line, or clears the order) to
 * the customer's page painting it: the lane's view worked out, the event over the bridge, the
 * page's render and paint.
 */
async function changePainted(context: unknown): Promise<MeasuredSlice> {
  const screen = context as CustomerScreen;
  const { core, page } = screen;
  const next = core.customerDisplay.view().seq + 1;
  const painted = page.evaluate<number>(armPaint(next));
  // The observer is armed before the change: wait for the page to have run the script.
  await page.evaluate('0');
  screen.lines = screen.lines >= 8 ? 0 : screen.lines + 1;
  const lines = Array.from({ length: screen.lines }, (_, i) => ({
    description: `Item ${i + 1}`,
    quantity: 1,
    unitMinor: 199 + i,
    taxMinor: 16,
  }));
  const changedAt = performance.timeOrigin + performance.now();
  core.customerDisplay.showOrder(lines, lines.length === 0 ? 1250 : null);
  return { measuredMs: (await painted) - changedAt };
}

export const customerDisplayBenchmarks: BenchCase[] = [
  {
    name: 'customer display: a lane state change painted on the customer page (target p95 <= 100 ms; p99 shown)',
    setup: customerScreen,
    run: changePainted,
    iterations: 100,
    teardown: closeBrowserLane,
  },
];
