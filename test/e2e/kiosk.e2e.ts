import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { trainingJournalEntries } from '../support/test-core';
import { e2e } from './support/browser-mode';
import {
  basketLines,
  headline,
  lookAtKiosk,
  outcome,
  presentCard,
  scan,
  stallKeystrokes,
  withKiosk,
} from './support/kiosk';

/**
 * The self-checkout as a customer uses it, in Chromium against a training lane in kiosk mode:
 * barcodes typed as a keyboard-mode scanner types them, items picked on screen, cards of the
 * training deck presented on the emulated reader. Every step checks the screen's words; every
 * screen is looked at (a screenshot under test-results/, axe-core, the touch targets' size).
 * Training's catalogue: Cola 12 oz can (012000000133, $1.25 + 8.25 % tax), Cold brew coffee
 * (4006381333931, $3.99 + tax), Butter croissant ($1.79, no tax), Paper towels ($5.99 + tax).
 */

/** How many items basket lines ("3 Cola 12 oz can") hold. */
const itemCount = (lines: readonly string[]) => lines.reduce((sum, line) => sum + Number.parseInt(line, 10), 0);

/** Nowhere on the customer's screen a thank-you: the payment did not pay the basket. */
const noThanks = async (page: Page) => expect(await page.locator('.kiosk').innerText()).not.toMatch(/thank you/i);

