import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CustomerView, SaleSummary, SettingsView } from '../../../../src-main/lane/ipc/contract';
import { pressKeys, renderCounter } from '../../support/render-counter';
import { noCustomerDisplay } from '../../support/stub-pos';

afterEach(cleanup);

const tipsOn = { values: { 'payments.tips': true } } as unknown as SettingsView;
const connected: CustomerView = { ...noCustomerDisplay, displays: 1 };
const askingTip = (seq: number, baseMinor: number): CustomerView => ({
  ...connected,
  seq,
  order: { lines: [], subtotalMinor: baseMinor, taxMinor: 0, tipMinor: 0, totalMinor: baseMinor },
  step: {
    kind: 'tip',
    baseMinor,
    choices: [18, 20].map((percent) => ({ percent, amountMinor: Math.round((baseMinor * percent) / 100) })),
    maxCustomMinor: baseMinor,
  },
});

/** A counter that takes tips, its customer display as `view` says, and a sale held open until `finish`. */
async function counter(view: CustomerView) {
  let finish: (summary: SaleSummary) => void = () => undefined;
  const rendered = await renderCounter({
    answers: {
      'settings.get': () => tipsOn,
      'customerDisplay.view': () => view,
      'customerDisplay.showOrder': () => view,
      'customerDisplay.askTip': (args) => askingTip(view.seq + 1, (args as { baseMinor: number }).baseMinor),
      'customerDisplay.takeBack': () => ({ ...connected, seq: view.seq + 2 }),
      'terminal.sale': () => new Promise<SaleSummary>((resolve) => (finish = resolve)),
    },
  });
  return { ...rendered, finish: (summary: SaleSummary) => finish(summary) };
}

const named = (calls: Array<[string, unknown]>, name: string) =>
  calls.filter(([called]) => called === name).map(([, args]) => args);

describe('the tip on the customer display', () => {
  it('rings the order up on the display, asks the customer for the tip at Pay, and charges the amount with the tip chosen', async () => {
    const { calls, emit } = await counter(connected);
    await pressKeys('1', '0', '0', '0');
    await waitFor(() =>
      expect(named(calls, 'customerDisplay.showOrder').at(-1)).toEqual({ lines: [], amountMinor: 1000 }),
    );
    expect(screen.getByTestId('customer-tip').textContent).toBe(
      'Tip: the customer chooses it on their display when you press Pay.',
    );
    await act(async () => void fireEvent.click(screen.getByTestId('pay-card')));
    expect(named(calls, 'customerDisplay.askTip')).toEqual([{ baseMinor: 1000 }]);
    // Nothing is charged before the customer has chosen.
    expect(named(calls, 'terminal.sale')).toEqual([]);
    expect(screen.getByTestId('customer-sees').textContent).toBe('Choosing a tip on $10.00.');
    // A second press while the customer chooses starts nothing.
    await act(async () => void fireEvent.click(screen.getByTestId('pay-card')));
    expect(named(calls, 'customerDisplay.askTip')).toHaveLength(1);
    await act(async () =>
      emit('customerDisplay.answered', { answer: { kind: 'tip', tipMinor: 180 }, by: 'customer', reason: null }),
    );
    expect(named(calls, 'terminal.sale')).toEqual([{ amountMinor: 1180, tipMinor: 180 }]);
  });

  it('lets the cashier skip the tip with a reason, and then charges without one', async () => {
    const { calls, emit } = await counter(connected);
    await pressKeys('2', '5', '0', '0');
    await act(async () => void fireEvent.click(screen.getByTestId('pay-card')));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Skip the tip' })));
    const why = screen.getByRole('textbox', { name: 'Why' });
    await act(async () => void fireEvent.change(why, { target: { value: 'no' } }));
    await act(async () => void fireEvent.submit(why.closest('form')!));
    expect(screen.getByRole('alert').textContent).toBe('Say why, in a few words.');
    expect(named(calls, 'customerDisplay.takeBack')).toEqual([]);
    await act(async () => void fireEvent.change(why, { target: { value: 'tipped in cash' } }));
    await act(async () => void fireEvent.submit(why.closest('form')!));
    expect(named(calls, 'customerDisplay.takeBack')).toEqual([{ reason: 'tipped in cash' }]);
    await act(async () =>
      emit('customerDisplay.answered', {
        answer: { kind: 'tip', tipMinor: 0 },
        by: 'cashier',
        reason: 'tipped in cash',
      }),
    );
    expect(named(calls, 'terminal.sale')).toEqual([{ amountMinor: 2500 }]);
  });

  it('without a customer display the cashier keys the tip at the counter, and Pay charges at once', async () => {
    const { calls } = await counter(noCustomerDisplay);
    await pressKeys('1', '0', '0', '0');
    expect(screen.queryByTestId('customer-display-line')).toBeNull();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /^18%/ })));
    await act(async () => void fireEvent.click(screen.getByTestId('pay-card')));
    expect(named(calls, 'customerDisplay.askTip')).toEqual([]);
    expect(named(calls, 'terminal.sale')).toEqual([{ amountMinor: 1180, tipMinor: 180 }]);
  });

  it('keeps the newest view when two cross', async () => {
    const { store, emit } = await counter(connected);
    await act(async () => emit('customerDisplay.view', { ...connected, seq: 9, step: { kind: 'order' } }));
    await act(async () => emit('customerDisplay.view', { ...connected, seq: 8, step: { kind: 'idle' } }));
    expect(store.getState().customerView).toMatchObject({ seq: 9, step: { kind: 'order' } });
  });
});
