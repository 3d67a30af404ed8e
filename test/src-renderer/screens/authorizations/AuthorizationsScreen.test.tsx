import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  FollowUpSummary,
  OpenAuthorization,
  OpenAuthorizationsView,
} from '../../../../src-main/lane/ipc/contract';
import { renderCounter } from '../../support/render-counter';
import { StubRefusal } from '../../support/stub-pos';

afterEach(cleanup);

const dayMs = 24 * 60 * 60 * 1000;
const hold = (orderId: string, heldMinor: number, ageDays: number): OpenAuthorization => ({
  orderId,
  maskedPan: '4788********1443',
  heldMinor,
  authorizedAt: Date.UTC(2026, 10, 23, 15) - ageDays * dayMs,
  ageDays,
  daysLeft: 30 - ageDays,
  age: ageDays >= 30 ? 'expired' : ageDays >= 25 ? 'warning' : 'fresh',
});
const room = hold('LANE07-261122-00001', 5000, 1);
const car = hold('LANE07-261028-00002', 2000, 26);
const boat = hold('LANE07-261023-00003', 7500, 31);
const viewOf = (authorizations: OpenAuthorization[], tips = true): OpenAuthorizationsView => ({
  authorizations,
  expiryDays: 30,
  warnDays: 25,
  needAttention: authorizations.filter((auth) => auth.age !== 'fresh').length,
  tips,
});
const summary = (operation: 'capture' | 'void', orderId: string, amountMinor: number): FollowUpSummary => ({
  operation,
  outcome: 'approved',
  orderId,
  amountMinor,
  remainingMinor: null,
  retref: null,
  reason: null,
  printed: true,
  printProblem: null,
});

/** The counter on the Authorizations screen (Alt+6), the lane's holds answered from `holds`. */
async function openScreen(holds: { list: OpenAuthorization[] }, answers: Parameters<typeof renderCounter>[0] = {}) {
  const rendered = await renderCounter({
    ...answers,
    answers: { 'terminal.openAuthorizations': () => viewOf(holds.list), ...answers.answers },
  });
  await act(async () => void fireEvent.keyDown(window, { key: '6', altKey: true }));
  return rendered;
}

