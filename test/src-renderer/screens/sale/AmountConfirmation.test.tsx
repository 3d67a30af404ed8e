import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SaleSummary, SettingsView } from '../../../../src-main/lane/ipc/contract';
import { pressKeys, renderCounter } from '../../support/render-counter';
import { approvedSale } from '../../support/sale-answers';

afterEach(cleanup);

const approvedFor = (amountMinor: number): SaleSummary => ({
  ...approvedSale,
  requestedMinor: amountMinor,
  approvedMinor: amountMinor,
  receiptPng: null,
});

describe('a sale above the confirmation limit', () => {
  it('asks the cashier to confirm 999,999.99 before the card; Enter and Escape go back, Y charges', async () => {
    const { calls } = await renderCounter({
      answers: { 'terminal.sale': (args) => approvedFor((args as { amountMinor: number }).amountMinor) },
    });
    const sales = () => calls.filter(([name]) => name === 'terminal.sale');
    await pressKeys('9', '9', '9', '9', '9', '9', '9', '9', 'Enter');
    const dialog = screen.getByRole('dialog', { name: 'Charge $999,999.99?' });
    expect(dialog.textContent).toContain('That is more than $1,000.00.');
    expect(document.activeElement?.textContent).toMatch(/^No, change the amount/);
    await pressKeys('Enter');
    expect(sales()).toEqual([]);
    await pressKeys('Escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('sale-amount').textContent).toBe('$999,999.99');
    expect(sales()).toEqual([]);
    await pressKeys('Enter', 'y');
    expect(sales()).toEqual([['terminal.sale', { amountMinor: 99_999_999 }]]);
    expect(screen.getByTestId('sale-headline').textContent).toBe('Approved');
  });

  it('takes the limit from the settings, and does not ask at or below it', async () => {
    const settings = { values: { 'payments.confirmAboveMinor': 5000 } } as unknown as SettingsView;
    const { calls } = await renderCounter({
      answers: {
        'settings.get': () => settings,
        'terminal.sale': (args) => approvedFor((args as { amountMinor: number }).amountMinor),
      },
    });
    await pressKeys('5', '0', '0', '0', 'Enter');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter(([name]) => name === 'terminal.sale')).toEqual([['terminal.sale', { amountMinor: 5000 }]]);
    await pressKeys('Enter', '6', '0', '0', '1', 'Enter');
    expect(screen.getByRole('dialog', { name: 'Charge $60.01?' }).textContent).toContain('more than $50.00');
  });
});