describe('the kiosk self-checkout', () => {
  e2e('scan two items and pick one, pay by card, approved, no receipt, back to the welcome', (chromium) =>
    withKiosk(chromium, { size: 'portrait' }, async ({ page, core, appDataDir }) => {
      await lookAtKiosk(page, 'kiosk-portrait-welcome');
      await scan(page, '012000000133');
      await expect.poll(() => basketLines(page)).toEqual(['1 Cola 12 oz can']);
      expect(await headline(page)).toBe('Your items');
      await scan(page, '4006381333931');
      await page.getByRole('button', { name: /Butter croissant/ }).click();
      await expect
        .poll(() => basketLines(page))
        .toEqual(['1 Cola 12 oz can', '1 Cold brew coffee 8 oz', '1 Butter croissant']);
      expect(await page.getByTestId('basket-subtotal').innerText()).toBe('$7.03');
      expect(await page.getByTestId('basket-tax').innerText()).toBe('$0.43');
      expect(await page.getByTestId('basket-total').innerText()).toBe('$7.46');
      await lookAtKiosk(page, 'kiosk-portrait-basket');

      await page.getByRole('button', { name: 'Pay $7.46 by card' }).click();
      await expect.poll(() => page.getByTestId('phase-headline').innerText()).toBe('Insert, tap or swipe your card');
      expect(await page.getByTestId('pay-amount').innerText()).toBe('$7.46');
      expect(await page.getByRole('timer').innerText()).toMatch(/^Time left: \d+ s$/);
      await page.getByRole('button', { name: 'Cancel' }).waitFor();
      await lookAtKiosk(page, 'kiosk-portrait-card-wait');
      await presentCard(page, core, 'visa-approve', 'insert');

      await expect.poll(() => headline(page)).toBe('Would you like a receipt?');
      expect(await outcome(page)).toBe('Approved: thank you');
      await lookAtKiosk(page, 'kiosk-portrait-receipt-choice');
      await page.getByRole('button', { name: 'No receipt' }).click();
      await expect.poll(() => headline(page)).toBe('Thank you');
      expect(await page.getByText('Please take your receipt.').count()).toBe(0);
      await lookAtKiosk(page, 'kiosk-portrait-thanks');
      await page.getByRole('button', { name: 'Finish' }).click();
      await expect.poll(() => headline(page)).toBe('Welcome');
      const [row, ...more] = trainingJournalEntries(appDataDir);
      expect(more).toEqual([]);
      expect(row).toMatchObject({ amountMinor: 746, state: 'completed' });
    }),
  );

  e2e(
    'every scan lands while the lane’s main process stalls mid-burst, and a cut-short scan asks to scan again',
    (chromium) =>
      withKiosk(chromium, { size: 'landscape' }, async ({ page, core }) => {
        // Every 5th key waits behind a 150 ms stall: timed on arrival, each scan broke in two.
        const stopStalls = stallKeystrokes(core, { every: 5, ms: 150 });
        const codes = [
          '012000000133',
          '4006381333931',
          '012000000133',
          '4006381333931',
          '012000000133',
          '4006381333931',
        ];
        for (const [n, code] of codes.entries()) {
          await scan(page, code);
          await expect.poll(() => basketLines(page).then(itemCount)).toBe(n + 1);
        }
        await expect.poll(() => basketLines(page)).toEqual(['3 Cola 12 oz can', '3 Cold brew coffee 8 oz']);
        expect(await page.getByTestId('kiosk-notice').count()).toBe(0);
        stopStalls();
        // A scanner that lost its Enter: the customer is asked to scan again, nothing is added.
        await scan(page, '40063813', { enter: false });
        await expect
          .poll(() => page.getByTestId('kiosk-notice').innerText())
          .toBe('That scan did not read. Please scan the item again.');
        expect(await basketLines(page)).toEqual(['3 Cola 12 oz can', '3 Cold brew coffee 8 oz']);
        await lookAtKiosk(page, 'kiosk-landscape-scan-again');
        await scan(page, '4006381333931');
        await expect.poll(() => basketLines(page)).toEqual(['3 Cola 12 oz can', '4 Cold brew coffee 8 oz']);
        expect(await page.getByTestId('kiosk-notice').count()).toBe(0);
      }),
  );

  e2e('a declined card, then another card pays, and the receipt prints', (chromium) =>
    withKiosk(chromium, { size: 'landscape' }, async ({ page, core }) => {
      await page.getByTestId('kiosk-welcome').click();
      await expect.poll(() => headline(page)).toBe('Your items');
      await scan(page, '4006381333931');
      await expect.poll(() => basketLines(page)).toEqual(['1 Cold brew coffee 8 oz']);
      await page.getByRole('button', { name: 'Pay $4.32 by card' }).click();
      await presentCard(page, core, 'visa-decline', 'insert');
      await expect.poll(() => outcome(page)).toBe('Card declined, try another card or ask for help');
      expect(await headline(page)).toBe('Your items');
      await noThanks(page);
      await lookAtKiosk(page, 'kiosk-landscape-declined');

      await page.getByRole('button', { name: 'Pay $4.32 by card' }).click();
      await presentCard(page, core, 'mastercard-approve', 'tap');
      await expect.poll(() => headline(page)).toBe('Would you like a receipt?');
      expect(await outcome(page)).toBe('Approved: thank you');
      await page.getByRole('button', { name: 'Print a receipt' }).click();
      await expect.poll(() => headline(page)).toBe('Thank you');
      await page.getByText('Please take your receipt.').waitFor();
      expect(core.printers.lastPage({}).lines.join('\n')).toMatch(/4\.32/);
      await lookAtKiosk(page, 'kiosk-landscape-thanks-receipt');
    }),
  );

  e2e('a partial approval, then the rest paid with another card', (chromium) =>
    withKiosk(chromium, { size: 'small' }, async ({ page, core, appDataDir }) => {
      await page.getByTestId('kiosk-start').click();
      await page.getByRole('button', { name: 'Household' }).click();
      await page.getByRole('button', { name: /Paper towels/ }).click();
      await expect.poll(() => page.getByTestId('basket-total').innerText()).toBe('$6.48');
      await lookAtKiosk(page, 'kiosk-small-basket');
      await page.getByRole('button', { name: 'Pay $6.48 by card' }).click();
      await presentCard(page, core, 'visa-partial', 'insert');
      await expect.poll(() => outcome(page)).toBe('Paid $5.00, $1.48 still to pay');
      expect(await page.getByTestId('basket-due').innerText()).toBe('$1.48');
      await noThanks(page);
      await lookAtKiosk(page, 'kiosk-small-partial');
      // Cancelling now would give the $5.00 back: the customer is told before anything happens.
      await page.getByRole('button', { name: 'Cancel my order' }).click();
      await page.getByRole('alertdialog', { name: 'Cancel your order?' }).waitFor();
      expect(await page.getByTestId('cancel-order-money').innerText()).toBe(
        'Your payment of $5.00 will be returned to the card or phone you paid with.',
      );
      await lookAtKiosk(page, 'kiosk-small-partial-cancel-question');
      await page.getByRole('button', { name: 'No, keep my order' }).click();
      await page.getByRole('alertdialog').waitFor({ state: 'detached' });
      expect(await page.getByTestId('basket-due').innerText()).toBe('$1.48');
      await page.getByRole('button', { name: 'Pay $1.48 by card' }).click();
      await presentCard(page, core, 'visa-approve', 'insert');
      await expect.poll(() => headline(page)).toBe('Would you like a receipt?');
      expect(await outcome(page)).toBe('Approved: thank you');
      const rows = trainingJournalEntries(appDataDir).reverse();
      expect(rows.map((row) => [row.amountMinor, row.outcome?.amountMinor])).toEqual([
        [648, 500],
        [148, 148],
      ]);
    }),
  );

  e2e('Cancel at the card and at the signature: nothing is charged, the basket stays', (chromium) =>
    withKiosk(chromium, { size: 'portrait' }, async ({ page, core, appDataDir }) => {
      await scan(page, '041333043241');
      await expect.poll(() => basketLines(page)).toEqual(['1 AA batteries, 4 pack']);
      await page.getByRole('button', { name: 'Pay $7.03 by card' }).click();
      await expect.poll(() => page.getByTestId('phase-headline').innerText()).toBe('Insert, tap or swipe your card');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => outcome(page)).toBe('Payment stopped: nothing was charged');
      expect(await basketLines(page)).toEqual(['1 AA batteries, 4 pack']);
      await lookAtKiosk(page, 'kiosk-portrait-canceled-at-card');

      // Visa asks for a signature at 25.00 and more: four packs.
      for (let more = 0; more < 3; more++)
        await page.getByRole('button', { name: 'One more AA batteries, 4 pack' }).click();
      await page.getByRole('button', { name: 'Pay $28.10 by card' }).click();
      await presentCard(page, core, 'visa-signature', 'insert');
      await page.getByTestId('signature-headline').waitFor();
      expect(await page.getByTestId('signature-headline').innerText()).toMatch(/^Please sign/);
      await lookAtKiosk(page, 'kiosk-portrait-signature');
      await page.getByRole('button', { name: /^Cancel/ }).click();
      await expect.poll(() => outcome(page)).toBe('Payment stopped: nothing was charged');
      await noThanks(page);
      expect(await basketLines(page)).toEqual(['4 AA batteries, 4 pack']);
      expect(trainingJournalEntries(appDataDir).map((row) => row.state)).toEqual(['not-sent']);
    }),
  );
});
