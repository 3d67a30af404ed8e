/// <reference lib="dom" />
// The page.evaluate bodies below run in Chromium, where the DOM exists.
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { e2e, screenshot } from './support/browser-mode';
import { keyAmount, look, withSignedIn } from './support/counter';

// Point-of-sale displays are small: 800x480 is common, 1024x768 and 1280x800 too.
const sizes = [
  { width: 800, height: 480 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
] as const;

/** Where an element is, and whether a cashier can see and press it: in the viewport and not clipped by a scrolling box. */
async function placeOf(locator: Locator) {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const centre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const inViewport =
      box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
    return {
      inViewport,
      reachable: centre !== null && element.contains(centre),
      bottom: Math.round(box.bottom),
      right: Math.round(box.right),
    };
  });
}

/** True when the page itself cannot scroll: everything the screen holds is laid out inside the window. */
async function documentScrolls(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollHeight > window.innerHeight || root.scrollWidth > window.innerWidth;
  });
}

describe('the sale screen on small displays', () => {
  e2e(
    'at 800x480, 1024x768 and 1280x800 the amount, the whole keypad with Clear and the Card button show without scrolling',
    (chromium) =>
      withSignedIn(chromium, { viewport: sizes[0] }, async ({ page }) => {
        await keyAmount(page, '12.34');
        for (const size of sizes) {
          await page.setViewportSize(size);
          const where = `${size.width}x${size.height}`;
          // Saved before the checks too, so a failure leaves the picture of what the cashier saw.
          await screenshot(page, `sale-entry-${where}`);
          const parts = {
            amount: page.getByTestId('sale-amount'),
            'keypad 7': page
              .getByRole('group', { name: 'Amount keypad' })
              .getByRole('button', { name: '7', exact: true }),
            'keypad Clear': page.getByRole('button', { name: /^Clear/ }),
            'Card button': page.getByTestId('pay-card'),
          };
          for (const [name, locator] of Object.entries(parts)) {
            expect(await placeOf(locator), `${name} at ${where}`).toMatchObject({ inViewport: true, reachable: true });
          }
          expect(await page.getByTestId('sale-amount').innerText()).toBe('$12.34');
          expect(await documentScrolls(page), `the page scrolls at ${where}`).toBe(false);
          await look(page, `sale-entry-${where}`);
        }
      }),
  );
});
