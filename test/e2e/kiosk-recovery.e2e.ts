import { afterAll, beforeAll, describe, expect } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src-main/stand-ins/gateway-emulator/server';
import { emulatorAdmin } from '../support/emulator-admin';
import { trainingJournalEntries } from '../support/test-core';
import { e2e } from './support/browser-mode';
import { lookAtKiosk, outcome, presentCard, withKiosk } from './support/kiosk';

/**
 * The kiosk when the gateway's answer is lost and found again by order id, in Chromium against a
 * training lane pointed at this file's emulator (training takes a loopback gateway URL), so the
 * test can drop an answer.
 */
let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ rateLimit: false, realism: false });
});
afterAll(async () => {
  await emulator?.close();
});

describe('a kiosk payment whose answer was lost', () => {
  e2e('found as a partial approval: the customer sees what was paid and what is still to pay', (chromium) =>
    withKiosk(
      chromium,
      { size: 'small', settings: { gateway: { url: emulator.url } } },
      async ({ page, core, appDataDir }) => {
        await page.getByTestId('kiosk-start').click();
        await page.getByRole('button', { name: 'Household' }).click();
        await page.getByRole('button', { name: /Paper towels/ }).click();
        await expect.poll(() => page.getByTestId('basket-total').innerText()).toBe('$6.48');
        // The gateway approves 5.00 and the connection drops before its answer.
        await emulatorAdmin(emulator.url).fault('auth', 'drop-after');
        await page.getByRole('button', { name: 'Pay $6.48 by card' }).click();
        await presentCard(page, core, 'visa-partial', 'insert');
        await expect.poll(() => outcome(page), { timeout: 20_000 }).toBe('Paid $5.00, $1.48 still to pay');
        expect(await page.getByTestId('basket-due').innerText()).toBe('$1.48');
        expect(await page.locator('.kiosk').innerText()).not.toMatch(/thank you/i);
        await lookAtKiosk(page, 'kiosk-lost-answer-found-partial');
        const [row] = trainingJournalEntries(appDataDir);
        expect(row).toMatchObject({
          state: 'resolved',
          amountMinor: 648,
          outcome: expect.objectContaining({ amountMinor: 500 }),
        });
        const [held] = emulator.context.ledger.byOrderId(row?.orderId ?? '');
        expect(held).toMatchObject({ respstat: 'A', amount: 500 });
      },
    ),
  );
});
