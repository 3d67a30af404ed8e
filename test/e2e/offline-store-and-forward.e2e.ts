import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { scanPaths } from '../../src-main/lane/security/card-data-scan';
import { createMemoryLedger, type Ledger } from '../../src-main/stand-ins/gateway-emulator/ledger';
import { startEmulator, type RunningEmulator } from '../../src-main/stand-ins/gateway-emulator/server';
import { startLaneProcess, type LaneProcess } from '../kills/lane-process';
import { emulatorAdmin } from '../support/emulator-admin';
import { closeContexts, closeSharedChromium, sharedChromium } from './support/chromium';
import { e2e } from './support/browser-mode';
import { keyAmount, look, openShift, signIn } from './support/counter';

let emulator: RunningEmulator;
let ledger: Ledger;
let home: string;
beforeAll(async () => {
  home = join(mkdtempSync(join(tmpdir(), 'offline-store-and-forward-')), 'home');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  ledger = createMemoryLedger();
  emulator = await startEmulator({ ledger, rateLimit: false, realism: false });
});
afterAll(async () => {
  await closeSharedChromium();
  await emulator?.close();
});

/** Offline payments on: at most $30.00 each, at most four stored. */
function writeLaneSettings(): void {
  const settings = {
    signature: { capture: 'screen' },
    payments: { recoveryRetrySeconds: 5 },
    offline: { enabled: true, perPaymentMaxMinor: 3000, totalMaxMinor: 20_000, maxCount: 4 },
  };
  writeFileSync(join(home, 'settings.json'), JSON.stringify(settings), { mode: 0o600 });
}

/** Rings `amount` and presents a deck card on the training reader. */
async function present(page: Page, amount: string, card: string, method: 'insert' | 'tap'): Promise<void> {
  await keyAmount(page, amount);
  await page.keyboard.press('Enter');
  await page.getByText('Insert, tap or swipe the card').waitFor();
  const button = page.getByTestId(`deck-${card}-${method}`);
  // The deck's groups fold; a card in a closed group is opened, as the trainee would.
  if (!(await button.isVisible()))
    await button.evaluate((element) => element.closest('details')?.setAttribute('open', ''));
  await button.click();
}

/** A card sale that ends with a result (stored offline). */
async function cardSale(page: Page, amount: string, card: string, method: 'insert' | 'tap'): Promise<void> {
  await present(page, amount, card, method);
  await page
    .getByTestId('sale-result')
    .waitFor({ timeout: 20_000 })
    .catch(async (error: unknown) => {
      await page.screenshot({ path: `test-results/offline-debug-${amount}.png` });
      throw error;
    });
}

/** Leaves the result for a new sale. */
async function nextSale(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByTestId('sale-amount').waitFor();
}

const banner = (page: Page) => page.getByTestId('offline-banner');

