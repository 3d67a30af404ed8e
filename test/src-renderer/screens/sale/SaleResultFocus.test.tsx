import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pressKeys, renderCounter } from '../../support/render-counter';
import { approvedSale } from '../../support/sale-answers';

afterEach(cleanup);

const notApproved = { approvedMinor: 0, authcode: null, receiptPng: null } as const;

describe('focus and keys on a sale result', () => {
  it.each([
    ['approved', approvedSale, 'new-sale', /^New sale/],
    ['unknown', { ...approvedSale, ...notApproved, outcome: 'unknown' }, 'new-sale', /^Leave this sale/],
    [
      'declined',
      { ...approvedSale, ...notApproved, outcome: 'declined', reason: 'Do not honor' },
      'try-again',
      /^Another card/,
    ],
    ['retry', { ...approvedSale, ...notApproved, outcome: 'retry' }, 'try-again', /^Run the card again/],
    ['not-charged', { ...approvedSale, ...notApproved, outcome: 'not-charged' }, 'try-again', /^Run the card again/],
    [
      'partial',
      { ...approvedSale, outcome: 'partial', approvedMinor: 750 },
      'tender-rest',
      /^Take the remaining \$5\.00/,
    ],
  ] as const)(
    'puts focus on the main action of a result that is %s, not on the page',
    async (_outcome, answer, testId, words) => {
      await renderCounter({ answers: { 'terminal.sale': () => answer } });
      await pressKeys('1', '2', '5', '0', 'Enter');
      expect(screen.getByTestId('sale-result')).toBeTruthy();
      expect(document.activeElement).toBe(screen.getByTestId(testId));
      expect(document.activeElement?.textContent).toMatch(words);
    },
  );

  it('after a void of a partial approval puts focus on New sale', async () => {
    const partial = { ...approvedSale, outcome: 'partial', requestedMinor: 5000, approvedMinor: 3000 } as const;
    await renderCounter({
      answers: {
        'terminal.sale': () => partial,
        'terminal.void': () => ({
          operation: 'void',
          outcome: 'approved',
          orderId: approvedSale.orderId,
          amountMinor: 3000,
          remainingMinor: 0,
          retref: null,
          reason: null,
          printed: true,
        }),
      },
    });
    await pressKeys('5', '0', '0', '0', 'Enter', 'v');
    // V opens the void dialog: the amount, the card and a reason, then a confirmation.
    const form = screen.getByRole('dialog', { name: `Void order ${approvedSale.orderId}` });
    fireEvent.click(within(form).getByLabelText('The customer canceled the sale'));
    await act(async () => void fireEvent.submit(form));
    await act(async () => void fireEvent.submit(screen.getByRole('dialog', { name: 'Confirm the void' })));
    expect(screen.getByTestId('sale-headline').textContent).toBe('Voided');
    expect(document.activeElement).toBe(screen.getByTestId('new-sale'));
  });

  it('a digit typed on a result starts the next sale with that digit', async () => {
    await renderCounter({ answers: { 'terminal.sale': () => approvedSale } });
    await pressKeys('1', '2', '5', '0', 'Enter');
    expect(screen.getByTestId('sale-headline').textContent).toBe('Approved');
    await pressKeys('7');
    expect(screen.queryByTestId('sale-result')).toBeNull();
    expect(screen.getByTestId('sale-amount').textContent).toBe('$0.07');
    expect(document.activeElement).toBe(screen.getByTestId('pay-card'));
  });

  it('a digit does not start a new sale while money is still owed after a partial approval', async () => {
    await renderCounter({
      answers: {
        'terminal.sale': () => ({ ...approvedSale, outcome: 'partial', requestedMinor: 5000, approvedMinor: 3000 }),
      },
    });
    await pressKeys('5', '0', '0', '0', 'Enter', '7');
    expect(screen.getByTestId('sale-headline').textContent).toBe('Partially approved');
  });
});
