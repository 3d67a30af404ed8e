import type { Browser, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { Core } from '../../src-main/core/core';
import { trainingJournalEntries } from '../support/test-core';
import { e2e, screenshot, withBrowserMode } from './support/browser-mode';
import { keyAmount, look, signIn } from './support/counter';
import { scan, withKiosk } from './support/kiosk';

/**
 * Paying on the phone, end to end in Chromium: the lane's real pay-link service over HTTPS with
 * training's self-signed certificate, the training wallet's real EC_v1 payload, the built-in
 * tokenizer and gateway. The customer's phone is a second browser context, as a second device
 * is: it shares nothing with the lane's page but the link.
 */

const walletOn = { wallet: { enabled: true, payLinkPort: 0 } };
const phoneSize = { width: 390, height: 780 };

/** The pay link the lane shows, checked: an https loopback URL, the same in the QR code and the text. */
async function shownPayLink(page: Page): Promise<string> {
  await page.getByTestId('pay-link-qr').waitFor();
  const url = await page.getByTestId('pay-link-url').innerText();
  expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/pay\/[\w-]+$/);
  expect(await page.getByTestId('pay-link-qr').getAttribute('data-url')).toBe(url);
  return url;
}

/**
 * The customer's phone: a browser context of its own that takes the training certificate, and
 * reaches nothing but the pay link's origin (any other address is refused), so ignoring the
 * certificate covers that loopback origin only.
 */
async function phoneOpening(browser: Browser, url: string): Promise<Page> {
  const { origin } = new URL(url);
  const phone = await browser.newContext({ ignoreHTTPSErrors: true, viewport: phoneSize, isMobile: true });
  await phone.route('**/*', (route) =>
    new URL(route.request().url()).origin === origin ? route.continue() : route.abort('addressunreachable'),
  );
  const page = await phone.newPage();
  await page.goto(url);
  return page;
}

/**
 * The trainee presses "Open on the training phone": the lane's page opens the pay link in a new
 * window. The window's address is taken (the lane's own browser does not take the training
 * certificate) and opened on the phone, as scanning the code would.
 */
async function openOnTrainingPhone(page: Page, browser: Browser): Promise<Page> {
  const url = await shownPayLink(page);
  const { origin } = new URL(url);
  const opened: string[] = [];
  await page.context().route(
    (address) => address.origin === origin,
    (route) => {
      opened.push(route.request().url());
      return route.abort();
    },
  );
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Open on the training phone' }).click(),
  ]);
  await expect.poll(() => opened).toEqual([url]);
  await popup.close();
  return phoneOpening(browser, url);
}

/** The pay page's status line, as the customer reads it. */
const pageStatus = (phone: Page) => phone.locator('#status').innerText();

/** The text of the receipt the training printer printed last (from the core: a kiosk's screen may not ask). */
const lastReceipt = (core: Core): string => core.printers.lastPage({}).lines.join('\n');

/** Signs in, keys `amount` and chooses "Pay on your phone" (confirming an amount above the limit). */
async function payOnPhone(page: Page, amount: string): Promise<void> {
  await signIn(page);
  await keyAmount(page, amount);
  await page.getByRole('button', { name: /Pay on your phone/ }).click();
  const confirm = page.getByRole('dialog');
  if (await confirm.isVisible().catch(() => false)) await page.keyboard.press('y');
  await page.getByTestId('pay-link-wait').waitFor();
}

