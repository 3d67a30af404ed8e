import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffSession } from '../../../src-main/lane/ipc/contract';
import { currentSale } from '../support/sale-answers';
import { basket, kioskState, line, renderKiosk } from '../support/render-kiosk';

const inBasket = kioskState({
  step: 'basket',
  basket: basket([line('apple', 2), line('bread')]),
  idleResetSeconds: 60,
});
const trainer: StaffSession = { cashierId: '9001', name: 'Trainer', role: 'manager', since: 0 };

/** Lets `seconds` pass on the faked clock, the timers firing as they come due. */
const pass = (seconds: number) => act(async () => void vi.advanceTimersByTime(seconds * 1000));

afterEach(cleanup);

describe('the kiosk’s inactivity reset', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks "Do you need more time?" after the idle time, then clears the basket', async () => {
    const { calls } = await renderKiosk(inBasket, { answers: { 'kiosk.abandon': () => kioskState() } });
    await pass(59);
    expect(screen.queryByTestId('more-time')).toBeNull();
    await pass(1);
    expect(screen.getByRole('alertdialog', { name: 'Do you need more time?' })).toBeTruthy();
    expect(screen.getByTestId('more-time-left').textContent).toBe(
      'Otherwise this checkout starts again in 30 seconds.',
    );
    await pass(29);
    expect(calls.some(([name]) => name === 'kiosk.abandon')).toBe(false);
    await pass(1);
    expect(calls.filter(([name]) => name === 'kiosk.abandon').map(([, args]) => args)).toEqual([{ reason: 'idle' }]);
    expect(screen.getByTestId('kiosk-headline').textContent).toBe('Welcome');
  });

  it('keeps the basket when the customer answers Yes', async () => {
    const { calls } = await renderKiosk(inBasket);
    await pass(65);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Yes, I need more time' })));
    expect(screen.queryByTestId('more-time')).toBeNull();
    await pass(59);
    expect(screen.queryByTestId('more-time')).toBeNull();
    expect(calls.some(([name]) => name === 'kiosk.abandon')).toBe(false);
  });

  it('counts a scan as the customer being there: scans are read in the main process, never as keys on the page', async () => {
    const { emit, calls } = await renderKiosk(inBasket, { answers: { 'kiosk.abandon': () => kioskState() } });
    await pass(50);
    // The scanner added a third line: the main process says so in kiosk.state, and the wait starts again.
    await act(async () =>
      emit('kiosk.state', { ...inBasket, basket: basket([line('apple', 2), line('bread'), line('bun')]) }),
    );
    await pass(50);
    expect(screen.queryByTestId('more-time')).toBeNull();
    // An unknown barcode is activity too.
    await act(async () =>
      emit('kiosk.state', {
        ...inBasket,
        basket: basket([line('apple', 2), line('bread'), line('bun')]),
        scanProblem: 'unknown',
      }),
    );
    await pass(50);
    expect(screen.queryByTestId('more-time')).toBeNull();
    await pass(10);
    expect(screen.getByRole('alertdialog', { name: 'Do you need more time?' })).toBeTruthy();
    expect(calls.some(([name]) => name === 'kiosk.abandon')).toBe(false);
  });

  // Waiting at the card or the signature is waiting on a customer who may have gone: those steps
  // have the idle rules (kiosk-staff-money.test.tsx); the authorization itself is never interrupted.
  it('never interrupts a payment the lane is authorizing', async () => {
    const { calls } = await renderKiosk(kioskState({ ...inBasket, step: 'paying' }), {
      answers: {
        'terminal.state': () => ({ phase: 'authorizing', since: Date.now(), detail: null, sale: currentSale() }),
      },
    });
    await pass(200);
    expect(screen.queryByTestId('more-time')).toBeNull();
    expect(calls.some(([name]) => name === 'kiosk.abandon')).toBe(false);
  });

  it('doubles the time limits in accessibility mode', async () => {
    await renderKiosk(inBasket);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Accessibility/ })));
    expect(document.querySelector('.kiosk-accessible')).not.toBeNull();
    await pass(100);
    expect(screen.queryByTestId('more-time')).toBeNull();
    await pass(20);
    expect(screen.getByTestId('more-time-left').textContent).toBe(
      'Otherwise this checkout starts again in 60 seconds.',
    );
  });
});

describe('staff mode at the kiosk', () => {
  it('signs staff in on the keypad, and their screen removes an item, reprints and closes the kiosk', async () => {
    const { calls, emit } = await renderKiosk(inBasket, {
      answers: {
        'session.signIn': () => trainer,
        'kiosk.setQuantity': () => inBasket,
        'kiosk.setService': () => ({ ...inBasket, inService: false, outOfServiceMessage: 'Back at 2 pm' }),
        'terminal.reprint': () => ({ printed: true, problem: null, png: '' }),
      },
    });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Help' })));
    expect(screen.getByTestId('kiosk-headline').textContent).toBe('Staff sign-in');
    for (const key of '9001') await act(async () => void fireEvent.click(screen.getByRole('button', { name: key })));
    await act(async () => void fireEvent.focus(screen.getByTestId('staff-pin')));
    for (const key of '9999') await act(async () => void fireEvent.click(screen.getByRole('button', { name: key })));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(calls.find(([name]) => name === 'session.signIn')?.[1]).toEqual({ cashierId: '9001', pin: '9999' });
    expect(screen.getByTestId('kiosk-headline').textContent).toBe('Staff: Trainer');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Remove Bread' })));
    expect(calls.find(([name]) => name === 'kiosk.setQuantity')?.[1]).toEqual({ itemId: 'bread', quantity: 0 });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Reprint the last receipt' })));
    expect(screen.getByTestId('staff-note').textContent).toBe('No payment to reprint yet.');
    fireEvent.change(screen.getByLabelText('Sign for customers'), { target: { value: 'Back at 2 pm' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Take out of service' })));
    expect(calls.find(([name]) => name === 'kiosk.setService')?.[1]).toEqual({
      inService: false,
      message: 'Back at 2 pm',
    });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Leave staff mode' })));
    expect(calls.some(([name]) => name === 'session.signOut')).toBe(true);
    await act(async () => emit('session.changed', null));
    expect(screen.getByTestId('kiosk-headline').textContent).toBe('This checkout is closed');
    expect(screen.getByText('Back at 2 pm')).toBeTruthy();
  });

  it('says a wrong PIN and stays on the sign-in', async () => {
    const { StubRefusal } = await import('../support/stub-pos');
    await renderKiosk(inBasket, {
      answers: {
        'session.signIn': () => {
          throw new StubRefusal({ code: 'forbidden', message: 'Wrong id or PIN.' });
        },
      },
    });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Help' })));
    fireEvent.change(screen.getByTestId('staff-id'), { target: { value: '9001' } });
    fireEvent.change(screen.getByTestId('staff-pin'), { target: { value: '1234' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(screen.getByRole('alert').textContent).toBe('Wrong id or PIN.');
    expect(screen.getByTestId('kiosk-headline').textContent).toBe('Staff sign-in');
  });
});
