import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppInfo, CurrentSale, SaleSummary, SettingsView } from '../../../src-main/ipc/contract';
import { approvedSale, currentSale } from '../support/sale-answers';
import { renderCounter } from '../support/render-counter';

afterEach(cleanup);

const kiosk: AppInfo = {
  name: 'Lanepoint',
  version: '1.2.3',
  mode: 'kiosk',
  training: true,
  terminalId: 'KIOSK-01',
  shell: 'browser',
};

const payUrl = 'https://127.0.0.1:8443/pay/0c1d2e3f4a5b6c7d8e9f';

const cardSale = currentSale({
  cart: [{ description: 'Sandwich', quantity: 1, unitMinor: 880, taxMinor: 70 }],
});

/** The kiosk app over a stubbed lane whose settings take (or not) phone payments. */
async function kioskApp(walletEnabled: boolean) {
  const view = { values: { 'wallet.enabled': walletEnabled } } as unknown as SettingsView;
  const stub = await renderCounter({
    info: kiosk,
    session: null,
    answers: {
      'settings.get': () => view,
      'terminal.walletSale': () => new Promise<SaleSummary>(() => undefined),
    },
  });
  await act(async () =>
    stub.emit('terminal.state', { phase: 'awaiting-card', since: Date.now(), detail: null, sale: cardSale }),
  );
  return stub;
}

describe('pay on your phone at the kiosk', () => {
  it('is not offered where the merchant takes no phone payments', async () => {
    await kioskApp(false);
    expect(screen.getByTestId('phase-headline').textContent).toBe('Insert, tap or swipe your card');
    expect(screen.queryByRole('button', { name: 'Pay on your phone' })).toBeNull();
  });

  it('moves the card sale to a pay link: the same amount and cart, then the QR code, countdown and Cancel', async () => {
    const { calls, emit } = await kioskApp(true);
    expect(screen.getByTestId('phase-headline').textContent).toBe('Insert, tap or swipe your card');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Pay on your phone' })));
    const asked = calls
      .map(([name]) => name)
      .filter((name) => name.startsWith('terminal.') && name !== 'terminal.state');
    expect(asked).toEqual(['terminal.recoveryQueue', 'terminal.findings', 'terminal.cancel', 'terminal.walletSale']);
    expect(calls.find(([name]) => name === 'terminal.walletSale')?.[1]).toEqual({
      amountMinor: 950,
      cart: cardSale.cart,
    });
    const waiting: CurrentSale = {
      ...cardSale,
      tender: 'wallet',
      payLink: { url: payUrl, expiresAt: Date.now() + 90_000 },
    };
    await act(async () =>
      emit('terminal.state', {
        phase: 'awaiting-card',
        since: Date.now(),
        detail: 'Waiting for the phone',
        sale: waiting,
      }),
    );
    expect(screen.getByTestId('phase-headline').textContent).toBe('Pay on your phone');
    expect(screen.getByTestId('pay-link-amount').textContent).toBe('$9.50');
    expect(screen.getByTestId('pay-link-headline').textContent).toBe('Scan the code with your phone\u2019s camera');
    expect((await screen.findByTestId('pay-link-qr')).getAttribute('data-url')).toBe(payUrl);
    expect(screen.getByTestId('pay-link-url').textContent).toBe(payUrl);
    expect(screen.getByRole('timer').textContent).toMatch(/^This code works for 1:(30|29)$/);
    // No card words while the phone pays, and no keyboard keys on a touch screen's button.
    expect(screen.queryByText(/Insert, tap or swipe/)).toBeNull();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(calls.filter(([name]) => name === 'terminal.cancel')).toHaveLength(2);
  });
});

describe('the kiosk headline after a phone payment', () => {
  const over = (result: SaleSummary): CurrentSale => ({
    ...cardSale,
    tender: 'wallet',
    running: false,
    results: [result],
  });

  it.each([
    [
      'a decline',
      { ...approvedSale, tender: 'wallet', outcome: 'declined', approvedMinor: 0, authcode: null },
      'Payment declined on your phone: pay another way or ask for help',
    ],
    [
      'a refused payload',
      { ...approvedSale, tender: 'wallet', outcome: 'retry', approvedMinor: 0, authcode: null },
      'Not charged: please pay again on your phone or ask for help',
    ],
    ['an approval', { ...approvedSale, tender: 'wallet' }, 'Approved: thank you'],
  ] as Array<[string, SaleSummary, string]>)('%s', async (_case, result, words) => {
    const { emit } = await kioskApp(true);
    await act(async () => emit('terminal.state', { phase: 'done', since: 1, detail: 'Done', sale: over(result) }));
    expect(screen.getByTestId('phase-headline').textContent).toBe(words);
  });
});
