import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { Core } from '../../src-main/lane/core/core';
import type { JournalEntryView, TerminalState } from '../../src-main/lane/ipc/contract';
import { e2e, screenshot, withOpenPage } from './support/browser-mode';
import { look, signIn, startSale, withSignedIn } from './support/counter';
import { gatewayRecords, shownOrderId } from './support/lane-records';

/**
 * Issue 29, items 4 and 5: a partial approval at the counter ends the way the journal says, on
 * every screen and after a reload: voided (the money back on the card, the sale canceled), or
 * complete with the rest taken another way. The training deck's partial card approves $5.00 of
 * a $10.00 sale.
 */

/** A $10.00 sale on the partial-approval card: the result screen shows $5.00 of $10.00. */
async function partlyApproved(page: Page, core: Core): Promise<string> {
  await startSale(page, '10.00');
  await core.cardReaders.presentTestCard({ cardId: 'visa-partial', method: 'insert' });
  await page.getByTestId('tender-rest').waitFor();
  expect(await page.getByTestId('sale-headline').innerText()).toBe('Partially approved');
  return shownOrderId(page);
}

const nextWords = (page: Page) => page.getByTestId('sale-next').innerText();

async function journalRows(core: Core, orderId: string): Promise<Array<[string, string]>> {
  const reply = await core.dispatch('terminal.history', { orderId });
  if (!reply.ok) throw new Error(reply.error.message);
  return (reply.result as JournalEntryView[]).map((row) => [row.operation, row.state]);
}

async function laneSale(core: Core) {
  const reply = await core.dispatch('terminal.state', {});
  if (!reply.ok) throw new Error(reply.error.message);
  return (reply.result as TerminalState).sale;
}

/** A page on the same lane, as a second window or a reconnecting browser opens it. */
async function secondPage(session: { browser: { newPage: (o: object) => Promise<Page> }; host: { url: string } }) {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(session.host.url);
  return page;
}

const returned = '$5.00 returned to the card; the sale was canceled.';

describe('a voided partial approval (item 4)', () => {
  e2e('voided with V after a confirm: every page says the money went back, after a reload too', (chromium) =>
    // The practice manager: a void needs no other PIN.
    withOpenPage(
      chromium,
      {},
      (page) => signIn(page, 'Trainer'),
      async (session) => {
        const { page, core } = session;
        const orderId = await partlyApproved(page, core);
        // V opens the void dialog, as History's Void... does: the amount and card, a reason, a confirmation.
        await page.keyboard.press('v');
        const form = page.getByRole('dialog', { name: `Void order ${orderId}` });
        await form.waitFor();
        expect(await page.getByTestId('void-intro').innerText()).toContain('$5.00 on the');
        // The V that opened it is not typed into the amount to void.
        expect(await form.getByLabel('Amount to void').inputValue()).toBe('5.00');
        await form.getByRole('button', { name: /Next: confirm/ }).click();
        await form.getByLabel('The customer canceled the sale').check();
        await form.getByRole('button', { name: /Next: confirm/ }).click();
        const confirm = page.getByRole('dialog', { name: 'Confirm the void' });
        expect(await page.getByTestId('void-confirm').innerText()).toContain(`Void $5.00 on the`);
        await look(page, 'partial-void-confirm');
        await confirm.getByRole('button', { name: /Void \$5\.00/ }).click();
        await expect.poll(() => page.getByTestId('sale-headline').innerText()).toBe('Voided');
        expect(await nextWords(page)).toBe(returned);
        expect(await page.getByTestId('void-partial').count()).toBe(0);
        await page.reload();
        await page.getByTestId('sale-headline').waitFor();
        expect(await page.getByTestId('sale-headline').innerText()).toBe('Voided');
        expect(await nextWords(page)).toBe(returned);
        await look(page, 'partial-voided-after-reload');
        const second = await secondPage(session);
        await second.getByTestId('sale-headline').waitFor();
        expect(await second.getByTestId('sale-headline').innerText()).toBe('Voided');
        expect(await nextWords(second)).toBe(returned);
        await screenshot(second, 'partial-voided-second-page');
        expect(await laneSale(core)).toMatchObject({ dueMinor: null, results: [{ orderId, outcome: 'voided' }] });
        expect(await journalRows(core, orderId)).toEqual([
          ['void', 'completed'],
          ['auth', 'completed'],
        ]);
        expect(await gatewayRecords(core, orderId)).toEqual([expect.objectContaining({ setlstat: 'Voided' })]);
      },
    ),
  );

  e2e('voided from another connection (as History sends it): the open page follows without a reload', (chromium) =>
    withSignedIn(chromium, {}, async ({ page, core }) => {
      const orderId = await partlyApproved(page, core);
      const voided = await core.dispatch('terminal.void', { orderId, managerPin: '9999', reason: 'customer-canceled' });
      expect(voided).toMatchObject({ ok: true, result: { outcome: 'approved' } });
      await expect.poll(() => page.getByTestId('sale-headline').innerText()).toBe('Voided');
      expect(await nextWords(page)).toBe(returned);
      expect(await page.getByText('Partially approved').count()).toBe(0);
      await look(page, 'partial-voided-elsewhere');
      await page.reload();
      await page.getByTestId('sale-headline').waitFor();
      expect(await nextWords(page)).toBe(returned);
      // The sale is over: New sale is the main action, and the lane holds nothing owed.
      expect(await page.getByTestId('new-sale').getAttribute('class')).toBe('primary');
      expect(await laneSale(core)).toMatchObject({ dueMinor: null, results: [{ outcome: 'voided' }] });
    }),
  );
});

