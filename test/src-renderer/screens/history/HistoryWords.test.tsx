import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JournalEntryView } from '../../../../src-main/lane/ipc/contract';
import { renderHistory } from '../../support/render-counter';
import { completedSale } from '../../support/sale-answers';

afterEach(cleanup);

const sale = completedSale;
const recovered: JournalEntryView = {
  ...sale,
  id: 4,
  operation: 'voidByOrderId',
  state: 'resolved',
  respstat: null,
  resptext: null,
  authcode: null,
  note: null,
};

// Words only the program's insides use; a cashier or manager never reads them.
const internalTerms = /journal|Answered|Settled by recovery|respstat|\(recovery\)|batch id|MMDD/i;

describe('the history screen in a cashier\u2019s words', () => {
  it('names payments, their state and the gateway\u2019s answer plainly, never by internal terms or status letters', async () => {
    await renderHistory([recovered, sale], {
      'terminal.lookup': () => ({
        entries: [sale],
        gateway: [
          {
            retref: '1',
            amountMinor: 1200,
            respstat: 'B',
            resptext: null,
            setlstat: null,
            voidable: false,
            refundable: false,
          },
        ],
        gatewayProblem: null,
      }),
    });
    expect(screen.getByText('2 payment steps (sales, voids, refunds), newest first')).toBeTruthy();
    expect(screen.getByText('Done')).toBeTruthy();
    expect(screen.getByText('Outcome found after a lost answer')).toBeTruthy();
    expect(screen.getByText('Void (automatic, after a lost answer)')).toBeTruthy();
    await act(
      async () => void fireEvent.click(screen.getAllByRole('button', { name: `Open order ${sale.orderId}` })[0]!),
    );
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Gateway status' })));
    expect(screen.getByTestId('order-lookup').textContent).toContain('$12.00 Not approved: retry; settlement: unknown');
    expect(document.body.textContent).not.toMatch(internalTerms);
  });
});
