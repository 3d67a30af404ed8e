import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { builtRendererDir } from '../src-main/cli/paths';
import { bootCore } from '../src-main/core/boot';
import type { Core } from '../src-main/core/core';
import { startHost, type RunningHost } from '../src-main/host/server';
import { createLogger } from '../src-main/log/logger';
import { chromiumInstallHint, findChromium, launchChromium } from '../test/e2e/support/chromium';
import type { BenchCase, BenchResult, MeasuredSlice } from './harness';

/**
 * Issue 9's rows: the counter screen's cold load in Chromium, and the size of the renderer's
 * JavaScript as a browser downloads it (gzipped). Both read the built renderer (`npm run build`).
 */
interface Counter {
  core: Core;
  host: RunningHost;
  browser: Browser;
}

async function setup(): Promise<Counter> {
  const chromium = findChromium();
  if (!chromium) throw new Error(chromiumInstallHint);
  const appDataDir = mkdtempSync(join(tmpdir(), 'lanepoint-bench-'));
  const { core } = bootCore({
    shell: 'browser',
    env: { LANEPOINT_HOME: appDataDir },
    logger: createLogger({ level: 'silent' }),
  });
  const host = await startHost({ core, port: 0, rendererDir: builtRendererDir });
  return { core, host, browser: await launchChromium(chromium) };
}

/**
 * From navigation to the first screen being usable: the page loaded, connected to the terminal
 * over the bridge, and the sign-in form on screen with its field focused. A fresh browser
 * context each time, so nothing is cached.
 */
async function coldLoad(context: unknown): Promise<MeasuredSlice> {
  const { browser, host } = context as Counter;
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
    setup,
    run: coldLoad,
    iterations: 30,
    async teardown(context) {
      const { browser, host, core } = context as Counter;
      await browser.close();
      await host.close();
      await core.close();
    },
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
