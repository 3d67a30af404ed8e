import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EndOfDayReport, FundingView } from '../../../../src-main/lane/ipc/contract';
import { renderCounter } from '../../support/render-counter';
import { StubRefusal } from '../../support/stub-pos';

afterEach(cleanup);

const report: EndOfDayReport = {
  query: { date: '1124' },
  batches: [{ batchid: '1900', hoststat: 'GB', hostbatch: '1900', count: 2, totalMinor: 7100, refundsMinor: 0 }],
  journal: [{ status: 'approved', count: 2, amountMinor: 7100 }],
  reconciliation: { laneMinor: 7100, gatewayMinor: 7100, pendingMinor: 0, differences: [], later: [] },
  gatewayProblem: null,
};

const funded: FundingView = {
  date: '20261124',
  found: true,
  fundingDate: '20261124',
  deposits: [
    {
      fundingid: '2026112487388801',
      currency: 'USD',
      netSalesMinor: 7100,
      feesMinor: -213,
      adjustmentsMinor: 0,
      reversalsMinor: null,
      totalMinor: 6887,
    },
  ],
  fundedMinor: 6887,
  batchids: ['1900'],
  transactions: 3,
  achReturns: [{ retref: '112233445566', amountMinor: 2500, code: 'R01', words: 'Insufficient funds' }],
  adjustments: 0,
  chargebacks: 0,
};

/** The counter on End of day (Alt+3), the gateway's funding answered by `funding`. */
async function endOfDayWith(funding: (args: unknown) => unknown) {
  const rendered = await renderCounter({ answers: { 'terminal.endOfDay': () => report, 'terminal.funding': funding } });
  await act(async () => void fireEvent.keyDown(window, { key: '3', altKey: true }));
  return rendered;
}

describe('the funding panel of the end of day', () => {
  it('shows the funded amount, deposit date, fees and the batch beside the settlement, and ACH returns in words', async () => {
    const { calls } = await endOfDayWith(() => funded);
    expect(calls.filter(([name]) => name === 'terminal.funding').map(([, args]) => args)).toEqual([{ date: '1124' }]);
    const panel = screen.getByRole('region', { name: 'Funding from the gateway' });
    expect(screen.getByTestId('eod-funding-total').textContent).toBe(
      'Funded $68.87, deposit date November 24, 2026, for 3 transactions in batch 1900.',
    );
    expect(screen.getByTestId('eod-funding-deposits').textContent).toContain('$71.00');
    expect(screen.getByTestId('eod-funding-deposits').textContent).toContain('\u2212$2.13');
    expect(screen.getByTestId('eod-funding-ach-returns').textContent).toBe(
      'Electronic check 112233445566 $25.00 sent back by the bank: R01, Insufficient funds.',
    );
    expect(panel.contains(screen.getByTestId('eod-funding-total'))).toBe(true);
  });

  it('says plainly when the gateway has no funding for the date yet', async () => {
    await endOfDayWith(() => ({
      ...funded,
      found: false,
      fundingDate: null,
      deposits: [],
      fundedMinor: 0,
      achReturns: [],
    }));
    expect(screen.getByTestId('eod-funding-none').textContent).toBe(
      'The gateway has no funding dated November 24, 2026 yet: a day\u2019s settlement is usually deposited the next business day, and funding shows from that afternoon.',
    );
    expect(screen.queryByTestId('eod-funding-total')).toBeNull();
  });

  it('names why the funding could not be read', async () => {
    await endOfDayWith(() => {
      throw new StubRefusal({
        code: 'failed_precondition',
        message: 'The gateway could not be asked for its funding: HTTP 502',
      });
    });
    expect(screen.getByRole('region', { name: 'Funding from the gateway' }).textContent).toContain(
      'The gateway could not be asked for its funding: HTTP 502',
    );
  });
});
