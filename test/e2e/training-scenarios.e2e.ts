import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { Core } from '../../src-main/lane/core/core';
import { trainingJournalEntries } from '../support/test-core';
import { e2e, type BrowserModeSession } from './support/browser-mode';
import { look, startSale, withSignedIn } from './support/counter';
import { gatewayRecords, shownOrderId } from './support/lane-records';

/**
 * One test per training scenario, done the way a trainee does it: sign in, key the amount,
 * present the deck card the guide names, read the screen. Each checks what the journal and the
 * built-in gateway recorded, and saves screenshots.
 */

/** Picks a scenario in the guide, as a trainee starts one. */
async function practise(page: Page, scenarioId: string): Promise<void> {
  await page.getByLabel('Practise').selectOption(scenarioId);
  await page.getByTestId(`scenario-${scenarioId}`).waitFor();
}

/** Presents the card a step of the scenario names, with that step's button. */
async function present(page: Page, cardId: string, method: 'insert' | 'tap' | 'swipe'): Promise<void> {
  await page.getByTestId(`step-${cardId}-${method}`).first().click();
}

async function saleOutcome(page: Page): Promise<string> {
  await page.getByTestId('sale-result').waitFor();
  return page.getByTestId('sale-headline').innerText();
}

/** A sale for `amount` paid with the card a step names; resolves with the result's headline. */
async function sale(page: Page, amount: string, cardId: string, method: 'insert' | 'tap' | 'swipe'): Promise<string> {
  await startSale(page, amount);
  await present(page, cardId, method);
  return saleOutcome(page);
}

/** After a result that leaves the sale open (a decline, a partial, a try-again), Enter asks for another card and it pays; resolves with the headline. */
async function anotherCard(page: Page, cardId: string, method: 'insert' | 'tap' | 'swipe'): Promise<string> {
  await page.keyboard.press('Enter');
  await page.getByText('Insert, tap or swipe the card').waitFor();
  await present(page, cardId, method);
  return saleOutcome(page);
}

/** The gateway holds one record for the order: an approval of `amountMinor`. */
async function expectApprovedAtGateway(core: Core, orderId: string, amountMinor: number): Promise<void> {
  expect(await gatewayRecords(core, orderId)).toEqual([expect.objectContaining({ respstat: 'A', amountMinor })]);
}

/** A test that starts as a trainee does: signed in, the scenario picked in the guide. */
function scenario(name: string, scenarioId: string, body: (session: BrowserModeSession) => Promise<void>): void {
  e2e(name, (chromium) =>
    withSignedIn(chromium, {}, async (session) => {
      await practise(session.page, scenarioId);
      await body(session);
    }),
  );
}

