import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createMemoryLedger, type Ledger } from '../../src-main/stand-ins/gateway-emulator/ledger';
import { startEmulator, type RunningEmulator } from '../../src-main/stand-ins/gateway-emulator/server';
import { startLaneProcess, type LaneProcess } from '../kills/lane-process';
import { emulatorAdmin } from '../support/emulator-admin';
import { mailboxes } from '../support/mailbox';
import { closeContexts, closeSharedChromium, sharedChromium } from './support/chromium';
import { e2e } from './support/browser-mode';
import { keyAmount, look, signIn, withSignedIn } from './support/counter';
import { gatewayRecords } from './support/lane-records';

// The emulator's surcharging practice merchant: 3% on credit cards, none on debit.
const surcharging = '820000000003';
const newMailbox = mailboxes();

let emulator: RunningEmulator;
let ledger: Ledger;
beforeAll(async () => {
  ledger = createMemoryLedger();
  emulator = await startEmulator({ ledger, rateLimit: false, realism: false });
});
afterAll(async () => {
  await closeSharedChromium();
  await emulator?.close();
});

/** A lane's app-data folder: signing on the screen, surcharging, receipts mailed to `mailPort`. */
function laneHome(mailPort: number): string {
  const home = join(mkdtempSync(join(tmpdir(), 'day-at-the-counter-')), 'home');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const settings = {
    merchantId: surcharging,
    signature: { capture: 'screen' },
    payments: { recoveryRetrySeconds: 5 },
    surcharge: { enabled: true, storePostal: '62701' },
    receiptMail: { host: '127.0.0.1', port: mailPort, security: 'none', from: 'receipts@corner.example' },
  };
  writeFileSync(join(home, 'settings.json'), JSON.stringify(settings), { mode: 0o600 });
  return home;
}

/** Presents a deck card on the training reader while the sale waits for one. */
async function present(page: Page, card: string, method: 'insert' | 'tap' | 'swipe' = 'insert'): Promise<void> {
  await page.getByText('Insert, tap or swipe the card').waitFor();
  await page.getByTestId(`deck-${card}-${method}`).click();
}

const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;

