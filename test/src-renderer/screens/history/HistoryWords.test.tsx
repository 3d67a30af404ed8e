import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JournalEntryView } from '../../../../src-main/ipc/contract';
import { renderCounter } from '../../support/render-counter';

afterEach(cleanup);

const sale: JournalEntryView = {
  id: 3,
  operation: 'auth',
  orderId: 'LANE07-261123-00003',
  amountMinor: 1200,
  maskedPan: '478825******1443',
  entryMode: 'chip',
  state: 'completed',
  createdAt: Date.UTC(2026, 10, 23, 15),
  respstat: 'A',
  resptext: 'Approval',
  authcode: 'PPS123',
  retref: '123456789012',
  money: { requestedMinor: 1200, approvedMinor: 1200, capturedMinor: 1200, voidedMinor: 0, fullyVoided: false, refundedMinor: 0, refundsInDoubt: 0, tender: 'sale' },
  reason: null,
  note: null,
};
const recovered: JournalEntryView = { ...sale, id: 4, operation: 'voidByOrderId', state: 'resolved', respstat: null, resptext: null, authcode: null, note: null };

// Words only the program's insides use; a cashier or manager never reads them.
const internalTerms = /journal|Answered|Settled by recovery|respstat|\(recovery\)|batch id|MMDD/i;

describe('the history screen in a cashier\u2019s words', () => {
  it('names payments, their state and the gateway\u2019s answer plainly, never by internal terms or status letters', async () => {
    await renderCounter({
      answers: {
        'terminal.history': () => [recovered, sale],
        'terminal.lookup': () => ({ entries: [sale], gateway: [{ retref: '1', amountMinor: 1200, respstat: 'B', resptext: null, setlstat: null, voidable: false, refundable: false }], gatewayProblem: null }),
      },
    });
    await act(async () => void fireEvent.keyDown(window, { key: '2', altKey: true }));
    expect(screen.getByText('2 payment steps (sales, voids, refunds), newest first')).toBeTruthy();
    expect(screen.getByText('Done')).toBeTruthy();
    expect(screen.getByText('Outcome found after a lost answer')).toBeTruthy();
    expect(screen.getByText('Void (automatic, after a lost answer)')).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getAllByRole('button', { name: `Open order ${sale.orderId}` })[0]!));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Gateway status' })));
    expect(screen.getByTestId('order-lookup').textContent).toContain('$12.00 Not approved: retry; settlement: unknown');
    expect(document.body.textContent).not.toMatch(internalTerms);
  });
});
