import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { WebSocket } from 'ws';
import { commandNames, type BridgeServerMessage, type LookupResult } from '../../src-main/lane/ipc/contract';
import { customerDisplayCommandNames } from '../../src-main/lane/ipc/customer-role';
import { mailboxes } from '../support/mailbox';
import { seriousAccessibilityViolations } from './support/axe';
import { e2e, screenshot, withBrowserMode, type BrowserModeSession } from './support/browser-mode';
import { signIn } from './support/counter';
import { gatewayRecords } from './support/lane-records';

/**
 * The customer display (issue 36) end to end in Chromium: the counter's page and the customer's
 * page side by side on one lane, the customer's on its own token (the customer-display role), as
 * a second screen on the store's counter would be. Everything the customer does is done on their
 * page; the counter only rings up and presses Pay.
 */

const mailbox = mailboxes();
const sizes = {
  small: { width: 800, height: 480 },
  medium: { width: 1024, height: 600 },
  large: { width: 1920, height: 1080 },
} as const;

/** The lane's settings: tips, an on-screen signature every time, a mail server, phone payments. */
const laneSettings = (mailPort: number) => ({
  payments: { tips: true },
  signature: { capture: 'screen', policy: 'always' },
  customerDisplay: { enabled: true, storeName: 'Corner Roastery', message: 'Fresh beans every morning' },
  receiptMail: { host: '127.0.0.1', port: mailPort, security: 'none', from: 'receipts@corner.example' },
  wallet: { enabled: true, payLinkPort: 0 },
});

/** Every frame the customer's page received from the lane, as text. */
const framesTo = new WeakMap<Page, string[]>();

/**
 * The customer's page, in a browser context of its own (a second screen shares nothing but the
 * lane), keeping every frame the lane sends it.
 */
async function customerPage(session: BrowserModeSession, size: { width: number; height: number }): Promise<Page> {
  const context = await session.browser.newContext({ viewport: size });
  const page = await context.newPage();
  const frames: string[] = [];
  framesTo.set(page, frames);
  page.on('websocket', (socket) => socket.on('framereceived', (frame) => frames.push(String(frame.payload))));
  await page.goto(session.host.customerUrl!);
  return page;
}

/** The customer's page heard its own view only, and nothing of the card: no number, no masked PAN, no card brand. */
function heardNothingOfTheCard(page: Page): void {
  const frames = framesTo.get(page) ?? [];
  expect(frames.length).toBeGreaterThan(5);
  const events = frames
    .map((frame) => JSON.parse(frame) as { type: string; name?: string })
    .filter((message) => message.type === 'event')
    .map((message) => message.name);
  expect(events).toContain('customerDisplay.view');
  expect(events.filter((name) => name !== 'customerDisplay.view' && name !== 'signature.cleared')).toEqual([]);
  for (const frame of frames) {
    expect(frame).not.toMatch(/\d{12,19}/);
    expect(frame).not.toMatch(/maskedPan|"pan"|•••|\*{4}|track|\bpin\b/i);
  }
}

/** The customer's page is on `step`, and its headline reads `headline`. */
async function shows(page: Page, step: string, headline?: string | RegExp): Promise<void> {
  await expect.poll(() => page.locator('.customer').getAttribute('data-step')).toBe(step);
  if (headline !== undefined)
    await expect.poll(() => page.getByTestId('customer-headline').first().innerText()).toMatch(headline);
}

/** Screenshots of the customer's page at the three sizes, and axe-core's check of each. */
async function lookAtBothSizes(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of Object.entries(sizes)) {
    await page.setViewportSize(viewport);
    await screenshot(page, `customer-display-${name}-${size}`);
    expect(await seriousAccessibilityViolations(page), `axe on ${name} at ${size}`).toEqual([]);
    // The step fits: nothing of the page scrolls at this size (only the order's own list may).
    expect(await page.evaluate('document.scrollingElement.scrollHeight <= window.innerHeight')).toBe(true);
  }
  await page.setViewportSize(sizes.medium);
}

/** Adds one cart line on the counter, as the cashier types it. */
async function ringUp(counter: Page, line: { item: string; qty: string; price: string; tax: string }) {
  await counter.getByLabel('Item', { exact: true }).fill(line.item);
  await counter.getByLabel('Qty', { exact: true }).fill(line.qty);
  await counter.getByLabel('Unit price').fill(line.price);
  await counter.getByLabel('Tax', { exact: true }).fill(line.tax);
  await counter.getByRole('button', { name: 'Add item' }).click();
}

