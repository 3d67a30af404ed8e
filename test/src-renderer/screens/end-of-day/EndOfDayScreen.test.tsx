import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EndOfDayReport } from '../../../../src-main/lane/ipc/contract';
import { renderCounter } from '../../support/render-counter';
import { StubRefusal } from '../../support/stub-pos';

afterEach(cleanup);

const report: EndOfDayReport = {
  query: { date: '1123' },
  batches: [
    { batchid: '17754601', hoststat: 'GB', hostbatch: '17754601', count: 2, totalMinor: 2400, refundsMinor: 0 },
  ],
  journal: [
    { status: 'approved', count: 3, amountMinor: 3600 },
    { status: 'declined', count: 1, amountMinor: 1200 },
    { status: 'voided', count: 0, amountMinor: 0 },
  ],
  reconciliation: { laneMinor: 2400, gatewayMinor: 2400, pendingMinor: 0, differences: [], later: [] },
  gatewayProblem: null,
};

describe('the end of day screen', () => {
  it('shows the batches, the lane\u2019s totals, a chart bar per status with sales, and no mismatch where the day nets to what the gateway settled', async () => {
    await renderCounter({ answers: { 'terminal.endOfDay': () => report } });
    await act(async () => void fireEvent.keyDown(window, { key: '3', altKey: true }));
    expect(screen.getByTestId('eod-batches').textContent).toContain('Accepted (settled)');
    expect(screen.getByTestId('eod-lane').textContent).toContain('Declined1$12.00');
    const chart = screen.getByTestId('status-chart');
    expect([...chart.querySelectorAll('g')].map((bar) => bar.getAttribute('data-status'))).toEqual([
      'approved',
      'declined',
    ]);
    expect(chart.getAttribute('aria-label')).toBe('The day by status. Approved: 3, $36.00; Declined: 1, $12.00');
    // Approved holds an authorization nobody captured; the day nets it out as the gateway does, so nothing is a mismatch.
    expect(screen.getByTestId('eod-reconciliation').textContent).toBe(
      'The lane\u2019s day nets $24.00 (voids and refunds taken off). The gateway settled $24.00 of it.Every order matches the gateway.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names each order that differs from the gateway, and why', async () => {
    const differences = [
      {
        orderId: 'LANE07-261123-00004',
        laneMinor: 999,
        gatewayMinor: null,
        why: 'the lane has 9.99 for it; the gateway settled nothing of it in these batches',
      },
      {
        orderId: 'LANE07-261123-00009',
        laneMinor: 0,
        gatewayMinor: 777,
        why: 'the gateway settled 7.77; this lane\u2019s journal has no sale under this order id',
      },
    ];
    await renderCounter({
      answers: {
        'terminal.endOfDay': () => ({
          ...report,
          reconciliation: { laneMinor: 3399, gatewayMinor: 3177, pendingMinor: 0, differences, later: [] },
        }),
      },
    });
    await act(async () => void fireEvent.keyDown(window, { key: '3', altKey: true }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(
      '2 orders differ from the gateway: look each up in History before closing the day.',
    );
    expect([...alert.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Order LANE07-261123-00004: the lane has 9.99 for it; the gateway settled nothing of it in these batches.',
      'Order LANE07-261123-00009: the gateway settled 7.77; this lane\u2019s journal has no sale under this order id.',
    ]);
  });

  it('says what waits for the next batch, order by order, without an alarm', async () => {
    const later = [
      {
        orderId: 'LANE07-261123-00003',
        amountMinor: -400,
        batchid: '17754602',
        pending: true,
        why: 'a refund of 4.00 is pending, in the next batch (batch 17754602)',
      },
    ];
    await renderCounter({
      answers: {
        'terminal.endOfDay': () => ({
          ...report,
          reconciliation: { laneMinor: 2000, gatewayMinor: 2400, pendingMinor: -400, differences: [], later },
        }),
      },
    });
    await act(async () => void fireEvent.keyDown(window, { key: '3', altKey: true }));
    expect(screen.getByTestId('eod-reconciliation').textContent).toBe(
      'The lane\u2019s day nets $20.00 (voids and refunds taken off). The gateway settled $24.00 of it; the next batch takes $4.00 off.' +
        'Every order matches the gateway.' +
        'Settling in another batch:Order LANE07-261123-00003: a refund of 4.00 is pending, in the next batch (batch 17754602).',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks by batch number, refuses a missing day in words, and says when the gateway could not be asked', async () => {
    const { calls } = await renderCounter({
      answers: {
        'terminal.endOfDay': (args) => {
          if ((args as { batchid?: string }).batchid === 'nope')
            throw new StubRefusal({ code: 'invalid_argument', message: 'No such batch.' });
          return { ...report, batches: [], gatewayProblem: 'the gateway could not be reached' };
        },
      },
    });
    await act(async () => void fireEvent.keyDown(window, { key: '3', altKey: true }));
    expect(screen.getByRole('alert').textContent).toMatch(
      /^The gateway could not be asked: the gateway could not be reached/,
    );
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Show/ })));
    expect(screen.getAllByRole('alert')[0]!.textContent).toBe(
      'Pick the day to show, or type a settlement batch number.',
    );
    fireEvent.change(screen.getByLabelText('or settlement batch number'), { target: { value: 'nope' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Show/ })));
    expect(calls.filter(([name]) => name === 'terminal.endOfDay').at(-1)?.[1]).toEqual({ batchid: 'nope' });
    expect(screen.getAllByRole('alert')[0]!.textContent).toBe('No such batch. Check the date or batch and try again.');
  });

  it('picks the day with a date picker and asks the gateway for it as MMDD, saying the day in words', async () => {
    const { calls } = await renderCounter({
      answers: { 'terminal.endOfDay': (args) => ({ ...report, query: args, batches: [] }) },
    });
    await act(async () => void fireEvent.keyDown(window, { key: '3', altKey: true }));
    const day = screen.getByLabelText('Day') as HTMLInputElement;
    expect(day.type).toBe('date');
    fireEvent.change(day, { target: { value: '2026-11-21' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Show/ })));
    expect(calls.filter(([name]) => name === 'terminal.endOfDay').at(-1)?.[1]).toEqual({ date: '1121' });
    expect(screen.getByText(/No batch has settled for November 21 yet/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/MMDD|batch id/i);
  });
});
