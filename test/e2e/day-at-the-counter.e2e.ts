import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createMemoryLedger, type Ledger } from '../../src-main/stand-ins/gateway-emulator/ledger';
import { loadOrCreateTrainingWalletKeys } from '../../src-main/stand-ins/training-wallet/training-keys';
import { startEmulator, type RunningEmulator } from '../../src-main/stand-ins/gateway-emulator/server';
import { startLaneProcess, type LaneProcess } from '../kills/lane-process';
import { emulatorAdmin } from '../support/emulator-admin';
import { mailboxes } from '../support/mailbox';
import { closeContexts, closeSharedChromium, sharedChromium } from './support/chromium';
import { e2e } from './support/browser-mode';
import { keyAmount, look, openShift, signIn } from './support/counter';

// The emulator's surcharging practice merchant: 3% on credit cards, none on debit.
const surcharging = '820000000003';
const newMailbox = mailboxes();

let emulator: RunningEmulator;
let ledger: Ledger;
let home: string;
beforeAll(async () => {
  // The lane's app-data folder holds training's wallet keys: the emulated phone signs with them,
  // so the emulator outside the lane is given them, as the built-in one takes them from the folder.
  home = join(mkdtempSync(join(tmpdir(), 'day-at-the-counter-')), 'home');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const { merchant, root, ecV2 } = loadOrCreateTrainingWalletKeys(home, Date.now());
  ledger = createMemoryLedger();
  emulator = await startEmulator({
    ledger,
    rateLimit: false,
    realism: false,
    wallet: { merchant, anchors: [root], ecV2: ecV2.recipient },
  });
});
afterAll(async () => {
  await closeSharedChromium();
  await emulator?.close();
});

/** The lane's settings: signing on the screen, surcharging, the phone's pay link, receipts mailed to `mailPort`. */
function writeLaneSettings(mailPort: number): void {
  const settings = {
    merchantId: surcharging,
    signature: { capture: 'screen' },
    payments: { recoveryRetrySeconds: 5 },
    surcharge: { enabled: true, storePostal: '62701' },
    receiptMail: { host: '127.0.0.1', port: mailPort, security: 'none', from: 'receipts@corner.example' },
    wallet: { enabled: true, payLinkPort: 0, storeName: 'Corner Shop' },
  };
  writeFileSync(join(home, 'settings.json'), JSON.stringify(settings), { mode: 0o600 });
}

/** Presents a deck card on the training reader while the sale waits for one. */
async function present(page: Page, card: string, method: 'insert' | 'tap' | 'swipe' = 'insert'): Promise<void> {
  await page.getByText('Insert, tap or swipe the card').waitFor();
  await page.getByTestId(`deck-${card}-${method}`).click();
}

/**
 * Waits until the sale's part is over and the counter asks for the rest: "Remaining to pay" and
 * the balance (while a part's receipts print, the payment has not ended and keys wait).
 */
async function owing(page: Page, balance: string): Promise<void> {
  await page.getByRole('heading', { name: 'Remaining to pay' }).waitFor({ timeout: 20_000 });
  await expect.poll(() => page.getByTestId('balance-due').innerText()).toBe(balance);
}

const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;

