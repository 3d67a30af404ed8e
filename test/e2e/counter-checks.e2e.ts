import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { loadTestCards } from '../../src-main/stand-ins/devices/test-cards';
import { trainingJournalEntries } from '../support/test-core';
import { e2e, withBrowserMode } from './support/browser-mode';
import { keyAmount, look, signIn } from './support/counter';

/**
 * What the core checks at the counter, seen where the cashier sees it: a keyed card's number and
 * expiry as they are typed, and a cart above the sale limit (issue 29's smaller items).
 */
describe('the counter checks as the cashier works', () => {
  e2e('a keyed card: the number and the expiry are checked at each key, in words beside each field', (chromium) =>
    withBrowserMode(chromium, {}, async ({ page, host, appDataDir }) => {
      const visa = loadTestCards(join(process.cwd(), 'assets')).find((card) => card.id === 'visa-approve')!;
      await page.goto(host.url);
      await signIn(page);
      await keyAmount(page, '15.00');
      await page.keyboard.press('k');
      await page.getByRole('group', { name: 'Keyed card' }).waitFor();
      const accountCheck = page.getByTestId('keyed-check-account');
      await page.keyboard.type(visa.pan.slice(0, 15), { delay: 20 });
      await expect.poll(() => accountCheck.innerText()).toBe('Visa: 15 of 16, 18 or 19 digits.');
      await page.keyboard.type(String((Number(visa.pan.at(-1)) + 1) % 10));
      await expect
        .poll(() => accountCheck.innerText())
        .toBe('A digit is wrong: the check digit does not match. Check the number on the card.');
      await look(page, 'counter-keyed-wrong-digit');
      await page.keyboard.press('Backspace');
      await page.keyboard.type(visa.pan.at(-1)!);
      await expect.poll(() => accountCheck.innerText()).toBe('Visa: the number checks out.');
      await page.keyboard.press('Enter');
      // The training clock is today's: a year long gone has expired whatever the day.
      await page.keyboard.type('1320');
      const expiryCheck = page.getByTestId('keyed-check-expiry');
      await expect.poll(() => expiryCheck.innerText()).toBe('The month is 01 to 12: type the expiry as MMYY.');
      for (let i = 0; i < 4; i += 1) await page.keyboard.press('Backspace');
      await page.keyboard.type('1220');
      await expect.poll(() => expiryCheck.innerText()).toBe('This card expired at the end of 12/20.');
      await look(page, 'counter-keyed-expired');
      // The core still refuses it on Enter: nothing is sent.
      await page.keyboard.press('Enter');
      await page.keyboard.type('123');
      await page.keyboard.press('Enter');
      await page.getByText('Expiry: the card has expired.').waitFor();
      expect(await page.content()).not.toContain(visa.pan);
      expect(trainingJournalEntries(appDataDir)).toEqual([]);
    }),
  );

  e2e('a cart above the sale limit is refused by the core, and the screen says what it came to', (chromium) =>
    withBrowserMode(chromium, {}, async ({ page, host, appDataDir }) => {
      await page.goto(host.url);
      await signIn(page);
      await page.getByRole('button', { name: 'Add items (cart)' }).click();
      await page.getByLabel('Item', { exact: true }).fill('Pallet of tiles');
      await page.getByLabel('Qty', { exact: true }).fill('11');
      await page.getByLabel('Unit price').fill('99999.99');
      await page.getByRole('button', { name: 'Add item' }).click();
      await page.getByText('$1,099,999.89').first().waitFor();
      await page.getByTestId('pay-card').click();
      await page.getByRole('button', { name: /Yes, charge \$1,099,999\.89/ }).click();
      await expect
        .poll(() => page.getByTestId('sale-error').innerText())
        .toContain(
          'The cart comes to $1,099,999.89, more than one sale can take ($999,999.99): check its quantities and prices, or ring it up as two sales.',
        );
      expect(await page.getByText('Insert, tap or swipe the card').count()).toBe(0);
      await look(page, 'counter-cart-above-limit');
      expect(trainingJournalEntries(appDataDir)).toEqual([]);
    }),
  );
});
