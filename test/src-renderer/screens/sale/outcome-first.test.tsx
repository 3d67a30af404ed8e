import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SaleOutcomeNotice, SaleSummary } from '../../../../src-main/lane/ipc/contract';
import { pressKeys, renderCounter } from '../../support/render-counter';
import { approvedSale } from '../../support/sale-answers';

afterEach(cleanup);

/** The outcome as the lane tells it before the receipts: the summary's words, no receipt parts. */
function noticeOf(summary: SaleSummary, dueMinor: number | null): SaleOutcomeNotice {
  const { printed: _printed, printProblem: _problem, receiptPng: _png, ...words } = summary;
  return { ...words, outcome: summary.outcome as SaleOutcomeNotice['outcome'], dueMinor };
}

/** A counter whose `terminal.sale` answers only when the test says so, as the receipts print meanwhile. */
async function payingCounter() {
  let answer: (summary: SaleSummary) => void = () => undefined;
  const rendered = await renderCounter({
    answers: { 'terminal.sale': () => new Promise<SaleSummary>((resolve) => (answer = resolve)) },
  });
  await pressKeys('1', '2', '5', '0', 'Enter');
  return { ...rendered, answer: (summary: SaleSummary) => act(async () => answer(summary)) };
}

describe('the sale result paints the outcome told before the receipts', () => {
  it('shows Approved, the amount and code at once; the receipt, its status and the actions follow the answer', async () => {
    const { emit, answer } = await payingCounter();
    expect(screen.queryByTestId('sale-result')).toBeNull();
    await act(async () => emit('terminal.outcome', noticeOf(approvedSale, null)));
    expect(screen.getByTestId('sale-headline').textContent).toBe('Approved');
    expect(screen.getByTestId('authcode').textContent).toBe('PPS123');
    expect(screen.getByTestId('sale-result').textContent).toContain('$12.50');
    expect(screen.getByTestId('receipt-pending').textContent).toMatch(/Printing the receipt/);
    // The payment has not ended: no preview yet, and nothing that would start the next sale.
    expect(screen.queryByTestId('receipt-preview')).toBeNull();
    expect(screen.queryByTestId('new-sale')).toBeNull();
    await pressKeys('Enter');
    expect(screen.getByTestId('sale-headline').textContent).toBe('Approved');

    await answer(approvedSale);
    expect(screen.getByTestId('sale-headline').textContent).toBe('Approved');
    expect(screen.queryByTestId('receipt-pending')).toBeNull();
    expect(screen.getByTestId('receipt-preview')).toBeTruthy();
    expect(screen.getByTestId('new-sale')).toBeTruthy();
    await pressKeys('Enter');
    expect(screen.getByTestId('sale-amount').textContent).toBe('$0.00');
  });

  it('a partial approval paints as partial with what is still due, never as approved', async () => {
    const partial: SaleSummary = { ...approvedSale, outcome: 'partial', approvedMinor: 500 };
    const { emit, answer } = await payingCounter();
    await act(async () => emit('terminal.outcome', noticeOf(partial, 750)));
    expect(screen.getByTestId('sale-headline').textContent).toBe('Partially approved');
    expect(screen.getByTestId('sale-result').textContent).toContain('$5.00 of $12.50');
    expect(screen.getByTestId('sale-next').textContent).toContain('remaining $7.50');
    await answer({ ...partial, printed: false, printProblem: 'the printer needs attention (paper-out)' });
    expect(screen.getByTestId('sale-headline').textContent).toBe('Partially approved');
    expect(screen.getByRole('alert').textContent).toMatch(/The receipt did not print: the printer needs attention/);
  });
});
