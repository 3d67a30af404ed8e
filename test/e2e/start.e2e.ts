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
      // Training serves the customer display's page too, on a token of its own.
      const customerLine = await app.waitForLine(
        /Customer display at http:\/\/127\.0\.0\.1:\d+\/customer\.html\?token=/,
      );
      const customerUrl = customerLine.slice(customerLine.indexOf('http://'));
      expect(new URL(customerUrl).searchParams.get('token')).not.toBe(new URL(url).searchParams.get('token'));
      const customer = await browser.newPage({ viewport: { width: 1024, height: 600 } });
      await customer.goto(customerUrl);
      await customer.locator('.customer[data-step="idle"]').waitFor();
      await screenshot(customer, 'npm-start-customer-display');
      // No log line may carry a session token.
      expect(app.stderr.join('\n')).not.toContain(new URL(url).searchParams.get('token'));
      expect(app.stderr.join('\n')).not.toContain(new URL(customerUrl).searchParams.get('token'));
    } finally {
      await browser.close();
      expect(await app.stop()).toBe(0);
      rmSync(home, { recursive: true, force: true });
    }
  });
});
