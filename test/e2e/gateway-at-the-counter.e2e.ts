import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Core } from '../../src-main/lane/core/core';
import type { JournalEntryView } from '../../src-main/lane/ipc/contract';
import { systemClock, type Clock } from '../../src-main/platform/clock';
import { loadTestCards } from '../../src-main/stand-ins/devices/test-cards';
import { startEmulator, type RunningEmulator } from '../../src-main/stand-ins/gateway-emulator/server';
import { loadGatewayReference } from '../support/gateway-reference';
import {
  allowedByReference,
  recordingRelay,
  type RecordedRequest,
  type RecordingRelay,
} from '../support/recording-relay';
import { e2e, withOpenPage } from './support/browser-mode';
import { keyAmount, look, signIn } from './support/counter';
import { gatewayRecords, shownOrderId } from './support/lane-records';

/**
 * Issue 37, "Done when": the rest of the gateway at the counter, in Chromium, against a gateway
 * emulator the lane reaches through a recording relay, so what the lane put on the wire is read
 * exactly as it left and checked against the gateway's OpenAPI file. One lane and one clock per
 * test: the emulator keeps the lane's time, and the test moves both a day, then 25 more.
 */

const termid = 'LAN00001';
const day = 24 * 60 * 60 * 1000;

/** The lane's and the emulator's clock: the machine's, moved on by the test (never waited for). */
function movableClock(): { clock: Clock; move: (ms: number) => void } {
  let offset = 0;
  return {
    clock: { ...systemClock, now: () => systemClock.now() + offset },
    move: (ms) => {
      offset += ms;
    },
  };
}

let emulator: RunningEmulator;
let relay: RecordingRelay;
const time = movableClock();

beforeAll(async () => {
  emulator = await startEmulator({ rateLimit: false, realism: false, clock: time.clock });
  relay = await recordingRelay(emulator.url);
});
afterAll(async () => {
  await relay?.close();
  await emulator?.close();
});

const settings = {
  gateway: { url: '', termid },
  payments: { ach: true, tips: true, askStreetWhenKeyed: true },
};
const lane = () => ({
  settings: { ...settings, gateway: { ...settings.gateway, url: relay.baseUrl } },
  clock: time.clock,
});

/** The authorizations the lane sent since `from`, as they crossed the wire. */
const authsSince = (from: number): RecordedRequest[] =>
  relay.recorded.slice(from).filter((call) => call.method === 'POST' && call.url.endsWith('/auth'));

const bodyOf = (call: RecordedRequest) => call.body as Record<string, unknown>;

/** The one authorization on the wire for an order id. */
function authFor(orderId: string): Record<string, unknown> {
  const found = relay.recorded.filter((call) => call.url.endsWith('/auth') && bodyOf(call).orderid === orderId);
  expect(found, `one authorization on the wire for ${orderId}`).toHaveLength(1);
  return bodyOf(found[0]!);
}

async function journalRows(core: Core, orderId: string): Promise<JournalEntryView[]> {
  const reply = await core.dispatch('terminal.history', { orderId });
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.result as JournalEntryView[];
}

const headline = (page: Page) => page.getByTestId('sale-headline').innerText();

async function newSale(page: Page): Promise<void> {
  await page.getByTestId('new-sale').click();
  await expect.poll(() => page.getByTestId('sale-amount').innerText()).toBe('$0.00');
}

/** Keys the amount and opens the tender bar's Other tenders. */
async function otherTenders(page: Page, amount: string): Promise<void> {
  await keyAmount(page, amount);
  await page.getByTestId('pay-other').click();
  await page.getByRole('dialog', { name: `Other tenders: $${amount}` }).waitFor();
}

/** Once the lane asks for the card, the training deck's approving Visa goes into the reader. */
async function insertApprovingCard(page: Page, core: Core): Promise<void> {
  await page.getByText('Insert, tap or swipe the card').waitFor();
  await core.cardReaders.presentTestCard({ cardId: 'visa-approve', method: 'insert' });
}

/** An authorization only, on the training deck's approving card: the order id it was given. */
async function authorizeOnly(page: Page, core: Core, amount: string): Promise<string> {
  await otherTenders(page, amount);
  await page.getByTestId('other-authorize').click();
  await insertApprovingCard(page, core);
  await expect.poll(() => page.getByTestId('sale-next').innerText()).toContain('Authorized, not captured');
  const orderId = await shownOrderId(page);
  await newSale(page);
  return orderId;
}