describe('training scenarios, end to end', () => {
  scenario(
    'approve: a chip card for 12.00 is approved, printed and recorded once',
    'approve',
    async ({ page, core, appDataDir }) => {
      expect(await sale(page, '12.00', 'visa-approve', 'insert')).toBe('Approved');
      await look(page, 'scenario-approve');
      const orderId = await shownOrderId(page);
      await expectApprovedAtGateway(core, orderId, 1200);
      expect(trainingJournalEntries(appDataDir)).toEqual([
        expect.objectContaining({ orderId, operation: 'auth', state: 'completed' }),
      ]);
    },
  );

  scenario(
    'decline: the reason in plain words, then another card for the same amount',
    'decline',
    async ({ page, core, appDataDir }) => {
      expect(await sale(page, '12.00', 'visa-do-not-honor', 'insert')).toBe('Declined');
      expect(await page.getByTestId('sale-reason').innerText()).toMatch(/do not honor/i);
      await look(page, 'scenario-decline');
      expect(await anotherCard(page, 'mastercard-approve', 'tap')).toBe('Approved');
      // Newest first, as the journal lists it.
      const rows = trainingJournalEntries(appDataDir).reverse();
      expect(rows.map((row) => [row.outcome?.respstat, row.amountMinor])).toEqual([
        ['C', 1200],
        ['A', 1200],
      ]);
      expect(await gatewayRecords(core, rows[0]!.orderId)).toEqual([expect.objectContaining({ respstat: 'C' })]);
    },
  );

  scenario(
    'partial approval: 8.00 on a card that covers 5.00, the remaining 3.00 on another card',
    'partial',
    async ({ page, core, appDataDir }) => {
      expect(await sale(page, '8.00', 'visa-partial', 'insert')).toBe('Partially approved');
      expect(await page.getByTestId('tender-rest').innerText()).toContain('$3.00');
      await look(page, 'scenario-partial');
      expect(await anotherCard(page, 'visa-approve', 'insert')).toBe('Approved');
      await page.getByText(/\$5\.00 on ••••/).waitFor();
      await look(page, 'scenario-partial-rest-approved');
      const rows = trainingJournalEntries(appDataDir).reverse();
      expect(rows.map((row) => [row.amountMinor, row.outcome?.amountMinor])).toEqual([
        [800, 500],
        [300, 300],
      ]);
      // The gateway holds the partial approval at what it approved, and the rest as its own sale.
      await expectApprovedAtGateway(core, rows[0]!.orderId, 500);
      await expectApprovedAtGateway(core, rows[1]!.orderId, 300);
    },
  );

  scenario(
    'timeout and recovery: the answer is lost, the lane checks with the gateway, one approval is recorded',
    'timeout',
    async ({ page, core, appDataDir }) => {
      // The processor does not answer in time (respstat B): nothing charged, run the card again.
      expect(await sale(page, '12.00', 'visa-timeout', 'insert')).toBe('Not approved: try again');
      await look(page, 'scenario-timeout-retry');
      expect(await anotherCard(page, 'visa-approve', 'insert')).toBe('Approved');
      await page.keyboard.press('Enter');
      // Now the answer of an approved sale is lost on its way back.
      await page.getByTestId('lose-next-answer').click();
      await page.getByText(/next answer will be lost/i).waitFor();
      expect(await sale(page, '12.00', 'visa-approve', 'insert')).toBe('Approved');
      await look(page, 'scenario-timeout-recovered');
      const [row, ...earlier] = trainingJournalEntries(appDataDir);
      expect(row).toMatchObject({ state: 'resolved' });
      expect(earlier.map((entry) => entry.outcome?.respstat)).toEqual(['A', 'B']);
      expect(await gatewayRecords(core, row!.orderId)).toHaveLength(1);
    },
  );

  scenario(
    'signature required: a Visa chip card at 25.00 asks for the signature before authorizing',
    'signature',
    async ({ page, core, appDataDir }) => {
      await startSale(page, '25.00');
      await present(page, 'visa-signature', 'insert');
      await page.getByTestId('signature-headline').waitFor();
      await look(page, 'scenario-signature-waiting');
      await page.getByRole('button', { name: 'neat name' }).click();
      const preview = page.getByTestId('pad-preview');
      await expect
        .poll(async () => Number(await preview.getAttribute('data-points')), { timeout: 10_000 })
        .toBeGreaterThan(200);
      await page.keyboard.press('Enter');
      expect(await saleOutcome(page)).toBe('Approved');
      await page.getByText(/signature is on the merchant copy/).waitFor();
      await look(page, 'scenario-signature-approved');
      const [row] = trainingJournalEntries(appDataDir);
      expect(row).toMatchObject({ detail: expect.objectContaining({ signatureRequired: true }) });
      await expectApprovedAtGateway(core, row!.orderId, 2500);
    },
  );

  scenario(
    'chip fallback: a swiped chip card is refused until the chip fails, then the swipe is taken as fallback',
    'chip-fallback',
    async ({ page, core, appDataDir }) => {
      await startSale(page, '12.00');
      const progress = page.getByTestId('sale-progress').getByRole('status');
      // Swiped first: the stripe says it is a chip card, so the sale screen asks for the chip.
      await present(page, 'visa-chip-failure', 'swipe');
      await expect.poll(() => progress.innerText()).toBe('Chip card: insert it');
      await look(page, 'scenario-chip-fallback-insert-it');
      await present(page, 'visa-chip-failure', 'insert');
      await expect.poll(() => progress.innerText()).toBe('Chip failed: swipe the card');
      await look(page, 'scenario-chip-fallback-swipe-now');
      await present(page, 'visa-chip-failure', 'swipe');
      expect(await saleOutcome(page)).toBe('Approved');
      await page.getByText(/swiped after the chip failed/).waitFor();
      await look(page, 'scenario-chip-fallback');
      const [row, ...more] = trainingJournalEntries(appDataDir);
      expect(more).toEqual([]);
      expect(row).toMatchObject({ entryMode: 'fallback-swipe' });
      // One authorization, by the swipe: the refused swipe and the failed chip never reached the gateway.
      await expectApprovedAtGateway(core, row!.orderId, 1200);
      // The receipt as printed names the entry the gateway was sent.
      const page_ = await core.dispatch('printers.lastPage', {});
      expect(
        page_.ok && (page_.result as { lines: string[] }).lines.some((line) => /Entry\s+Fallback Swipe/.test(line)),
      ).toBe(true);
    },
  );

  /** A 12.00 sale with the approved Visa, from the scenario's first step; returns its order id. */
  async function approvedSale(page: Page): Promise<string> {
    await startSale(page, '12.00');
    // The card deck's approved Visa (its first group, open from the start).
    await page.getByTestId('deck-visa-approve-insert').click();
    expect(await saleOutcome(page)).toBe('Approved');
    const orderId = await shownOrderId(page);
    await page.keyboard.press('Enter');
    return orderId;
  }

  scenario(
    'void: the cashier voids a sale from History, a manager approves with their PIN',
    'void',
    async ({ page, core, appDataDir }) => {
      const orderId = await approvedSale(page);
      await page.keyboard.press('Alt+2');
      await page.getByRole('heading', { name: 'History' }).waitFor();
      await page.getByRole('button', { name: `Open order ${orderId}` }).click();
      await page.getByTestId('order-detail').getByRole('button', { name: 'Void\u2026' }).click();
      const voidForm = page.getByRole('dialog', { name: `Void order ${orderId}` });
      await voidForm.getByLabel('The customer canceled the sale').check();
      await voidForm.getByRole('button', { name: /Next: confirm/ }).click();
      await page
        .getByRole('dialog', { name: 'Confirm the void' })
        .getByRole('button', { name: /Void \$12\.00/ })
        .click();
      await page.getByRole('dialog', { name: 'Manager approval' }).waitFor();
      await look(page, 'scenario-void-manager-approval');
      await page.keyboard.type('1234');
      await page.keyboard.press('Enter');
      await page.getByText('That is not a manager\u2019s PIN: ask a manager to enter theirs.').waitFor();
      await page.keyboard.type('9999');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('order-outcome').innerText()).toMatch(/^Void approved\. \$12\.00/);
      // The sale's row no longer reads Approved; Void, Refund and Capture are off, each saying why (the journal's words).
      const saleRow = trainingJournalEntries(appDataDir).find((row) => row.operation === 'auth')!;
      await expect
        .poll(() => page.getByTestId(`history-row-${saleRow.id}`).innerText())
        .toMatch(/Voided: nothing was charged/);
      const detail = page.getByTestId('order-detail');
      await expect.poll(() => detail.getByRole('button', { name: 'Void\u2026' }).isDisabled()).toBe(true);
      expect(await detail.getByRole('button', { name: 'Refund\u2026' }).isDisabled()).toBe(true);
      expect(await detail.getByRole('button', { name: 'Capture' }).isDisabled()).toBe(true);
      expect(await page.getByTestId('order-used-up').innerText()).toBe(
        [
          'Void: This sale was voided: nothing is left to void.',
          'Refund: This sale was voided: nothing is left to refund.',
          'Capture: This sale was voided: nothing is left to capture.',
        ].join('\n'),
      );
      expect(await page.getByRole('dialog').count()).toBe(0);
      await look(page, 'scenario-void-done');
      expect(trainingJournalEntries(appDataDir).map((row) => [row.operation, row.state, row.orderId])).toEqual([
        ['void', 'completed', orderId],
        ['auth', 'completed', orderId],
      ]);
      expect(await gatewayRecords(core, orderId)).toEqual([expect.objectContaining({ voidable: false })]);
    },
  );

  scenario(
    'refund: the batch settles, then the cashier refunds the sale from History',
    'refund',
    async ({ page, core, appDataDir }) => {
      const orderId = await approvedSale(page);
      await page.getByTestId('settle-batches').click();
      await page.getByText(/Settled 1 batch/).waitFor();
      await page.keyboard.press('Alt+2');
      await page.getByRole('button', { name: `Open order ${orderId}` }).click();
      await page.getByTestId('order-detail').getByRole('button', { name: 'Gateway status' }).click();
      await page
        .getByTestId('order-lookup')
        .getByText(/can be refunded/)
        .waitFor();
      const lastFour = trainingJournalEntries(appDataDir)[0]!.maskedPan!.slice(-4);
      await page.getByTestId('order-detail').getByRole('button', { name: 'Refund\u2026' }).click();
      // The amount left is offered, not assumed; the reason is chosen from a list, none picked for the cashier.
      const dialog = page.getByRole('dialog', { name: `Refund order ${orderId}` });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(`Card ending ${lastFour}. Left to refund: $12.00.`);
      expect(await dialog.getByLabel('Amount to refund').inputValue()).toBe('12.00');
      expect(
        await dialog
          .getByRole('radio')
          .evaluateAll((radios) => radios.map((radio) => (radio as unknown as { checked: boolean }).checked)),
      ).toEqual([false, false, false, false, false]);
      await look(page, 'scenario-refund-dialog');
      await dialog.getByLabel('Amount to refund').fill('5.00');
      await dialog.getByLabel('Damaged or faulty').check();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', { name: 'Confirm the refund' });
      await confirm.waitFor();
      expect(await page.getByTestId('refund-confirm').innerText()).toBe(
        `Refund $5.00 to the card ending ${lastFour}? Reason: Damaged or faulty.`,
      );
      await look(page, 'scenario-refund-confirm');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('order-outcome').innerText()).toMatch(/^Refund approved\. \$5\.00/);
      // The slip says why the money went back.
      const slip = await core.dispatch('printers.lastPage', {});
      expect(slip).toMatchObject({
        ok: true,
        result: {
          lines: expect.arrayContaining([
            expect.stringMatching(/REFUND/),
            expect.stringMatching(/Reason\s+Damaged or faulty/),
          ]),
        },
      });
      // History says what the money did: the sale partly refunded, the refund with its reason.
      const [refund, sale] = trainingJournalEntries(appDataDir);
      await expect
        .poll(() => page.getByTestId(`history-row-${sale!.id}`).innerText())
        .toMatch(/Approved \$12\.00; \$5\.00 refunded/);
      expect(await page.getByTestId(`history-row-${refund!.id}`).innerText()).toMatch(
        /Refund\s+\$5\.00[\s\S]*Refunded \$5\.00 \(Damaged or faulty\)/,
      );
      await look(page, 'scenario-refund-done');
      // A second refund for more than is left is refused in the dialog with how much is left.
      await page.getByTestId('order-detail').getByRole('button', { name: 'Refund\u2026' }).click();
      await dialog.getByLabel('Amount to refund').fill('8.00');
      await dialog.getByLabel('Goods returned').check();
      await page.keyboard.press('Enter');
      expect(await dialog.getByRole('alert').innerText()).toBe('Only $7.00 of this sale is left to refund.');
      await page.keyboard.press('Escape');
      expect(refund).toMatchObject({
        operation: 'refund',
        state: 'completed',
        orderId,
        amountMinor: 500,
        detail: { reason: 'damaged' },
      });
      // At the gateway: the sale settled, and the refund is a transaction of its own under the retref it answered with.
      expect(await gatewayRecords(core, orderId)).toEqual([
        expect.objectContaining({ setlstat: 'Accepted', voidable: false }),
      ]);
      const lookup = await core.dispatch('terminal.lookup', { retref: refund!.outcome!.retref! });
      expect(lookup).toMatchObject({
        ok: true,
        result: {
          gateway: [expect.objectContaining({ retref: refund!.outcome!.retref, amountMinor: expect.any(Number) })],
        },
      });
    },
  );

  scenario(
    'end of day: two sales and a decline, the batch settled, the gateway and the lane agree, the chart shows the day',
    'end-of-day',
    async ({ page, appDataDir }) => {
      await approvedSale(page);
      await approvedSale(page);
      await startSale(page, '12.00');
      // From the card deck: open its decline cards and insert the Visa one.
      await page.locator('.deck-group summary', { hasText: 'decline' }).click();
      await page.getByTestId('deck-visa-decline-insert').click();
      expect(await saleOutcome(page)).toBe('Declined');
      await page.keyboard.press('Escape');
      await page.getByTestId('settle-batches').click();
      await page.getByText(/Settled 1 batch/).waitFor();
      await page.keyboard.press('Alt+3');
      await page.getByRole('heading', { name: 'End of day', level: 1 }).waitFor();
      const batches = page.getByTestId('eod-batches');
      await batches.waitFor();
      expect(await batches.innerText()).toMatch(/Accepted \(settled\)\s+2\s+\$24\.00/);
      expect(await page.getByTestId('eod-lane').innerText()).toMatch(
        /Approved\s+2\s+\$24\.00[\s\S]*Declined\s+1\s+\$12\.00/,
      );
      expect(await page.getByTestId('status-chart').getAttribute('aria-label')).toContain('Declined: 1, $12.00');
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(await page.getByTestId('eod-reconciliation').innerText()).toMatch(
        /nets \$24\.00[\s\S]*settled \$24\.00 of it[\s\S]*Every order matches the gateway\./,
      );
      await look(page, 'scenario-end-of-day');
      expect(trainingJournalEntries(appDataDir)).toHaveLength(3);
    },
  );
});
