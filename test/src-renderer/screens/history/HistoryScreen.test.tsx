import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandName, FollowUpSummary, JournalEntryView } from '../../../../src-main/ipc/contract';
import { renderCounter } from '../../support/render-counter';
import { StubRefusal, type StubAnswer } from '../../support/stub-pos';

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
  note: null,
};
const voided: FollowUpSummary = { operation: 'void', outcome: 'approved', orderId: sale.orderId, amountMinor: 1200, remainingMinor: 0, retref: null, reason: null, printed: true, printProblem: null };

async function openHistory(answers: Partial<Record<CommandName, StubAnswer>>) {
  const rendered = await renderCounter({ answers: { 'terminal.history': () => [sale], ...answers } });
  await act(async () => void fireEvent.keyDown(window, { key: '2', altKey: true }));
  return rendered;
}

describe('the history screen', () => {
  it('searches by last four, amount, order id and day, and names a bad search', async () => {
    const { calls } = await openHistory({});
    expect(screen.getByText('Approved')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Last four'), { target: { value: '1443' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '12.00' } });
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-11-23' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Search/ })));
    expect(calls.filter(([name]) => name === 'terminal.history').at(-1)?.[1]).toEqual({ lastFour: '1443', amountMinor: 1200, day: '2026-11-23', limit: 200 });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: 'twelve' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Search/ })));
    expect(screen.getByRole('alert').textContent).toBe('The amount as money, e.g. 12.00.');
  });

  it('asks a manager when the void needs one, and retries with the PIN; a wrong PIN stays in the dialog', async () => {
    const pins: Array<string | undefined> = [];
    const { calls } = await openHistory({
      'terminal.void': (args) => {
        const { managerPin } = args as { managerPin?: string };
        pins.push(managerPin);
        if (managerPin === '9999') return voided;
        throw new StubRefusal({ code: 'forbidden', field: 'managerPin', message: managerPin ? 'That is not a manager\u2019s PIN: ask a manager to enter theirs.' : 'A manager approves this: void a sale needs a manager\u2019s PIN.' });
      },
    });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: `Open order ${sale.orderId}` })));
    await act(async () => void fireEvent.click(within(screen.getByTestId('order-detail')).getByRole('button', { name: 'Void' })));
    const dialog = screen.getByRole('dialog', { name: 'Manager approval' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Manager PIN'));
    fireEvent.change(within(dialog).getByLabelText('Manager PIN'), { target: { value: '1234' } });
    await act(async () => void fireEvent.submit(dialog));
    expect(within(dialog).getByRole('alert').textContent).toMatch(/not a manager/);
    fireEvent.change(within(dialog).getByLabelText('Manager PIN'), { target: { value: '9999' } });
    await act(async () => void fireEvent.submit(dialog));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(pins).toEqual([undefined, '1234', '9999']);
    expect(screen.getByTestId('order-outcome').textContent).toMatch(/^Void approved\. \$12\.00/);
    expect(calls.filter(([name]) => name === 'terminal.history').length).toBeGreaterThan(1);
  });

  it('says what the gateway holds now, and when it could not be asked', async () => {
    await openHistory({
      'terminal.lookup': () => ({ entries: [sale], gateway: [{ retref: '1', amountMinor: 1200, respstat: 'A', resptext: 'Approval', setlstat: 'Queued for Capture', voidable: true, refundable: false }], gatewayProblem: null }),
    });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: `Open order ${sale.orderId}` })));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Gateway status' })));
    expect(screen.getByTestId('order-lookup').textContent).toContain('settlement: Queued for Capture; can be voided, cannot be refunded');
    await act(async () => void fireEvent.keyDown(window, { key: 'Escape' }));
    expect(screen.queryByTestId('order-detail')).toBeNull();
  });
});
