import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { builtRendererDir } from '../src-main/cli/paths';
import { bootCore } from '../src-main/core/boot';
import type { Core } from '../src-main/core/core';
import { startHost, type RunningHost } from '../src-main/host/server';
import { createLogger } from '../src-main/log/logger';
import { chromiumInstallHint, findChromium, launchChromium } from '../test/e2e/support/chromium';
import type { BenchCase, MeasuredSlice } from './harness';

/**
 * Issue 20's row: a kiosk customer touches the welcome screen, and the basket is ready: the
 * screen shows the empty basket's total and the catalogue's tiles to pick from. Measured in
 * Chromium on a training kiosk, from the touch to both on screen; the visit is abandoned
 * between runs (on the kiosk service directly, outside the timing) so each starts at welcome.
 */
interface Kiosk {
  readonly core: Core;
  readonly host: RunningHost;
  readonly browser: Browser;
  readonly page: Page;
}

async function setup(): Promise<Kiosk> {
  const chromium = findChromium();
  if (!chromium) throw new Error(chromiumInstallHint);
  const { core } = bootCore({
    shell: 'browser',
    env: {
      LANEPOINT_HOME: mkdtempSync(join(tmpdir(), 'lanepoint-bench-kiosk-')),
      LANEPOINT_MODE: 'kiosk',
      LANEPOINT_TRAINING: '1',
    },
    logger: createLogger({ level: 'silent' }),
  });
  const host = await startHost({ core, port: 0, rendererDir: builtRendererDir });
  const browser = await launchChromium(chromium);
  const page = await browser.newPage({ viewport: { width: 1080, height: 1920 } });
  await page.goto(host.url);
  return { core, host, browser, page };
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
    async teardown(context) {
      const { browser, host, core } = context as Kiosk;
      await browser.close();
      await host.close();
      await core.close();
    },
  },
];
