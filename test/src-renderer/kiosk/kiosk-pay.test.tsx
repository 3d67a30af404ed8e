import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentSale, SaleSummary, TerminalState } from '../../../src-main/lane/ipc/contract';
import { approvedSale, currentSale } from '../support/sale-answers';
import { basket, kioskState, line, renderKiosk } from '../support/render-kiosk';

afterEach(cleanup);

const items = basket([line('apple', 2), line('bread')]);
const paying = kioskState({ step: 'paying', basket: items });
const declined: SaleSummary = {
  ...approvedSale,
  outcome: 'declined',
  approvedMinor: 0,
  authcode: null,
  requestedMinor: 596,
};
const partial: SaleSummary = { ...approvedSale, outcome: 'partial', requestedMinor: 800, approvedMinor: 500 };
const unknown: SaleSummary = { ...approvedSale, outcome: 'unknown', approvedMinor: 0, authcode: null };

const terminal = (phase: TerminalState['phase'], sale: CurrentSale, since = Date.now()): TerminalState => ({
  phase,
  since,
  detail: null,
  sale,
});

/** The kiosk paying, the terminal at `phase` with `sale`; the words the customer reads. */
async function payingAt(phase: TerminalState['phase'], sale: CurrentSale, state = paying) {
  const rendered = await renderKiosk(state, { answers: { 'terminal.state': () => terminal(phase, sale) } });
  return rendered;
}

describe('paying at the kiosk', () => {
  it('shows the amount, what to do, the card wait’s countdown and Cancel; Cancel stops the payment', async () => {
    const { calls } = await payingAt('awaiting-card', currentSale({ amountMinor: 596 }));
    expect(screen.getByTestId('pay-amount').textContent).toBe('$5.96');
    expect(screen.getByTestId('phase-headline').textContent).toBe('Insert, tap or swipe your card');
    expect(screen.getByRole('timer').textContent).toMatch(/^Time left: (60|59) s$/);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(calls.filter(([name]) => name === 'terminal.cancel')).toHaveLength(1);
  });

  it('keeps the amount and offers no Cancel while the bank is asked', async () => {
    await payingAt('authorizing', currentSale({ amountMinor: 596 }));
    expect(screen.getByTestId('phase-headline').textContent).toBe('Approving your payment\u2026');
    expect(screen.getByTestId('pay-amount').textContent).toBe('$5.96');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('sends the basket to kiosk.pay by card, or by phone where the store takes it', async () => {
    const inBasket = kioskState({ step: 'basket', basket: items });
    const { calls } = await renderKiosk(inBasket, {
      walletEnabled: true,
      answers: { 'kiosk.pay': () => new Promise(() => undefined) },
    });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Pay on your phone' })));
    expect(calls.filter(([name]) => name === 'kiosk.pay').map(([, args]) => args)).toEqual([
      { tender: 'wallet', language: 'en' },
    ]);
  });

  it('after a decline is back at the basket saying so and offering another card, never "thank you"', async () => {
    const inBasket = kioskState({ step: 'basket', basket: items });
    const { calls } = await payingAt(
      'done',
      currentSale({ running: false, results: [declined], amountMinor: 596 }),
      inBasket,
    );
    expect(screen.getByTestId('kiosk-outcome').textContent).toBe('Card declined, try another card or ask for help');
    expect(document.body.textContent).not.toMatch(/thank you/i);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Pay $5.96 by card' })));
    expect(calls.filter(([name]) => name === 'kiosk.pay').map(([, args]) => args)).toEqual([
      { tender: 'card', language: 'en' },
    ]);
  });

  it('after a partial approval says what was paid and what is still to pay, and offers the rest', async () => {
    const owed = kioskState({ step: 'basket', basket: basket([line('apple', 2), line('bread')], 500) });
    await payingAt('done', currentSale({ running: false, results: [partial], dueMinor: 96, amountMinor: 596 }), owed);
    expect(screen.getByTestId('kiosk-outcome').textContent).toBe('Paid $5.00, $0.96 still to pay');
    expect(document.body.textContent).not.toMatch(/thank you/i);
    expect(screen.getByRole('button', { name: 'Pay $0.96 by card' })).toBeTruthy();
  });

  it('after Cancel says nothing was charged', async () => {
    const inBasket = kioskState({ step: 'basket', basket: items });
    await payingAt('idle', currentSale({ running: false, problem: 'Sale canceled: nothing was charged.' }), inBasket);
    expect(screen.getByTestId('kiosk-outcome').textContent).toBe('Payment stopped: nothing was charged');
  });

  it('asks the customer to wait for staff when the outcome is not known', async () => {
    await payingAt('done', currentSale({ running: false, results: [unknown] }), {
      ...paying,
      step: 'basket',
      staffNeeded: 'The bank has not confirmed the payment.',
    });
    expect(screen.getByTestId('kiosk-outcome').textContent).toBe('Please wait for a member of staff');
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    expect(document.body.textContent).not.toMatch(/thank you/i);
  });

  it('once paid: the outcome, then the receipt choice, then thanks and back to the welcome', async () => {
    const paid = basket([line('apple', 2), line('bread')], 596);
    const { calls, emit } = await renderKiosk(kioskState({ step: 'receipt', basket: paid }), {
      answers: {
        'terminal.state': () =>
          terminal(
            'done',
            currentSale({ running: false, results: [{ ...approvedSale, requestedMinor: 596, approvedMinor: 596 }] }),
          ),
        'kiosk.receipt': () => kioskState({ step: 'thanks', basket: paid, receipt: { printed: false, problem: null } }),
        'kiosk.finish': () => kioskState(),
      },
    });
    expect(screen.getByTestId('kiosk-outcome').textContent).toBe('Approved: thank you');
    expect(screen.getByTestId('kiosk-headline').textContent).toBe('Would you like a receipt?');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'No receipt' })));
    expect(calls.filter(([name]) => name === 'kiosk.receipt').map(([, args]) => args)).toEqual([{ print: false }]);
    expect(screen.getByTestId('kiosk-headline').textContent).toBe('Thank you');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Finish' })));
    expect(calls.filter(([name]) => name === 'kiosk.finish')).toHaveLength(1);
    await act(async () => emit('kiosk.state', kioskState()));
    expect(screen.getByTestId('kiosk-headline').textContent).toBe('Welcome');
  });
});
