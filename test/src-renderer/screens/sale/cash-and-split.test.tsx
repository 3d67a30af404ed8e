import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  CashTenderView,
  ReturnedPartsView,
  SaleOutcomeNotice,
  SaleSummary,
} from '../../../../src-main/lane/ipc/contract';
import { pressKeys, renderCounter } from '../../support/render-counter';
import { approvedSale, currentSale } from '../../support/sale-answers';
import { managerNeeded, StubRefusal } from '../../support/stub-pos';

afterEach(cleanup);

/**
 * `terminal.cash` as the main process answers it for USD (no cash rounding): cash that covers
 * what is owed pays the sale and gives change; less is a part of a split, the balance drops.
 */
function cashDesk(owedAtStart: number | null = null) {
  let owed = owedAtStart;
  let order = 0;
  return (args: unknown): CashTenderView => {
    const { tenderedMinor, totalMinor } = args as { tenderedMinor: number; totalMinor?: number };
    const balance = owed ?? totalMinor!;
    const covers = tenderedMinor >= balance;
    owed = covers ? null : balance - tenderedMinor;
    order += 1;
    return {
      orderId: `LANE07-261123-C000${order}`,
      appliedMinor: covers ? balance : tenderedMinor,
      tenderedMinor,
      changeMinor: covers ? tenderedMinor - balance : 0,
      dueMinor: owed,
      roundingMinor: 0,
      drawer: 'opened',
      lines: [],
      printed: { ok: true },
    };
  };
}

const cardPart = (amountMinor: number): SaleSummary => ({
  ...approvedSale,
  requestedMinor: amountMinor,
  approvedMinor: amountMinor,
  receiptPng: null,
});

const callsOf = (calls: Array<[string, unknown]>, name: string) =>
  calls.filter(([called]) => called === name).map(([, args]) => args);

