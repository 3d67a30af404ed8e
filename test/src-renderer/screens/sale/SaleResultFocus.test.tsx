import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SaleSummary } from '../../../../src-main/ipc/contract';
import { renderCounter } from '../../support/render-counter';

afterEach(cleanup);

const approved: SaleSummary = {
  outcome: 'approved',
  tender: 'sale',
  orderId: 'LANE07-261123-00001',
  requestedMinor: 1250,
  approvedMinor: 1250,
  authcode: 'PPS123',
  reason: null,
  maskedPan: '478825******1443',
  entryMode: 'chip',
  signatureRequired: false,
  printed: true,
  printProblem: null,
  receiptPng: 'data:image/png;base64,iVBORw0KGgo=',
};
const notApproved = { approvedMinor: 0, authcode: null, receiptPng: null } as const;

// Keys go where a real keyboard sends them: to whatever has focus, bubbling to the window.
const keys = async (...pressed: string[]) => {
  for (const key of pressed) await act(async () => void fireEvent.keyDown(document.activeElement ?? window, { key }));
};

describe('focus and keys on a sale result', () => {
  it.each([
    ['approved', approved, 'new-sale', /^New sale/],
    ['unknown', { ...approved, ...notApproved, outcome: 'unknown' }, 'new-sale', /^New sale/],
    ['declined', { ...approved, ...notApproved, outcome: 'declined', reason: 'Do not honor' }, 'try-again', /^Another card/],
    ['retry', { ...approved, ...notApproved, outcome: 'retry' }, 'try-again', /^Run the card again/],
    ['not-charged', { ...approved, ...notApproved, outcome: 'not-charged' }, 'try-again', /^Run the card again/],
    ['partial', { ...approved, outcome: 'partial', approvedMinor: 750 }, 'tender-rest', /^Take the remaining \$5\.00/],
  ] as const)('puts focus on the main action of a result that is %s, not on the page', async (_outcome, answer, testId, words) => {
    await renderCounter({ answers: { 'terminal.sale': () => answer } });
    await keys('1', '2', '5', '0', 'Enter');
    expect(screen.getByTestId('sale-result')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId(testId));
    expect(document.activeElement?.textContent).toMatch(words);
  });

  it('after a void of a partial approval puts focus on New sale', async () => {
    const partial = { ...approved, outcome: 'partial', requestedMinor: 5000, approvedMinor: 3000 } as const;
    await renderCounter({ answers: { 'terminal.sale': () => partial, 'terminal.void': () => ({ operation: 'void', outcome: 'approved', orderId: approved.orderId, amountMinor: 3000, remainingMinor: 0, retref: null, reason: null, printed: true }) } });
    await keys('5', '0', '0', '0', 'Enter', 'v');
    expect(screen.getByTestId('sale-headline').textContent).toBe('Voided');
    expect(document.activeElement).toBe(screen.getByTestId('new-sale'));
  });

  it('a digit typed on a result starts the next sale with that digit', async () => {
    await renderCounter({ answers: { 'terminal.sale': () => approved } });
    await keys('1', '2', '5', '0', 'Enter');
    expect(screen.getByTestId('sale-headline').textContent).toBe('Approved');
    await keys('7');
    expect(screen.queryByTestId('sale-result')).toBeNull();
    expect(screen.getByTestId('sale-amount').textContent).toBe('$0.07');
    expect(document.activeElement).toBe(screen.getByTestId('pay-card'));
  });

  it('a digit does not start a new sale while money is still owed after a partial approval', async () => {
    await renderCounter({ answers: { 'terminal.sale': () => ({ ...approved, outcome: 'partial', requestedMinor: 5000, approvedMinor: 3000 }) } });
    await keys('5', '0', '0', '0', 'Enter', '7');
    expect(screen.getByTestId('sale-headline').textContent).toBe('Partially approved');
  });
});
