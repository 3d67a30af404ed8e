import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

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
  'Chromium not found: install it with "apt-get install chromium" (or set CHROME_PATH); ' +
  'end-to-end tests are skipped locally and always run in CI.';

/**
 * Finds a Chromium: CHROME_PATH, then Debian's /usr/bin/chromium, then a browser Playwright
 * manages itself. Returns null when there is none.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates = [env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
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

export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: chromiumArgs });
}
