import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { decodeSignature } from '../../src-main/lane/signature/codec';
import { trainingJournalEntries } from '../support/test-core';
import { until } from '../support/until';
import { e2e, screenshot, withConnected } from './support/browser-mode';
import { look, startSale, withSignedIn } from './support/counter';
import { withKiosk } from './support/kiosk';
import { gatewayRecords, padReady } from './support/lane-records';

/** Fingers on a touch screen: Chromium's DevTools protocol dispatches real touch input. */
async function touchStroke(page: Page, points: ReadonlyArray<readonly [number, number]>): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const [first, ...rest] = points;
  if (!first) return;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: first[0], y: first[1] }] });
  for (const [x, y] of rest) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** A wave across the box, as a finger would draw it. */
function wave(box: { x: number; y: number; width: number; height: number }, row: number): Array<[number, number]> {
  return Array.from(
    { length: 40 },
    (_, i) =>
      [box.x + box.width * (0.1 + 0.8 * (i / 39)), box.y + box.height * (row + 0.12 * Math.sin(i / 3))] as [
        number,
        number,
      ],
  );
}

/** Columns of the image that have ink: where the signature is, left to right. */
function inkedColumns(value: string): { first: number; last: number; width: number } {
  const bitmap = decodeSignature(value);
  let first = -1;
  let last = -1;
  for (let x = 0; x < bitmap.width; x++) {
    for (let y = 0; y < bitmap.height; y++) {
      if (bitmap.ink[y * bitmap.width + x]) {
        if (first < 0) first = x;
        last = x;
        break;
      }
    }
  }
  return { first, last, width: bitmap.width };
}

/** The kiosk: the customer's own screen, upright. */
const kiosk = { size: 'portrait' } as const;

describe('cancel and skip at a sale\u2019s signature', () => {
  e2e('counter: Cancel at the signature ends the 50.00 sale with nothing charged, and the screen says so', (chromium) =>
    withSignedIn(chromium, {}, async ({ page, core, appDataDir }) => {
      await padReady(core);
      await startSale(page, '50.00');
      await core.cardReaders.presentTestCard({ cardId: 'visa-signature', method: 'insert' });
      await expect(page.getByTestId('signature-headline').innerText()).resolves.toBe(
        'Waiting for the signature on the pad',
      );
      await page.getByText('Cancel ends the sale: nothing is charged.').waitFor();
      // What the customer signs for is in view while they sign.
      expect(await page.getByTestId('signature-amount').innerText()).toBe('Amount: $50.00');
      // Nobody may skip here: the store has not allowed it.
      expect(await page.getByTestId('skip-signature').count()).toBe(0);
      await page.getByRole('button', { name: /^Cancel/ }).click();
      await expect(page.getByTestId('sale-error').innerText()).resolves.toBe(
        'Sale canceled at the signature: nothing was charged.',
      );
      // No result screen, and no "Approved" anywhere on the sale (the training guide beside it names scenarios).
      expect(await page.getByTestId('sale-result').count()).toBe(0);
      expect(
        await page
          .locator('.counter-screen')
          .getByText(/Approved/)
          .count(),
      ).toBe(0);
      // The amount stays keyed for another way to pay.
      expect(await page.getByTestId('sale-amount').innerText()).toBe('$50.00');
      await look(page, 'signature-sale-canceled');
      const [row, ...more] = trainingJournalEntries(appDataDir);
      expect(more).toEqual([]);
      expect(row).toMatchObject({
        operation: 'auth',
        amountMinor: 5000,
        state: 'not-sent',
        detail: expect.objectContaining({ canceledAt: 'signature' }),
      });
      expect(await gatewayRecords(core, row!.orderId)).toEqual([]);
      expect(await core.dispatch('training.settleBatches', {})).toEqual({ ok: true, result: { batches: 0 } });
    }),
  );

  e2e('counter: where the store allows it, the cashier skips the signature and the sale says who did', (chromium) =>
    withSignedIn(chromium, { settings: { signature: { allowSkip: true } } }, async ({ page, core, appDataDir }) => {
      await padReady(core);
      await startSale(page, '50.00');
      await core.cardReaders.presentTestCard({ cardId: 'visa-signature', method: 'insert' });
      await page.getByTestId('signature-headline').waitFor();
      await page.getByTestId('skip-signature').click();
      await page.getByTestId('sale-result').waitFor();
      await expect(page.getByTestId('sale-headline').innerText()).resolves.toBe('Approved');
      await page.getByText('Signature skipped by cashier 1001: have the customer sign the merchant copy').waitFor();
      await look(page, 'signature-skipped-approved');
      const [row] = trainingJournalEntries(appDataDir);
      expect(row).toMatchObject({
        state: 'completed',
        detail: expect.objectContaining({ signatureRequired: true, signatureSkippedBy: '1001' }),
      });
      expect(await gatewayRecords(core, row!.orderId)).toEqual([
        expect.objectContaining({ respstat: 'A', amountMinor: 5000 }),
      ]);
    }),
  );

  e2e('kiosk: the customer presses Cancel at the signature; the screen says nothing was charged', (chromium) =>
    withKiosk(chromium, kiosk, async ({ page, core, appDataDir }) => {
      await padReady(core);
      const sale = core.dispatch('terminal.sale', { amountMinor: 5000 });
      await expect.poll(() => core.terminal.current().phase).toBe('awaiting-card');
      await core.cardReaders.presentTestCard({ cardId: 'visa-signature', method: 'insert' });
      // The training pad is connected, yet a kiosk's customer signs with a finger on the screen.
      await expect(page.getByTestId('signature-headline').innerText()).resolves.toBe('Please sign below');
      expect(await page.getByTestId('signature-amount').innerText()).toBe('Amount to pay: $50.00');
      await page.getByText(/Cancel stops the payment: nothing is charged\./).waitFor();
      await page.getByRole('button', { name: /^Cancel/ }).click();
      await expect.poll(() => page.getByTestId('kiosk-headline').innerText()).toBe('Welcome');
      expect(await page.getByText(/Approved/).count()).toBe(0);
      await screenshot(page, 'signature-kiosk-canceled');
      expect(await sale).toMatchObject({
        ok: false,
        error: { message: 'Sale canceled at the signature: nothing was charged.' },
      });
      expect(trainingJournalEntries(appDataDir)).toEqual([
        expect.objectContaining({ state: 'not-sent', amountMinor: 5000 }),
      ]);
    }),
  );
});

