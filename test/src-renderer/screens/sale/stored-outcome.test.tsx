import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SaleSummary } from '../../../../src-main/lane/ipc/contract';
import { pressKeys, renderCounter } from '../../support/render-counter';
import { approvedSale } from '../../support/sale-answers';

afterEach(cleanup);

/** A $12.50 chip payment taken while the gateway could not be reached, as the main process sums it up. */
const storedSale: SaleSummary = {
  ...approvedSale,
  outcome: 'stored',
  approvedMinor: 0,
  authcode: null,
  reason: 'Stored offline: $12.50 will be sent to the gateway when it is back.',
};

describe('the sale result of a payment stored offline', () => {
  it('says "Stored offline" with the amount and that it will be sent, never "Approved"', async () => {
    await renderCounter({ answers: { 'terminal.sale': () => storedSale } });
    await pressKeys('1', '2', '5', '0', 'Enter');
    expect(screen.getByTestId('sale-headline').textContent).toBe('Stored offline');
    const result = screen.getByTestId('sale-result');
    expect(result.getAttribute('data-outcome')).toBe('stored');
    expect(result.className).toContain('sale-result-warn');
    expect(result.textContent).toContain('$12.50');
    expect(screen.getByTestId('sale-next').textContent).toContain('$12.50 will be sent to the gateway when it is back');
    expect(result.textContent).not.toMatch(/approved(?! yet)/i);
    expect(screen.queryByTestId('authcode')).toBeNull();
  });

  it('the next sale starts with Enter, as after an approval', async () => {
    await renderCounter({ answers: { 'terminal.sale': () => storedSale } });
    await pressKeys('1', '2', '5', '0', 'Enter');
    expect(document.activeElement?.getAttribute('data-testid')).toBe('new-sale');
    await pressKeys('Enter');
    expect(screen.getByTestId('sale-amount').textContent).toBe('$0.00');
  });
});
