import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { loadTestCards } from '../../src-main/stand-ins/devices/test-cards';
import { trainingJournalEntries } from '../support/test-core';
import { e2e, withBrowserMode } from './support/browser-mode';
import { keyAmount, look, signIn, withSignedIn } from './support/counter';

describe('the counter in the browser', () => {
  e2e('a cashier signs in, keys an amount, the card is inserted, and the approval shows with its receipt', (chromium) =>
    withBrowserMode(chromium, {}, async ({ page, host }) => {
      await page.goto(host.url);
      await look(page, 'counter-sign-in');
      await signIn(page);
      await keyAmount(page, '12.00');
      await look(page, 'counter-sale-keyed');
      await page.keyboard.press('Enter');
      await page.getByText('Insert, tap or swipe the card').waitFor();
      await look(page, 'counter-sale-waiting-for-card');
      await page.getByTestId('deck-visa-approve-insert').click();
      await page.getByTestId('sale-result').waitFor();
      expect(await page.getByTestId('sale-headline').innerText()).toBe('Approved');
      await page.getByTestId('receipt-preview').waitFor();
      await look(page, 'counter-sale-approved');
    }),
  );

  e2e(
    'the devices screen: each device with its state, a test print shown as printed, a test card read masked',
    (chromium) =>
      withSignedIn(chromium, {}, async ({ page }) => {
        await page.keyboard.press('Alt+4');
        await page.getByRole('heading', { name: 'Devices', level: 1 }).waitFor();
        const printer = page.getByTestId('device-training-printer');
        await printer.getByText('Ready').waitFor();
        await printer.getByRole('button', { name: 'Test print' }).click();
        await printer.getByText('The test page printed.').waitFor();
        await printer.getByRole('img', { name: /what the training printer printed/ }).waitFor();
        const reader = page.locator('[data-testid^="device-"]', { hasText: 'Card reader' }).first();
        await reader.getByRole('button', { name: 'Read a test card' }).click();
        await reader.getByText(/Present a card to the reader/).waitFor();
        await page.getByTestId('deck-visa-approve-tap').click();
        const facts = reader.getByTestId('card-facts');
        await facts.waitFor();
        expect(await facts.innerText()).toMatch(/VISA 4788\*{8}1443[\s\S]*tapped/);
        await look(page, 'counter-devices');
      }),
  );

  e2e(
    'settings: a wrong value is refused naming the setting, a manager approves a change, the credential test answers',
    (chromium) =>
      withSignedIn(chromium, {}, async ({ page, core }) => {
        await page.keyboard.press('Alt+5');
        await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
        const url = page.getByLabel('Gateway URL');
        await url.fill('https://gateway.example.com/cardconnect/rest');
        await page.getByRole('button', { name: /Save 1 change/ }).click();
        await page.getByRole('dialog', { name: 'Manager approval' }).waitFor();
        await page.keyboard.type('9999');
        await page.keyboard.press('Enter');
        await page
          .getByText(
            'gateway.url: training mode refuses a non-loopback gateway; leave it empty for the built-in emulator',
          )
          .waitFor();
        expect(await url.getAttribute('aria-invalid')).toBe('true');
        await look(page, 'counter-settings-refused');
        await page.keyboard.press('Escape');
        // A device list is a form (its JSON kept for IT), checked by the same rules as settings.json, the place in it named.
        const readers = page.getByRole('group', { name: 'Card readers' });
        await readers.getByRole('button', { name: 'Add' }).click();
        await readers.getByLabel('Connection').selectOption({ label: 'ID TECH NEO chip reader (serial)' });
        await readers.getByRole('button', { name: 'JSON (for IT)' }).click();
        expect(JSON.parse(await readers.getByLabel('Card readers as JSON').inputValue())).toEqual([
          { id: 'reader-1', protocol: 'vivotech2', serial: { path: '' } },
        ]);
        await page.getByRole('button', { name: /Save 1 change/ }).click();
        await page.getByRole('dialog', { name: 'Manager approval' }).waitFor();
        await page.keyboard.type('9999');
        await page.keyboard.press('Enter');
        await page.getByText(/^devices\.0\.serial\.path: expected the port/).waitFor();
        await look(page, 'counter-settings-device-form');
        await page.keyboard.press('Escape');
        await page.getByLabel('Take tips').check();
        await page.getByLabel('Card wait (seconds)').fill('45');
        await page.getByRole('button', { name: /Save 2 changes/ }).click();
        await page.getByRole('dialog', { name: 'Manager approval' }).waitFor();
        await page.keyboard.type('9999');
        await page.keyboard.press('Enter');
        await page.getByText('Saved.').waitFor();
        expect(core.settings.payments).toMatchObject({ tips: true, cardTimeoutSeconds: 45 });
        await page.getByTestId('test-credentials').click();
        await expect
          .poll(() => page.getByTestId('credential-test').innerText())
          .toMatch(/merchant 496160873888 is boarded/);
        await look(page, 'counter-settings-saved');
        // Tips are on at once: the sale screen offers them.
        await page.keyboard.press('Alt+1');
        await page.getByRole('group', { name: 'Tip' }).waitFor();
      }),
  );

  e2e(
    'a card that cannot be read is keyed: no field holds it, the screen echoes it masked, the sale is approved as keyed',
    (chromium) =>
      withBrowserMode(chromium, {}, async ({ page, host, appDataDir }) => {
        const visa = loadTestCards(join(process.cwd(), 'assets')).find((card) => card.id === 'visa-approve')!;
        await page.goto(host.url);
        await signIn(page);
        await keyAmount(page, '15.00');
        await page.keyboard.press('k');
        await page.getByRole('group', { name: 'Keyed card' }).waitFor();
        await page.keyboard.type(visa.pan, { delay: 20 });
        await expect
          .poll(() => page.getByTestId('keyed-account').innerText())
          .toBe(`${visa.pan.slice(0, 4)} ${visa.pan.slice(4, 6)}•• •••• ${visa.pan.slice(-4)}`);
        expect(await page.content()).not.toContain(visa.pan);
        await page.keyboard.press('Enter');
        await page.keyboard.type('1228');
        await page.keyboard.press('Enter');
        await page.keyboard.type('123');
        await expect.poll(() => page.getByTestId('keyed-cvv').innerText()).toBe('•••');
        await look(page, 'counter-keyed-entry');
        await page.keyboard.press('Enter');
        // Then the billing ZIP for the address check, and Enter on it sends the card.
        await page.getByTestId('keyed-postal').waitFor();
        await page.keyboard.type('55555');
        await page.keyboard.press('Enter');
        await page.getByTestId('sale-result').waitFor();
        expect(await page.getByTestId('sale-headline').innerText()).toBe('Approved');
        await page.getByText(/••••1443 \(keyed\)/).waitFor();
        expect(trainingJournalEntries(appDataDir)[0]).toMatchObject({ entryMode: 'keyed', state: 'completed' });
      }),
  );
});
