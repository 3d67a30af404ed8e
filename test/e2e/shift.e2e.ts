import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { e2e } from './support/browser-mode';
import { look, startSale, withSignedIn } from './support/counter';

describe('the shift and the day\u2019s reports in Chromium', () => {
  e2e(
    'a shift opened with a float, a no-sale, an X report, a blind count short by 25 cents, and Z report 1',
    (chromium) =>
      withSignedIn(chromium, {}, async ({ page, core, appDataDir }) => {
        await page.keyboard.press('Alt+3');
        await page.getByRole('heading', { name: 'End of day', level: 1 }).waitFor();
        const status = page.getByTestId('shift-status');
        await expect.poll(() => status.innerText()).toMatch(/^No shift is open/);
        // A float that is not an amount is refused in words; nothing is opened.
        await page.getByLabel('Float counted into the drawer').fill('a hundred');
        await page.getByRole('button', { name: 'Open shift' }).click();
        expect(await page.getByTestId('shift-error').innerText()).toBe('The float: type an amount such as 100.00');
        await page.getByLabel('Float counted into the drawer').fill('100.00');
        await page.getByRole('button', { name: 'Open shift' }).click();
        await expect.poll(() => status.innerText()).toMatch(/^Shift 1 open since .+, by 1001, float \$100\.00\.$/);
        await look(page, 'shift-opened');

        // A card sale at the counter, and a cash sale taken through the contract (7.66 from 20.00).
        await page.keyboard.press('Alt+1');
        await startSale(page, '12.34');
        await page.getByTestId('deck-visa-approve-insert').click();
        await page.getByTestId('sale-result').waitFor();
        expect(await page.getByTestId('sale-headline').innerText()).toBe('Approved');
        await page.keyboard.press('Enter');
        expect(await core.dispatch('terminal.cash', { totalMinor: 766, tenderedMinor: 2000 })).toMatchObject({
          ok: true,
          result: { changeMinor: 1234 },
        });

        await page.keyboard.press('Alt+3');
        await page.getByLabel('No sale: why').fill('change for the float');
        await page.getByLabel(/^Manager PIN/).fill('9999');
        await page.getByRole('button', { name: 'Open drawer' }).click();
        await expect.poll(() => page.getByTestId('no-sale').innerText()).toBe('No sale recorded; the drawer is open.');

        await page.getByRole('button', { name: 'X report' }).click();
        const report = page.getByTestId('day-report');
        await expect.poll(() => report.innerText()).toMatch(/X REPORT/);
        expect(await report.innerText()).toMatch(/Sales \(2\)\s+\$20\.00/);
        expect(await report.innerText()).toMatch(/No-sales\s+1/);
        await report.scrollIntoViewIfNeeded();
        await look(page, 'shift-x-report');

        // The day cannot close over an open shift; the count is blind, and comes out short.
        await page.getByRole('button', { name: 'Z report (close the day)' }).click();
        await expect
          .poll(() => page.getByTestId('shift-error').innerText())
          .toBe('A shift is still open: close it with its cash count before the Z report.');
        await page.getByLabel('Cash counted in the drawer').fill('107.41');
        await page.getByRole('button', { name: 'Close shift' }).click();
        await expect
          .poll(() => page.getByTestId('shift-closed').innerText())
          .toBe('Shift 1 closed: counted $107.41, expected $107.66. Short $0.25.');
        await page.getByRole('button', { name: 'Z report (close the day)' }).click();
        await expect.poll(() => report.innerText()).toMatch(/Z REPORT 1/);
        const z = await report.innerText();
        expect(z).toMatch(/Card \(1\)\s+\$12\.34/);
        expect(z).toMatch(/Cash \(1\)\s+\$7\.66/);
        expect(z).toMatch(/Over\/short\s+Short \$0\.25/);
        await report.scrollIntoViewIfNeeded();
        await look(page, 'shift-z-report');

        // The journal keeps it: the Z report's number once, the cash and the no-sale in the shift.
        const db = new Database(join(appDataDir, 'training-journal.sqlite'), { readonly: true });
        try {
          expect(db.prepare('SELECT number FROM z_reports').all()).toEqual([{ number: 1 }]);
          expect(db.prepare('SELECT kind, amount_minor FROM cash_movements ORDER BY id').all()).toEqual([
            { kind: 'sale', amount_minor: 766 },
            { kind: 'no-sale', amount_minor: 0 },
          ]);
        } finally {
          db.close();
        }
      }),
  );
});
