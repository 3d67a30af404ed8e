import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { e2e } from './support/browser-mode';
import {
  basketLines,
  headline,
  kioskSizes,
  lookAtKiosk,
  outcome,
  presentCard,
  scan,
  staffSignIn,
  withKiosk,
  type KioskSize,
} from './support/kiosk';

/**
 * The kiosk's aids, end to end in Chromium: the inactivity reset on the page's own clock
 * (Playwright's, installed before the page loads: no long sleeps), staff mode behind the staff
 * PIN, accessibility mode by keyboard only, the store's second language, and each screen size.
 */

/** Presses Tab until the focused control's text matches `name` (at most 40 presses): reachable by keyboard. */
async function tabTo(page: Page, name: RegExp): Promise<void> {
  for (let press = 0; press < 40; press++) {
    await page.keyboard.press('Tab');
    if (name.test(String(await page.evaluate('document.activeElement?.textContent ?? ""')))) return;
  }
  throw new Error(`no control named ${name} reached with Tab`);
}

/** The controls a customer can see (not scrolled out of view) whose top is in the upper half of the screen. */
async function controlsInUpperHalf(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('.kiosk-main button:not(:disabled)')]
    .filter((element) => {
      const box = element.getBoundingClientRect();
      const seen = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return seen !== null && element.contains(seen) && box.top < window.innerHeight / 2;
    })
    .map((element) => element.textContent)`);
}

describe('the kiosk’s aids', () => {
  e2e('idle: "Do you need more time?" with its countdown; Yes keeps the basket, no answer clears it', (chromium) =>
    withKiosk(chromium, { size: 'portrait', before: (page) => page.clock.install() }, async ({ page, core }) => {
      await scan(page, '012000000133');
      await expect.poll(() => basketLines(page)).toEqual(['1 Cola 12 oz can']);
      // The training kiosk waits 90 s (kiosk.idleResetSeconds) before it asks.
      await page.clock.fastForward('01:29');
      expect(await page.getByTestId('more-time').count()).toBe(0);
      await page.clock.fastForward('00:02');
      const prompt = page.getByRole('alertdialog', { name: 'Do you need more time?' });
      await prompt.waitFor();
      expect(await page.getByTestId('more-time-left').innerText()).toMatch(
        /^Otherwise this checkout starts again in (29|30) seconds\.$/,
      );
      await lookAtKiosk(page, 'kiosk-portrait-more-time');
      await page.getByRole('button', { name: 'Yes, I need more time' }).click();
      await prompt.waitFor({ state: 'detached' });
      expect(await basketLines(page)).toEqual(['1 Cola 12 oz can']);

      await page.clock.fastForward('01:31');
      await prompt.waitFor();
      await page.clock.fastForward('00:31');
      await expect.poll(() => headline(page)).toBe('Welcome');
      expect(core.kiosk.state().basket.lines).toEqual([]);
    }),
  );

  e2e('no idle prompt while the card is awaited', (chromium) =>
    withKiosk(chromium, { size: 'small', before: (page) => page.clock.install() }, async ({ page }) => {
      await scan(page, '012000000133');
      await page.getByRole('button', { name: 'Pay $1.35 by card' }).click();
      await expect.poll(() => page.getByTestId('phase-headline').innerText()).toBe('Insert, tap or swipe your card');
      await page.clock.fastForward('00:59');
      expect(await page.getByTestId('more-time').count()).toBe(0);
      expect(await page.getByTestId('phase-headline').innerText()).toBe('Insert, tap or swipe your card');
    }),
  );

  e2e('staff mode: remove an item, void the last payment, reprint, out of service and back', (chromium) =>
    withKiosk(chromium, { size: 'landscape' }, async ({ page, core }) => {
      await scan(page, '012000000133');
      await scan(page, '4006381333931');
      await expect.poll(() => basketLines(page)).toEqual(['1 Cola 12 oz can', '1 Cold brew coffee 8 oz']);
      await staffSignIn(page);
      await lookAtKiosk(page, 'kiosk-landscape-staff');
      await page.getByRole('button', { name: 'Remove Cold brew coffee 8 oz' }).click();
      await page.getByRole('button', { name: 'Leave staff mode' }).click();
      await expect.poll(() => basketLines(page)).toEqual(['1 Cola 12 oz can']);

      await page.getByRole('button', { name: 'Pay $1.35 by card' }).click();
      await presentCard(page, core, 'visa-approve', 'insert');
      await expect.poll(() => headline(page)).toBe('Would you like a receipt?');
      await staffSignIn(page);
      await page.getByRole('button', { name: 'Reprint the last receipt' }).click();
      await expect.poll(() => page.getByTestId('staff-note').innerText()).toMatch(/^Receipt of \S+ printed again\.$/);
      // A staff money action shows the amount, the card and the order, and asks.
      await page.getByRole('button', { name: 'Void the last payment' }).click();
      await page.getByRole('alertdialog', { name: 'Void this payment?' }).waitFor();
      expect(await page.getByTestId('staff-question-line').innerText()).toMatch(
        /^\$1\.35 on Visa ending 1443 \(order \S+\) will be voided: the money goes back to the card\.$/,
      );
      await page.getByRole('button', { name: 'Void $1.35' }).click();
      await expect
        .poll(() => page.getByTestId('staff-note').innerText())
        .toMatch(/^Payment \S+ voided: the money goes back to the card\.$/);
      await page.getByRole('button', { name: 'Clear the customer’s order' }).click();
      await page.getByRole('button', { name: 'Clear the order' }).click();
      await page.getByLabel('Sign for customers').fill('Closed for cleaning, back at 2 pm');
      await page.getByRole('button', { name: 'Take out of service' }).click();
      await page.getByRole('button', { name: 'Back in service' }).waitFor();
      await page.getByRole('button', { name: 'Leave staff mode' }).click();
      await expect.poll(() => headline(page)).toBe('This checkout is closed');
      await page.getByText('Closed for cleaning, back at 2 pm').waitFor();
      await lookAtKiosk(page, 'kiosk-landscape-out-of-service');
      // A scan does nothing while closed.
      await scan(page, '012000000133');
      expect(await headline(page)).toBe('This checkout is closed');
      await staffSignIn(page);
      await page.getByRole('button', { name: 'Back in service' }).click();
      await page.getByRole('button', { name: 'Leave staff mode' }).click();
      await expect.poll(() => headline(page)).toBe('Welcome');
      expect(core.session.current()).toBeNull();
    }),
  );

  e2e('accessibility mode by keyboard only: larger text, the controls in the lower half, focus shown', (chromium) =>
    withKiosk(chromium, { size: 'portrait' }, async ({ page, core }) => {
      const textSize = () => page.evaluate(`parseFloat(getComputedStyle(document.querySelector('.kiosk')).fontSize)`);
      const before = Number(await textSize());
      await tabTo(page, /Accessibility/);
      await page.keyboard.press('Enter');
      await page.locator('.kiosk-accessible').waitFor();
      expect(Number(await textSize())).toBeGreaterThan(before * 1.2);
      await lookAtKiosk(page, 'kiosk-portrait-accessible-welcome');
      expect(await controlsInUpperHalf(page)).toEqual([]);
      await tabTo(page, /^Start$/);
      await page.keyboard.press('Enter');
      await expect.poll(() => headline(page)).toBe('Your items');
      // The catalogue is a view of its own in the lower half, opened by "Add an item".
      await tabTo(page, /^Add an item$/);
      await page.keyboard.press('Enter');
      await tabTo(page, /^Lemon, each/);
      // The focus is shown: a thick ring around the focused control.
      expect(await page.evaluate('getComputedStyle(document.activeElement).outlineWidth')).toBe('5px');
      expect(await controlsInUpperHalf(page)).toEqual([]);
      await lookAtKiosk(page, 'kiosk-portrait-accessible-catalogue');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('picker-added').innerText()).toBe('Added: Lemon, each');
      expect(await page.getByTestId('basket-total').innerText()).toBe('$0.69');
      await tabTo(page, /^Back to my items$/);
      await page.keyboard.press('Enter');
      await expect.poll(() => basketLines(page)).toEqual(['1 Lemon, each']);
      expect(await controlsInUpperHalf(page)).toEqual([]);
      await lookAtKiosk(page, 'kiosk-portrait-accessible-basket');
      // The kiosk keypad's arrows move between the controls too.
      await tabTo(page, /^Pay \$0\.69 by card$/);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      expect(await page.evaluate('document.activeElement.textContent')).toBe('Pay $0.69 by card');
      await page.keyboard.press('Enter');
      await presentCard(page, core, 'visa-decline', 'insert');
      await expect.poll(() => outcome(page)).toBe('Card declined, try another card or ask for help');
      await lookAtKiosk(page, 'kiosk-portrait-accessible-declined');
    }),
  );

  e2e('the store’s second language from the welcome: Spanish all the way to the card', (chromium) =>
    withKiosk(chromium, { size: 'landscape', settings: { kiosk: { languages: ['en', 'es'] } } }, async ({ page }) => {
      await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
      await expect.poll(() => headline(page)).toBe('Bienvenido');
      await lookAtKiosk(page, 'kiosk-landscape-welcome-es');
      await page.getByRole('button', { name: 'Empezar' }).click();
      await expect.poll(() => headline(page)).toBe('Sus artículos');
      await scan(page, '99999999');
      await expect
        .poll(() => page.getByTestId('kiosk-notice').innerText())
        .toBe('No encontramos ese artículo. Elija el artículo de la lista o pida ayuda.');
      await scan(page, '012000000133');
      await page.getByRole('button', { name: 'Pagar $1.35 con tarjeta' }).click();
      await expect
        .poll(() => page.getByTestId('phase-headline').innerText())
        .toBe('Inserte, acerque o deslice su tarjeta');
      await lookAtKiosk(page, 'kiosk-landscape-card-wait-es');
      await page.getByRole('button', { name: 'Cancelar' }).click();
      await expect.poll(() => outcome(page)).toBe('Pago detenido: no se cobró nada');
    }),
  );

  for (const size of Object.keys(kioskSizes) as KioskSize[])
    e2e(
      `looks right at ${kioskSizes[size].width} x ${kioskSizes[size].height}: welcome, basket, unknown barcode`,
      (chromium) =>
        withKiosk(chromium, { size }, async ({ page }) => {
          await lookAtKiosk(page, `kiosk-${size}-size-welcome`);
          await scan(page, '037000747215');
          await scan(page, '048500012642');
          await scan(page, '0000');
          await expect
            .poll(() => page.getByTestId('kiosk-notice').innerText())
            .toBe('We could not find that item. Please choose it from the list or ask for help.');
          expect(await basketLines(page)).toEqual(['1 Paper towels, 2 rolls', '1 Orange juice 52 oz']);
          await lookAtKiosk(page, `kiosk-${size}-size-basket`);
          await page.getByRole('button', { name: 'Accessibility' }).click();
          await lookAtKiosk(page, `kiosk-${size}-size-basket-accessible`);
        }),
    );

  // With phone payments the basket's lower half holds four ways on; the small landscape screen is the tightest.
  for (const size of ['small', 'portrait', 'landscape'] as const)
    e2e(
      `accessibility mode with phone payments at ${kioskSizes[size].width} x ${kioskSizes[size].height}: all four ways on whole, two lines`,
      (chromium) =>
        withKiosk(chromium, { size, settings: { wallet: { enabled: true, payLinkPort: 0 } } }, async ({ page }) => {
          await scan(page, '037000747215');
          await scan(page, '048500012642');
          await expect.poll(() => basketLines(page)).toEqual(['1 Paper towels, 2 rolls', '1 Orange juice 52 oz']);
          await page.getByRole('button', { name: 'Accessibility' }).click();
          await page.locator('.kiosk-accessible').waitFor();
          const waysOn = page.locator('.kiosk-reach-basket .kiosk-actions button');
          expect(await waysOn.allInnerTexts()).toEqual([
            expect.stringMatching(/^Pay \$\d+\.\d\d by card$/),
            'Pay on your phone',
            'Add an item',
            'Cancel my order',
          ]);
          expect(await controlsInUpperHalf(page)).toEqual([]);
          await lookAtKiosk(page, `kiosk-${size}-accessible-wallet-basket`);
        }),
    );
});
