import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { findElectronExecutable } from '../../src-main/shells/cli/start-command';
import { launchChromium } from './support/chromium';
import { e2e, screenshot } from './support/browser-mode';
import { runLanepoint } from './support/process';

// Where the Electron runtime is installed, `npm start` opens the real app instead: skipped there.
describe.skipIf(findElectronExecutable() !== null)('npm start on a machine without the Electron runtime', () => {
  e2e('says Electron is missing, serves browser mode, and the page shows TRAINING', async (chromium) => {
    const home = mkdtempSync(join(tmpdir(), 'lanepoint-start-'));
    const app = runLanepoint(['start'], { LANEPOINT_HOME: home, LANEPOINT_HOST_PORT: '0' });
    const browser = await launchChromium(chromium);
    try {
      await app.waitForLine(/Electron runtime is not installed/);
      const line = await app.waitForLine(/browser mode \(training counter\) at http:\/\/127\.0\.0\.1:\d+\/\?token=/);
      const url = line.slice(line.indexOf('http://'));
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(url);
      await page.getByTestId('training-stamp').waitFor();
      await page.getByText('Terminal connected').waitFor();
      await screenshot(page, 'npm-start-browser-mode');
      // No log line may carry the session token.
      expect(app.stderr.join('\n')).not.toContain(new URL(url).searchParams.get('token'));
    } finally {
      await browser.close();
      expect(await app.stop()).toBe(0);
      rmSync(home, { recursive: true, force: true });
    }
  });
});
