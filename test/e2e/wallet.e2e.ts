import { systemClock } from '../../src-main/platform/clock';
import type { Browser, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { Core } from '../../src-main/lane/core/core';
import { trainingJournalEntries } from '../support/test-core';
import { createPayLinkSessions } from '../../src-main/lane/wallet/pay-link/sessions';
import { startLoopbackPayLink } from '../support/pay-link';
import { e2e, screenshot, withBrowserMode } from './support/browser-mode';
import { launchChromium } from './support/chromium';
import { keyAmount, look, signIn } from './support/counter';
import { scan, withKiosk } from './support/kiosk';

/**
 * Paying on the phone, end to end in Chromium: the lane's real pay-link service over HTTPS with
 * training's self-signed certificate, the training wallets' real EC_v1 and ECv2 payloads, the built-in
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

/** The page's scripts: the path of each from its own origin, `inline` for one without a source. */
const pageScripts = (phone: Page) =>
  phone.evaluate(() =>
    Array.from(document.scripts).map((script) =>
      !script.src
        ? 'inline'
        : new URL(script.src).origin === location.origin
          ? new URL(script.src).pathname
          : script.src,
    ),
  );

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
        // The built script and style, nothing inline; the page's style applied under its CSP.
        expect(await pageScripts(phone)).toEqual(['/pay-assets/pay.js']);
        expect(await phone.locator('.amount').evaluate((amount) => getComputedStyle(amount).fontWeight)).toBe('700');
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
    'the clock moves past two minutes between the QR code and the payment: nothing charged, the page and the lane say it expired',
    (chromium) => {
      // The lane's clock, which its built-in tokenizer keeps too: moved, never waited for.
      const clock = { ...systemClock, offset: 0, now: () => Date.now() + clock.offset };
      return withBrowserMode(chromium, { settings: walletOn, clock }, async ({ page, host, browser, appDataDir }) => {
        await page.goto(host.url);
        await payOnPhone(page, '12.00');
        const phone = await openOnTrainingPhone(page, browser);
        await expect.poll(() => pageStatus(phone)).toBe('Choose your wallet to pay.');
        // The wallet hands the page its payload; before the page posts it, two and a half minutes pass.
        const link = new URL(phone.url());
        const posted: string[] = [];
        await phone.route(
          (address) => address.href === link.href,
          (route) => {
            if (route.request().method() === 'POST') {
              clock.offset += 150_000;
              posted.push(route.request().url());
            }
            return route.fallback();
          },
        );
        await phone.getByRole('button', { name: 'Pay with the training wallet' }).click();
        await expect.poll(() => posted).toEqual([link.href]);
        const refusal = page.getByTestId('sale-error');
        await refusal.waitFor();
        expect(await refusal.innerText()).toMatch(/^The pay link expired before the phone paid/);
        expect(await page.getByTestId('pay-link-wait').count()).toBe(0);
        expect(
          await page
            .locator('.counter-screen')
            .getByText(/approved/i)
            .count(),
        ).toBe(0);
        await look(page, 'wallet-counter-expired-payload');
        await expect
          .poll(() => pageStatus(phone))
          .toBe('This payment link has expired. Ask the cashier for a new one.');
        expect(await phone.getByRole('button', { name: 'Pay with the training wallet' }).count()).toBe(0);
        await screenshot(phone, 'wallet-phone-expired');
        expect(trainingJournalEntries(appDataDir)).toEqual([]);
      });
    },
  );

  e2e('the phone pays with the other wallet\u2019s ECv2 token: approved, WALLET printed', (chromium) =>
    withBrowserMode(chromium, { settings: walletOn }, async ({ page, host, core, browser }) => {
      await page.goto(host.url);
      await payOnPhone(page, '18.75');
      const phone = await openOnTrainingPhone(page, browser);
      await phone.getByRole('button', { name: 'Pay with the training ECv2 wallet' }).click();
      await page.getByTestId('sale-result').waitFor();
      expect(await page.getByTestId('sale-headline').innerText()).toBe('Approved');
      await expect.poll(() => pageStatus(phone)).toBe('Paid. Thank you!');
      await screenshot(phone, 'wallet-phone-paid-ecv2');
      expect(lastReceipt(core)).toMatch(/WALLET\s+\*+ ?1443/);
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

describe('the pay page of a kiosk visit in Spanish', () => {
  e2e('speaks Spanish and the kiosk\u2019s words on the phone, to the kiosk\u2019s cancel', (chromium) =>
    withKiosk(
      chromium,
      { size: 'portrait', settings: { ...walletOn, kiosk: { languages: ['en', 'es'] } } },
      async ({ page, core, browser }) => {
        await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Espa\u00f1ol' }).click();
        await page.getByRole('button', { name: 'Empezar' }).click();
        // The item comes in through the core, not the keyboard scanner: this test is about the pay page.
        await core.dispatch('kiosk.scan', { barcode: '012000000133' });
        await page.getByRole('button', { name: 'Pagar $1.35 con tarjeta' }).click();
        await page.getByRole('button', { name: 'Pagar con su tel\u00e9fono' }).click();
        const phone = await phoneOpening(browser, await shownPayLink(page));
        expect(await phone.locator('html').getAttribute('lang')).toBe('es');
        await expect.poll(() => pageStatus(phone)).toBe('Elija su billetera para pagar.');
        await phone.getByRole('button', { name: 'Pagar con la billetera de pr\u00e1ctica', exact: true }).waitFor();
        expect(await phone.locator('body').innerText()).toContain('Pr\u00e1ctica: no se mueve dinero real.');
        expect(await phone.locator('body').innerText()).not.toMatch(/counter|cashier|mostrador|cajero|Choose|Pay /);
        await screenshot(phone, 'wallet-phone-kiosk-es-waiting');
        await page.getByRole('button', { name: 'Cancelar' }).click();
        await expect.poll(() => pageStatus(phone)).toBe('Este pago se cancel\u00f3 en la caja.');
        await screenshot(phone, 'wallet-phone-kiosk-es-canceled');
        await look(page, 'wallet-kiosk-es-canceled');
      },
    ),
  );
});

describe('the live pay page on a phone without a wallet', () => {
  e2e(
    'asks the browser, tries only the wallet\u2019s own script origin, and says no wallet is available; the CSP blocks any other',
    async (chromium) => {
      const sessions = createPayLinkSessions(systemClock);
      const liveWallets = { googleMerchantId: 'BCR2DN4TEST', gatewayMerchantId: '496160873888', merchantName: 'Shop' };
      const { server } = await startLoopbackPayLink(sessions, 'live pay page', 'Shop', { liveWallets });
      const browser = await launchChromium(chromium, { recordFrames: false });
      try {
        const link = sessions.open(1250);
        const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: phoneSize, isMobile: true });
        // This machine reaches no wallet provider: what the page asks for elsewhere is recorded and refused.
        const elsewhere: string[] = [];
        await context.route('**/*', (route) => {
          const url = route.request().url();
          if (new URL(url).origin === server.origin) return route.continue();
          elsewhere.push(url);
          return route.abort('addressunreachable');
        });
        const phone = await context.newPage();
        const violations: string[] = [];
        // The page's own script and style break no rule (Chromium's Payment Request fetching
        // https://google.com/pay against connect-src 'self' is another matter: ADR 051).
        phone.on('console', (message) => {
          if (/Content Security Policy directive: "(script|style)-src/.test(message.text()))
            violations.push(message.text());
        });
        const answer = await phone.goto(`${server.origin}/pay/${link.id}`);
        // As strict as before the page was built by Vite: its own origin and the wallet's, nothing inline.
        expect(answer?.headers()['content-security-policy']).toBe(
          "default-src 'none'; script-src 'self' https://pay.google.com; frame-src https://pay.google.com; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        );
        expect(await phone.evaluate(() => typeof PaymentRequest)).toBe('function');
        await expect
          .poll(() => phone.locator('#wallet-note').innerText(), { timeout: 20_000 })
          .toBe('No wallet is available on this phone. Please pay at the counter with your card.');
        expect(await phone.locator('#wallets button').count()).toBe(0);
        expect(elsewhere).toEqual(['https://pay.google.com/gp/p/js/pay.js']);
        expect(await pageScripts(phone)).toEqual([
          '/pay-assets/pay.js',
          '/pay-assets/wallets.js',
          'https://pay.google.com/gp/p/js/pay.js',
        ]);
        expect(violations).toEqual([]);
        const blocked = await phone.evaluate(
          () =>
            new Promise<string>((resolve) => {
              document.addEventListener('securitypolicyviolation', (event) => resolve(event.blockedURI));
              const script = document.createElement('script');
              script.src = 'https://wallet.example/pay.js';
              document.head.appendChild(script);
            }),
        );
        expect(blocked).toBe('https://wallet.example/pay.js');
        expect(elsewhere).toEqual(['https://pay.google.com/gp/p/js/pay.js']);
        await screenshot(phone, 'wallet-phone-live-no-wallet');
      } finally {
        await browser.close();
        await server.close();
      }
    },
  );
});
