import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppInfo, CurrentSale, SaleSummary } from '../../../src-main/ipc/contract';
import { App } from '../../../src-renderer/components/App';
import { createPosStore, syncPosStore } from '../../../src-renderer/store/pos-store';
import { PosStoreContext } from '../../../src-renderer/store/use-pos';
import { approvedSale } from '../support/sale-answers';
import { stubPos } from '../support/stub-pos';

const kiosk: AppInfo = {
  name: 'Lanepoint',
  version: '1.2.3',
  mode: 'kiosk',
  training: false,
  terminalId: 'KIOSK-01',
  shell: 'browser',
};

const sale = (results: SaleSummary[], change: Partial<CurrentSale> = {}): CurrentSale => ({
  amountMinor: 800,
  tender: 'sale',
  entry: 'card',
  tipMinor: 0,
  cart: null,
  running: false,
  results,
  dueMinor: null,
  problem: null,
  payLink: null,
  ...change,
});

const declined: SaleSummary = { ...approvedSale, outcome: 'declined', approvedMinor: 0, authcode: null };
const unknown: SaleSummary = { ...approvedSale, outcome: 'unknown', approvedMinor: 0, authcode: null };
const partial: SaleSummary = { ...approvedSale, outcome: 'partial', requestedMinor: 800, approvedMinor: 500 };

/** The kiosk's headline once the payment is over, as the customer reads it. */
async function headlineAfter(current: CurrentSale | null): Promise<string> {
  const stub = stubPos({ info: kiosk, devices: [] });
  const store = createPosStore(stub.pos);
  let announce: (status: 'connecting' | 'open' | 'closed') => void = () => undefined;
  syncPosStore(store, stub.pos, (listener) => {
    announce = listener;
    return () => undefined;
  });
  render(
    <PosStoreContext.Provider value={store}>
      <App />
    </PosStoreContext.Provider>,
  );
  await act(async () => announce('open'));
  await act(async () => stub.emit('terminal.state', { phase: 'done', since: 1, detail: 'Done', sale: current }));
  return screen.getByTestId('phase-headline').textContent ?? '';
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
