import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src-main/stand-ins/gateway-emulator/server';
import type { TerminalState } from '../../src-main/lane/ipc/contract';
import { emulatorAdmin } from '../support/emulator-admin';
import { trainingJournalEntries } from '../support/test-core';
import { e2e, screenshot } from './support/browser-mode';
import { laneOnEmulator } from './support/emulator-lane';
import { look, signIn, startSale, withSignedIn } from './support/counter';
import { gatewayRecords } from './support/lane-records';

/**
 * Issue 29 at the counter, in Chromium: a void shows the refund's care (item 3), and a sale whose
 * outcome is unknown is left only by a choice that says the customer may have been charged, and
 * what it became stays on the counter until acknowledged (item 6).
 */
describe('a void from History', () => {
  e2e(
    'shows the amount, the card and the order, takes a reason and a confirmation, tells the manager the same, and journals the reason',
    (chromium) =>
      withSignedIn(chromium, {}, async ({ page, core, appDataDir }) => {
        await startSale(page, '24.00');
        await core.cardReaders.presentTestCard({ cardId: 'visa-approve', method: 'insert' });
        await expect.poll(() => page.getByTestId('sale-headline').innerText()).toBe('Approved');
        const orderId = trainingJournalEntries(appDataDir)[0]!.orderId;
        await page.keyboard.press('Escape');
        await page.keyboard.press('Alt+2');
        await page.getByRole('heading', { name: 'History' }).waitFor();
        await page.getByRole('button', { name: `Open order ${orderId}` }).click();
        await page.getByTestId('order-detail').getByRole('button', { name: 'Void\u2026' }).click();

        // One click voids nothing: the dialog says what would go back, and to which card.
        const form = page.getByRole('dialog', { name: `Void order ${orderId}` });
        await form.waitFor();
        expect(await page.getByTestId('void-intro').innerText()).toBe(
          '$24.00 on the VISA CREDIT card ending 1443. A void sends it back to the card at once.',
        );
        expect(trainingJournalEntries(appDataDir).filter((row) => row.operation === 'void')).toEqual([]);
        await form.getByRole('button', { name: /Next: confirm/ }).click();
        await form.getByText('Choose why the sale is voided.').waitFor();
        await form.getByLabel('The customer paid another way').check();
        await look(page, 'void-dialog-reason');
        await form.getByRole('button', { name: /Next: confirm/ }).click();
        const confirm = page.getByRole('dialog', { name: 'Confirm the void' });
        expect(await page.getByTestId('void-confirm').innerText()).toBe(
          `Void $24.00 on the VISA CREDIT card ending 1443, order ${orderId}? Reason: The customer paid another way.`,
        );
        await look(page, 'void-dialog-confirm');
        await confirm.getByRole('button', { name: /Void \$24\.00/ }).click();

        // The trainee is a cashier: the manager is told the amount, the card and the order too.
        const approval = page.getByRole('dialog', { name: 'Manager approval' });
        await approval.waitFor();
        expect(await approval.innerText()).toContain(
          `Void $24.00 on the VISA CREDIT card ending 1443, order ${orderId}: a manager enters their PIN.`,
        );
        await screenshot(page, 'void-dialog-manager');
        await approval.getByLabel('Manager PIN').fill('9999');
        await page.keyboard.press('Enter');
        await expect.poll(() => page.getByTestId('order-outcome').innerText()).toMatch(/^Void approved\. \$24\.00/);
        await look(page, 'void-done');

        const voids = trainingJournalEntries(appDataDir).filter((row) => row.operation === 'void');
        expect(voids).toEqual([
          expect.objectContaining({ amountMinor: 2400, state: 'completed', detail: { reason: 'paid-another-way' } }),
        ]);
        expect(await gatewayRecords(core, orderId)).toEqual([expect.objectContaining({ setlstat: 'Voided' })]);
      }),
  );
});

const merchid = '496160873888';
let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ rateLimit: false, realism: false });
}, 60_000);
afterAll(async () => {
  await emulator?.close();
});

/** A lane on this file's emulator, its background checks run by hand, served to Chromium. */
const laneOn = (chromium: string) =>
  laneOnEmulator(chromium, {
    emulatorUrl: emulator.url,
    merchid,
    journalPath: join(mkdtempSync(join(tmpdir(), 'leave-unknown-')), 'journal.sqlite'),
  });

