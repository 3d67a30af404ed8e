import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { LookupResult } from '../../src-main/lane/ipc/contract';
import { trainingJournalEntries } from '../support/test-core';
import { e2e, withOpenPage } from './support/browser-mode';
import { look, signIn, startSale } from './support/counter';
import { shownOrderId } from './support/lane-records';

/**
 * End of day as a store manager reads it after a day whose follow-ups come after the overnight
 * batch: a voided sale, and a refund of a sale that settled already.
 */

/** A sale paid with the deck's approved Visa; resolves with the order id the result shows. */
async function approvedSale(page: Page, amount: string): Promise<string> {
  await startSale(page, amount);
  await page.getByTestId('deck-visa-approve-insert').click();
  await page.getByTestId('sale-result').waitFor();
  expect(await page.getByTestId('sale-headline').innerText()).toBe('Approved');
  const orderId = await shownOrderId(page);
  await page.keyboard.press('Enter');
  return orderId;
}

describe('end of day in Chromium', () => {
  e2e(
    'a refund after the batch settled is pending, in the next batch, not a mismatch; a voided sale is counted once',
    (chromium) =>
      withOpenPage(
        chromium,
        {},
        (page) => signIn(page, 'Trainer'),
        async ({ page, core, appDataDir }) => {
          await approvedSale(page, '12.00');
          const voided = await approvedSale(page, '3.00');
          const refunded = await approvedSale(page, '20.00');
          // The follow-ups go through the lane's one money path, as History's buttons do.
          expect(await core.dispatch('terminal.void', { orderId: voided, reason: 'customer-canceled' })).toMatchObject({
            ok: true,
          });
          expect(await core.dispatch('training.settleBatches', {})).toEqual({ ok: true, result: { batches: 1 } });
          expect(
            await core.dispatch('terminal.refund', { orderId: refunded, amountMinor: 500, reason: 'returned' }),
          ).toMatchObject({ ok: true });

          await page.keyboard.press('Alt+3');
          await page.getByRole('heading', { name: 'End of day', level: 1 }).waitFor();
          const reconciliation = page.getByTestId('eod-reconciliation');
          await reconciliation.waitFor();
          expect(await page.getByTestId('eod-batches').innerText()).toMatch(
            /Accepted \(settled\)\s+2\s+\$32\.00\s+\$0\.00/,
          );
          // The voided 3.00 is under Voided only.
          expect(await page.getByTestId('eod-lane').innerText()).toMatch(
            /^Status\s+Count\s+Amount\s+Approved\s+2\s+\$32\.00\s+Voided\s+1\s+\$3\.00\s+Refunded\s+1\s+\$5\.00$/,
          );
          expect(await page.getByTestId('status-chart').getAttribute('aria-label')).toBe(
            'The day by status. Approved: 2, $32.00; Voided: 1, $3.00; Refunded: 1, $5.00',
          );

          const refund = trainingJournalEntries(appDataDir).find((row) => row.operation === 'refund');
          expect(refund).toMatchObject({ orderId: refunded, state: 'completed', amountMinor: 500 });
          const lookup = await core.dispatch('terminal.lookup', { retref: refund!.outcome!.retref! });
          // At the gateway the refund waits in the open batch.
          expect((lookup as { result: LookupResult }).result.gateway).toEqual([
            expect.objectContaining({
              retref: refund!.outcome!.retref,
              setlstat: 'Queued for Capture',
              amountMinor: 500,
            }),
          ]);
          const text = await reconciliation.innerText();
          expect(text).toMatch(
            new RegExp(
              [
                'The lane\u2019s day nets \\$27\\.00 \\(voids and refunds taken off\\)\\. ',
                'The gateway settled \\$32\\.00 of it; the next batch takes \\$5\\.00 off\\.\\s+',
                'Every order matches the gateway\\.\\s+',
                'Settling in another batch:\\s+',
                `Order ${refunded}: a refund of 5\\.00 is pending, in the next batch \\(batch \\d+\\)\\.$`,
              ].join(''),
            ),
          );
          expect(await page.getByRole('alert').count()).toBe(0);
          await look(page, 'end-of-day-refund-pending');
          expect(trainingJournalEntries(appDataDir).map((row) => [row.operation, row.state])).toEqual([
            ['refund', 'completed'],
            ['void', 'completed'],
            ['auth', 'completed'],
            ['auth', 'completed'],
            ['auth', 'completed'],
          ]);
        },
      ),
  );
});
