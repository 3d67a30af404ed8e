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
 * From navigation to the first screen being usable: the page loaded, connected to the terminal
 * over the bridge, and the sign-in form on screen with its field focused. A fresh browser
 * context each time, so nothing is cached.
 */
async function coldLoad(context: unknown): Promise<MeasuredSlice> {
  const { browser, host } = context as BrowserLane;
  const page = await browser.newContext().then((browserContext) => browserContext.newPage());
  const started = performance.now();
  await page.goto(host.url);
  await page.locator('#cashier-id:focus').waitFor();
  const measuredMs = performance.now() - started;
  await page.context().close();
  return { measuredMs };
}

export const rendererBenchmarks: BenchCase[] = [
  {
    name: 'renderer: cold load of the counter, navigation to interactive (target < 500 ms)',
    setup: () => startBrowserLane(),
    run: coldLoad,
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
 * From the emulated card's Insert to "Approved" on screen, in training: the authorization, the
 * journal, the receipts the screen waits for, the bridge and the paint. The amount is keyed and
 * the next sale started outside the timing.
 */
async function insertToApproved(context: unknown): Promise<MeasuredSlice> {
  const { page } = context as Counter;
  for (const digit of '1200') await page.keyboard.press(digit);
  await page.keyboard.press('Enter');
  await page.getByText('Insert, tap or swipe the card').waitFor();
  const started = performance.now();
  await page.getByTestId('deck-visa-approve-insert').click();
  await page.getByTestId('sale-headline').getByText('Approved').waitFor();
  const measuredMs = performance.now() - started;
  await page.getByTestId('new-sale').click();
  await page.getByTestId('sale-amount').waitFor();
  return { measuredMs };
}

rendererBenchmarks.push({
  name: 'renderer: Insert -> "Approved" painted, training counter (target p50 <= 50 ms)',
  setup: signedInCounter,
  run: insertToApproved,
  iterations: 30,
  teardown: closeBrowserLane,
});