describe('a cashier\u2019s whole day at the counter, in Chromium, on a lane process', () => {
  e2e(
    'float, cash with change, card + cash split across a SIGKILL, a surcharged sale, an emailed receipt, a phone + card split, a refund, a split sale cancelled with its parts returned, a no-sale, a blind count and the Z report = journal = ledger',
    async (chromium) => {
      const box = await newMailbox();
      writeLaneSettings(box.port);
      const browser = await sharedChromium(chromium);
      let lane: LaneProcess = await startLaneProcess(home, emulator.url, 'LANE-07');
      try {
        const viewport = { width: 1280, height: 800 };
        let page = await browser.newPage({ viewport });
        await page.goto(lane.url);
        await signIn(page);

        // The shift opens with a counted float.
        await openShift(page, '100.00');

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
        await owing(page, '$15.00');
        await look(page, 'day-split-first-part');
        await lane.kill();

        // The lane comes back on the same app-data folder: the split sale with its paid part and
        // its balance, as the journal kept them.
        lane = await startLaneProcess(home, emulator.url, 'LANE-07');
        await page.close();
        page = await browser.newPage({ viewport });
        await page.goto(lane.url);
        await signIn(page);
        await owing(page, '$15.00');
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

        // A phone + card split of $30.00: $10.00 by the customer's phone, whose card is a credit card
        // (its 3% shown at the counter before it is charged), the rest on a debit card (no fee).
        await keyAmount(page, '30.00');
        await page.keyboard.press('s');
        await page.getByTestId('split-entry').waitFor();
        await page.keyboard.type('1000');
        await page.keyboard.press('w');
        // The customer's phone: a device of its own that opens the QR code's link and, as the
        // trainee is told, accepts the certificate training made for the pay page.
        const link = await page.getByTestId('open-training-phone').getAttribute('href');
        const phoneContext = await browser.newContext({ ignoreHTTPSErrors: true });
        const phone = await phoneContext.newPage();
        await phone.goto(link!);
        await phone.getByRole('button', { name: 'Pay with the training wallet' }).click();
        await page.getByTestId('fee-confirmation').waitFor({ timeout: 30_000 });
        expect(await page.getByTestId('fee-total').innerText()).toBe('$10.30');
        await look(page, 'day-phone-fee-shown');
        await page.keyboard.press('Enter');
        await owing(page, '$20.00');
        expect(await page.getByTestId('paid-parts').innerText()).toMatch(/Phone \S+1443 \$10\.00 \+ \$0\.30 surcharge/);
        await look(page, 'day-phone-part-paid');
        await phoneContext.close();
        await page.keyboard.press('Enter');
        await present(page, 'visa-debit');
        await page.getByTestId('sale-result').waitFor();
        expect(await page.getByTestId('sale-headline').innerText()).toBe('Approved');
        await look(page, 'day-phone-card-split-paid');
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

        // A sale cancelled with paid parts: $12.00 split, $5.00 on a debit card and $3.00 in cash,
        // then the customer changes their mind. Each part goes back the way it came, a manager agreeing.
        await page.keyboard.press('Alt+1');
        await keyAmount(page, '12.00');
        await page.keyboard.press('s');
        await page.getByTestId('split-entry').waitFor();
        await page.keyboard.type('500');
        await page.keyboard.press('Enter');
        await present(page, 'visa-debit');
        await owing(page, '$7.00');
        await page.keyboard.press('s');
        await page.getByTestId('split-entry').waitFor();
        await page.keyboard.type('300');
        await page.keyboard.press('c');
        await owing(page, '$4.00');
        await look(page, 'day-cancel-two-parts-paid');
        await page.getByTestId('cancel-paid-sale').click();
        const going = page.getByTestId('parts-going-back');
        expect(await going.innerText()).toMatch(/Card \S+2204 \$5\.00: voided \(refunded if its batch has settled\)/);
        expect(await going.innerText()).toMatch(
          /Cash \$3\.00 \(tendered \$3\.00, change \$0\.00\): handed back from the drawer/,
        );
        await page.getByLabel('Reason').fill('Customer changed their mind');
        await page.keyboard.press('Enter');
        const manager = page.getByRole('dialog', { name: 'Manager approval' });
        await manager.getByLabel('Manager PIN').fill('9999');
        await page.keyboard.press('Enter');
        const ends = page.getByTestId('returned-parts');
        await expect.poll(() => ends.innerText(), { timeout: 20_000 }).toMatch(/Card \$5\.00, order \S+: voided/);
        expect(await ends.innerText()).toMatch(/Cash \$3\.00, order \S+: handed back from the drawer/);
        await look(page, 'day-cancel-parts-returned');
        await page.keyboard.press('Enter');
        await page.getByTestId('sale-amount').waitFor();

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
        const sales = 1435 + 2500 + 2499 + 3000;
        // Four customers: each split sale is one sale, paid by two tenders; the cancelled one is none.
        expect(z).toMatch(new RegExp(`Sales \\(4\\)\\s+\\${money(sales)}`));
        expect(z).toMatch(new RegExp(`1001 \\(4\\)\\s+\\${money(sales)}`));
        // The card and phone takings, the surcharges with them, less the refund:
        // 10.00 + 25.74 + 10.30 + 20.00 - 5.00.
        expect(z).toMatch(/Card \(4\)\s+\$61\.04/);
        expect(z).toMatch(/Refunds \(1\)\s+\$5\.00/);
        expect(z).toMatch(/Voids \(1\)\s+\$5\.00/);
        expect(z).toMatch(/VISA \(3\)\s+\$54\.99/);
        expect(z).toMatch(/Cash \(2\)\s+\$29\.35/);
        expect(z).toMatch(/Surcharges\s+\$1\.05/);
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
        const standing = (left: boolean) =>
          approved
            .filter((transaction) => transaction.remaining > 0 === left)
            .map((transaction) => transaction.amount)
            .sort((a, b) => a - b);
        expect(standing(true)).toEqual([1000, 1030, 2000, 2574]);
        // The cancelled sale's card part: approved, then voided in full.
        expect(standing(false)).toEqual([500]);
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
            { amount_minor: 1000, charged: 1030 },
            { amount_minor: 2000, charged: 2000 },
            { amount_minor: 500, charged: 500 },
          ]);
          expect(
            db.prepare("SELECT amount_minor FROM entries WHERE operation = 'void' AND state = 'completed'").all(),
          ).toEqual([{ amount_minor: 500 }]);
          expect(db.prepare('SELECT kind, amount_minor FROM cash_movements ORDER BY id').all()).toEqual([
            { kind: 'sale', amount_minor: 1435 },
            { kind: 'sale', amount_minor: 1500 },
            { kind: 'sale', amount_minor: 300 },
            { kind: 'returned', amount_minor: -300 },
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
});
