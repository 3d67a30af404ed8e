import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { Core } from '../../src-main/lane/core/core';
import type { JournalEntryView } from '../../src-main/lane/ipc/contract';
import { scanPaths } from '../../src-main/lane/security/card-data-scan';
import { e2e } from './support/browser-mode';
import { keyAmount, look, withSignedIn } from './support/counter';
import { gatewayRecords, shownOrderId } from './support/lane-records';

/**
 * Issue 35's done line: a training lane set to an integrated terminal, sold on in Chromium. The
 * trainee works the terminal drawn beside the counter (training's Terminal API emulator in front
 * of the built-in gateway, over HTTP); the cashier keys the amount and reads the outcome. Every
 * sale is then read three ways: the words on the screen, the journal, the gateway's records.
 */
const terminalLane = {
  payments: { device: 'integrated-terminal', tips: true },
  integratedTerminal: { pinDebit: true },
};

const terminalOf = (page: Page) => page.getByRole('region', { name: 'Payment terminal' });
const headline = (page: Page) => page.getByTestId('sale-headline').innerText();

/** Keys the amount and pays: the counter then says to follow the terminal, which asks what it asks first. */
async function pay(page: Page, amount: string): Promise<void> {
  await keyAmount(page, amount);
  await page.keyboard.press('Enter');
  await page.getByText(/Follow the terminal/).waitFor();
}

/** The terminal asks for `what` (its controls are drawn), then the trainee presses `button` there. */
async function atTerminal(page: Page, button: string | RegExp): Promise<void> {
  await terminalOf(page).getByRole('button', { name: button, exact: true }).click();
}

async function enterPin(page: Page, pin: string): Promise<void> {
  const pad = terminalOf(page).getByRole('group', { name: 'PIN pad' });
  await pad.waitFor();
  for (const digit of pin) await pad.getByRole('button', { name: `PIN digit ${digit}` }).click();
  await pad.getByRole('button', { name: 'Enter PIN' }).click();
}

async function newSale(page: Page): Promise<void> {
  await page.getByTestId('new-sale').click();
  await expect.poll(() => page.getByTestId('sale-amount').innerText()).toBe('$0.00');
}

async function clearAmount(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      await page.keyboard.press('Escape');
      return page.getByTestId('sale-amount').innerText();
    })
    .toBe('$0.00');
}

async function journalOf(core: Core, orderId?: string): Promise<JournalEntryView[]> {
  const reply = await core.dispatch('terminal.history', orderId ? { orderId } : {});
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.result as JournalEntryView[];
}

/** The merchant copy the sale printed (the page before the customer's) on the training printer: saved, and its text. */
async function merchantCopy(core: Core, name: string): Promise<string> {
  const page = await core.dispatch('printers.lastPage', { back: 1 });
  if (!page.ok) throw new Error(page.error.message);
  const { png, lines } = page.result as { png: string | null; lines: readonly string[] };
  if (png) writeFileSync(join('test-results', `${name}.png`), Buffer.from(png.split(',')[1]!, 'base64'));
  return lines.join('\n');
}

/** Each journal row of the day and the gateway's records for its order agree: amount, answer, once. */
async function journalMatchesGateway(core: Core): Promise<void> {
  const rows = (await journalOf(core)).filter((row) => row.operation === 'auth');
  for (const row of rows) {
    const records = await gatewayRecords(core, row.orderId);
    if (row.state === 'not-sent') {
      expect(records, `${row.orderId}: nothing at the gateway`).toEqual([]);
      continue;
    }
    expect(['completed', 'resolved'], `${row.orderId}: settled in the journal`).toContain(row.state);
    expect(records, `${row.orderId}: one authorization`).toHaveLength(1);
    expect(records[0]).toMatchObject({ retref: row.retref, respstat: row.respstat });
  }
}

