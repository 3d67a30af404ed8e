import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SurchargeNotice, TerminalState } from '../../../../src-main/lane/ipc/contract';
import { pressKeys, renderCounter } from '../../support/render-counter';
import { currentSale } from '../../support/sale-answers';

afterEach(cleanup);

const notice: SurchargeNotice = {
  amountMinor: 2499,
  feeMinor: 75,
  totalMinor: 2574,
  applies: 'card',
  words: 'A credit card surcharge of $0.75 applies: the total is $25.74.',
};
// The state a screen gets when it connects (or reloads) while the sale waits on the fee.
const askingFee: TerminalState = {
  phase: 'confirm-fee',
  since: 0,
  detail: notice.words,
  sale: currentSale({ amountMinor: 2499 }),
  surcharge: notice,
};
const sent = (calls: Array<[string, unknown]>) =>
  calls.map(([name]) => name).filter((name) => name === 'terminal.confirmFee' || name === 'terminal.cancel');

describe('the surcharge confirmation on the sale screen', () => {
  it('shows the fee and the new total in the main process\u2019s words, with Confirm and Cancel', async () => {
    await renderCounter({ terminal: askingFee });
    const panel = screen.getByTestId('fee-confirmation');
    expect(panel.textContent).toContain('A credit card surcharge of $0.75 applies: the total is $25.74.');
    expect(panel.textContent).toContain('Amount$24.99');
    expect(panel.textContent).toContain('Surcharge$0.75');
    expect(screen.getByTestId('fee-total').textContent).toBe('$25.74');
    expect(screen.getByRole('button', { name: /Confirm/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Cancel/ })).toBeTruthy();
  });

  it('Enter confirms the fee (terminal.confirmFee), and nothing else', async () => {
    const { calls } = await renderCounter({ terminal: askingFee });
    await pressKeys('Enter');
    expect(sent(calls)).toEqual(['terminal.confirmFee']);
    expect(calls.map(([name]) => name)).not.toContain('terminal.sale');
  });

  it('Escape declines it (terminal.cancel)', async () => {
    const { calls } = await renderCounter({ terminal: askingFee });
    await pressKeys('Escape');
    expect(sent(calls)).toEqual(['terminal.cancel']);
  });

  it('the buttons do what the keys do', async () => {
    const { calls } = await renderCounter({ terminal: askingFee });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Confirm/ })));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Cancel/ })));
    expect(sent(calls)).toEqual(['terminal.confirmFee', 'terminal.cancel']);
  });

  it.each([
    [{ kind: 'credit', country: 'US', lookupFailed: false, words: 'Credit card, issued in US.' }, 'credit'],
    [
      {
        kind: 'unknown',
        lookupFailed: true,
        words:
          'The card\u2019s type could not be looked up (No bin information found): the surcharge follows the gateway\u2019s answer.',
      },
      'unknown',
    ],
  ] as const)('shows what the BIN lookup said of the card: %j', async (card, kind) => {
    const withCard = { ...notice, card };
    await renderCounter({ terminal: { ...askingFee, surcharge: withCard } });
    const line = screen.getByTestId('fee-card-kind');
    expect(line.textContent).toBe(card.words);
    expect(line.getAttribute('data-kind')).toBe(kind);
  });

  it('shows no card line when the card was not looked up', async () => {
    await renderCounter({ terminal: askingFee });
    expect(screen.queryByTestId('fee-card-kind')).toBeNull();
  });
});