describe('signature capture in the browser', () => {
  e2e(
    'the training pad signs a recorded signature: live preview, Enter accepts, the image is what the gateway gets',
    (chromium) =>
      withConnected(chromium, {}, async ({ page, core }) => {
        await until(() => core.devices.list('signature-pad')[0]?.status === 'connected', 'the training pad connected');
        core.signature.begin({});
        await expect(page.getByTestId('signature-headline').innerText()).resolves.toBe(
          'Waiting for the signature on the pad',
        );
        await page.getByText('The customer signs on Training signature pad').waitFor();
        await screenshot(page, 'signature-pad-waiting');
        await page.getByRole('button', { name: 'neat name' }).click();
        // The recorded signature arrives in real time; the preview counts the points it drew.
        const preview = page.getByTestId('pad-preview');
        await page.waitForFunction(
          () => Number(document.querySelector('[data-testid="pad-preview"]')?.getAttribute('data-points')) >= 300,
          undefined,
          { timeout: 10_000 },
        );
        expect(Number(await preview.getAttribute('data-points'))).toBeGreaterThanOrEqual(300);
        await screenshot(page, 'signature-pad-live-preview');
        await page.keyboard.press('Enter');
        await page.getByTestId('signature-image').waitFor();
        await expect(page.getByTestId('signature-headline').innerText()).resolves.toBe('Signature accepted');
        await page.getByText(/384 × 128 dots, [\d,]+ of 6,144 characters/).waitFor();
        await screenshot(page, 'signature-pad-accepted');
        const taken = core.signature.take();
        expect(taken?.length).toBeLessThanOrEqual(6144);
        const columns = inkedColumns(taken!.value);
        // The pad's signature spans most of the width once scaled into the canvas.
        expect(columns.last - columns.first).toBeGreaterThan(columns.width * 0.5);
        await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      }),
  );

  e2e('a customer signs with a finger on the kiosk screen and presses Done', (chromium) =>
    withKiosk(chromium, kiosk, async ({ page, core }) => {
      core.signature.begin({ source: 'screen' });
      await expect(page.getByTestId('signature-headline').innerText()).resolves.toBe('Please sign below');
      const surface = page.getByTestId('signature-surface');
      const box = (await surface.boundingBox())!;
      await touchStroke(page, wave(box, 0.45));
      await touchStroke(page, [
        [box.x + box.width * 0.2, box.y + box.height * 0.2],
        [box.x + box.width * 0.25, box.y + box.height * 0.75],
        [box.x + box.width * 0.3, box.y + box.height * 0.2],
      ]);
      await screenshot(page, 'signature-kiosk-touch');
      await page.getByRole('button', { name: /Done/ }).click();
      // The customer reads customer words after Done: no image details, no cashier's choices.
      await expect.poll(() => page.getByTestId('signature-headline').innerText()).toBe('Thank you for signing');
      expect(await page.getByTestId('signature-accepted').innerText()).toBe(
        'One moment while your payment is approved.',
      );
      expect(await page.getByText(/6,144 characters|Sign again|Discard/).count()).toBe(0);
      await screenshot(page, 'signature-kiosk-accepted');
      const taken = core.signature.take();
      const columns = inkedColumns(taken!.value);
      expect(columns.first).toBeGreaterThanOrEqual(0);
      // The wave ran from 10 % to 90 % of the box: the ink spans about that share of the canvas.
      expect((columns.last - columns.first) / columns.width).toBeGreaterThan(0.6);
    }),
  );

  e2e(
    'the cashier’s screen: accept with nothing signed says so, Clear wipes, a mouse signs, Escape cancels',
    (chromium) =>
      withConnected(chromium, {}, async ({ page, core }) => {
        core.signature.begin({ source: 'screen' });
        await expect(page.getByTestId('signature-headline').innerText()).resolves.toBe('Customer signature');
        await page.keyboard.press('Enter');
        const nothingSigned = page
          .getByRole('alert')
          .filter({ hasText: 'Nothing has been signed yet: sign in the box first.' });
        await nothingSigned.waitFor();
        const box = (await page.getByTestId('signature-surface').boundingBox())!;
        const draw = async (row: number) => {
          const points = wave(box, row);
          await page.mouse.move(...points[0]!);
          await page.mouse.down();
          for (const point of points.slice(1)) await page.mouse.move(...point);
          await page.mouse.up();
        };
        await draw(0.3);
        await page.getByRole('button', { name: 'Clear' }).click();
        await expect(nothingSigned.count()).resolves.toBe(0);
        await page.keyboard.press('Enter');
        await nothingSigned.waitFor();
        await draw(0.6);
        await expect(nothingSigned.count()).resolves.toBe(0);
        await screenshot(page, 'signature-counter-mouse');
        await page.getByRole('button', { name: /Accept/ }).click();
        await page.getByTestId('signature-image').waitFor();
        expect(core.signature.session().state).toBe('accepted');
        await page.keyboard.press('Escape');
        await page.getByRole('heading', { name: 'Sign in' }).waitFor();
        expect(core.signature.take()).toBeUndefined();
      }),
  );
});
