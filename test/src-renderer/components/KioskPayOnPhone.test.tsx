import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentSale, SaleSummary } from '../../../src-main/lane/ipc/contract';
import { approvedSale, currentSale } from '../support/sale-answers';
import { basket, kioskState, line, renderKiosk } from '../support/render-kiosk';

afterEach(cleanup);

const payUrl = 'https://127.0.0.1:8443/pay/0c1d2e3f4a5b6c7d8e9f';
const paying = kioskState({ step: 'paying', basket: basket([line('bread'), line('apple', 6)]) });
const cardSale = currentSale({ amountMinor: 950 });

/** The kiosk paying by card, the reader waiting; the store takes phone payments or not. */
async function kioskApp(walletEnabled: boolean) {
  const rendered = await renderKiosk(paying, {
    walletEnabled,
    answers: { 'kiosk.pay': () => new Promise<SaleSummary>(() => undefined) },
  });
  await act(async () =>
    rendered.emit('terminal.state', { phase: 'awaiting-card', since: Date.now(), detail: null, sale: cardSale }),
  );
  return rendered;
}

describe('pay on your phone at the kiosk', () => {
  it('is not offered where the merchant takes no phone payments', async () => {
    await kioskApp(false);
    expect(screen.getByTestId('phase-headline').textContent).toBe('Insert, tap or swipe your card');
    expect(screen.queryByRole('button', { name: /on your phone/ })).toBeNull();
  });

  it('cancels the card wait and pays the basket on the phone: the QR code, its countdown and Cancel', async () => {
    const { calls, emit } = await kioskApp(true);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Pay on your phone instead' })));
    const asked = calls.map(([name]) => name).filter((name) => ['terminal.cancel', 'kiosk.pay'].includes(name));
    expect(asked).toEqual(['terminal.cancel', 'kiosk.pay']);
    expect(calls.find(([name]) => name === 'kiosk.pay')?.[1]).toEqual({ tender: 'wallet', language: 'en' });
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
    expect(screen.getByRole('timer').textContent).toMatch(/^This code works for 1:(30|29)$/);
    // No card words, and no card countdown, while the phone pays.
    expect(screen.queryByText(/Insert, tap or swipe/)).toBeNull();
    expect(screen.queryByTestId('card-countdown')).toBeNull();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(calls.filter(([name]) => name === 'terminal.cancel')).toHaveLength(2);
  });
});

describe('the phone’s panel in the customer’s language', () => {
  it('speaks Spanish at a kiosk whose customer reads Spanish, Cancel included', async () => {
    const { calls, emit } = await renderKiosk(
      { ...paying, languages: ['es', 'en'] },
      { walletEnabled: true, answers: { 'kiosk.pay': () => new Promise<SaleSummary>(() => undefined) } },
    );
    const waiting: CurrentSale = {
      ...cardSale,
      tender: 'wallet',
      payLink: { url: payUrl, expiresAt: Date.now() + 90_000 },
    };
    await act(async () =>
      emit('terminal.state', { phase: 'awaiting-card', since: Date.now(), detail: null, sale: waiting }),
    );
    expect(screen.getByTestId('pay-link-headline').textContent).toBe(
      'Escanee el c\u00f3digo con la c\u00e1mara de su tel\u00e9fono',
    );
    expect(screen.getByRole('timer').textContent).toMatch(/^Este c\u00f3digo vale durante 1:(30|29)$/);
    expect(
      await screen.findByRole('img', { name: 'C\u00f3digo QR para pagar $9.50 con su tel\u00e9fono' }),
    ).toBeTruthy();
    expect(screen.queryByText(/Scan the code|This code works|Or open/)).toBeNull();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Cancelar' })));
    expect(calls.filter(([name]) => name === 'terminal.cancel')).toHaveLength(1);
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
  ] as Array<[string, SaleSummary, string]>)('%s', async (_case, result, words) => {
    const { emit } = await kioskApp(true);
    await act(async () => emit('kiosk.state', { ...paying, step: 'basket' }));
    await act(async () => emit('terminal.state', { phase: 'done', since: 1, detail: 'Done', sale: over(result) }));
    expect(screen.getByTestId('kiosk-outcome').textContent).toBe(words);
    expect(document.body.textContent).not.toMatch(/thank you/i);
  });
});
