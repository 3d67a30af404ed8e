import { describe, expect, vi } from 'vitest';
import type { LookupResult, TerminalState } from '../../src-main/lane/ipc/contract';
import { e2e, withBrowserMode } from './support/browser-mode';
import { keyAmount, look, signIn } from './support/counter';

/**
 * Issue 29, item 10, where the cashier sees it: the disk fills while the card is authorized
 * (SQLITE_FULL injected at the SQLite driver the moment the journal records the answer). The
 * counter says the outcome is unknown and the customer may have been charged, never "nothing was
 * sent"; the next sale is refused in words; once the disk works the approval is told.
 */
const disk = vi.hoisted(() => ({ full: false, fillsOnAnswer: false }));
vi.mock('better-sqlite3', async (importOriginal) =>
  (await import('../support/full-disk-sqlite')).fullDiskSqlite(await importOriginal(), disk),
);

describe('a journal that cannot record the answer', () => {
  e2e(
    'the counter says the outcome is unknown, refuses the next sale, and tells the approval once the disk works',
    (chromium) =>
      withBrowserMode(chromium, {}, async ({ page, host, core, logLines }) => {
        try {
          await page.goto(host.url);
          await signIn(page);
          await keyAmount(page, '12.34');
          await page.keyboard.press('Enter');
          await page.getByText('Insert, tap or swipe the card').waitFor();
          disk.fillsOnAnswer = true;
          await page.getByTestId('deck-visa-approve-insert').click();
          await page.getByTestId('sale-result').waitFor();
          const reason = await page.getByTestId('sale-reason').innerText();
          expect(reason).toMatch(/its outcome is unknown: the customer may have been charged\. Do not charge again/);
          expect(await page.locator('body').innerText()).not.toMatch(/nothing was sent/i);
          await look(page, 'journal-full-outcome-unknown');
          const state = (await core.dispatch('terminal.state', {})) as { ok: true; result: TerminalState };
          const orderId = state.result.sale!.results[0]!.orderId;
          expect(await page.getByTestId('sale-result').innerText()).toContain(orderId);
          expect(
            logLines.some((line) => {
              const record = JSON.parse(line) as { level: number; msg: string; orderId?: string };
              return record.level === 50 && record.orderId === orderId && /its outcome is unknown/.test(record.msg);
            }),
          ).toBe(true);

          // The cashier tries to move on: Esc asks first (the customer may have been charged), and
          // the choice to leave cannot be journaled either, so the sale stays: no next sale.
          await page.keyboard.press('Escape');
          const warning = page.getByTestId('leave-warning');
          await warning.waitFor();
          await page.getByTestId('leave-unknown').click();
          await page
            .getByText(/could not record that the sale of entry \d+ was left: database or disk is full/)
            .waitFor();
          expect(await page.locator('body').innerText()).not.toMatch(/nothing was sent|Insert, tap or swipe the card/i);
          await look(page, 'journal-full-next-sale-refused');
          await page.keyboard.press('Escape');
          await warning.waitFor({ state: 'detached' });
          expect((await core.dispatch('terminal.state', {})) as { ok: true; result: TerminalState }).toMatchObject({
            result: { sale: { results: [{ orderId, outcome: 'unknown' }] } },
          });

          // The disk works again: the answer is written from memory and the cashier is told it was approved.
          disk.full = false;
          disk.fillsOnAnswer = false;
          await core.dispatch('terminal.recover', {});
          await page
            .getByText(/Approved: authcode /)
            .first()
            .waitFor();
          await look(page, 'journal-full-recorded');
          const lookup = (await core.dispatch('terminal.lookup', { orderId })) as { ok: true; result: LookupResult };
          expect(lookup.result.gateway).toHaveLength(1);
          const sale = (await core.dispatch('terminal.history', { orderId })) as { ok: true; result: unknown[] };
          expect(sale.result).toEqual([expect.objectContaining({ state: 'resolved', respstat: 'A' })]);
        } finally {
          disk.full = false;
          disk.fillsOnAnswer = false;
        }
      }),
  );
});