describe('selling on an integrated terminal in training', () => {
  e2e(
    'a tip chosen and a signature on the terminal, a decline, a partial approval then the rest, PIN debit: the screen, the receipt, the journal and the gateway agree',
    (chromium) =>
      withSignedIn(chromium, { settings: terminalLane }, async ({ page, core }) => {
        const terminal = terminalOf(page);
        await terminal.waitFor();
        // The trainee works the terminal, not the reader's card deck; the counter asks no tip of its own.
        expect(await page.getByRole('heading', { name: 'Card deck' }).count()).toBe(0);
        // The card is paid on the terminal: no card is keyed at the counter.
        await expect.poll(() => page.getByTestId('pay-card').innerText()).toMatch(/^Card on the terminal/);
        expect(await page.getByTestId('pay-keyed').count()).toBe(0);
        expect(await page.getByRole('group', { name: 'Tip' }).count()).toBe(0);
        await look(page, 'integrated-terminal-ready');

        // 25.00 with an 18 % tip chosen on the terminal, a Visa inserted, signed on its screen.
        await pay(page, '25.00');
        await terminal.getByRole('group', { name: 'Tip' }).waitFor();
        await look(page, 'integrated-terminal-tip');
        await atTerminal(page, /^Tip 18% /);
        await atTerminal(page, 'Insert Visa, approves');
        await atTerminal(page, 'Sign on the terminal');
        await expect.poll(() => headline(page)).toBe('Approved');
        await look(page, 'integrated-terminal-approved-with-tip');
        const tipped = await shownOrderId(page);
        expect(await page.getByTestId('sale-result').innerText()).toContain('$29.50');
        const [row] = await journalOf(core, tipped);
        expect(row).toMatchObject({ state: 'completed', amountMinor: 2950, respstat: 'A' });
        expect(row!.maskedPan ?? '').not.toMatch(/\d{13,19}/);
        expect((await gatewayRecords(core, tipped)).map((record) => record.amountMinor)).toEqual([2950]);
        const slip = await merchantCopy(core, 'integrated-terminal-merchant-copy');
        expect(slip).toMatch(/TIP/i);
        expect(slip).toContain('Signed electronically');
        await newSale(page);

        // A decline: the terminal reads the card, the gateway says no, nothing is owed or charged.
        await pay(page, '10.00');
        await atTerminal(page, 'No tip');
        await atTerminal(page, 'Insert Visa, declined (do not honor)');
        await expect.poll(() => headline(page)).toBe('Declined');
        await look(page, 'integrated-terminal-declined');
        const declined = await shownOrderId(page);
        expect(await journalOf(core, declined)).toMatchObject([{ state: 'completed', respstat: 'C' }]);
        await newSale(page);

        // A prepaid card approves part; the rest is paid with a second card, asked no second tip.
        await pay(page, '8.00');
        await atTerminal(page, 'No tip');
        await atTerminal(page, 'Insert Visa prepaid, approves 5.00 of 6.00 or more');
        await page.getByTestId('tender-rest').waitFor();
        expect(await headline(page)).toBe('Partially approved');
        await look(page, 'integrated-terminal-partial');
        await page.getByTestId('tender-rest').click();
        await terminal.getByRole('group', { name: 'Present Visa, approves' }).waitFor();
        expect(await terminal.getByRole('group', { name: 'Tip' }).count()).toBe(0);
        await atTerminal(page, 'Insert Visa, approves');
        await expect.poll(() => headline(page)).toBe('Approved');
        await look(page, 'integrated-terminal-rest-paid');
        const state = await core.dispatch('terminal.state', {});
        expect(state).toMatchObject({ ok: true, result: { sale: { dueMinor: null } } });
        await newSale(page);

        // PIN debit: the debit card asks for its PIN on the terminal's pad, and no signature.
        await pay(page, '12.00');
        await atTerminal(page, 'No tip');
        await atTerminal(page, 'Insert Visa debit (PIN), approves');
        await enterPin(page, '1234');
        await expect.poll(() => headline(page)).toBe('Approved');
        await look(page, 'integrated-terminal-pin-debit');
        const debitSlip = await merchantCopy(core, 'integrated-terminal-debit-copy');
        expect(debitSlip).toMatch(/PIN VERIFIED|VERIFIED BY PIN/);
        expect(debitSlip).not.toContain('Signed electronically');
        expect(debitSlip).not.toContain('1234');

        await journalMatchesGateway(core);
      }),
    240_000,
  );

  e2e(
    'canceled at the terminal, canceled at the lane, a lost answer recovered by order id: each said in words, nothing charged twice, no card data on the lane',
    (chromium) =>
      withSignedIn(chromium, { settings: terminalLane }, async ({ page, core, appDataDir, logLines }) => {
        const terminal = terminalOf(page);
        await terminal.waitFor();

        // The customer presses the red key at the tip: nothing was sent, nothing charged.
        await pay(page, '5.00');
        await terminal.getByRole('group', { name: 'Tip' }).waitFor();
        await atTerminal(page, 'Cancel on the terminal');
        await page.getByText(/canceled at the terminal: nothing was charged/).waitFor();
        await look(page, 'integrated-terminal-canceled-at-terminal');
        // The amount stays for another try; the cashier clears it for the next sale.
        await clearAmount(page);

        // The cashier cancels while the terminal waits for the card: the terminal's command is canceled there.
        await keyAmount(page, '6.00');
        await page.keyboard.press('Enter');
        await atTerminal(page, 'No tip');
        await terminal.getByRole('group', { name: 'Present Visa, approves' }).waitFor();
        await page.keyboard.press('Escape');
        await expect.poll(() => terminal.getByRole('group', { name: 'Present Visa, approves' }).count()).toBe(0);
        await page.getByText('The sale was canceled.').waitFor();
        await look(page, 'integrated-terminal-canceled-at-lane');
        await clearAmount(page);
        const rows = await journalOf(core);
        expect(rows.filter((row) => row.state === 'completed')).toEqual([]);

        // The trainer loses the terminal's next answer: the sale is made, the lane finds it by order id.
        await keyAmount(page, '7.00');
        await page.keyboard.press('Enter');
        await atTerminal(page, 'No tip');
        await terminal.getByRole('button', { name: 'Lose next answer' }).click();
        await atTerminal(page, 'Insert Visa, approves');
        await expect.poll(() => headline(page), { timeout: 30_000 }).toBe('Approved');
        await look(page, 'integrated-terminal-lost-answer-recovered');
        const recovered = await shownOrderId(page);
        const [row] = await journalOf(core, recovered);
        // Resolved: the answer never came, and the gateway's record by order id says what happened.
        expect(row).toMatchObject({ state: 'resolved', amountMinor: 700, respstat: 'A' });
        expect(row!.note).toMatch(/answer lost; the gateway has it approved/);
        expect(await gatewayRecords(core, recovered)).toHaveLength(1);

        await journalMatchesGateway(core);
        // No card number, track or PIN block anywhere the lane wrote: its journal, settings, logs.
        writeFileSync(join(appDataDir, 'e2e-log.jsonl'), logLines.join('\n'));
        expect(scanPaths([appDataDir]).findings).toEqual([]);
      }),
    180_000,
  );
});