describe('the rest of a partial approval taken another way (item 5)', () => {
  e2e(
    'canceling the card for the rest says it is still owed; O and a confirm complete the sale, on every page',
    (chromium) =>
      withSignedIn(chromium, {}, async (session) => {
        const { page, core } = session;
        const orderId = await partlyApproved(page, core);
        await page.keyboard.press('Enter');
        await page.getByText('Insert, tap or swipe the card').waitFor();
        await page.keyboard.press('Escape');
        const stillOwed =
          '$5.00 is still owed: the card for it was canceled, and $5.00 stays approved on the first card. Take the rest, or void the approval.';
        await page.getByText(stillOwed).waitFor();
        expect(await page.getByText('The sale was canceled').count()).toBe(0);
        expect(await page.getByTestId('rest-outside').innerText()).toContain('$5.00 taken another way');
        await look(page, 'partial-rest-card-canceled');
        await page.keyboard.press('o');
        const confirm = page.getByTestId('confirm-partial-end');
        expect(await confirm.innerText()).toContain('Finish the sale with $5.00 taken another way?');
        await look(page, 'partial-rest-outside-confirm');
        // A habitual Enter lands on "No": nothing is recorded.
        await page.keyboard.press('Enter');
        await confirm.waitFor({ state: 'detached' });
        expect((await laneSale(core))?.dueMinor).toBe(500);
        await page.getByTestId('rest-outside').click();
        await page.getByTestId('confirm-partial-end-yes').click();
        const complete = 'Sale complete: $5.00 on the card, $5.00 taken another way.';
        await expect.poll(() => page.getByTestId('sale-headline').innerText()).toBe('Sale complete');
        expect(await nextWords(page)).toContain(complete);
        await look(page, 'partial-rest-outside-complete');
        await page.reload();
        await page.getByTestId('sale-headline').waitFor();
        expect(await page.getByTestId('sale-headline').innerText()).toBe('Sale complete');
        expect(await nextWords(page)).toContain(complete);
        const second = await secondPage(session);
        await second.getByTestId('sale-headline').waitFor();
        expect(await nextWords(second)).toContain(complete);
        await screenshot(second, 'partial-rest-outside-second-page');
        expect(await laneSale(core)).toMatchObject({
          dueMinor: null,
          restTakenOutsideMinor: 500,
          results: [{ orderId, outcome: 'partial', approvedMinor: 500 }],
        });
        // The card's $5.00 stays charged: no void in the journal, none at the gateway.
        expect(await journalRows(core, orderId)).toEqual([['auth', 'completed']]);
        expect(await gatewayRecords(core, orderId)).toEqual([
          expect.objectContaining({ respstat: 'A', amountMinor: 500, setlstat: expect.not.stringMatching(/Voided/) }),
        ]);
        await page.getByTestId('new-sale').click();
        await expect.poll(() => page.getByTestId('sale-amount').innerText()).toBe('$0.00');
        expect(await laneSale(core)).toBeNull();
      }),
  );
});
