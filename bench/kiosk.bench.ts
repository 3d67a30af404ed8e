import type { Page } from 'playwright-core';
import { closeBrowserLane, startBrowserLane, type BrowserLane } from './browser-lane';
import type { BenchCase, MeasuredSlice } from './harness';

/**
 * Issue 20's row: a kiosk customer touches the welcome screen, and the basket is ready: the
 * screen shows the empty basket's total and the catalogue's tiles to pick from. Measured in
 * Chromium on a training kiosk, from the touch to both on screen; the visit is abandoned
 * between runs (on the kiosk service directly, outside the timing) so each starts at welcome.
 */
type Kiosk = BrowserLane & { readonly page: Page };

async function setup(): Promise<Kiosk> {
  const lane = await startBrowserLane({ LANEPOINT_MODE: 'kiosk', LANEPOINT_TRAINING: '1' });
  const page = await lane.browser.newPage({ viewport: { width: 1080, height: 1920 } });
  await page.goto(lane.host.url);
  return { ...lane, page };
}

async function welcomeToBasket(context: unknown): Promise<MeasuredSlice> {
  const { core, page } = context as Kiosk;
  const welcome = page.getByTestId('kiosk-welcome');
  await welcome.waitFor();
  const started = performance.now();
  await welcome.click();
  await page.getByTestId('basket-totals').waitFor();
  await page.locator('[data-testid^="tile-"]').first().waitFor();
  const measuredMs = performance.now() - started;
  await core.kiosk.abandon('staff');
  return { measuredMs };
}

export const kioskBenchmarks: BenchCase[] = [
  {
    name: 'kiosk: welcome touched to basket ready (total and catalogue on screen), Chromium',
    setup,
    run: welcomeToBasket,
    iterations: 30,
    teardown: closeBrowserLane,
  },
];
