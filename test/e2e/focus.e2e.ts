/// <reference lib="dom" />
// The page.evaluate bodies below run in Chromium, where the DOM exists.
import type { Locator } from 'playwright-core';
import { describe, expect } from 'vitest';
import { e2e } from './support/browser-mode';
import { keyAmount, look, withSignedIn } from './support/counter';

/** The focus ring Chromium draws on an element, as computed from the stylesheet. */
const ringOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
  });

describe('focus at the counter', () => {
  e2e(
    'after an approval focus is on New sale (not the page or the training deck), a digit starts the next sale, and text fields ring like buttons',
    (chromium) =>
      withSignedIn(chromium, {}, async ({ page }) => {
        await keyAmount(page, '12.00');
        await page.keyboard.press('Enter');
        await page.getByText('Insert, tap or swipe the card').waitFor();
        await page.getByTestId('deck-visa-approve-insert').click();
        await page.getByTestId('sale-result').waitFor();
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
          .toBe('new-sale');
        const buttonRing = await ringOf(page.getByTestId('new-sale'));
        expect(buttonRing).toMatch(/^solid 3px/);
        await look(page, 'focus-after-approval');
        // Tab from the main action stays in the result before it reaches the training deck.
        await page.keyboard.press('Shift+Tab');
        expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="sale-result"]') !== null)).toBe(
          true,
        );
        await page.keyboard.press('Tab');
        await page.keyboard.press('4');
        await expect.poll(() => page.getByTestId('sale-amount').innerText()).toBe('$0.04');

        await page.keyboard.press('Alt+2');
        const lastFour = page.getByLabel('Last four');
        await lastFour.focus();
        await page.keyboard.type('1443');
        expect(await ringOf(lastFour)).toBe(buttonRing);
        await look(page, 'focus-text-field');
      }),
  );
});
