import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Clock } from '../../../src-main/platform/clock';
import type { Core } from '../../../src-main/lane/core/core';
import { withBrowserMode, type BrowserModeSession } from './browser-mode';
import { typeAsDevice } from './device-typing';
import { look } from './counter';
import { cutOffText, hiddenControls, untidyBasketLines } from './kiosk-layout';

/** The three screens a kiosk stands with: portrait, full HD landscape, and a small landscape tablet. */
export const kioskSizes = {
  portrait: { width: 1080, height: 1920 },
  landscape: { width: 1920, height: 1080 },
  small: { width: 1280, height: 800 },
} as const;
export type KioskSize = keyof typeof kioskSizes;

/**
 * A fresh training lane in kiosk mode, its page open on the welcome screen, at `size`. `before`
 * runs on the page before it loads (a test's clock is installed there).
 */
export function withKiosk(
  chromium: string,
  options: { size?: KioskSize; settings?: object; before?: (page: Page) => Promise<void>; clock?: Clock },
  body: (session: BrowserModeSession) => Promise<void>,
): Promise<void> {
  return withBrowserMode(
    chromium,
    {
      env: { LANEPOINT_MODE: 'kiosk' },
      viewport: kioskSizes[options.size ?? 'portrait'],
      ...(options.settings ? { settings: options.settings } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
    },
    async (session) => {
      await options.before?.(session.page);
      await session.page.goto(session.host.url);
      await expect.poll(() => headline(session.page)).toBe('Welcome');
      await body(session);
    },
  );
}

/** The big heading of the customer's screen. */
export const headline = (page: Page) => page.getByTestId('kiosk-headline').innerText();

/** The outcome line of the last payment, as the customer reads it. */
export const outcome = (page: Page) => page.getByTestId('kiosk-outcome').innerText();

/**
 * Types a barcode as a keyboard-mode scanner does: its characters and Enter (unless it lost it)
 * in one burst, 4 ms apart by the keyboard's own time stamps.
 */
export const scan = (page: Page, barcode: string, options: { enter?: boolean } = {}): Promise<void> =>
  typeAsDevice(page, barcode, { gapMs: 4, ...options });

/**
 * Makes the lane's main process stall, as a loaded machine does: every `every`th keystroke it
 * takes keeps its event loop busy for `ms` first, so the keys behind it wait in the socket.
 * Returns the function that ends the stalls.
 */
export function stallKeystrokes(core: Core, options: { every: number; ms: number }): () => void {
  const manager = core.deviceManager;
  const keystroke = manager.keystroke;
  let count = 0;
  manager.keystroke = (stroke, timing) => {
    count += 1;
    if (count % options.every === 0) {
      const until = performance.now() + options.ms;
      while (performance.now() < until) {
        // busy: the event loop runs nothing else
      }
    }
    return keystroke(stroke, timing);
  };
  return () => {
    manager.keystroke = keystroke;
  };
}

/** Presents a card of training's deck on the lane's emulated reader, once the screen asks for a card. */
export async function presentCard(page: Page, core: Core, cardId: string, method: 'insert' | 'tap' | 'swipe') {
  await expect.poll(() => page.getByTestId('phase-headline').innerText()).toBe('Insert, tap or swipe your card');
  await core.cardReaders.presentTestCard({ cardId, method });
}

/** The basket's lines as the customer reads them: name and quantity. */
export async function basketLines(page: Page): Promise<string[]> {
  const rows = await page.getByTestId('basket-line').all();
  return Promise.all(
    rows.map(async (row) => {
      const name = await row.locator('.kiosk-line-name').innerText();
      const quantity = await row.locator('output').innerText();
      return `${quantity} ${name}`;
    }),
  );
}

/** Controls smaller than 44 x 44 CSS px (EN 301 549 and WCAG 2.2 for a kiosk), by their text. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('.kiosk button, .kiosk input, .kiosk textarea')]
    .filter((element) => element.getClientRects().length > 0)
    .map((element) => ({ box: element.getBoundingClientRect(), name: element.getAttribute('aria-label') || element.textContent }))
    .filter(({ box }) => box.width < 44 || box.height < 44)
    .map(({ box, name }) => name + ' ' + Math.round(box.width) + 'x' + Math.round(box.height))`);
}

/**
 * A screenshot for a person to look at, axe-core's check of it, the size of every touch target,
 * and the layout: every control whole on the screen and uncovered, every field's text readable,
 * every basket line one tidy row of controls.
 */
export async function lookAtKiosk(page: Page, name: string): Promise<void> {
  await look(page, name);
  expect(await smallTargets(page), `touch targets under 44 x 44 px on ${name}`).toEqual([]);
  expect(await hiddenControls(page), `controls cut off or covered on ${name}`).toEqual([]);
  expect(await cutOffText(page), `text fields too small for their text on ${name}`).toEqual([]);
  expect(await untidyBasketLines(page), `basket lines out of order on ${name}`).toEqual([]);
}

/** Signs in on the kiosk's staff keypad as training's manager (id 9001, PIN 9999). */
export async function staffSignIn(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Help' }).click();
  await expect.poll(() => headline(page)).toBe('Staff sign-in');
  for (const key of '9001')
    await page.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: key }).click();
  await page.getByTestId('staff-pin').focus();
  for (const key of '9999')
    await page.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: key }).click();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => headline(page)).toBe('Staff: Trainer');
}
