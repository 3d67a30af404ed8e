import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { findElectronExecutable } from '../../src-main/shells/cli/start-command';
import { launchChromium } from './support/chromium';
import { e2e, screenshot } from './support/browser-mode';
import { keyAmount, signIn } from './support/counter';
import { runCommand } from './support/process';

/** Every file and folder under `root` with its permission bits in octal, e.g. `.config/lanepoint 700`. */
function permissions(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((name) => `${name} ${(statSync(join(root, name)).mode & 0o777).toString(8)}`);
}

// Issue 16: on a new user's machine the page came up but the first sale failed ("the directory
// does not exist"). This is the README's first run: `npm start` with a HOME that holds nothing.
describe.skipIf(findElectronExecutable() !== null || process.platform === 'win32')(
  'npm start for a new user on a fresh machine',
  () => {
    e2e(
      'serves the counter, the practice cashier signs in and a deck card is approved; the files it made are private',
      async (chromium) => {
        const home = mkdtempSync(join(tmpdir(), 'lanepoint-fresh-home-'));
        const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, LANEPOINT_HOST_PORT: '0' };
        delete env['LANEPOINT_HOME'];
        delete env['XDG_CONFIG_HOME'];
        const app = runCommand('npm', ['start'], env, 'npm-start-fresh');
        const browser = await launchChromium(chromium);
        try {
          const line = await app.waitForLine(
            /browser mode \(training counter\) at http:\/\/127\.0\.0\.1:\d+\/\?token=/,
          );
          const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
          await page.goto(line.slice(line.indexOf('http://')));
          await signIn(page, 'Trainee');
          await keyAmount(page, '12.00');
          await page.keyboard.press('Enter');
          await page.getByText('Insert, tap or swipe the card').waitFor();
          await page.getByTestId('deck-visa-approve-insert').click();
          await page.getByTestId('sale-result').waitFor();
          await screenshot(page, 'fresh-machine-first-sale');
          expect(await page.getByTestId('sale-headline').innerText()).toBe('Approved');
          expect(await page.getByTestId('sale-result').innerText()).not.toMatch(/journal cannot be written/i);

          const made = permissions(join(home, '.config'));
          expect(made).toEqual(
            expect.arrayContaining([
              'lanepoint 700',
              'lanepoint/training-journal.sqlite 600',
              'lanepoint/training-gateway.sqlite 600',
            ]),
          );
          for (const entry of made) expect(entry, 'a folder 700, a file 600').toMatch(/ (700|600)$/);
          for (const entry of made.filter((name) => / 700$/.test(name)))
            expect(statSync(join(home, '.config', entry.replace(/ 700$/, ''))).isDirectory()).toBe(true);
        } finally {
          await browser.close();
          await app.stop();
          rmSync(home, { recursive: true, force: true });
        }
      },
    );
  },
);
