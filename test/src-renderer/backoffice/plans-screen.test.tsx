import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlanView } from '../../../src-main/backoffice/contract/plans';
import { PlansScreen } from '../../../src-renderer/backoffice/screens/PlansScreen';
import { renderBackOffice } from './stub-backoffice';

const merchant = {
  merchantId: '7001',
  dbaName: 'Card Shoppe',
  createdAt: '2026-11-01T10:00:00Z',
  status: 'BOARDED',
  gatewayStatus: 'BOARDED',
  signatureStatus: 'SIGNED',
  gatewayMerchantId: '496160873888',
  checkedAt: '2026-11-01T10:00:00Z',
};
const plan = (change: Partial<PlanView> = {}): PlanView => ({
  billingPlanId: '9001',
  billingPlanName: 'Coffee club',
  merchId: '496160873888',
  profileId: '12345678901234567890',
  acctId: '1',
  amountMinor: 1500,
  timeSpan: 3,
  every: 1,
  untilCondition: 'C',
  untilNumPayments: null,
  untilDate: null,
  startDate: '12012026',
  currencySymbol: '$',
  planStatus: 'A',
  options: [],
  schedules: [
    {
      billingPlanScheduleId: 31,
      paymentStatus: 'Scheduled',
      scheduledAmountMinor: 1500,
      scheduledPaymentDate: '12/01/2026',
      actualAmountMinor: null,
      actualPaymentDate: null,
      retref: null,
    },
  ],
  ...change,
});

afterEach(cleanup);

describe('Billing plans', () => {
  it('offers the period, charge and run choices in words, and keeps what is chosen', async () => {
    await renderBackOffice(<PlansScreen />, {
      'applications.list': () => ({ rows: [merchant], total: 1 }),
      'plans.list': () => [],
    });
    const options = (label: string) =>
      within(screen.getByLabelText(label) as HTMLSelectElement)
        .getAllByRole('option')
        .map((option) => `${(option as HTMLOptionElement).value}=${option.textContent}`);
    expect(options('Period')).toEqual(['1=Daily', '2=Weekly', '3=Monthly', '4=Yearly']);
    expect(options('Charge')).toEqual(['1=Every period', '2=Every other period']);
    expect(options('Runs')).toEqual(['C=Until cancelled', 'N=For a number of payments', 'D=Until a date']);
    await act(async () => void fireEvent.change(screen.getByLabelText('Runs'), { target: { value: 'N' } }));
    expect((screen.getByLabelText('Runs') as HTMLSelectElement).value).toBe('N');
    expect(screen.getByLabelText('Number of payments')).toBeTruthy();
    await act(async () => void fireEvent.change(screen.getByLabelText('Period'), { target: { value: '2' } }));
    expect((screen.getByLabelText('Period') as HTMLSelectElement).value).toBe('2');
  });

  it('marks a payment paid, cancels one, and cancels the plan, each saying what was done', async () => {
    const { calls } = await renderBackOffice(<PlansScreen />, {
      'applications.list': () => ({ rows: [merchant], total: 1 }),
      'plans.list': () => [plan({ schedules: null })],
      'plans.get': () => plan(),
      'plans.markPaid': () => plan(),
      'plans.cancelPayment': () => plan(),
      'plans.cancel': () => plan({ planStatus: 'C' }),
    });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Coffee club' })));
    await act(
      async () => void fireEvent.change(screen.getByLabelText(/Retref for/), { target: { value: ' 123456789012 ' } }),
    );
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Mark as paid' })));
    expect(screen.getByText('Payment due 12/01/2026 marked as paid.')).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Cancel payment' })));
    expect(screen.getByText('Payment due 12/01/2026 cancelled.')).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Cancel the plan' })));
    expect(screen.getByText('Plan cancelled: its scheduled payments are cancelled too.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel the plan' })).toBeNull();
    expect(
      calls.filter(([name]) => name.startsWith('plans.') && name !== 'plans.list' && name !== 'plans.get'),
    ).toEqual([
      [
        'plans.markPaid',
        { merchId: '496160873888', billingPlanId: '9001', billingPlanScheduleId: 31, retref: '123456789012' },
      ],
      ['plans.cancelPayment', { billingPlanId: '9001', merchId: '496160873888', billingPlanScheduleId: 31 }],
      ['plans.cancel', { merchId: '496160873888', billingPlanId: '9001' }],
    ]);
  });
});
