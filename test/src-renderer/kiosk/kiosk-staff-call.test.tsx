import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffCallView } from '../../../src-main/lane/ipc/contract';
import { basket, kioskState, line, renderKiosk } from '../support/render-kiosk';

afterEach(cleanup);

const inBasket = kioskState({ step: 'basket', basket: basket([line('apple', 2)]) });
const call = (kind: StaffCallView['kind'], delivery: StaffCallView['delivery']): StaffCallView => ({
  callId: '0b6c1a64-8a51-4a7e-9d55-2d4f0f7f1c11',
  kind,
  since: 0,
  delivery,
});
const waitingForStaff = (delivery: StaffCallView['delivery']) =>
  kioskState({
    ...inBasket,
    staffNeeded: 'The bank has not confirmed the payment.',
    staffCall: call('payment', delivery),
  });

describe('the kiosk tells the customer how the call for staff went', () => {
  it.each([
    ['delivered', 'A member of staff has been called and will be with you shortly.'],
    ['calling', 'Calling a member of staff\u2026'],
    ['failed', 'Please find a member of staff: we could not call one from here.'],
    ['unconfigured', 'Please find a member of staff: we could not call one from here.'],
  ] as const)('waiting for staff with the call %s', async (delivery, said) => {
    await renderKiosk(waitingForStaff(delivery));
    expect(screen.getByTestId('kiosk-outcome').textContent).toBe('Please wait for a member of staff');
    expect(screen.getByTestId('kiosk-staff-call').textContent).toBe(said);
  });

  it('calls a member of staff from the help screen, and says so once the call got through', async () => {
    const { calls, emit } = await renderKiosk(inBasket, {
      answers: { 'kiosk.callStaff': () => kioskState({ ...inBasket, staffCall: call('help', 'calling') }) },
    });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Help' })));
    expect(screen.getByTestId('kiosk-headline').textContent).toBe('Staff sign-in');
    expect(screen.queryByTestId('kiosk-staff-call')).toBeNull();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Call a member of staff' })));
    expect(calls.filter(([name]) => name === 'kiosk.callStaff')).toHaveLength(1);
    expect(screen.getByTestId('kiosk-staff-call').textContent).toBe('Calling a member of staff\u2026');
    expect(screen.queryByRole('button', { name: 'Call a member of staff' })).toBeNull();
    await act(async () => emit('kiosk.state', kioskState({ ...inBasket, staffCall: call('help', 'delivered') })));
    expect(screen.getByTestId('kiosk-staff-call').textContent).toBe(
      'A member of staff has been called and will be with you shortly.',
    );
  });
});
