import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandName, FollowUpSummary, JournalEntryView } from '../../../../src-main/lane/ipc/contract';
import { renderHistory } from '../../support/render-counter';
import { completedSale } from '../../support/sale-answers';
import { managerNeeded, StubRefusal, type StubAnswer } from '../../support/stub-pos';

afterEach(cleanup);

const sale = completedSale;
const money = sale.money!;
/** A sale row and what its money did since. */
const saleWith = (id: number, changes: Partial<typeof money>): JournalEntryView => ({
  ...sale,
  id,
  orderId: `LANE07-261123-0000${id}`,
  money: { ...money, ...changes },
});
const voided: FollowUpSummary = {
  operation: 'void',
  outcome: 'approved',
  orderId: sale.orderId,
  amountMinor: 1200,
  remainingMinor: 0,
  retref: null,
  reason: null,
  printed: true,
  printProblem: null,
};

const openHistory = (answers: Partial<Record<CommandName, StubAnswer>>) => renderHistory([sale], answers);

describe('the history screen', () => {
  it('searches by last four, amount, order id and day, and names a bad search', async () => {
    const { calls } = await openHistory({});
    expect(screen.getByText('Approved $12.00')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Last four'), { target: { value: '1443' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '12.00' } });
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-11-23' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Search/ })));
    expect(calls.filter(([name]) => name === 'terminal.history').at(-1)?.[1]).toEqual({
      lastFour: '1443',
      amountMinor: 1200,
      day: '2026-11-23',
      limit: 200,
    });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: 'twelve' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Search/ })));
    expect(screen.getByRole('alert').textContent).toBe('The amount as money, e.g. 12.00.');
  });

  it('voids through a dialog (amount, card, order, a reason, a confirmation), then asks a manager who is told the same; a wrong PIN stays in the dialog', async () => {
    const pins: Array<string | undefined> = [];
    const sent: object[] = [];
    const { calls } = await openHistory({
      'terminal.void': (args) => {
        const { managerPin } = args as { managerPin?: string };
        pins.push(managerPin);
        sent.push(args as object);
        if (managerPin === '9999') return voided;
        throw new StubRefusal({
          code: 'forbidden',
          field: 'managerPin',
          message: managerPin
            ? 'That is not a manager\u2019s PIN: ask a manager to enter theirs.'
            : 'A manager approves this: void a sale needs a manager\u2019s PIN.',
        });
      },
    });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: `Open order ${sale.orderId}` })));
    await act(
      async () =>
        void fireEvent.click(within(screen.getByTestId('order-detail')).getByRole('button', { name: 'Void\u2026' })),
    );
    // One click sends nothing: the dialog shows the amount and the card, and wants a reason.
    expect(pins).toEqual([]);
    const form = screen.getByRole('dialog', { name: `Void order ${sale.orderId}` });
    expect(screen.getByTestId('void-intro').textContent).toBe(
      '$12.00 on the card ending 1443. A void sends it back to the card at once.',
    );
    expect((within(form).getByLabelText('Amount to void') as HTMLInputElement).value).toBe('12.00');
    await act(async () => void fireEvent.submit(form));
    expect(within(form).getByRole('alert').textContent).toBe('Choose why the sale is voided.');
    fireEvent.click(within(form).getByLabelText('The customer paid another way'));
    await act(async () => void fireEvent.submit(form));
    expect(screen.getByTestId('void-confirm').textContent).toBe(
      `Void $12.00 on the card ending 1443, order ${sale.orderId}? Reason: The customer paid another way.`,
    );
    expect(pins).toEqual([]);
    await act(async () => void fireEvent.submit(screen.getByRole('dialog', { name: 'Confirm the void' })));
    const dialog = screen.getByRole('dialog', { name: 'Manager approval' });
    expect(dialog.textContent).toContain(`Void $12.00 on the card ending 1443, order ${sale.orderId}`);
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Manager PIN'));
    fireEvent.change(within(dialog).getByLabelText('Manager PIN'), { target: { value: '1234' } });
    await act(async () => void fireEvent.submit(dialog));
    expect(within(dialog).getByRole('alert').textContent).toMatch(/not a manager/);
    fireEvent.change(within(dialog).getByLabelText('Manager PIN'), { target: { value: '9999' } });
    await act(async () => void fireEvent.submit(dialog));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(pins).toEqual([undefined, '1234', '9999']);
    expect(sent.at(-1)).toEqual({
      orderId: sale.orderId,
      amountMinor: 1200,
      reason: 'paid-another-way',
      managerPin: '9999',
    });
    expect(screen.getByTestId('order-outcome').textContent).toMatch(/^Void approved\. \$12\.00/);
    expect(calls.filter(([name]) => name === 'terminal.history').length).toBeGreaterThan(1);
  });

  it('turns off Void, Refund and Capture once the journal says they are used up, saying why by each', async () => {
    const voidedSale = saleWith(5, {
      capturedMinor: 0,
      voidedMinor: 1200,
      fullyVoided: true,
      usedUp: {
        void: 'This sale was voided: nothing is left to void.',
        refund: 'This sale was voided: nothing is left to refund.',
        capture: 'This sale was voided: nothing is left to capture.',
      },
    });
    await renderHistory([voidedSale]);
    await act(
      async () => void fireEvent.click(screen.getByRole('button', { name: `Open order ${voidedSale.orderId}` })),
    );
    const detail = within(screen.getByTestId('order-detail'));
    for (const [name, why] of [
      ['Void\u2026', 'Void: This sale was voided: nothing is left to void.'],
      ['Refund\u2026', 'Refund: This sale was voided: nothing is left to refund.'],
      ['Capture', 'Capture: This sale was voided: nothing is left to capture.'],
    ] as const) {
      const button = detail.getByRole('button', { name }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(why);
    }
    expect((detail.getByRole('button', { name: 'Reprint' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says a keyed sale\u2019s address check in the words its result used, and nothing for a sale without one', async () => {
    const keyed: JournalEntryView = {
      ...saleWith(6, {}),
      entryMode: 'keyed',
      avs: { code: 'Z', words: 'Address check: ZIP matches, street does not (Z)', match: 'partial' },
    };
    await renderHistory([keyed, sale]);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: `Open order ${keyed.orderId}` })));
    const line = within(screen.getByTestId('order-detail')).getByTestId('sale-avs');
    expect(line.textContent).toBe('Address check: ZIP matches, street does not (Z)');
    expect(line.getAttribute('data-avs')).toBe('Z');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: `Open order ${sale.orderId}` })));
    expect(within(screen.getByTestId('order-detail')).queryByTestId('sale-avs')).toBeNull();
  });

  it('says what each sale\u2019s money did: a partial approval, a void, a partial void, refunds', async () => {
    const rows = [
      saleWith(4, { requestedMinor: 800, approvedMinor: 500, capturedMinor: 500 }),
      saleWith(5, { capturedMinor: 0, voidedMinor: 1200, fullyVoided: true }),
      saleWith(6, { requestedMinor: 1500, approvedMinor: 1500, capturedMinor: 1000, voidedMinor: 500 }),
      saleWith(7, { refundedMinor: 300 }),
      saleWith(8, { refundedMinor: 1200 }),
      {
        ...sale,
        id: 9,
        operation: 'refund',
        amountMinor: 300,
        money: null,
        reason: 'damaged',
        authcode: null,
      } satisfies JournalEntryView,
    ];
    await openHistory({ 'terminal.history': () => rows });
    const cells = (id: number) =>
      [...screen.getByTestId(`history-row-${id}`).querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells(4).slice(1, 5)).toEqual([
      'Sale',
      '$5.00',
      '\u2022\u2022\u2022\u20221443',
      'Partly approved: $5.00 of $8.00',
    ]);
    expect(cells(5)[4]).toBe('Voided: nothing was charged');
    expect(cells(6)[4]).toBe('Approved $15.00; $5.00 voided');
    expect(cells(7)[4]).toBe('Approved $12.00; $3.00 refunded');
    expect(cells(8)[4]).toBe('Approved $12.00; refunded in full');
    expect(cells(9)[4]).toBe('Refunded $3.00 (Damaged or faulty)');
    expect(screen.queryByText('Approved')).toBeNull();
  });

  it('refunds through a dialog: what is left offered, a reason from the list, a confirmation repeating the card and the amount', async () => {
    const refunds: object[] = [];
    await openHistory({
      'terminal.history': () => [saleWith(3, { refundedMinor: 900 })],
      'terminal.refund': (args) => {
        refunds.push(args as object);
        return {
          operation: 'refund',
          outcome: 'approved',
          orderId: 'LANE07-261123-00003',
          amountMinor: 300,
          remainingMinor: null,
          retref: '9',
          reason: null,
          printed: true,
          printProblem: null,
        } satisfies FollowUpSummary;
      },
    });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Open order LANE07-261123-00003' })));
    await act(
      async () =>
        void fireEvent.click(within(screen.getByTestId('order-detail')).getByRole('button', { name: 'Refund\u2026' })),
    );
    const dialog = screen.getByRole('dialog', { name: 'Refund order LANE07-261123-00003' });
    expect(dialog.textContent).toContain('Card ending 1443. Left to refund: $3.00.');
    expect((within(dialog).getByLabelText('Amount to refund') as HTMLInputElement).value).toBe('3.00');
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).checked),
    ).toEqual([false, false, false, false, false]);
    await act(async () => void fireEvent.submit(dialog));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose why the money goes back.');
    fireEvent.change(within(dialog).getByLabelText('Amount to refund'), { target: { value: '4.00' } });
    fireEvent.click(within(dialog).getByLabelText('Goods returned'));
    await act(async () => void fireEvent.submit(dialog));
    expect(within(dialog).getByRole('alert').textContent).toBe('Only $3.00 of this sale is left to refund.');
    fireEvent.change(within(dialog).getByLabelText('Amount to refund'), { target: { value: '3' } });
    await act(async () => void fireEvent.submit(dialog));
    const confirm = screen.getByRole('dialog', { name: 'Confirm the refund' });
    expect(screen.getByTestId('refund-confirm').textContent).toBe(
      'Refund $3.00 to the card ending 1443? Reason: Goods returned.',
    );
    expect(refunds).toEqual([]);
    await act(async () => void fireEvent.click(within(confirm).getByRole('button', { name: /Refund \$3\.00/ })));
    expect(refunds).toEqual([{ orderId: 'LANE07-261123-00003', amountMinor: 300, reason: 'returned' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('order-outcome').textContent).toMatch(/^Refund approved\. \$3\.00/);
  });

  it('a manager asked over a refund takes the first Escape; the refund dialog takes the next ones', async () => {
    await openHistory({
      'terminal.refund': () => {
        throw managerNeeded('a refund above the lane\u2019s limit');
      },
    });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: `Open order ${sale.orderId}` })));
    await act(
      async () =>
        void fireEvent.click(within(screen.getByTestId('order-detail')).getByRole('button', { name: 'Refund\u2026' })),
    );
    fireEvent.click(
      within(screen.getByRole('dialog', { name: `Refund order ${sale.orderId}` })).getByLabelText('Goods returned'),
    );
    await act(async () => void fireEvent.submit(screen.getByRole('dialog', { name: `Refund order ${sale.orderId}` })));
    await act(async () => void fireEvent.submit(screen.getByRole('dialog', { name: 'Confirm the refund' })));
    const approval = screen.getByRole('dialog', { name: 'Manager approval' });
    expect(document.activeElement).toBe(within(approval).getByLabelText('Manager PIN'));
    await act(async () => void fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
    expect(screen.queryByRole('dialog', { name: 'Manager approval' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Confirm the refund' })).toBeTruthy();
    await act(async () => void fireEvent.keyDown(window, { key: 'Escape' }));
    expect(screen.getByRole('dialog', { name: `Refund order ${sale.orderId}` })).toBeTruthy();
    await act(async () => void fireEvent.keyDown(window, { key: 'Escape' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('order-detail')).toBeTruthy();
  });

  it('says what the gateway holds now, and when it could not be asked', async () => {
    await openHistory({
      'terminal.lookup': () => ({
        entries: [sale],
        gateway: [
          {
            retref: '1',
            amountMinor: 1200,
            respstat: 'A',
            resptext: 'Approval',
            setlstat: 'Queued for Capture',
            voidable: true,
            refundable: false,
          },
        ],
        gatewayProblem: null,
      }),
    });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: `Open order ${sale.orderId}` })));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Gateway status' })));
    expect(screen.getByTestId('order-lookup').textContent).toContain(
      'settlement: Queued for Capture; can be voided, cannot be refunded',
    );
    await act(async () => void fireEvent.keyDown(window, { key: 'Escape' }));
    expect(screen.queryByTestId('order-detail')).toBeNull();
  });
});
