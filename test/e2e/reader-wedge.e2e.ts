import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { EmulatedEncryptingReader } from '../../drivers/emulated/encrypting-reader';
import { loadTestCards } from '../../drivers/emulated/test-cards';
import { e2e, withBrowserMode } from './support/browser-mode';
import { keyAmount, look, signIn } from './support/counter';

const keyboardReader = { devices: [{ id: 'counter-reader', name: 'Counter card reader', protocol: 'keyboard' }] };

describe('a keyboard-mode card reader in browser mode', () => {
  e2e('a swipe typed into the keyboard while a field has focus never lands in it, and pays the sale', (chromium) =>
    withBrowserMode(chromium, { settings: keyboardReader }, async ({ page, host, core }) => {
      await page.goto(host.url);
      await signIn(page);
      await keyAmount(page, '9.00');
      // A person types into the cart's item field: their keys arrive, through the wedge.
      await page.getByRole('button', { name: 'Add items (cart)' }).click();
      const item = page.getByLabel('Item');
      await item.click();
      await item.pressSequentially('Mug', { delay: 80 });
      await expect.poll(() => item.inputValue()).toBe('Mug');
      await item.fill('');
      // The reader types an encrypted swipe as fast as readers do, with the focus in that field.
      const card = loadTestCards(join(process.cwd(), 'assets')).find((candidate) => candidate.id === 'visa-approve')!;
      const reader = new EmulatedEncryptingReader();
      await page.keyboard.type(reader.swipe(card));
      await page.keyboard.press('Enter');
      // Well past the wedge's 50 ms pause: nothing was released into the field.
      await page.waitForTimeout(300);
      expect(await item.inputValue()).toBe('');
      await look(page, 'reader-wedge-swipe-kept-out-of-field');
      await page.getByTestId('pay-card').click();
      await page.getByText('Insert, tap or swipe the card').waitFor();
      await page.keyboard.type(reader.swipe(card));
      await page.keyboard.press('Enter');
      await page.getByTestId('sale-result').waitFor();
      expect(await page.getByTestId('sale-headline').innerText()).toBe('Approved');
      await look(page, 'reader-wedge-approved');
      expect(core.devices.list('card-reader')[0]).toMatchObject({ transport: 'keyboard-wedge', status: 'connected' });
    }),
  );
});
