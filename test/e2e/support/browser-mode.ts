import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { bootCore } from '../../../src-main/lane/core/boot';
import type { Clock } from '../../../src-main/platform/clock';
import type { Core } from '../../../src-main/lane/core/core';
import { builtRendererDir } from '../../../src-main/shells/cli/paths';
import { laneCustomerDisplay } from '../../../src-main/shells/cli/host-command';
import { startHost, type RunningHost } from '../../../src-main/shells/host/server';
import { collectingLogger } from '../../support/test-core';
import { chromiumForTests, chromiumInstallHint, closeContexts, launchChromium, sharedChromium } from './chromium';
import { laneTraining } from '../../../src-main/shells/training/lane-training';

export const screenshotDir = join(process.cwd(), 'test-results');

/** Saves a full-page PNG under test-results/ for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

export interface BrowserModeSession {
  readonly core: Core;
  readonly host: RunningHost;
  readonly browser: Browser;
  readonly page: Page;
  readonly logLines: string[];
  readonly appDataDir: string;
  close(): Promise<void>;
}

/**
 * A fresh terminal in browser mode: its own app-data folder (so every test is a fresh
 * install), the real core and host on a free port, and a Chromium page in a context of its own
 * (its own storage, as a fresh browser profile), in the file's shared Chromium.
 */
export async function openBrowserMode(
  executablePath: string,
  env: NodeJS.ProcessEnv = {},
  viewport = { width: 1280, height: 800 },
  settings?: object,
  recordFrames = true,
  clock?: Clock,
  customerDisplay = false,
): Promise<BrowserModeSession> {
  const appDataDir = mkdtempSync(join(tmpdir(), 'lanepoint-e2e-'));
  if (settings) writeFileSync(join(appDataDir, 'settings.json'), JSON.stringify(settings));
  const { logger, lines } = collectingLogger();
  const { core } = bootCore({
    training: laneTraining,
    shell: 'browser',
    env: { ...env, LANEPOINT_HOME: appDataDir },
    logger,
    ...(clock ? { clock } : {}),
  });
  const host = await startHost({
    core,
    port: 0,
    rendererDir: builtRendererDir,
    ...(customerDisplay ? { customerDisplay: laneCustomerDisplay(core) } : {}),
  });
  // A test that must not have its frames recorded (keystroke timing) gets a browser of its own.
  const browser = recordFrames
    ? await sharedChromium(executablePath)
    : await launchChromium(executablePath, { recordFrames });
  const page = await browser.newPage({ viewport });
  return {
    core,
    host,
    browser,
    page,
    logLines: lines,
    appDataDir,
    async close() {
      if (recordFrames) await closeContexts(browser);
      else await browser.close();
      await host.close();
      await core.close();
      rmSync(appDataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `body` against a fresh browser-mode terminal and always closes it afterwards. */
export async function withBrowserMode(
  executablePath: string,
  options: {
    env?: NodeJS.ProcessEnv;
    viewport?: { width: number; height: number };
    settings?: object;
    recordFrames?: boolean;
    /** The lane's clock (its built-in tokenizer keeps it too), for a test that moves time. */
    clock?: Clock;
    /** The host serves the customer display's page (`host.customerUrl`), as `lanepoint host` does for a counter. */
    customerDisplay?: boolean;
  },
  body: (session: BrowserModeSession) => Promise<void>,
): Promise<void> {
  const session = await openBrowserMode(
    executablePath,
    options.env,
    options.viewport,
    options.settings,
    options.recordFrames,
    options.clock,
    options.customerDisplay,
  );
  try {
    await body(session);
  } catch (error) {
    await keepFailedScreen(session.page);
    keepFailedLog(session.logLines);
    throw error;
  } finally {
    await session.close();
  }
}

/**
 * The screen as it stood when a test failed, under test-results/failed-<test>.png, and its words
 * in the log: what a person would have seen is the first thing to read about a failure.
 */
async function keepFailedScreen(page: Page): Promise<void> {
  const name = (expect.getState().currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  try {
    await page.screenshot({ path: join('test-results', `failed-${name}.png`), timeout: 5000 });
    const words = await page.locator('body').innerText({ timeout: 5000 });
    process.stderr.write(`The screen when "${name}" failed:\n${words}\n`);
  } catch {
    // The page itself may be what failed (closed, crashed): the test's own error says so.
  }
}

/**
 * The lane's warnings and errors when a test failed: a screen saying "failed unexpectedly (log
 * reference …)" is only half the story, and the other half is only in this log.
 */
function keepFailedLog(lines: readonly string[]): void {
  const serious = lines.filter((line) => {
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 40;
    } catch {
      return true;
    }
  });
  if (serious.length > 0) process.stderr.write(`The lane's warnings and errors:\n${serious.join('\n')}\n`);
}

/** What `withBrowserMode` takes besides the Chromium path and the test's body. */
export type BrowserModeOptions = Parameters<typeof withBrowserMode>[1];

/**
 * As `withBrowserMode`, with the page opened on the terminal and `ready` (the terminal connected,
 * someone signed in) done before `body` runs.
 */
export function withOpenPage(
  executablePath: string,
  options: BrowserModeOptions,
  ready: (page: Page) => Promise<void>,
  body: (session: BrowserModeSession) => Promise<void>,
): Promise<void> {
  return withBrowserMode(executablePath, options, async (session) => {
    await session.page.goto(session.host.url);
    await ready(session.page);
    await body(session);
  });
}

/** The page says it is connected to the terminal. */
const connected = (page: Page) => page.getByText('Terminal connected').waitFor();

/** As `withOpenPage`, once the page is connected to the terminal; nobody is signed in. */
export const withConnected = (
  executablePath: string,
  options: BrowserModeOptions,
  body: (session: BrowserModeSession) => Promise<void>,
) => withOpenPage(executablePath, options, connected, body);

const executablePath = chromiumForTests();

/**
 * An end-to-end test: runs with Chromium, and is reported as skipped with the install hint
 * when Chromium is missing on a developer's machine (never silently passed). `timeoutMs`: for a
 * whole journey (the back office's, boarding to a sale) that outlasts the config's minute on a busy machine.
 */
export function e2e(name: string, body: (chromiumPath: string) => Promise<void>, timeoutMs?: number): void {
  it(
    name,
    async (context) => {
      if (!executablePath) {
        context.skip(chromiumInstallHint);
        return;
      }
      await body(executablePath);
    },
    timeoutMs,
  );
}