describe('a cashier\u2019s whole day at the counter, in Chromium, on a lane process', () => {
  e2e(
    'float, cash with change, card + cash split across a SIGKILL, a surcharged sale, an emailed receipt, a no-sale, a blind count and the Z report = journal = ledger',
    async (chromium) => {
      const box = await newMailbox();
      const home = laneHome(box.port);
      const browser = await sharedChromium(chromium);
      let lane: LaneProcess = await startLaneProcess(home, emulator.url, 'LANE-07');
      try {
        const viewport = { width: 1280, height: 800 };
        let page = await browser.newPage({ viewport });
        await page.goto(lane.url);
        await signIn(page);

        // The shift opens with a counted float.
        await page.keyboard.press('Alt+3');
        await page.getByLabel('Float counted into the drawer').fill('100.00');
        await page.getByRole('button', { name: 'Open shift' }).click();
        await expect.poll(() => page.getByTestId('shift-status').innerText()).toMatch(/float \$100\.00\.$/);

        // A cash sale with change: $14.35, the customer hands over a $20 note.
        await page.keyboard.press('Alt+1');
        await keyAmount(page, '14.35');
        await page.keyboard.press('c');
        await expect.poll(() => page.getByTestId('cash-due').innerText()).toContain('$14.35');
        await page
          .getByRole('group', { name: 'Quick cash' })
          .getByRole('button', { name: /\$20\.00/ })
          .click();
        await expect.poll(() => page.getByTestId('cash-change').innerText()).toContain('$5.65');
        await look(page, 'day-cash-change');
        await page.keyboard.press('Enter');
        await page.getByTestId('sale-amount').waitFor();

        // A card + cash split of $25.00: $10.00 on a debit card (no surcharge), then the lane dies.
        await keyAmount(page, '25.00');
        await page.keyboard.press('s');
        await page.getByTestId('split-entry').waitFor();
        await page.keyboard.type('1000');
        await expect.poll(() => page.getByTestId('split-part').innerText()).toBe('$10.00');
        await page.keyboard.press('Enter');
        await present(page, 'visa-debit');
        await expect.poll(() => page.getByTestId('balance-due').innerText(), { timeout: 20_000 }).toBe('$15.00');
        await look(page, 'day-split-first-part');
        await lane.kill();

        // The lane comes back on the same app-data folder: the split sale with its paid part and
        // its balance, as the journal kept them.
        lane = await startLaneProcess(home, emulator.url, 'LANE-07');
        await page.close();
        page = await browser.newPage({ viewport });
        await page.goto(lane.url);
        await signIn(page);
        await expect.poll(() => page.getByTestId('balance-due').innerText(), { timeout: 20_000 }).toBe('$15.00');
        expect(await page.getByTestId('paid-parts').innerText()).toMatch(/\$10\.00/);
        await look(page, 'day-split-resumed');
        await page.keyboard.press('c');
        await expect.poll(() => page.getByTestId('cash-due').innerText()).toContain('$15.00');
        await page
          .getByRole('group', { name: 'Quick cash' })
          .getByRole('button', { name: /\$20\.00/ })
          .click();
        await expect.poll(() => page.getByTestId('cash-change').innerText()).toContain('$5.00');
        await look(page, 'day-split-paid');
        await page.keyboard.press('Enter');
        await page.getByTestId('sale-amount').waitFor();

        // A surcharged credit card sale: the fee is shown before anything is sent.
        await keyAmount(page, '24.99');
        await page.keyboard.press('Enter');
        await present(page, 'visa-approve');
        await page.getByTestId('fee-confirmation').waitFor();
        expect(await page.getByTestId('fee-total').innerText()).toBe('$25.74');
        await look(page, 'day-surcharge-shown');
        await page.keyboard.press('Enter');
        await page.getByTestId('sale-result').waitFor();
        expect(await page.getByTestId('sale-headline').innerText()).toBe('Approved');
        const surchargedOrder = (
          await page
            .getByTestId('sale-result')
            .getByText(/^LANE07-/)
            .first()
            .innerText()
        ).trim();

        // Its receipt emailed: it reaches the store's mail server with the right totals.
        await page
          .getByTestId('receipt-choice')
          .getByRole('button', { name: /Email receipt/ })
          .click();
        await page.getByLabel(/email address/i).fill('jane@example.com');
        await page.getByLabel(/email address/i).press('Enter');
        await expect.poll(() => page.getByTestId('receipt-send').innerText()).toMatch(/queued for j•+@example\.com/i);
        await look(page, 'day-receipt-emailed');
        await expect.poll(() => box.received.length, { timeout: 20_000 }).toBe(1);
        const mail = box.received[0]!;
        expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('jane@example.com');
        expect(mail.text).toMatch(/SURCHARGE \(3%\)\s+\$0\.75/);
        expect(mail.text).toMatch(/TOTAL\s+\$25\.74/);
        await page.keyboard.press('Escape');
        await page.keyboard.press('Escape');
        await page.getByTestId('sale-amount').waitFor();

        // The batch settles overnight; the customer comes back: $5.00 of the surcharged sale is
        // refunded to the card from History.
        await emulatorAdmin(emulator.url).settle();
        await page.keyboard.press('Alt+2');
        await page.getByRole('button', { name: `Open order ${surchargedOrder}` }).click();
        await page.getByTestId('order-detail').getByRole('button', { name: 'Gateway status' }).click();
        await page
          .getByTestId('order-lookup')
          .getByText(/can be refunded/)
          .waitFor();
        await page.getByTestId('order-detail').getByRole('button', { name: 'Refund\u2026' }).click();
        const refund = page.getByRole('dialog', { name: `Refund order ${surchargedOrder}` });
        await refund.getByLabel('Amount to refund').fill('5.00');
        await refund.getByLabel('Damaged or faulty').check();
        await page.keyboard.press('Enter');
        await page.getByRole('dialog', { name: 'Confirm the refund' }).waitFor();
        await page.keyboard.press('Enter');
        await expect.poll(() => page.getByTestId('order-outcome').innerText()).toMatch(/^Refund approved\. \$5\.00/);
        await look(page, 'day-refund');

        // A no-sale, then the blind count: the drawer holds 100 + 14.35 + 15.00; 129.00 is counted.
        await page.keyboard.press('Alt+3');
        await page.getByLabel('No sale: why').fill('change for the float');
        await page.getByLabel(/^Manager PIN/).fill('9999');
        await page.getByRole('button', { name: 'Open drawer' }).click();
        await expect.poll(() => page.getByTestId('no-sale').innerText()).toBe('No sale recorded; the drawer is open.');
        await page.getByLabel('Cash counted in the drawer').fill('129.00');
        await page.getByRole('button', { name: 'Close shift' }).click();
        await expect
          .poll(() => page.getByTestId('shift-closed').innerText())
          .toBe('Shift 1 closed: counted $129.00, expected $129.35. Short $0.35.');
        await page.getByRole('button', { name: 'Z report (close the day)' }).click();
        const report = page.getByTestId('day-report');
        await expect.poll(() => report.innerText()).toMatch(/Z REPORT 1/);
        const z = await report.innerText();
        await report.scrollIntoViewIfNeeded();
        await look(page, 'day-z-report');

        // The Z report, the journal and the gateway's ledger tell one story.
        const sales = 1435 + 2500 + 2499;
        // Three customers: the split sale is one sale, paid by two tenders.
        expect(z).toMatch(new RegExp(`Sales \\(3\\)\\s+\\${money(sales)}`));
        expect(z).toMatch(new RegExp(`1001 \\(3\\)\\s+\\${money(sales)}`));
        // The card takings, the surcharge with them, less the refund: 10.00 + 25.74 - 5.00.
        expect(z).toMatch(/Card \(2\)\s+\$30\.74/);
        expect(z).toMatch(/Refunds \(1\)\s+\$5\.00/);
        expect(z).toMatch(/Cash \(2\)\s+\$29\.35/);
        expect(z).toMatch(/Surcharges\s+\$0\.75/);
        expect(z).toMatch(/No-sales\s+1/);
        expect(z).toMatch(/Over\/short\s+Short \$0\.35/);
        const mine = ledger.all().filter((transaction) => transaction.merchid === surcharging);
        expect(
          mine.filter((transaction) => transaction.kind === 'refund').map((transaction) => transaction.amount),
        ).toEqual([500]);
        const approved = ledger
          .all()
          .filter(
            (transaction) =>
              transaction.merchid === surcharging && transaction.kind === 'sale' && transaction.respstat === 'A',
          );
        expect(approved.map((transaction) => transaction.amount).sort((a, b) => a - b)).toEqual([1000, 2574]);
        const db = new Database(join(home, 'training-journal.sqlite'), { readonly: true });
        try {
          const auths = db
            .prepare(
              "SELECT amount_minor, json_extract(outcome, '$.amountMinor') AS charged FROM entries WHERE operation = 'auth' AND state = 'completed' ORDER BY id",
            )
            .all();
          expect(auths).toEqual([
            { amount_minor: 1000, charged: 1000 },
            { amount_minor: 2499, charged: 2574 },
          ]);
          expect(db.prepare('SELECT kind, amount_minor FROM cash_movements ORDER BY id').all()).toEqual([
            { kind: 'sale', amount_minor: 1435 },
            { kind: 'sale', amount_minor: 1500 },
            { kind: 'no-sale', amount_minor: 0 },
          ]);
          expect(db.prepare('SELECT number FROM z_reports').all()).toEqual([{ number: 1 }]);
        } finally {
          db.close();
        }
      } finally {
        await closeContexts(browser);
        await lane.stop();
      }
    },
    180_000,
  );

  // Training's phone pays only through the built-in gateway (its tokenizer holds the lane's
  // training wallet keys), so this sale runs on an in-process lane with it.
  e2e(
    'a phone + card split: the phone\u2019s part surcharged and confirmed first, the rest on a debit card, the gateway holding each part',
    (chromium) =>
      withSignedIn(
        chromium,
        {
          settings: {
            merchantId: surcharging,
            surcharge: { enabled: true, storePostal: '62701' },
            wallet: { enabled: true, payLinkPort: 0, storeName: 'Corner Shop' },
          },
        },
        async ({ page, core, appDataDir }) => {
          await keyAmount(page, '30.00');
          await page.keyboard.press('s');
          await page.getByTestId('split-entry').waitFor();
          await page.keyboard.type('1000');
          await page.keyboard.press('w');
          // The customer's phone: a device of its own that opens the QR code's link and, as the
          // trainee is told, accepts the certificate training made for the pay page.
          const link = await page.getByTestId('open-training-phone').getAttribute('href');
          const phoneContext = await page.context().browser()!.newContext({ ignoreHTTPSErrors: true });
          const phone = await phoneContext.newPage();
          await phone.goto(link!);
          await phone.getByRole('button', { name: 'Pay with the training wallet' }).click();
          // The phone's card is a credit card: its 3% is shown at the counter before it is charged.
          await page.getByTestId('fee-confirmation').waitFor({ timeout: 30_000 });
          expect(await page.getByTestId('fee-total').innerText()).toBe('$10.30');
          await look(page, 'day-phone-fee-shown');
          await page.keyboard.press('Enter');
          await expect.poll(() => page.getByTestId('balance-due').innerText(), { timeout: 20_000 }).toBe('$20.00');
          await look(page, 'day-phone-part-paid');
          await phoneContext.close();
          await page.keyboard.press('Enter');
          await present(page, 'visa-debit');
          await page.getByTestId('sale-result').waitFor();
          expect(await page.getByTestId('sale-headline').innerText()).toBe('Approved');
          await look(page, 'day-phone-card-split-paid');
          const db = new Database(join(appDataDir, 'training-journal.sqlite'), { readonly: true });
          let orders: Array<{ order_id: string; amount_minor: number; charged: number }>;
          try {
            orders = db
              .prepare(
                "SELECT order_id, amount_minor, json_extract(outcome, '$.amountMinor') AS charged FROM entries WHERE operation = 'auth' AND state = 'completed' ORDER BY id",
              )
              .all() as typeof orders;
            expect(db.prepare('SELECT state, total_minor FROM split_sales').all()).toEqual([
              { state: 'paid', total_minor: 3000 },
            ]);
          } finally {
            db.close();
          }
          expect(orders.map(({ amount_minor, charged }) => [amount_minor, charged])).toEqual([
            [1000, 1030],
            [2000, 2000],
          ]);
          // The gateway holds each part as the journal does: the phone's with its fee.
          for (const order of orders)
            expect(await gatewayRecords(core, order.order_id)).toEqual([
              expect.objectContaining({ respstat: 'A', amountMinor: order.charged }),
            ]);
        },
      ),
    120_000,
  );
});
