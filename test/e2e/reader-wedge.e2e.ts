import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { EmulatedEncryptingReader } from '../../src-main/stand-ins/devices/encrypting-reader';
import { loadTestCards } from '../../src-main/stand-ins/devices/test-cards';
import { e2e, withBrowserMode } from './support/browser-mode';
import { keyAmount, look, withSignedIn } from './support/counter';
import { typeAsDevice } from './support/device-typing';
import { hashPin } from '../../src-main/lane/session/pin-hash';

const keyboardReader = { devices: [{ id: 'counter-reader', name: 'Counter card reader', protocol: 'keyboard' }] };

describe('a keyboard-mode card reader in browser mode', () => {
  e2e('a swipe typed into the keyboard while a field has focus never lands in it, and pays the sale', (chromium) =>
    // Frames are not recorded here: watching them delays the keys past the reader's timing.
    withSignedIn(chromium, { settings: keyboardReader, recordFrames: false }, async ({ page, core }) => {
      await keyAmount(page, '9.00');
      // A person types into the cart's item field: their keys arrive, through the wedge.
      await page.getByRole('button', { name: 'Add items (cart)' }).click();
      const item = page.getByLabel('Item');
      await item.click();
      await item.pressSequentially('Mug', { delay: 80 });
      await expect.poll(() => item.inputValue()).toBe('Mug');
      await item.fill('');
      // The reader types an encrypted swipe as fast as readers do (2 ms a key, by its own time
      // stamps), with the focus in that field.
      const card = loadTestCards(join(process.cwd(), 'assets')).find((candidate) => candidate.id === 'visa-approve')!;
      const reader = new EmulatedEncryptingReader();
      await typeAsDevice(page, reader.swipe(card), { gapMs: 2 });
      // Well past the wedge's 50 ms pause: nothing was released into the field.
      await page.waitForTimeout(300);
      expect(await item.inputValue()).toBe('');
      await look(page, 'reader-wedge-swipe-kept-out-of-field');
      await page.getByTestId('pay-card').click();
      await page.getByText('Insert, tap or swipe the card').waitFor();
      // A slower reader (20 ms a key, as older ones at a low rate type) pays the sale. Its burst
      // of an encrypted swipe lasts over 8 s, longer than the page has been open, so its first
      // keys carry Chromium's stamp for "before the page began"; no pause in a busy browser, and
      // no stall between those first keys, may cut it in two.
      await typeAsDevice(page, reader.swipe(card), { gapMs: 20 });
      await page.getByTestId('sale-result').waitFor();
      expect(await page.getByTestId('sale-headline').innerText()).toBe('Approved');
      await look(page, 'reader-wedge-approved');
      expect(core.devices.list('card-reader')[0]).toMatchObject({ transport: 'keyboard-wedge', status: 'connected' });
    }),
  );

  e2e(
    'a PIN typed through the wedge signs in, and never comes back over the bridge to this page or another',
    (chromium) =>
      withBrowserMode(
        chromium,
        {
          settings: {
            ...keyboardReader,
            staff: { members: [{ id: '4321', name: 'Robin', role: 'cashier', pin: hashPin('8642') }] },
          },
        },
        async ({ page, host, browser }) => {
          // What each page receives over its bridge, as the raw frames.
          const received = { cashier: [] as string[], other: [] as string[] };
          page.on('websocket', (socket) =>
            socket.on('framereceived', ({ payload }) => received.cashier.push(String(payload))),
          );
          const other = await browser.newPage();
          other.on('websocket', (socket) =>
            socket.on('framereceived', ({ payload }) => received.other.push(String(payload))),
          );
          await other.goto(host.url);
          await other.getByRole('heading', { name: 'Sign in' }).waitFor();
          await page.goto(host.url);
          await page.getByRole('heading', { name: 'Sign in' }).waitFor();
          // Typed as a person types: every digit is held by the wedge, then released and typed.
          await page.getByLabel('Cashier id').click();
          await page.keyboard.type('4321', { delay: 80 });
          await expect.poll(() => page.getByLabel('Cashier id').inputValue()).toBe('4321');
          await page.getByLabel('PIN').click();
          await page.keyboard.type('8642', { delay: 80 });
          await expect.poll(() => page.getByLabel('PIN').inputValue()).toBe('8642');
          await look(page, 'reader-wedge-pin-typed');
          await page.keyboard.press('Enter');
          await page.getByTestId('sale-amount').waitFor();
          await look(page, 'reader-wedge-pin-signed-in');
          const released = received.cashier.filter((frame) => frame.includes('devices.keysReleased'));
          expect(released.length).toBeGreaterThan(0);
          // The releases name keystrokes by number; no frame to either page holds the PIN or a typed key.
          for (const frame of released)
            expect(Object.keys((JSON.parse(frame) as { payload: object }).payload)).toEqual(['seqs']);
          for (const frame of [...received.cashier, ...received.other]) {
            expect(frame).not.toContain('8642');
            expect(frame).not.toMatch(/"keys"|"[0-9]"/);
          }
          expect(received.other.some((frame) => frame.includes('devices.keysReleased'))).toBe(false);
          expect(received.other.length).toBeGreaterThan(0);
        },
      ),
  );
});
