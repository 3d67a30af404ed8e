import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { builtRendererDir } from '../../src-main/shells/cli/paths';
import { bootCore } from '../../src-main/lane/core/boot';
import { startHost } from '../../src-main/shells/host/server';
import { collectingLogger } from '../support/test-core';
import { e2e, screenshot } from './support/browser-mode';
import { launchChromium } from './support/chromium';
import { keyAmount, look, signIn } from './support/counter';
import { laneTraining } from '../../src-main/shells/training/lane-training';

describe('a lane whose journal disappeared', () => {
  e2e(
    'says so on the counter, refuses the sale in those words, and sells again once a manager acknowledges',
    async (chromium) => {
      const home = mkdtempSync(join(tmpdir(), 'lanepoint-journal-refusal-'));
      const { logger } = collectingLogger();
      // The lane ran once (its journal made and recorded), then the journal was deleted.
      await bootCore({ training: laneTraining, shell: 'browser', env: { LANEPOINT_HOME: home }, logger }).core.close();
      const journal = join(home, 'training-journal.sqlite');
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${journal}${suffix}`, { force: true });
      const { core } = bootCore({ training: laneTraining, shell: 'browser', env: { LANEPOINT_HOME: home }, logger });
      const host = await startHost({ core, port: 0, rendererDir: builtRendererDir });
      const browser = await launchChromium(chromium);
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        await page.goto(host.url);
        await signIn(page, 'Trainee');
        const notice = page.getByTestId('journal-refusal');
        await notice.waitFor();
        expect(await notice.innerText()).toContain(
          `The journal ${journal} has disappeared, with the record of this lane's payments.`,
        );
        expect(await notice.innerText()).toContain('Ask a manager to sign in here and acknowledge it.');
        await keyAmount(page, '12.00');
        await page.keyboard.press('Enter');
        await page
          .getByText(/has disappeared/)
          .nth(1)
          .waitFor();
        await look(page, 'journal-refusal-cashier');

        await page.keyboard.press('Alt+0');
        await signIn(page, 'Trainer');
        await page.getByRole('button', { name: 'Acknowledge and start a new journal' }).waitFor();
        await look(page, 'journal-refusal-manager');
        await page.getByRole('button', { name: 'Acknowledge and start a new journal' }).click();
        await notice.waitFor({ state: 'detached' });
        // The amount keyed before the refusal is still there: the same sale goes ahead now.
        expect(await page.getByTestId('sale-amount').innerText()).toBe('$12.00');
        await page.keyboard.press('Enter');
        await page.getByTestId('deck-visa-approve-insert').click();
        await page.getByTestId('sale-result').waitFor();
        expect(await page.getByTestId('sale-headline').innerText()).toBe('Approved');
        await screenshot(page, 'journal-refusal-acknowledged-sale');
      } finally {
        await browser.close();
        await host.close();
        await core.close();
        rmSync(home, { recursive: true, force: true });
      }
    },
  );
});
