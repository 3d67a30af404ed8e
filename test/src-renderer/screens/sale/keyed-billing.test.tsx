import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { KeyedEntryView, TerminalState } from '../../../../src-main/lane/ipc/contract';
import { pressKeys, renderCounter } from '../../support/render-counter';
import { approvedSale, currentSale } from '../../support/sale-answers';

afterEach(cleanup);

// A sale waiting for a keyed card, as a screen gets it from the main process.
const keying: TerminalState = {
  phase: 'awaiting-card',
  since: 0,
  detail: 'Key the card',
  sale: currentSale({ amountMinor: 1500, entry: 'keyed' }),
};

/** The echo with the card typed and checked: the cursor on the postal code, the street asked. */
const atPostal: KeyedEntryView = {
  active: true,
  field: 'postal',
  fields: ['account', 'expiry', 'cvv', 'postal', 'street'],
  account: '4788 25•• •••• 1443',
  expiry: '12/28',
  cvv: '•••',
  postal: 'K1A',
  country: '',
  street: '',
  problem: null,
  checks: {
    account: { words: 'Visa: the number checks out.', fine: true },
    expiry: { words: 'Good through 12/28.', fine: true },
    postal: { words: 'Postal code outside the US: the country follows.', fine: true },
  },
};

const keysSent = (calls: Array<[string, unknown]>) =>
  calls.filter(([name]) => name === 'terminal.keyEntry').map(([, args]) => (args as { key: string }).key);

describe('the keyed card’s billing address on the sale screen', () => {
  it('shows the postal code and the street the main process asks for, with the postal code’s check', async () => {
    const { store } = await renderCounter({ terminal: keying });
    await act(async () => store.getState().setKeyedEntry(atPostal));
    expect(screen.getByTestId('keyed-postal').textContent).toBe('K1A');
    expect(screen.getByLabelText('Billing ZIP or postal code, typing here')).toBeTruthy();
    expect(screen.getByLabelText('Billing street address')).toBeTruthy();
    expect(screen.getByTestId('keyed-check-postal').textContent).toBe(
      'Postal code outside the US: the country follows.',
    );
    expect(screen.queryByTestId('keyed-country')).toBeNull();
    expect(screen.getByText(/billing ZIP and street/)).toBeTruthy();
  });

  it('sends letters and spaces to the main process only while the cursor is in the billing address', async () => {
    // The main process answers each key with its echo: first in the card number, then in the postal code.
    let echo: KeyedEntryView = { ...atPostal, field: 'account', postal: '' };
    const { store, calls } = await renderCounter({ terminal: keying, answers: { 'terminal.keyEntry': () => echo } });
    await act(async () => store.getState().setKeyedEntry(echo));
    await pressKeys('4', 'x');
    expect(keysSent(calls)).toEqual(['4']);
    echo = atPostal;
    await act(async () => store.getState().setKeyedEntry(echo));
    await pressKeys(' ', '0', 'b', 'Enter');
    expect(keysSent(calls)).toEqual(['4', ' ', '0', 'b', 'Enter']);
  });

  it('reads out a refusal naming the field', async () => {
    const { store } = await renderCounter({ terminal: keying });
    const refused = {
      ...atPostal,
      field: 'street',
      problem: 'Street: type the card’s billing street address.',
    } as const;
    await act(async () => store.getState().setKeyedEntry(refused));
    expect(screen.getByRole('alert').textContent).toBe('Street: type the card’s billing street address.');
  });
});

describe('the address check on the sale’s result', () => {
  it.each([
    ['N', 'Address check: neither ZIP nor street matches (N)', 'none'],
    ['Z', 'Address check: ZIP matches, street does not (Z)', 'partial'],
    ['Y', 'Address check: ZIP and street match (Y)', 'full'],
  ] as const)('draws %s in the main process’s words', async (code, words, match) => {
    await renderCounter({
      answers: { 'terminal.sale': () => ({ ...approvedSale, entryMode: 'keyed', avs: { code, words, match } }) },
    });
    await pressKeys('1', '2', '5', '0', 'Enter');
    const line = screen.getByTestId('sale-avs');
    expect(line.textContent).toBe(words);
    expect(line.getAttribute('data-avs')).toBe(code);
    expect(line.className).toContain(`sale-result-avs-${match}`);
  });

  it('draws nothing for a sale without an address check', async () => {
    await renderCounter({ answers: { 'terminal.sale': () => approvedSale } });
    await pressKeys('1', '2', '5', '0', 'Enter');
    expect(screen.getByTestId('sale-result')).toBeTruthy();
    expect(screen.queryByTestId('sale-avs')).toBeNull();
  });
});