/** A finger's wave across the customer's signature box. */
async function sign(page: Page): Promise<void> {
  const box = (await page.getByTestId('signature-surface').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 30; i += 1)
    await page.mouse.move(
      box.x + box.width * (0.1 + 0.8 * (i / 30)),
      box.y + box.height * (0.5 + 0.2 * Math.sin(i / 3)),
    );
  await page.mouse.up();
}

/** Types on the customer's on-screen keyboard, key by key. */
async function typeOnScreen(page: Page, text: string): Promise<void> {
  const keyboard = page.getByRole('group', { name: /keyboard/i });
  for (const key of text) await keyboard.getByRole('button', { name: key, exact: true }).click();
}

describe('the customer display beside the counter', () => {
  e2e(
    'a cart line by line, the customer’s 18 % tip in the authorized amount, their signature on the receipt, a reload mid-sale, an emailed receipt',
    (chromium) =>
      mailbox().then((mail) =>
        withBrowserMode(chromium, { settings: laneSettings(mail.port), customerDisplay: true }, async (session) => {
          const { page: counter, core } = session;
          await counter.goto(session.host.url);
          await signIn(counter);
          const customer = await customerPage(session, sizes.medium);
          await shows(customer, 'idle');
          expect(await customer.locator('.customer-store').innerText()).toBe('Corner Roastery');
          await customer.getByText('Fresh beans every morning').waitFor();
          await lookAtBothSizes(customer, 'idle');

          // The cart, line by line: each shows on the customer's page as it is added.
          await counter.getByRole('button', { name: 'Add items (cart)' }).click();
          await ringUp(counter, { item: 'Espresso beans 1 lb', qty: '2', price: '14.99', tax: '2.47' });
          await expect.poll(() => customer.getByTestId('customer-line').count()).toBe(1);
          expect(await customer.getByTestId('customer-line').first().innerText()).toContain('Espresso beans 1 lb');
          await ringUp(counter, { item: 'Paper filters', qty: '1', price: '3.99', tax: '0.33' });
          await expect.poll(() => customer.getByTestId('customer-line').count()).toBe(2);
          // 2 x 14.99 + 3.99 + 2.47 + 0.33 = 36.77, on both screens.
          await expect.poll(() => customer.getByTestId('customer-total').innerText()).toContain('$36.77');
          expect(await counter.getByTestId('sale-amount').innerText()).toBe('$36.77');
          await lookAtBothSizes(customer, 'order');

          // Pay: the customer chooses the tip on their page; nothing is charged before.
          await counter.getByTestId('pay-card').click();
          await shows(customer, 'tip', 'Would you like to add a tip?');
          await expect.poll(() => counter.getByTestId('customer-sees').innerText()).toBe('Choosing a tip on $36.77.');
          await lookAtBothSizes(customer, 'tip');
          // 18 % of 36.77 is 6.62 (6.6186 rounded).
          await customer.getByRole('button', { name: /18%\s*\$6\.62/ }).click();
          await shows(customer, 'pay');
          await expect.poll(() => customer.getByTestId('customer-amount').first().innerText()).toContain('$43.39');
          await customer.getByTestId('customer-tip-included').getByText('$6.62').waitFor();
          // The order beside it has the tip on its own line, and the total the customer pays.
          expect(await customer.getByTestId('customer-order-tip').innerText()).toBe('$6.62');
          expect(await customer.getByTestId('customer-total').innerText()).toContain('$43.39');
          await lookAtBothSizes(customer, 'pay-card');

          // The card; the customer signs on their page. A reload first shows the same step.
          await core.cardReaders.presentTestCard({ cardId: 'visa-approve', method: 'insert' });
          await shows(customer, 'signature');
          await customer.reload();
          await shows(customer, 'signature');
          await lookAtBothSizes(customer, 'signature');
          await sign(customer);
          await customer.getByRole('button', { name: /Done/ }).click();

          // Approved: the receipt is the customer's choice.
          await shows(customer, 'receipt');
          await counter.getByText('Approved').first().waitFor();
          await lookAtBothSizes(customer, 'receipt');
          await customer.getByRole('button', { name: 'Email', exact: true }).click();
          await typeOnScreen(customer, 'ana@corner.example');
          await customer.getByRole('button', { name: 'Send', exact: true }).click();
          await shows(customer, 'done');
          await customer.getByText('Your receipt is on its way to your email.').waitFor();
          await lookAtBothSizes(customer, 'done-email');
          await expect.poll(() => counter.getByTestId('customer-sees').innerText()).toBe('Chose an emailed receipt.');
          await screenshot(counter, 'customer-display-counter-after-sale');

          // The journal, the gateway's ledger and the receipts agree on what moved.
          const state = core.terminal.current();
          const sale = state.sale!.results.at(-1)!;
          expect(sale).toMatchObject({ outcome: 'approved', approvedMinor: 4339, signatureRequired: true });
          expect((await gatewayRecords(core, sale.orderId)).map((record) => record.amountMinor)).toEqual([4339]);
          const lookup = (await core.dispatch('terminal.lookup', { orderId: sale.orderId })) as {
            ok: true;
            result: LookupResult;
          };
          expect(lookup.result.entries.at(-1)).toMatchObject({ state: 'completed', money: { approvedMinor: 4339 } });
          const merchantCopy = (await core.dispatch('printers.lastPage', { back: 1 })) as {
            ok: true;
            result: { lines: string[] };
          };
          expect(merchantCopy.result.lines.join('\n')).toContain('Signed electronically');
          await expect.poll(() => mail.received.length, { timeout: 20_000 }).toBe(1);
          expect(mail.received[0]!.to).toMatchObject({ text: 'ana@corner.example' });
          expect(mail.received[0]!.text).toContain('$43.39');
          heardNothingOfTheCard(customer);
        }),
      ),
    180_000,
  );

  e2e(
    'a decline on both screens, a phone payment’s QR on the customer’s page, and the customer role refused every cashier command',
    (chromium) =>
      mailbox().then((mail) =>
        withBrowserMode(
          chromium,
          {
            settings: {
              ...laneSettings(mail.port),
              payments: { tips: false },
              signature: { capture: 'screen', policy: 'never' },
            },
            customerDisplay: true,
          },
          async (session) => {
            const { page: counter, core } = session;
            await counter.goto(session.host.url);
            await signIn(counter);
            const customer = await customerPage(session, sizes.medium);
            await shows(customer, 'idle');

            // A decline says so on both screens, and nothing is approved.
            for (const digit of '2500') await counter.keyboard.press(digit);
            await counter.getByTestId('pay-card').click();
            await shows(customer, 'pay');
            await core.cardReaders.presentTestCard({ cardId: 'visa-decline', method: 'insert' });
            await shows(customer, 'outcome', /Declined/);
            expect(await customer.getByText(/thank/i).count()).toBe(0);
            await counter
              .getByText(/Declined/)
              .first()
              .waitFor();
            await lookAtBothSizes(customer, 'declined');
            await screenshot(counter, 'customer-display-counter-declined');

            // The next sale on the customer's phone: the pay link's QR code shows on their page.
            await counter.keyboard.press('Escape');
            for (const digit of '1875') await counter.keyboard.press(digit);
            await counter.getByTestId('pay-wallet').click();
            await shows(customer, 'pay');
            const shownOnCounter = await counter.getByTestId('pay-link-qr').first().getAttribute('data-url');
            const shownToCustomer = await customer.getByTestId('pay-link-qr').getAttribute('data-url');
            expect(shownToCustomer).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/pay\//);
            expect(shownToCustomer).toBe(shownOnCounter);
            await customer.getByTestId('customer-code-expires').waitFor();
            await lookAtBothSizes(customer, 'pay-phone');
            await counter.keyboard.press('Escape');
            await shows(customer, 'outcome');

            // The customer's token is a role: every command but its own is refused on the bridge.
            const token = new URL(session.host.customerUrl!).searchParams.get('token')!;
            const socket = new WebSocket(`ws://127.0.0.1:${session.host.port}/bridge?token=${token}`, {
              origin: `http://127.0.0.1:${session.host.port}`,
            });
            await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
            const replies = new Map<number, BridgeServerMessage>();
            socket.on('message', (data: Buffer) => {
              const message = JSON.parse(data.toString()) as BridgeServerMessage;
              if (message.type === 'reply') replies.set(message.id, message);
            });
            // One at a time, as a page sends them (the bridge bounds what one page has waiting).
            const cashierCommands = commandNames.filter((name) => !customerDisplayCommandNames.has(name));
            for (const [id, name] of cashierCommands.entries()) {
              socket.send(JSON.stringify({ type: 'command', id, name, args: {} }));
              await expect.poll(() => replies.has(id)).toBe(true);
              expect(replies.get(id), name).toMatchObject({ ok: false, error: { code: 'forbidden' } });
            }
            expect(replies.size).toBeGreaterThan(80);
            socket.close();
            // Nothing moved: the lane is still on the declined sale, and no void or refund exists.
            expect(core.terminal.current().sale?.results.map((result) => result.outcome)).not.toContain('voided');
          },
        ),
      ),
    180_000,
  );
});