describe('the authorizations screen', () => {
  it('lists each hold with its age, warns of those near the expiry and past it, and counts them on the navigation', async () => {
    await openScreen({ list: [boat, car, room] });
    expect(screen.getByTestId('nav-authorizations').textContent).toBe('Authorizations (2) Alt+6');
    expect(screen.getByRole('heading', { name: 'Authorizations' })).toBeTruthy();
    expect(screen.getByTestId('auth-warning').textContent).toBe(
      '2 authorizations are near or past the 30-day expiry (1 expired): capture or release them now.',
    );
    const ages = [boat, car, room].map(
      (auth) => screen.getByTestId(`auth-row-${auth.orderId}`).querySelector('.auth-age')!.textContent,
    );
    expect(ages).toEqual([
      '31 days old: expired, capturing it may be declined',
      '26 days old: expires in 4 days',
      '1 day old',
    ]);
    expect(screen.getByTestId(`auth-row-${room.orderId}`).textContent).toContain('$50.00');
    expect(screen.getByTestId(`auth-row-${room.orderId}`).getAttribute('data-age')).toBe('fresh');
  });

  it('says so when nothing is held, with no warning and no count', async () => {
    await openScreen({ list: [] });
    expect(screen.getByTestId('auth-none').textContent).toBe('No authorization is waiting to be captured.');
    expect(screen.queryByTestId('auth-warning')).toBeNull();
    expect(screen.getByTestId('nav-authorizations').textContent).toBe('Authorizations Alt+6');
  });

  it('captures with the final amount and a tip, and the hold leaves the list', async () => {
    const holds = { list: [room] };
    const { calls } = await openScreen(holds, {
      answers: {
        'terminal.capture': (args) => {
          const { amountMinor, tipMinor } = args as { amountMinor: number; tipMinor?: number };
          holds.list = [];
          return summary('capture', room.orderId, amountMinor + (tipMinor ?? 0));
        },
      },
    });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: `Capture order ${room.orderId}` })));
    const form = screen.getByRole('form', { name: `Capture order ${room.orderId}` });
    const amount = within(form).getByLabelText('Final amount') as HTMLInputElement;
    expect(amount.value).toBe('50.00');
    expect(document.activeElement).toBe(amount);
    fireEvent.change(within(form).getByLabelText('Tip'), { target: { value: '9.00' } });
    expect(within(form).getByTestId('auth-capture-submit').textContent).toBe('Capture $59.00');
    fireEvent.change(amount, { target: { value: 'fifty' } });
    await act(async () => void fireEvent.submit(form));
    expect(within(form).getByRole('alert').textContent).toBe('The final amount as money, e.g. 50.00.');
    fireEvent.change(amount, { target: { value: '48.00' } });
    await act(async () => void fireEvent.submit(form));
    expect(calls.filter(([name]) => name === 'terminal.capture').map(([, args]) => args)).toEqual([
      { orderId: room.orderId, amountMinor: 4800, tipMinor: 900 },
    ]);
    expect(screen.queryByTestId('auth-capture-form')).toBeNull();
    expect(screen.getByTestId('auth-outcome').textContent).toBe(
      `Captured $57.00 of order ${room.orderId}. The slips are printing.`,
    );
    expect(screen.getByTestId('auth-none')).toBeTruthy();
    // The words belong to this visit: back on the screen later (another day, perhaps), they are gone.
    await act(async () => void fireEvent.keyDown(window, { key: '1', altKey: true }));
    await act(async () => void fireEvent.keyDown(window, { key: '6', altKey: true }));
    expect(screen.getByRole('heading', { name: 'Authorizations' })).toBeTruthy();
    expect(screen.queryByTestId('auth-outcome')).toBeNull();
  });

  it('shows the gateway\u2019s refusal of a capture above the hold in words, and leaves the hold listed', async () => {
    const refusal =
      'The gateway refused the capture, so nothing changed: amount: exceeds the authorized amount and the merchant is not entitled to capture more.';
    await openScreen(
      { list: [room] },
      {
        answers: {
          'terminal.capture': () => ({
            ...summary('capture', room.orderId, 6000),
            outcome: 'declined',
            reason: refusal,
          }),
        },
      },
    );
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: `Capture order ${room.orderId}` })));
    const form = screen.getByRole('form', { name: `Capture order ${room.orderId}` });
    fireEvent.change(within(form).getByLabelText('Final amount'), { target: { value: '60.00' } });
    await act(async () => void fireEvent.submit(form));
    expect(within(form).getByRole('alert').textContent).toBe(refusal);
    expect(screen.getByTestId(`auth-row-${room.orderId}`)).toBeTruthy();
  });

  it('offers no tip where the merchant takes none', async () => {
    await openScreen({ list: [room] }, { answers: { 'terminal.openAuthorizations': () => viewOf([room], false) } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: `Capture order ${room.orderId}` })));
    expect(screen.queryByLabelText('Tip')).toBeNull();
  });

  it('releases a hold with a reason, asking a manager for a cashier', async () => {
    const holds = { list: [car] };
    const pins: Array<string | undefined> = [];
    await openScreen(holds, {
      answers: {
        'terminal.void': (args) => {
          const { managerPin } = args as { managerPin?: string };
          pins.push(managerPin);
          if (managerPin !== '9999')
            throw new StubRefusal({
              code: 'forbidden',
              field: 'managerPin',
              message: 'A manager approves this: void a sale needs a manager\u2019s PIN.',
            });
          holds.list = [];
          return summary('void', car.orderId, 2000);
        },
      },
    });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: `Release order ${car.orderId}` })));
    const form = screen.getByRole('form', { name: `Release order ${car.orderId}` });
    await act(async () => void fireEvent.submit(form));
    expect(within(form).getByRole('alert').textContent).toBe('Choose why the hold is released.');
    expect(pins).toEqual([]);
    fireEvent.click(within(form).getByLabelText('The customer canceled the sale'));
    await act(async () => void fireEvent.click(within(form).getByRole('button', { name: 'Release $20.00' })));
    const dialog = screen.getByRole('dialog', { name: 'Manager approval' });
    expect(dialog.textContent).toContain(`Release $20.00 held for order ${car.orderId}`);
    fireEvent.change(within(dialog).getByLabelText('Manager PIN'), { target: { value: '9999' } });
    await act(async () => void fireEvent.submit(dialog));
    expect(pins).toEqual([undefined, '9999']);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('auth-outcome').textContent).toBe(
      `Released $20.00 of order ${car.orderId}. The slips are printing.`,
    );
    expect(screen.queryByTestId('auth-warning')).toBeNull();
    expect(screen.getByTestId('nav-authorizations').textContent).toBe('Authorizations Alt+6');
  });

  it('reminds at the end of day, before the shift or day is closed, and opens the screen', async () => {
    await renderCounter({ answers: { 'terminal.openAuthorizations': () => viewOf([car, room]) } });
    await act(async () => void fireEvent.keyDown(window, { key: '3', altKey: true }));
    const reminder = screen.getByTestId('eod-authorizations-reminder');
    expect(reminder.textContent).toBe(
      '1 authorization is near or past the 30-day expiry: capture or release it before closing the day. Open Authorizations',
    );
    await act(async () => void fireEvent.click(within(reminder).getByRole('button', { name: 'Open Authorizations' })));
    expect(screen.getByRole('heading', { name: 'Authorizations' })).toBeTruthy();
  });
});