/** What the journal keeps of an order's authorization besides the answer. */
function authDetail(journalPath: string, orderId: string): Record<string, unknown> {
  const db = new Database(journalPath, { readonly: true });
  try {
    const row = db.prepare("SELECT detail FROM entries WHERE order_id = ? AND operation = 'auth'").get(orderId) as {
      detail: string | null;
    };
    return row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : {};
  } finally {
    db.close();
  }
}

describe('a sale whose outcome is unknown', () => {
  e2e(
    'Esc warns that the customer may have been charged, leaving is a choice the journal keeps, and the approval found later stays in a banner until acknowledged',
    async (chromium) => {
      const lane = await laneOn(chromium);
      const admin = emulatorAdmin(emulator.url);
      try {
        const { page, core } = lane;
        await page.goto(lane.host.url);
        await signIn(page);
        await admin.fault('auth', 'drop-after');
        await admin.fault('inquireByOrderid', 'http-500', 'always');
        await admin.fault('voidByOrderId', 'http-500', 'always');
        await startSale(page, '18.00');
        await core.cardReaders.presentTestCard({ cardId: 'visa-approve', method: 'insert' });
        await page.getByText('Outcome being checked').waitFor({ timeout: 20_000 });
        const state = async () => ((await core.dispatch('terminal.state', {})) as { result: TerminalState }).result;
        const orderId = (await state()).sale!.results.at(-1)!.orderId;

        // Esc no longer starts a new sale: it asks, and says the customer may have been charged.
        await page.keyboard.press('Escape');
        const warning = page.getByTestId('leave-warning');
        await warning.waitFor();
        expect(await warning.innerText()).toContain(
          `The customer may have been charged $18.00 on card \u2022\u2022\u2022\u20221443 (order ${orderId})`,
        );
        await look(page, 'leave-unknown-warning');
        await page.keyboard.press('Escape');
        await warning.waitFor({ state: 'detached' });
        expect((await state()).sale?.results.at(-1)).toMatchObject({ orderId, outcome: 'unknown' });
        expect(authDetail(lane.journalPath, orderId).leftBy).toBeUndefined();

        await page.keyboard.press('Escape');
        await page.getByTestId('leave-unknown').click();
        await page.getByRole('heading', { name: 'New sale' }).waitFor();
        expect(await page.getByTestId('sale-amount').innerText()).toBe('$0.00');
        expect((await state()).sale).toBeNull();
        expect(authDetail(lane.journalPath, orderId)).toMatchObject({ leftBy: '1001' });

        // The gateway answers at the next check: the counter says so until somebody has seen it.
        await admin.clearFaults();
        lane.timers.shift()!();
        const banner = page.getByTestId('left-sale-banner');
        await banner.waitFor({ timeout: 10_000 });
        expect(await banner.innerText()).toContain(
          `Charged: order ${orderId}, $18.00. The customer was charged: $18.00 was approved for order ${orderId} after the sale was left. If they paid another way, void it in History.`,
        );
        await look(page, 'leave-unknown-banner');
        // It is no popup: the cashier sells on beneath it, on any screen, and a reload keeps it.
        await page.keyboard.press('5');
        expect(await page.getByTestId('sale-amount').innerText()).toBe('$0.05');
        await page.keyboard.press('Alt+2');
        await page.getByRole('heading', { name: 'History' }).waitFor();
        await page.reload();
        await banner.waitFor();
        await screenshot(page, 'leave-unknown-banner-after-reload');
        await banner.getByRole('button', { name: 'Seen: done' }).click();
        await banner.waitFor({ state: 'detached' });
        expect(await core.dispatch('terminal.findings', {})).toMatchObject({ ok: true, result: [] });
        const ledger = emulator.context.ledger.all().filter((transaction) => transaction.orderid === orderId);
        expect(ledger).toEqual([expect.objectContaining({ respstat: 'A', amount: 1800 })]);
        expect(ledger[0]!.setlstat).not.toBe('Voided');
        await look(page, 'leave-unknown-acknowledged');
      } finally {
        await admin.clearFaults();
        await lane.close();
      }
    },
  );
});
