import { describe, expect } from 'vitest';
import { trainingJournalEntries } from '../support/test-core';
import { e2e } from './support/browser-mode';
import { look, startSale, withSignedIn } from './support/counter';
import { gatewayRecords, padReady } from './support/lane-records';

/**
 * History's customer panel in Chromium against the built-in gateway: a sale approved with the
 * signature skipped gets its signature afterwards (sigcap), and the gateway's record then holds
 * it; asking for the stored cards of a sale that stored none says so in words.
 */
describe('a sale\u2019s customer on History', () => {
  e2e(
    'a skipped signature is added afterwards on the screen and the gateway keeps it; no stored cards says so',
    (chromium) =>
      withSignedIn(chromium, { settings: { signature: { allowSkip: true } } }, async ({ page, core, appDataDir }) => {
        await padReady(core);
        await startSale(page, '50.00');
        await core.cardReaders.presentTestCard({ cardId: 'visa-signature', method: 'insert' });
        await page.getByTestId('skip-signature').click();
        await expect(page.getByTestId('sale-headline').innerText()).resolves.toBe('Approved');
        const [row] = trainingJournalEntries(appDataDir);
        const orderId = row!.orderId;

        await page.keyboard.press('Alt+2');
        await page.getByRole('heading', { name: 'History' }).waitFor();
        await page.getByRole('button', { name: `Open order ${orderId}` }).click();
        const panel = page.getByTestId('order-customer');
        await panel.getByRole('button', { name: 'Stored cards' }).click();
        await panel.getByText('The customer has no stored cards from this sale.').waitFor();

        await panel.getByRole('button', { name: 'Add signature' }).click();
        const surface = page.getByTestId('signature-surface');
        await surface.waitFor();
        const box = (await surface.boundingBox())!;
        await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.5);
        await page.mouse.down();
        for (let i = 1; i <= 30; i++)
          await page.mouse.move(
            box.x + box.width * (0.1 + 0.8 * (i / 30)),
            box.y + box.height * (0.5 + 0.15 * Math.sin(i / 3)),
          );
        await page.mouse.up();
        await page.getByRole('button', { name: /Accept/ }).click();
        await expect
          .poll(() => page.getByRole('status').filter({ hasText: 'signature' }).allInnerTexts())
          .toContain('The signature was added to the sale at the gateway.');
        await look(page, 'history-signature-added');

        // The gateway's own record of the sale now carries the signature; a second one is refused in words.
        const [record] = await gatewayRecords(core, orderId);
        expect(record).toMatchObject({ respstat: 'A' });
        const again = await core.dispatch('terminal.addSignature', { orderId });
        expect(again).toMatchObject({
          ok: false,
          error: { message: `The sale ${orderId} already has a signature at the gateway.` },
        });
      }),
  );
});