describe('cash at the counter', () => {
  it('an exact-cash sale is the amount, C, Enter: terminal.cash takes the amount and the change shows', async () => {
    const { calls } = await renderCounter({ answers: { 'terminal.cash': cashDesk() } });
    await pressKeys('1', '4', '3', '5', 'c');
    expect(screen.getByTestId('cash-due').textContent).toBe('$14.35');
    await pressKeys('Enter');
    expect(callsOf(calls, 'terminal.cash')).toEqual([{ tenderedMinor: 1435, totalMinor: 1435 }]);
    expect(screen.getByTestId('cash-change').textContent).toBe('Change $0.00');
    expect(screen.getByTestId('cash-drawer').textContent).toBe('Drawer open');
    await pressKeys('Enter');
    expect(callsOf(calls, 'terminal.newSale')).toHaveLength(1);
    expect(screen.queryByTestId('cash-panel')).toBeNull();
    expect(screen.getByTestId('sale-amount').textContent).toBe('$0.00');
  });

  it('quick cash offers exact and the next notes; $20 on $14.35 shows Change $5.65', async () => {
    const { calls } = await renderCounter({ answers: { 'terminal.cash': cashDesk() } });
    await pressKeys('1', '4', '3', '5', 'c');
    const quick = screen.getByRole('group', { name: 'Quick cash' });
    expect(
      within(quick)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Exact $14.35', '$15.00', '$20.00', '$50.00']);
    await act(async () => void fireEvent.click(within(quick).getByRole('button', { name: '$20.00' })));
    expect(callsOf(calls, 'terminal.cash')).toEqual([{ tenderedMinor: 2000, totalMinor: 1435 }]);
    expect(screen.getByTestId('cash-change').textContent).toBe('Change $5.65');
  });

  it('digits key the cash handed over from the cents; Escape closes the panel with nothing taken', async () => {
    const { calls } = await renderCounter({ answers: { 'terminal.cash': cashDesk() } });
    await pressKeys('1', '4', '3', '5', 'c', '5', '0', '0', '0');
    expect(screen.getByTestId('cash-keyed').textContent).toBe('$50.00');
    await pressKeys('Escape');
    expect(screen.queryByTestId('cash-panel')).toBeNull();
    expect(callsOf(calls, 'terminal.cash')).toEqual([]);
    await pressKeys('c', '5', '0', '0', '0', 'Enter');
    expect(callsOf(calls, 'terminal.cash')).toEqual([{ tenderedMinor: 5000, totalMinor: 1435 }]);
    expect(screen.getByTestId('cash-change').textContent).toBe('Change $35.65');
  });

  it('a refusal (no shift open) shows in the main process\u2019s words', async () => {
    const words = 'No shift is open: open the shift with its float before taking cash.';
    await renderCounter({
      answers: {
        'terminal.cash': () => {
          throw new StubRefusal({ code: 'failed_precondition', message: words });
        },
      },
    });
    await pressKeys('1', '4', '3', '5', 'c', 'Enter');
    expect(screen.getByTestId('cash-problem').textContent).toContain(words);
    expect(screen.queryByTestId('cash-change')).toBeNull();
  });
});

describe('split tender at the counter', () => {
  it('S, the part, Enter charges the card for the part of the sale\u2019s total; the balance and parts show', async () => {
    const { calls } = await renderCounter({
      answers: { 'terminal.sale': () => cardPart(2000), 'terminal.cash': cashDesk(3000) },
    });
    await pressKeys('5', '0', '0', '0', 's', '2', '0', '0', '0');
    expect(screen.getByTestId('split-part').textContent).toBe('$20.00');
    await pressKeys('Enter');
    expect(callsOf(calls, 'terminal.sale')).toEqual([{ amountMinor: 2000, totalMinor: 5000 }]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Remaining to pay');
    expect(screen.getByTestId('sale-amount').textContent).toBe('$30.00');
    expect(screen.getByTestId('balance-due').textContent).toBe('$30.00');
    expect(screen.getByTestId('paid-parts').textContent).toContain('Card 478825******1443 $20.00');
    // The rest in cash: no total now, the cash pays toward what is owed.
    await pressKeys('c', 'Enter');
    expect(callsOf(calls, 'terminal.cash')).toEqual([{ tenderedMinor: 3000 }]);
    expect(screen.getByTestId('cash-change').textContent).toBe('Change $0.00');
  });

  it('a cash part lists amount, tendered and change, and a part above the balance is refused in words', async () => {
    const { calls } = await renderCounter({ answers: { 'terminal.cash': cashDesk() } });
    await pressKeys('5', '0', '0', '0', 's', '6', '0', '0', '0', 'Enter');
    expect(screen.getByTestId('split-problem').textContent).toContain(
      'A part can be at most $50.00, what is still owed.',
    );
    expect(callsOf(calls, 'terminal.sale')).toEqual([]);
    await pressKeys('Escape', 's', '1', '0', '0', '0', 'c');
    expect(callsOf(calls, 'terminal.cash')).toEqual([{ tenderedMinor: 1000, totalMinor: 5000 }]);
    expect(screen.getByTestId('balance-due').textContent).toBe('$40.00');
    expect(screen.getByTestId('paid-parts').textContent).toContain('Cash $10.00 (tendered $10.00, change $0.00)');
    // The next part names no total: the sale owes money already.
    await pressKeys('s', '1', '5', '0', '0', 'c');
    expect(callsOf(calls, 'terminal.cash')).toEqual([
      { tenderedMinor: 1000, totalMinor: 5000 },
      { tenderedMinor: 1500 },
    ]);
    expect(screen.getByTestId('balance-due').textContent).toBe('$25.00');
  });

  it('Cancel sale lists each paid part and how it goes back, asks a manager, sends returnParts and shows each end', async () => {
    const pins: Array<string | undefined> = [];
    const returned: ReturnedPartsView = {
      parts: [
        { kind: 'card', orderId: approvedSale.orderId, amountMinor: 2000, ended: 'voided', problem: null },
        {
          kind: 'cash',
          orderId: 'LANE07-261123-C0001',
          amountMinor: 1000,
          ended: 'failed',
          problem: 'The drawer did not open.',
        },
      ],
      state: { phase: 'idle', since: 0, detail: null, sale: null },
    };
    const { calls } = await renderCounter({
      answers: {
        'terminal.sale': () => cardPart(2000),
        'terminal.cash': cashDesk(3000),
        'terminal.returnParts': (args) => {
          const { managerPin } = args as { managerPin?: string };
          pins.push(managerPin);
          if (managerPin !== '9999') throw managerNeeded('cancel a sale with paid parts');
          return returned;
        },
      },
    });
    await pressKeys('5', '0', '0', '0', 's', '2', '0', '0', '0', 'Enter', 's', '1', '0', '0', '0', 'c');
    await act(async () => void fireEvent.click(screen.getByTestId('cancel-paid-sale')));
    const dialog = screen.getByTestId('return-parts');
    const going = within(dialog).getByTestId('parts-going-back').textContent;
    expect(going).toContain('Card 478825******1443 $20.00: voided (refunded if its batch has settled)');
    expect(going).toContain('Cash $10.00 (tendered $10.00, change $0.00): handed back from the drawer');
    await act(async () => void fireEvent.submit(dialog));
    expect(within(dialog).getByTestId('return-parts-problem').textContent).toContain('Say why the sale is cancelled.');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Customer changed their mind' } });
    await act(async () => void fireEvent.submit(dialog));
    const manager = screen.getByRole('dialog', { name: 'Manager approval' });
    fireEvent.change(within(manager).getByLabelText('Manager PIN'), { target: { value: '9999' } });
    await act(async () => void fireEvent.submit(manager));
    expect(pins).toEqual([undefined, '9999']);
    expect(callsOf(calls, 'terminal.returnParts').at(-1)).toEqual({
      reason: 'Customer changed their mind',
      managerPin: '9999',
    });
    const ends = screen.getByTestId('returned-parts').textContent;
    expect(ends).toContain(`Card $20.00, order ${approvedSale.orderId}: voided`);
    expect(ends).toContain('Cash $10.00, order LANE07-261123-C0001: failed: The drawer did not open.');
  });

  it('the cancel dialog stays open with its reason while the parts go back (the lane runs a void and ends the sale)', async () => {
    const returned: ReturnedPartsView = {
      parts: [{ kind: 'card', orderId: approvedSale.orderId, amountMinor: 2000, ended: 'voided', problem: null }],
      state: { phase: 'idle', since: 0, detail: null, sale: null },
    };
    // The lane's events, reached once the counter is rendered.
    const lane: { emitState?: (state: unknown) => void } = {};
    const { emit } = await renderCounter({
      answers: {
        'terminal.sale': () => cardPart(2000),
        'terminal.returnParts': async () => {
          // As the lane does: the void runs (a payment under way, painted before the answer), then the sale is over.
          lane.emitState?.({
            phase: 'voiding',
            since: 0,
            detail: 'Voiding',
            sale: currentSale({ running: true, totalMinor: 5000, results: [cardPart(2000)], dueMinor: 3000 }),
          });
          await new Promise(setImmediate);
          lane.emitState?.(returned.state);
          return returned;
        },
      },
    });
    lane.emitState = (state) => emit('terminal.state', state as never);
    await pressKeys('5', '0', '0', '0', 's', '2', '0', '0', '0', 'Enter');
    await act(async () => void fireEvent.click(screen.getByTestId('cancel-paid-sale')));
    const dialog = screen.getByTestId('return-parts');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Customer changed their mind' } });
    await act(async () => void fireEvent.submit(dialog));
    expect(screen.getByTestId('returned-parts').textContent).toContain(
      `Card $20.00, order ${approvedSale.orderId}: voided`,
    );
  });

  it('a declined first part is tried again as the same part of the same total', async () => {
    const declined: SaleSummary = {
      ...cardPart(2000),
      outcome: 'declined',
      approvedMinor: 0,
      authcode: null,
      reason: 'Do not honor',
    };
    const answers = [declined, cardPart(2000)];
    const { calls } = await renderCounter({ answers: { 'terminal.sale': () => answers.shift() } });
    await pressKeys('5', '0', '0', '0', 's', '2', '0', '0', '0', 'Enter');
    expect(screen.getByTestId('sale-headline').textContent).toBe('Declined');
    await act(async () => void fireEvent.click(screen.getByTestId('try-again')));
    expect(callsOf(calls, 'terminal.sale')).toEqual([
      { amountMinor: 2000, totalMinor: 5000 },
      { amountMinor: 2000, totalMinor: 5000 },
    ]);
    expect(screen.getByTestId('balance-due').textContent).toBe('$30.00');
  });

  it('a split sale the lane restored (a reload, a crash) shows Remaining to pay with its balance and parts', async () => {
    const cash = {
      orderId: 'LANE07-261123-C0001',
      appliedMinor: 1000,
      tenderedMinor: 1000,
      changeMinor: 0,
      returned: false,
    };
    await renderCounter({
      terminal: {
        phase: 'idle',
        since: 0,
        detail: null,
        sale: currentSale({
          running: false,
          totalMinor: 5000,
          results: [cardPart(2000)],
          cash: [cash],
          dueMinor: 2000,
        }),
      },
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Remaining to pay');
    expect(screen.getByTestId('sale-amount').textContent).toBe('$20.00');
    const parts = screen.getByTestId('paid-parts').textContent;
    expect(parts).toContain('Card 478825******1443 $20.00');
    expect(parts).toContain('Cash $10.00 (tendered $10.00, change $0.00)');
  });

  it('a phone part is named as the phone and shows the surcharge charged on top of its part', async () => {
    await renderCounter({
      terminal: {
        phase: 'idle',
        since: 0,
        detail: null,
        sale: currentSale({
          running: false,
          totalMinor: 3000,
          results: [{ ...cardPart(1000), tender: 'wallet', maskedPan: '************1443', surchargeMinor: 30 }],
          cash: [],
          dueMinor: 2000,
        }),
      },
    });
    expect(screen.getByTestId('balance-due').textContent).toBe('$20.00');
    expect(screen.getByTestId('paid-parts').textContent).toContain('Phone ************1443 $10.00 + $0.30 surcharge');
  });

  it('a card part stored offline is listed as stored and, on cancel, goes back by leaving the store', async () => {
    await renderCounter({
      terminal: {
        phase: 'idle',
        since: 0,
        detail: null,
        sale: currentSale({
          running: false,
          totalMinor: 3000,
          results: [{ ...cardPart(1000), outcome: 'stored', approvedMinor: 0 }],
          cash: [],
          dueMinor: 2000,
        }),
      },
    });
    expect(screen.getByTestId('paid-parts').textContent).toContain(
      'Card 478825******1443 $10.00 (stored offline, sent when the gateway is back)',
    );
    await act(async () => void fireEvent.click(screen.getByTestId('cancel-paid-sale')));
    expect(screen.getByTestId('parts-going-back').textContent).toContain(
      'taken out of the offline store (never sent, nothing charged)',
    );
  });

  it('a part whose outcome is told before its receipts leaves the balance the lane told, not less', async () => {
    let answer: (summary: SaleSummary) => void = () => undefined;
    const { emit } = await renderCounter({
      answers: { 'terminal.sale': () => new Promise<SaleSummary>((resolve) => (answer = resolve)) },
    });
    await pressKeys('5', '0', '0', '0', 's', '2', '0', '0', '0', 'Enter');
    const { printed: _printed, printProblem: _problem, receiptPng: _png, ...words } = cardPart(2000);
    const notice: SaleOutcomeNotice = { ...words, outcome: 'approved', dueMinor: 3000 };
    await act(async () => emit('terminal.outcome', notice));
    await act(async () => answer(cardPart(2000)));
    expect(screen.getByTestId('balance-due').textContent).toBe('$30.00');
    expect(screen.getByTestId('sale-amount').textContent).toBe('$30.00');
  });

  it('a part canceled before the card leaves no split: the whole sale then goes with its cart', async () => {
    const canceled = new StubRefusal({ code: 'failed_precondition', message: 'The sale was canceled.' });
    const answers: Array<() => SaleSummary> = [
      () => {
        throw canceled;
      },
      () => cardPart(862),
    ];
    const { calls } = await renderCounter({ answers: { 'terminal.sale': () => answers.shift()!() } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Add items (cart)' })));
    fireEvent.change(screen.getByLabelText('Item'), { target: { value: 'Mug' } });
    fireEvent.change(screen.getByLabelText('Qty'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Unit price'), { target: { value: '3.99' } });
    fireEvent.change(screen.getByLabelText('Tax'), { target: { value: '0.64' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Add item' })));
    await act(async () => void fireEvent.click(screen.getByTestId('pay-split')));
    await pressKeys('5', '0', '0', 'Enter');
    expect(screen.getByTestId('sale-error').textContent).toContain('The sale was canceled.');
    await act(async () => void fireEvent.click(screen.getByTestId('pay-card')));
    const [first, second] = callsOf(calls, 'terminal.sale');
    expect(first).toEqual({ amountMinor: 500, totalMinor: 862 });
    expect(second).toMatchObject({ amountMinor: 862, cart: [{ description: 'Mug', quantity: 2, unitMinor: 399 }] });
  });
});
