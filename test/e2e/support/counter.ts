import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousAccessibilityViolations } from './axe';
import { screenshot, withOpenPage, type BrowserModeOptions, type BrowserModeSession } from './browser-mode';

/** Signs in with training's practice cashier (or manager), as a new hire would: the listed login, then Enter. */
export async function signIn(page: Page, who: 'Trainee' | 'Trainer' = 'Trainee'): Promise<void> {
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByRole('button', { name: new RegExp(`^${who} \\(`) }).click();
  await page.keyboard.press('Enter');
  await page.getByTestId('sale-amount').waitFor();
}

/** As `withOpenPage`, with the trainee signed in at the counter: where most counter tests begin. */
export const withSignedIn = (
  executablePath: string,
  options: BrowserModeOptions,
  body: (session: BrowserModeSession) => Promise<void>,
) => withOpenPage(executablePath, options, signIn, body);

/** Keys an amount on the keyboard the way the keypad takes it: "12.00" is typed 1, 2, 0, 0. */
export async function keyAmount(page: Page, amount: string): Promise<void> {
  for (const digit of amount.replace(/\D/g, '')) await page.keyboard.press(digit);
  await expect.poll(() => page.getByTestId('sale-amount').innerText()).toBe(`$${amount}`);
}

/** Keys the amount and presses Enter: the terminal then waits for the card. */
export async function startSale(page: Page, amount: string): Promise<void> {
  await keyAmount(page, amount);
  await page.keyboard.press('Enter');
  await page.getByText('Insert, tap or swipe the card').waitFor();
}

/** A screenshot for a person to look at, and axe-core's check of the same screen. */
export async function look(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  expect(await seriousAccessibilityViolations(page), `serious or critical accessibility problems on ${name}`).toEqual(
    [],
  );
}

/** Opens the shift on End of day (Alt+3) with `float` counted into the drawer, and waits until the screen says so. */
export async function openShift(page: Page, float: string): Promise<void> {
  await page.keyboard.press('Alt+3');
  await page.getByLabel('Float counted into the drawer').fill(float);
  await page.getByRole('button', { name: 'Open shift' }).click();
  await expect
    .poll(() => page.getByTestId('shift-status').innerText())
    .toMatch(new RegExp(`float \\$${float.replace('.', '\\.')}\\.$`));
}
