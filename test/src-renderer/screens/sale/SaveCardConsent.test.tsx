import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SaleSummary } from '../../../../src-main/lane/ipc/contract';
import { pressKeys, renderCounter } from '../../support/render-counter';
import { approvedSale } from '../../support/sale-answers';

afterEach(cleanup);

const summaryFor = (amountMinor: number, change: Partial<SaleSummary> = {}): SaleSummary => ({
  ...approvedSale,
  requestedMinor: amountMinor,
  approvedMinor: amountMinor,
  receiptPng: null,
  ...change,
});

describe('save card on file, the customer agrees (ADR 089)', () => {
  it('sends the consent with the words read to the customer once, and shows that the card was saved', async () => {
    const { calls } = await renderCounter({
      answers: {
        'terminal.sale': (args) =>
          summaryFor((args as { amountMinor: number }).amountMinor, {
            cardOnFile: { kind: 'saved', words: 'Card saved on file with the customer\u2019s consent' },
          }),
      },
    });
    const consent = screen.getByRole('checkbox', { name: /Save card on file/ }) as HTMLInputElement;
    expect(consent.checked).toBe(false);
    expect(screen.queryByTestId('save-card-words')).toBeNull();
    await act(async () => void fireEvent.click(consent));
    expect(consent.checked).toBe(true);
    const words = screen.getByTestId('save-card-words').textContent ?? '';
    expect(words).toMatch(/keeps this card on file/);
    await pressKeys('2', '5', '0', '0');
    await act(async () => void fireEvent.click(screen.getByTestId('pay-card')));
    const sales = calls.filter(([name]) => name === 'terminal.sale');
    expect(sales).toEqual([
      [
        'terminal.sale',
        { amountMinor: 2500, saveCard: { agreed: true, words: expect.stringMatching(/keeps this card on file/) } },
      ],
    ]);
    expect(words).toContain((sales[0]![1] as { saveCard: { words: string } }).saveCard.words);
    expect(screen.getByTestId('card-on-file-note').textContent).toBe(
      'Card saved on file with the customer\u2019s consent',
    );
    // The tick was this customer's: the next sale (Escape: done) starts without it.
    await pressKeys('Escape');
    expect((screen.getByTestId('save-card-consent') as HTMLInputElement).checked).toBe(false);
  });

  it('sends no consent when it is not ticked, and a declined save says the card was not saved', async () => {
    const { calls } = await renderCounter({
      answers: {
        'terminal.sale': (args) =>
          summaryFor((args as { amountMinor: number }).amountMinor, {
            outcome: 'declined',
            approvedMinor: 0,
            authcode: null,
            reason: 'Do not honor',
            cardOnFile: { kind: 'not-saved', words: 'Not approved: the card was not saved on file' },
          }),
      },
    });
    await pressKeys('5', '0', '0', 'Enter');
    expect(calls.filter(([name]) => name === 'terminal.sale')).toEqual([['terminal.sale', { amountMinor: 500 }]]);
    expect(screen.getByTestId('card-on-file-note').textContent).toBe('Not approved: the card was not saved on file');
  });
});