describe('pay on your phone at the counter', () => {
  e2e(
    'the phone opens the QR code’s page, pays with the training wallet, the lane approves and prints WALLET',
    (chromium) =>
      withBrowserMode(chromium, { settings: walletOn }, async ({ page, host, core, browser, appDataDir }) => {
        await page.goto(host.url);
        await payOnPhone(page, '12.00');
        expect(await page.getByTestId('pay-link-amount').innerText()).toBe('$12.00');
        expect(await page.getByTestId('pay-link-headline').innerText()).toBe('Waiting for the customer\u2019s phone');
        expect(await page.getByRole('timer').innerText()).toMatch(/^The code expires in [12]:\d\d$/);
        await look(page, 'wallet-counter-waiting');
        const phone = await openOnTrainingPhone(page, browser);
        await expect.poll(() => pageStatus(phone)).toBe('Choose your wallet to pay.');
        expect(await phone.locator('.amount').innerText()).toBe('$12.00');
        await screenshot(phone, 'wallet-phone-page');
        await phone.getByRole('button', { name: 'Pay with the training wallet' }).click();
        await page.getByTestId('sale-result').waitFor();
        expect(await page.getByTestId('sale-headline').innerText()).toBe('Approved');
        await page.getByText(/\(paid on the phone\)/).waitFor();
        await page.getByTestId('receipt-preview').waitFor();
        await look(page, 'wallet-counter-approved');
        await expect.poll(() => pageStatus(phone)).toBe('Paid. Thank you!');
        await screenshot(phone, 'wallet-phone-paid');
        expect(lastReceipt(core)).toMatch(/WALLET\s+\*+ ?1443/);
        const [row, ...more] = trainingJournalEntries(appDataDir);
        expect(more).toEqual([]);
        expect(row).toMatchObject({ amountMinor: 1200, state: 'completed' });
      }),
  );

  e2e('a declined token: the lane says declined (never approved or thank you), the page says so too', (chromium) =>
    withBrowserMode(chromium, { settings: walletOn }, async ({ page, host, browser }) => {
      await page.goto(host.url);
      // The training gateway's amount-driven answers (Rapid Connect): 1100.00 is response code 100, "Do not honor".
      await payOnPhone(page, '1,100.00');
      const phone = await openOnTrainingPhone(page, browser);
      await phone.getByRole('button', { name: 'Pay with the training wallet' }).click();
      await page.getByTestId('sale-result').waitFor();
      expect(await page.getByTestId('sale-headline').innerText()).toBe('Declined');
      expect(await page.getByTestId('sale-result').innerText()).not.toMatch(/approved|thank you/i);
      await page.getByText(/Ask the customer for a new payment on the phone with another card/).waitFor();
      await look(page, 'wallet-counter-declined');
      await expect
        .poll(() => pageStatus(phone))
        .toBe('The payment was declined. Please pay another way at the counter.');
      await screenshot(phone, 'wallet-phone-declined');
    }),
  );

  e2e(
    'a payload more than two minutes old is refused: nothing charged, a new payment on the phone is asked for',
    (chromium) =>
      withBrowserMode(chromium, { settings: walletOn }, async ({ page, host, browser, appDataDir }) => {
        await page.goto(host.url);
        await payOnPhone(page, '12.00');
        const phone = await openOnTrainingPhone(page, browser);
        await page.getByRole('button', { name: 'Pay with an expired payment' }).click();
        const refusal = page.getByTestId('sale-error');
        await refusal.waitFor();
        expect(await refusal.innerText()).toMatch(
          /^Not charged: .*two minutes old.*ask the customer for a new payment on the phone/,
        );
        expect(await page.getByTestId('sale-amount').innerText()).toBe('$12.00');
        expect(
          await page
            .locator('.counter-screen')
            .getByText(/approved/i)
            .count(),
        ).toBe(0);
        await look(page, 'wallet-counter-expired-payload');
        await expect.poll(() => pageStatus(phone)).toMatch(/Ask the cashier to start a new payment on your phone/);
        await screenshot(phone, 'wallet-phone-refused');
        expect(trainingJournalEntries(appDataDir).filter((row) => row.state === 'completed')).toEqual([]);
      }),
  );

  e2e('a cancel at the lane cancels the page', (chromium) =>
    withBrowserMode(chromium, { settings: walletOn }, async ({ page, host, browser }) => {
      await page.goto(host.url);
      await payOnPhone(page, '12.00');
      const phone = await openOnTrainingPhone(page, browser);
      await expect.poll(() => pageStatus(phone)).toBe('Choose your wallet to pay.');
      await page.getByTestId('pay-link-cancel').click();
      await page.getByTestId('sale-error').waitFor();
      expect(await page.getByTestId('pay-link-wait').count()).toBe(0);
      await expect.poll(() => pageStatus(phone)).toBe('This payment was canceled at the counter.');
      expect(await phone.getByRole('button', { name: 'Pay with the training wallet' }).count()).toBe(0);
      await look(page, 'wallet-counter-canceled');
      await screenshot(phone, 'wallet-phone-canceled');
    }),
  );
});

describe('pay on your phone at the kiosk', () => {
  e2e('the customer chooses the phone while the card is awaited, pays, and the kiosk thanks them', (chromium) =>
    withKiosk(chromium, { size: 'portrait', settings: walletOn }, async ({ page, core, browser }) => {
      await scan(page, '048500012642');
      await page.getByRole('button', { name: 'Pay $4.79 by card' }).click();
      const choice = page.getByRole('button', { name: 'Pay on your phone instead' });
      await choice.waitFor();
      expect(await page.getByTestId('phase-headline').innerText()).toBe('Insert, tap or swipe your card');
      await look(page, 'wallet-kiosk-choice');
      await choice.click();
      await page.getByTestId('pay-link-wait').waitFor();
      await expect.poll(() => page.getByTestId('phase-headline').innerText()).toBe('Pay on your phone');
      expect(await page.getByTestId('pay-link-amount').innerText()).toBe('$4.79');
      expect(await page.getByRole('timer').innerText()).toMatch(/^This code works for [12]:\d\d$/);
      const url = await shownPayLink(page);
      await look(page, 'wallet-kiosk-waiting');
      const phone = await phoneOpening(browser, url);
      await phone.getByRole('button', { name: 'Pay with the training wallet' }).click();
      await expect.poll(() => page.getByTestId('kiosk-headline').innerText()).toBe('Would you like a receipt?');
      expect(await page.getByTestId('kiosk-outcome').innerText()).toBe('Approved: thank you');
      await expect.poll(() => pageStatus(phone)).toBe('Paid. Thank you!');
      await look(page, 'wallet-kiosk-approved');
      await page.getByRole('button', { name: 'Print a receipt' }).click();
      await expect.poll(() => page.getByTestId('kiosk-headline').innerText()).toBe('Thank you');
      // The customer's copy, printed when chosen (from the journal: the card's brand, entered by the wallet).
      expect(lastReceipt(core)).toMatch(/\*+ ?1443\s+Entry\s+Digital Wallet[\s\S]*TOTAL\s+\$4\.79[\s\S]*CUSTOMER COPY/);
    }),
  );
});