describe('offline store and forward at the counter, on a lane process', () => {
  e2e(
    'network down, six card sales (four stored, one over the ceiling, one over the count), SIGKILL, restart, network back, forwarding with a lost answer and an issuer decline; journal = ledger = reports, and no card data rests',
    async (chromium) => {
      // Log files are named by process id: one left by an earlier run with the same id is not this run's.
      const startedAt = Date.now();
      writeLaneSettings();
      const browser = await sharedChromium(chromium);
      const lanes: LaneProcess[] = [];
      let lane = await startLaneProcess(home, emulator.url, 'LANE-09');
      lanes.push(lane);
      try {
        const viewport = { width: 1280, height: 800 };
        let page = await browser.newPage({ viewport });
        await page.goto(lane.url);
        await signIn(page);

        // The shift opens; then the store's network goes down.
        await openShift(page, '100.00');
        await page.keyboard.press('Alt+1');
        // The first stored payment's forward will lose its answer: the emulator records the sale
        // and cuts the connection. Set now (nothing reaches "auth" while the network is down).
        await emulatorAdmin(emulator.url).fault('auth', 'drop-after', 'once');
        emulator.network.down();

        // 1. A chip sale: its request never leaves, so it is stored, never "Approved".
        await cardSale(page, '12.00', 'visa-approve', 'insert');
        expect(await page.getByTestId('sale-headline').innerText()).toBe('Stored offline');
        expect(await page.getByTestId('sale-next').innerText()).toMatch(
          /^Not approved yet: \$12\.00 will be sent to the gateway when it is back\./,
        );
        await expect
          .poll(() => banner(page).innerText())
          .toMatch(/^Offline: 1 payment stored \(\$12\.00\), oldest \d\d:\d\d\./);
        await look(page, 'offline-first-stored');
        await nextSale(page);

        // 2. A contactless tap, stored.
        await cardSale(page, '8.50', 'mastercard-approve', 'tap');
        expect(await page.getByTestId('sale-headline').innerText()).toBe('Stored offline');
        await nextSale(page);

        // 3. Over the $30.00 a payment may be offline: refused, in words, nothing stored.
        await present(page, '45.00', 'visa-approve', 'insert');
        await expect
          .poll(() => page.getByTestId('sale-error').innerText(), { timeout: 20_000 })
          .toMatch(
            /^The gateway cannot be reached, so nothing was charged\. Offline: \$45\.00 is over the \$30\.00 a payment may be while offline\. Take cash or another tender\. \(For support: .*\.\)$/,
          );
        await look(page, 'offline-over-ceiling');
        await page.keyboard.press('Escape');

        // 4. The card the issuer will decline when its payment is sent: stored like any other.
        await cardSale(page, '18.00', 'visa-offline-decline', 'insert');
        expect(await page.getByTestId('sale-headline').innerText()).toBe('Stored offline');
        await nextSale(page);

        // 5. A tap that fills the lane's four.
        await cardSale(page, '9.75', 'visa-contactless', 'tap');
        expect(await page.getByTestId('sale-headline').innerText()).toBe('Stored offline');
        await nextSale(page);
        await expect
          .poll(() => banner(page).innerText())
          .toBe('Offline: limit reached (4 stored). Take cash or another tender.');
        await look(page, 'offline-limit-reached');

        // 6. The fifth card: refused, the count limit named.
        await present(page, '5.00', 'visa-approve', 'tap');
        await expect
          .poll(() => page.getByTestId('sale-error').innerText(), { timeout: 20_000 })
          .toMatch(
            /^The gateway cannot be reached, so nothing was charged\. Offline: limit reached \(4 stored\)\. Take cash or another tender\. \(For support: .*\.\)$/,
          );
        await look(page, 'offline-count-refused');
        await page.keyboard.press('Escape');

        // The lane dies with four payments stored, and comes back on the same home, the network
        // still down: nobody sells or opens a screen, and it finds the gateway gone by itself.
        await lane.kill();
        lane = await startLaneProcess(home, emulator.url, 'LANE-09');
        lanes.push(lane);
        await page.close();
        page = await browser.newPage({ viewport });
        await page.goto(lane.url);
        // The manager signs in: a decline found while sending is theirs to see.
        await signIn(page, 'Trainer');
        await expect
          .poll(() => banner(page).innerText(), { timeout: 20_000 })
          .toBe('Offline: limit reached (4 stored). Take cash or another tender.');
        await look(page, 'offline-after-restart');

        // The network comes back: the link's probe finds the gateway and the forwarder sends the
        // four, oldest first; the first one's answer is lost and it is recovered by order id.
        await emulator.network.restore();
        await expect.poll(() => banner(page).count(), { timeout: 30_000 }).toBe(0);

        // The issuer's decline is put before the manager: amount, last four, what to do.
        const findings = page.getByTestId('recovery-findings');
        await findings.waitFor({ timeout: 30_000 });
        expect(await findings.getByRole('heading').first().innerText()).toBe(
          'A card payment taken offline was declined when it was sent',
        );
        const finding = findings.getByTestId('recovery-finding');
        expect(await finding.count()).toBe(1);
        const declined = await finding.innerText();
        expect(declined).toMatch(
          /^Offline sale \$18\.00 on card \u2022{4}1038, order \S+, declined by the card\u2019s issuer/,
        );
        expect(declined).toMatch(
          /Offline decline: \$18\.00 taken offline .* on VISA CREDIT ending 1038 was not approved when sent \(Do not honor\)\. Call the customer or write it off\./,
        );
        expect(declined).toMatch(
          /The customer left with the goods: a manager calls the customer or writes the sale off\./,
        );
        await look(page, 'offline-decline-finding');

        // End of day: nothing waits; the decline waits for its acknowledgement, then is gone.
        await page.keyboard.press('Alt+3');
        const panel = page.getByTestId('offline-panel');
        await expect
          .poll(() => panel.getByTestId('offline-status').innerText())
          .toBe('The gateway answers; no card payments are waiting to be sent.');
        expect(await panel.getByTestId('offline-declines').innerText()).toBe(
          '1 stored payment was declined when it was sent: see it in the findings and acknowledge it.',
        );
        await finding.getByRole('button', { name: 'Seen: done' }).click();
        await expect.poll(() => findings.count()).toBe(0);
        await expect.poll(() => panel.getByTestId('offline-declines').count()).toBe(0);
        await panel.scrollIntoViewIfNeeded();
        await look(page, 'offline-panel-after-forwarding');

        // The X report of the day so far.
        await page.getByRole('button', { name: 'X report' }).click();
        const report = page.getByTestId('day-report');
        await expect.poll(() => report.innerText()).toMatch(/X REPORT/);
        const x = await report.innerText();
        await report.scrollIntoViewIfNeeded();
        await look(page, 'offline-x-report');
        // Three stored payments approved when sent: 12.00 + 8.50 + 9.75; the declined one and the
        // two refused are no sale.
        expect(x).toMatch(/Sales \(3\)\s+\$30\.25/);
        expect(x).toMatch(/Card \(3\)\s+\$30\.25/);
        expect(x).toMatch(/MASTERCARD \(1\)\s+\$8\.50/);
        expect(x).toMatch(/VISA \(2\)\s+\$21\.75/);
        // And apart: what was taken offline, what was sent and approved, what the issuer declined.
        expect(x).toMatch(/OFFLINE CARD PAYMENTS/);
        expect(x).toMatch(/Offline stored \(0\)\s+\$0\.00/);
        expect(x).toMatch(/Offline forwarded \(3\)\s+\$30\.25/);
        expect(x).toMatch(/Offline declined \(1\)\s+\$18\.00/);
        expect(x).toMatch(/Declined: customer left with the goods, unpaid\./);
      } finally {
        await closeContexts(browser);
        await lane.stop();
      }

      // The journal, the gateway's ledger and the report tell one story: each stored payment sent
      // once, none lost, none doubled; the two refused never became a payment.
      const db = new Database(join(home, 'training-journal.sqlite'), { readonly: true });
      let journaled: { order_id: string; amount_minor: number; state: string; respstat: string | null }[];
      try {
        journaled = db
          .prepare(
            "SELECT order_id, amount_minor, state, json_extract(outcome, '$.respstat') AS respstat FROM entries WHERE operation = 'auth' ORDER BY id",
          )
          .all() as typeof journaled;
        const offline = db.prepare('SELECT entry_id, length(sealed) AS sealed, attempts FROM offline_payments').all();
        expect(offline).toHaveLength(4);
        // The sealed requests are emptied once their outcome is known.
        expect(offline.every((row) => (row as { sealed: number }).sealed === 0)).toBe(true);
      } finally {
        db.close();
      }
      // The lost answer's payment is "resolved": found approved by its order id, never sent again.
      expect(journaled.map((row) => [row.amount_minor, row.state, row.respstat])).toEqual([
        [1200, 'resolved', 'A'],
        [850, 'completed', 'A'],
        [4500, 'not-sent', null],
        [1800, 'completed', 'C'],
        [975, 'completed', 'A'],
        [500, 'not-sent', null],
      ]);
      const sent = journaled.filter((row) => row.respstat !== null);
      expect(
        journaled.filter((row) => row.state === 'stored' || row.state === 'pending' || row.state === 'unknown'),
      ).toEqual([]);
      const sales = ledger.all().filter((transaction) => transaction.kind === 'sale');
      expect(sales.map((transaction) => transaction.orderid).sort()).toEqual(sent.map((row) => row.order_id).sort());
      // The two refused never reached the gateway.
      for (const row of journaled.filter((one) => one.state === 'not-sent'))
        expect(ledger.byOrderId(row.order_id)).toEqual([]);
      for (const row of sent) {
        const charged = ledger.byOrderId(row.order_id);
        expect(charged, `order ${row.order_id} in the ledger`).toHaveLength(1);
        // A decline authorizes nothing: the gateway records it at $0.00.
        expect(charged[0]).toMatchObject({
          amount: row.respstat === 'A' ? row.amount_minor : 0,
          respstat: row.respstat,
        });
      }

      // No card number or track rests in the lane's home or in its processes' logs.
      const logs = readdirSync(join(tmpdir(), 'logs'))
        .filter((name) => lanes.some((one) => name.endsWith(`-${one.pid}.log`)))
        .map((name) => join(tmpdir(), 'logs', name))
        .filter((path) => statSync(path).mtimeMs >= startedAt);
      expect(logs).toHaveLength(2);
      const scan = scanPaths([home, ...logs]);
      expect(scan.filesRead).toBeGreaterThan(3);
      expect(scan.findings).toEqual([]);
    },
    240_000,
  );
});
