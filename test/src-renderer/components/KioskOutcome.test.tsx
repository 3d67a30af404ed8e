import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentSale, SaleSummary } from '../../../src-main/lane/ipc/contract';
import { approvedSale } from '../support/sale-answers';
import { basket, kioskState, line, renderKiosk } from '../support/render-kiosk';

const sale = (results: SaleSummary[], change: Partial<CurrentSale> = {}): CurrentSale => ({
  amountMinor: 800,
  tender: 'sale',
  entry: 'card',
  tipMinor: 0,
  cart: null,
  running: false,
  results,
  dueMinor: null,
  restTakenOutsideMinor: null,
  problem: null,
  payLink: null,
  totalMinor: null,
  cash: [],
  ...change,
});

const declined: SaleSummary = { ...approvedSale, outcome: 'declined', approvedMinor: 0, authcode: null };
const unknown: SaleSummary = { ...approvedSale, outcome: 'unknown', approvedMinor: 0, authcode: null };
const partial: SaleSummary = { ...approvedSale, outcome: 'partial', requestedMinor: 800, approvedMinor: 500 };

const items = [line('bread'), line('apple', 4)];

/**
 * The kiosk's outcome line once the payment is over, as the customer reads it: at the receipt
 * choice when the basket is paid, back at the basket otherwise (as the kiosk service moves it).
 */
async function headlineAfter(current: CurrentSale | null): Promise<string> {
  const paid = current?.results.at(-1)?.outcome === 'approved' && !current.dueMinor;
  const state = paid
    ? kioskState({ step: 'receipt', basket: basket(items, basket(items).totalMinor) })
    : kioskState({ step: 'basket', basket: basket(items) });
  const { emit } = await renderKiosk(state);
  await act(async () => emit('terminal.state', { phase: 'done', since: 1, detail: 'Done', sale: current }));
  return screen.getByTestId('kiosk-outcome').textContent ?? '';
}

afterEach(cleanup);

describe('the kiosk headline when a payment is over', () => {
  it('thanks the customer only when the card was approved', async () => {
    expect(await headlineAfter(sale([approvedSale]))).toBe('Approved: thank you');
  });

  it.each([
    ['a decline', sale([declined]), 'Card declined, try another card or ask for help'],
    ['an unknown outcome', sale([unknown]), 'Please wait for a member of staff'],
    ['a partial approval', sale([partial], { dueMinor: 300 }), 'Paid $5.00, $3.00 still to pay'],
    ['a canceled payment', sale([], { problem: 'The sale was canceled.' }), 'Payment stopped: nothing was charged'],
  ])('never says "Thank you" after %s', async (_case, current, words) => {
    const headline = await headlineAfter(current);
    expect(headline).toBe(words);
    expect(headline).not.toMatch(/thank you/i);
  });
});