describe('the rest of the gateway at the counter (issue 37)', () => {
  e2e(
    'a card saved with consent and charged later (customer-initiated and scheduled), a keyed sale with AVS, a forced sale and a check',
    (chromium) =>
      withOpenPage(chromium, lane(), signIn, async ({ page, core }) => {
        const from = relay.recorded.length;

        // 1. The card saved with the customer's consent, on a sale.
        await keyAmount(page, '25.00');
        await page.getByTestId('save-card-consent').check();
        await page.getByTestId('save-card-words').waitFor();
        await look(page, 'gateway-counter-save-card-consent');
        await page.getByTestId('pay-card').click();
        await insertApprovingCard(page, core);
        await expect.poll(() => headline(page)).toBe('Approved');
        await expect.poll(() => page.getByTestId('card-on-file-note').innerText()).toContain('saved');
        const savedOrder = await shownOrderId(page);
        await look(page, 'gateway-counter-card-saved');
        expect(authFor(savedOrder)).toMatchObject({ profile: 'Y', cofpermission: 'Y', amount: '25.00' });
        const [savedRow] = await journalRows(core, savedOrder);
        expect(savedRow).toMatchObject({ operation: 'auth', state: 'completed' });
        await newSale(page);

        // 2. Charged later from History: once with the customer here, once as a scheduled payment.
        await page.keyboard.press('Alt+2');
        await page.getByRole('heading', { name: 'History' }).waitFor();
        await page.getByRole('button', { name: `Open order ${savedOrder}` }).click();
        const panel = page.getByTestId('order-customer');
        await panel.getByRole('button', { name: 'Stored cards' }).click();
        const charges: Array<{ kind: 'customer' | 'scheduled'; amount: string }> = [
          { kind: 'customer', amount: '9.00' },
          { kind: 'scheduled', amount: '5.00' },
        ];
        const chargeAuths: Array<Record<string, unknown>> = [];
        for (const { kind, amount } of charges) {
          const before = relay.recorded.length;
          await page
            .getByRole('button', { name: /^Charge card \d+$/ })
            .first()
            .click();
          const dialog = page.getByTestId('stored-charge-dialog');
          await dialog.waitFor();
          await page.getByTestId('stored-charge-amount').fill(amount);
          await page.getByTestId(`stored-charge-${kind}`).check();
          await look(page, `gateway-counter-charge-${kind}`);
          await page.getByTestId('stored-charge-submit').click();
          await expect.poll(() => page.getByTestId('stored-charge-headline').innerText()).toContain(`$${amount}`);
          expect(await page.getByTestId('stored-charge-headline').innerText()).toMatch(/^Approved/);
          await look(page, `gateway-counter-charged-${kind}`);
          const [charge] = authsSince(before);
          expect(charge, `the ${kind} charge on the wire`).toBeDefined();
          chargeAuths.push(bodyOf(charge!));
          await page.getByTestId('stored-charge-submit').click(); // Done
          await dialog.waitFor({ state: 'hidden' });
        }
        // Customer-initiated: cof C, not scheduled, no ecomind. Scheduled: merchant-initiated, recurring.
        expect(chargeAuths[0]).toMatchObject({ cof: 'C', cofscheduled: 'N', amount: '9.00' });
        expect(chargeAuths[0]).not.toHaveProperty('ecomind');
        expect(chargeAuths[1]).toMatchObject({ cof: 'M', cofscheduled: 'Y', ecomind: 'R', amount: '5.00' });
        for (const charge of chargeAuths) {
          expect(charge.profile).toMatch(/^\d{20}\/\d{1,3}$/);
          expect(charge).not.toHaveProperty('account');
          // The gateway's ledger has each charge approved, as the journal has it completed.
          const orderId = String(charge.orderid);
          expect(await gatewayRecords(core, orderId)).toEqual([expect.objectContaining({ respstat: 'A' })]);
          expect((await journalRows(core, orderId))[0]).toMatchObject({ operation: 'auth', state: 'completed' });
        }

        // 3. A keyed sale with the billing address: the AVS answer shown to the cashier.
        await page.keyboard.press('Alt+1');
        await page.getByTestId('sale-amount').waitFor();
        const visa = loadTestCards(join(process.cwd(), 'assets')).find((card) => card.id === 'visa-approve')!;
        await keyAmount(page, '13.00');
        await page.keyboard.press('k');
        await page.getByRole('group', { name: 'Keyed card' }).waitFor();
        await page.keyboard.type(visa.pan, { delay: 10 });
        await page.keyboard.press('Enter');
        await page.keyboard.type('1230');
        await page.keyboard.press('Enter');
        await page.keyboard.type('123');
        await page.keyboard.press('Enter');
        // The emulator answers AVS by the postal code's last three digits: 113 is Z (ZIP only).
        await page.getByTestId('keyed-postal').waitFor();
        await page.keyboard.type('19113');
        await page.keyboard.press('Enter');
        await page.getByTestId('keyed-street').waitFor();
        await page.keyboard.type('12 Main St', { delay: 10 });
        await look(page, 'gateway-counter-keyed-billing');
        await page.keyboard.press('Enter');
        await expect.poll(() => headline(page)).toBe('Approved');
        const avs = page.getByTestId('sale-avs');
        expect(await avs.getAttribute('data-avs')).toBe('Z');
        expect(await avs.innerText()).toContain('ZIP matches');
        await look(page, 'gateway-counter-avs-shown');
        const keyedOrder = await shownOrderId(page);
        expect(authFor(keyedOrder)).toMatchObject({ postal: '19113', address: '12 Main St' });
        expect(await page.content()).not.toContain(visa.pan);
        await newSale(page);
        // History says the same words later: the journal kept the answer's code, not the address.
        await page.keyboard.press('Alt+2');
        await page.getByRole('button', { name: `Open order ${keyedOrder}` }).click();
        await expect
          .poll(() => page.getByTestId('order-detail').getByTestId('sale-avs').innerText())
          .toBe('Address check: ZIP matches, street does not (Z)');
        await page.getByTestId('order-detail').getByTestId('sale-avs').scrollIntoViewIfNeeded();
        await look(page, 'gateway-counter-avs-in-history');
        await page.keyboard.press('Alt+1');
        await page.getByTestId('sale-amount').waitFor();

        // 4. A forced sale with the issuer's voice authorization code: a manager's act.
        await otherTenders(page, '42.00');
        await page.getByTestId('other-forced').click();
        await page.getByTestId('forced-authcode').fill('VA1234');
        await page.getByTestId('forced-manager-pin').fill('9999');
        await look(page, 'gateway-counter-forced-form');
        await page.getByTestId('forced-submit').click();
        await insertApprovingCard(page, core);
        await expect.poll(() => headline(page)).toBe('Approved');
        await expect.poll(() => page.getByTestId('sale-result').innerText()).toContain('VA1234');
        await look(page, 'gateway-counter-forced-sale');
        const forcedOrder = await shownOrderId(page);
        expect(authFor(forcedOrder)).toMatchObject({ authcode: 'VA1234', capture: 'Y', amount: '42.00' });
        expect(await gatewayRecords(core, forcedOrder)).toEqual([
          // Approved by the code, captured, and never voidable (PPS 70): a refund is the way back.
          expect.objectContaining({
            respstat: 'A',
            resptext: 'VoiceAuth Approved',
            setlstat: 'Queued for Capture',
            amountMinor: 4200,
            voidable: false,
          }),
        ]);
        await newSale(page);

        // 5. A check at the counter: PPD (ecomind B), the customer's written consent.
        await otherTenders(page, '61.50');
        await page.getByTestId('other-ach').click();
        await page.getByTestId('ach-routing').fill('036001808');
        await page.getByTestId('ach-account').fill('9036412947');
        await page.getByTestId('ach-checking').check();
        await page.getByTestId('ach-name').fill('PAT DOE');
        await page.getByTestId('ach-agreed').check();
        await look(page, 'gateway-counter-check-form');
        await page.getByTestId('ach-submit').click();
        await expect.poll(() => headline(page)).toBe('Approved');
        await look(page, 'gateway-counter-check-paid');
        const checkOrder = await shownOrderId(page);
        expect(authFor(checkOrder)).toMatchObject({
          accttype: 'ECHK',
          bankaba: '036001808',
          ecomind: 'B',
          capture: 'Y',
          amount: '61.50',
        });
        expect(await gatewayRecords(core, checkOrder)).toEqual([expect.objectContaining({ respstat: 'A' })]);
        expect(await page.content()).not.toContain('9036412947');

        // Every authorization of this lane carries its termid and its own facts; none a card read with ecomind.
        const auths = authsSince(from);
        expect(auths.length).toBeGreaterThanOrEqual(6);
        for (const call of auths) {
          const body = bodyOf(call);
          expect(body.termid, String(body.orderid)).toBe(termid);
          expect(body.userfields, String(body.orderid)).toEqual(
            expect.arrayContaining([
              { lanepoint_lane: 'LANE-01' },
              expect.objectContaining({ lanepoint_cashier: expect.any(String) }),
            ]),
          );
          if (body.track !== undefined) expect(body).not.toHaveProperty('ecomind');
        }
        expectValidOnTheWire(relay.recorded.slice(from));
      }),
  );

  e2e('authorizations captured later: captured with a tip the next day, one released, an old one warned', (chromium) =>
    withOpenPage(chromium, lane(), signIn, async ({ page, core }) => {
      const from = relay.recorded.length;
      const room = await authorizeOnly(page, core, '50.00');
      const bar = await authorizeOnly(page, core, '20.00');
      const car = await authorizeOnly(page, core, '30.00');
      for (const orderId of [room, bar, car]) {
        expect(authFor(orderId)).toMatchObject({ capture: 'N', termid });
        expect(await gatewayRecords(core, orderId)).toEqual([expect.objectContaining({ setlstat: 'Authorized' })]);
      }

      // The next day: the room is captured with its tip, the bar's hold released.
      time.move(day);
      await page.keyboard.press('Alt+6');
      await page.getByRole('heading', { name: 'Authorizations', level: 1 }).waitFor();
      await page.getByTestId(`auth-row-${room}`).waitFor();
      expect(await page.getByTestId(`auth-row-${room}`).getAttribute('data-age')).toBe('fresh');
      await look(page, 'gateway-counter-authorizations');
      await page.getByRole('button', { name: `Capture order ${room}` }).click();
      await page.getByTestId('auth-capture-amount').fill('50.00');
      await page.getByTestId('auth-capture-tip').fill('9.00');
      await expect.poll(() => page.getByTestId('auth-capture-submit').innerText()).toBe('Capture $59.00');
      await look(page, 'gateway-counter-capture-with-tip');
      await page.getByTestId('auth-capture-submit').click();
      await expect
        .poll(() => page.getByTestId('auth-outcome').innerText())
        .toContain(`Captured $59.00 of order ${room}`);
      expect(await gatewayRecords(core, room)).toEqual([
        expect.objectContaining({ setlstat: 'Queued for Capture', amountMinor: 5900 }),
      ]);
      expect((await journalRows(core, room)).map((row) => [row.operation, row.state])).toEqual([
        ['capture', 'completed'],
        ['auth', 'completed'],
      ]);

      await page.getByRole('button', { name: `Release order ${bar}` }).click();
      await page.getByTestId('auth-release-form').getByLabel('The customer canceled the sale').check();
      await page.getByTestId('auth-release-submit').click();
      await page.getByRole('dialog', { name: 'Manager approval' }).waitFor();
      await page.keyboard.type('9999');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('auth-outcome').innerText()).toContain(bar);
      expect(await gatewayRecords(core, bar)).toEqual([expect.objectContaining({ setlstat: 'Voided' })]);
      expect((await journalRows(core, bar))[0]).toMatchObject({ operation: 'void', state: 'completed' });
      await expect.poll(() => page.getByTestId(`auth-row-${room}`).count()).toBe(0);
      await expect.poll(() => page.getByTestId(`auth-row-${bar}`).count()).toBe(0);

      // 25 days later the car's hold is 26 days old: warned before the 30-day expiry.
      time.move(25 * day);
      await page.keyboard.press('Alt+1');
      await page.keyboard.press('Alt+6');
      await expect.poll(() => page.getByTestId(`auth-row-${car}`).getAttribute('data-age')).toBe('warning');
      expect(await page.getByTestId(`auth-row-${car}`).innerText()).toContain('26 days old: expires in 4 days');
      expect(await page.getByTestId('auth-warning').innerText()).toContain('30-day expiry');
      expect(await page.getByTestId('nav-authorizations').innerText()).toContain('(1)');
      // Yesterday's capture and release are not said again on a later visit.
      expect(await page.getByTestId('auth-outcome').count()).toBe(0);
      await look(page, 'gateway-counter-authorization-warned');
      expectValidOnTheWire(relay.recorded.slice(from));
    }),
  );
});

/** Every request on the wire validates against the gateway's OpenAPI file (the reference's own contradictions allowed by name). */
function expectValidOnTheWire(calls: readonly RecordedRequest[]): void {
  const reference = loadGatewayReference();
  const problems: string[] = [];
  for (const call of calls) {
    if (call.body === undefined) continue;
    for (const problem of reference.checkRequest(call.method, call.url, call.body))
      if (!allowedByReference(call, problem)) problems.push(`${call.method} ${call.url}: ${problem}`);
  }
  expect(problems).toEqual([]);
}
