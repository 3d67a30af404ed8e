import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { builtRendererDir } from '../src-main/shells/cli/paths';
import { bootCore } from '../src-main/lane/core/boot';
import type { Core } from '../src-main/lane/core/core';
import { laneCustomerDisplay } from '../src-main/shells/cli/host-command';
import { startHost, type RunningHost } from '../src-main/shells/host/server';
import { createLogger } from '../src-main/platform/log/logger';
import { chromiumInstallHint, findChromium, launchChromium } from '../test/e2e/support/chromium';
import { laneTraining } from '../src-main/shells/training/lane-training';

/** A lane served in browser mode from the built renderer, with Chromium to measure its screens in. */
export interface BrowserLane {
  readonly core: Core;
  readonly host: RunningHost;
  readonly browser: Browser;
}

/**
 * Boots a lane in a fresh app-data folder (`env` adds LANEPOINT_* settings), serves it (with the
 * customer display's page when `customerDisplay`), and launches Chromium.
 */
export async function startBrowserLane(
  env: Record<string, string> = {},
  { customerDisplay = false } = {},
): Promise<BrowserLane> {
  const chromium = findChromium();
  if (!chromium) throw new Error(chromiumInstallHint);
  const { core } = bootCore({
    training: laneTraining,
    shell: 'browser',
    env: { LANEPOINT_HOME: mkdtempSync(join(tmpdir(), 'lanepoint-bench-')), ...env },
    logger: createLogger({ level: 'silent' }),
  });
  const host = await startHost({
    core,
    port: 0,
    rendererDir: builtRendererDir,
    ...(customerDisplay ? { customerDisplay: laneCustomerDisplay(core) } : {}),
  });
  return { core, host, browser: await launchChromium(chromium) };
}

/** A bench case's teardown for a `BrowserLane` context: the browser, then the host, then the lane. */
export async function closeBrowserLane(context: unknown): Promise<void> {
  const { browser, host, core } = context as BrowserLane;
  await browser.close();
  await host.close();
  await core.close();
}
