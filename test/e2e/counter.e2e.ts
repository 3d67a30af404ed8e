import { describe, expect } from 'vitest';
import { e2e, withBrowserMode } from './support/browser-mode';
import { keyAmount, look, signIn } from './support/counter';

describe('the counter in the browser', () => {
  e2e('a cashier signs in, keys an amount, the card is inserted, and the approval shows with its receipt', (chromium) =>
    withBrowserMode(chromium, {}, async ({ page, host, core }) => {
      await page.goto(host.url);
      await look(page, 'counter-sign-in');
      await signIn(page);
      await keyAmount(page, '12.00');
      await look(page, 'counter-sale-keyed');
      await page.keyboard.press('Enter');
      await page.getByText('Insert, tap or swipe the card').waitFor();
      await look(page, 'counter-sale-waiting-for-card');
      await core.cardReaders.presentTestCard({ cardId: 'visa-approve', method: 'insert' });
      await page.getByTestId('sale-result').waitFor();
      expect(await page.getByTestId('sale-headline').innerText()).toBe('Approved');
      await page.getByTestId('receipt-preview').waitFor();
      await look(page, 'counter-sale-approved');
    }),
  );
});
