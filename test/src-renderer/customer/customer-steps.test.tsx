import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerStep, CustomerView } from '../../../src-main/lane/ipc/contract';
import { keyedTip } from '../../../src-renderer/customer/customer-steps';
import { StubRefusal } from '../support/stub-pos';
import { customerView, renderCustomer, twoLinesOrder } from './render-customer';

afterEach(cleanup);

// jsdom has no layout: the signature surface watches its size with a ResizeObserver, and lines scroll into view.
beforeEach(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => undefined;
});

const headline = () => screen.getByTestId('customer-headline').textContent;
const click = async (name: string | RegExp) =>
  act(async () => void fireEvent.click(screen.getByRole('button', { name })));
const withStep = (step: CustomerStep, change: Partial<CustomerView> = {}) =>
  customerView({ order: twoLinesOrder, step, ...change });

describe('the idle screen and the order', () => {
  it("shows the store's name, its logo and its message, and no order", async () => {
    await renderCustomer(customerView(), { logo: 'data:image/png;base64,iVBORw0KGgo=' });
    expect(headline()).toBe('Corner Market');
    expect(screen.getByText('Fresh bread every morning')).toBeTruthy();
    expect(screen.getByTestId('customer-logo').getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(screen.queryByTestId('customer-lines')).toBeNull();
  });

  it('says Welcome where the store set no message, and draws no logo where it has none', async () => {
    await renderCustomer(customerView({ store: { name: 'Corner Market', message: '' } }));
    expect(screen.getByText('Welcome')).toBeTruthy();
    expect(screen.queryByTestId('customer-logo')).toBeNull();
  });

  it('lists each line with its quantity and amount, the subtotal, the tax and the total', async () => {
    await renderCustomer(withStep({ kind: 'order' }));
    const lines = screen.getAllByTestId('customer-line').map((line) => line.textContent);
    expect(lines).toEqual(['Sourdough loaf\u00d7 2$9.00', 'Coffee\u00d7 1$3.00']);
    expect(screen.getByTestId('customer-subtotal').textContent).toBe('$12.00');
    expect(screen.getByTestId('customer-tax').textContent).toBe('$0.72');
    expect(screen.getByTestId('customer-total').textContent).toBe('$12.72');
    expect(screen.getByTestId('customer-amount').textContent).toBe('$12.72');
  });

  it('brings the newest line into sight as the cashier adds it', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const { emitView } = await renderCustomer(withStep({ kind: 'order' }));
    const more = {
      ...twoLinesOrder,
      lines: [...twoLinesOrder.lines, { description: 'Butter', quantity: 1, unitMinor: 275 }],
    };
    await emitView(customerView({ seq: 2, order: more, step: { kind: 'order' } }));
    const newest = screen.getAllByTestId('customer-line').at(-1)!;
    expect(newest.textContent).toContain('Butter');
    expect(scrolled.mock.contexts.at(-1)).toBe(newest);
  });

  it('keeps the order beside the steps that follow it', async () => {
    await renderCustomer(withStep({ kind: 'working', amountMinor: 1272 }));
    expect(screen.getAllByTestId('customer-line')).toHaveLength(2);
  });
});

describe('the tip', () => {
  const tip: CustomerStep = {
    kind: 'tip',
    baseMinor: 1272,
    choices: [
      { percent: 15, amountMinor: 191 },
      { percent: 18, amountMinor: 229 },
      { percent: 20, amountMinor: 254 },
    ],
    maxCustomMinor: 1272,
  };
  const tipAnswer = () => ({
    'customerDisplay.answer': () => withStep({ kind: 'working', amountMinor: 1501 }, { seq: 9 }),
  });

  it('offers each share with its amount, No tip and Other amount, and sends the one chosen', async () => {
    const { argsOf } = await renderCustomer(withStep(tip), { answers: tipAnswer() });
    expect(headline()).toBe('Would you like to add a tip?');
    expect(screen.getByRole('button', { name: '18% $2.29' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'No tip' })).toBeTruthy();
    await click('18% $2.29');
    expect(argsOf('customerDisplay.answer')).toEqual([{ kind: 'tip', tipMinor: 229 }]);
    // The reply's view is drawn at once.
    expect(headline()).toBe('Processing\u2026 please wait');
  });

  it('sends no tip as a tip of nothing', async () => {
    const { argsOf } = await renderCustomer(withStep(tip), { answers: tipAnswer() });
    await click('No tip');
    expect(argsOf('customerDisplay.answer')).toEqual([{ kind: 'tip', tipMinor: 0 }]);
  });

  it('keys another amount in cents as the counter keys it, up to the most it may be', async () => {
    const { argsOf } = await renderCustomer(withStep(tip), { answers: tipAnswer() });
    await click('Other amount');
    const keypad = within(screen.getByRole('group', { name: 'Tip amount keypad' }));
    for (const key of ['3', '0', '0'])
      await act(async () => void fireEvent.click(keypad.getByRole('button', { name: key })));
    expect(screen.getByTestId('customer-tip-typed').textContent).toBe('$3.00');
    // A fourth digit would make $30.00, more than the $12.72 sale: the keypad keeps $3.00 and says why.
    await act(async () => void fireEvent.click(keypad.getByRole('button', { name: '0' })));
    expect(screen.getByTestId('customer-tip-typed').textContent).toBe('$3.00');
    expect(screen.getByRole('alert').textContent).toBe('A tip can be at most $12.72.');
    await act(async () => void fireEvent.click(keypad.getByRole('button', { name: 'Delete' })));
    expect(screen.getByTestId('customer-tip-typed').textContent).toBe('$0.30');
    await click('Add $0.30 tip');
    expect(argsOf('customerDisplay.answer')).toEqual([{ kind: 'tip', tipMinor: 30 }]);
  });

  it("shows the lane's refusal of a tip", async () => {
    await renderCustomer(withStep(tip), {
      answers: {
        'customerDisplay.answer': () => {
          throw new StubRefusal({
            code: 'failed_precondition',
            message: 'No tip is being asked on the customer display now.',
          });
        },
      },
    });
    await click('No tip');
    expect(screen.getByRole('alert').textContent).toBe('No tip is being asked on the customer display now.');
  });

  it('keys a tip as the amount keypad does: digits from the right, leading zeros dropped, Backspace', () => {
    expect(keyedTip('', '0', 500)).toEqual({ digits: '', tooLarge: false });
    expect(keyedTip('5', '00', 500)).toEqual({ digits: '500', tooLarge: false });
    expect(keyedTip('500', '1', 500)).toEqual({ digits: '500', tooLarge: true });
    expect(keyedTip('50', 'Backspace', 500)).toEqual({ digits: '5', tooLarge: false });
    expect(keyedTip('50', 'x', 500)).toEqual({ digits: '50', tooLarge: false });
  });
});

describe('paying', () => {
  const pay = (way: 'card' | 'keyed' | 'terminal', tipMinor = 0): CustomerStep => ({
    kind: 'pay',
    amountMinor: 1272 + tipMinor,
    tipMinor,
    way,
    payLink: null,
  });

  it.each([
    ['card', 'Insert, tap or swipe your card'],
    ['keyed', 'The cashier is entering your card'],
    ['terminal', 'Pay on the terminal'],
  ] as const)('says how to pay by %s, and the amount', async (way, words) => {
    await renderCustomer(withStep(pay(way)));
    expect(headline()).toBe(words);
    expect(screen.getByTestId('customer-amount').textContent).toBe('$12.72');
    expect(screen.queryByTestId('customer-tip-included')).toBeNull();
  });

  it('says the tip is in the amount', async () => {
    await renderCustomer(withStep(pay('card', 229)));
    expect(screen.getByTestId('customer-amount').textContent).toBe('$15.01');
    expect(screen.getByTestId('customer-tip-included').textContent).toBe('Tip included: $2.29');
  });

  it("draws the pay link's QR code for a phone, and until when it works", async () => {
    const url = 'https://127.0.0.1:8443/pay/0c1d2e3f4a5b6c7d8e9f';
    const expiresAt = new Date(2026, 10, 29, 15, 42).getTime();
    await renderCustomer(
      withStep({ kind: 'pay', amountMinor: 1272, tipMinor: 0, way: 'phone', payLink: { url, expiresAt } }),
    );
    expect(headline()).toBe('Scan the code with your phone\u2019s camera');
    const code = await screen.findByTestId('pay-link-qr');
    expect(code.getAttribute('data-url')).toBe(url);
    expect(code.getAttribute('alt')).toBe('QR code to pay $12.72 on your phone');
    expect(screen.getByTestId('customer-code-expires').textContent).toMatch(/^This code works until 3:42\sPM$/);
  });
});

describe('the surcharge', () => {
  const fee: CustomerStep = {
    kind: 'fee',
    surcharge: {
      amountMinor: 1272,
      feeMinor: 38,
      totalMinor: 1310,
      applies: 'card',
      words: 'A credit card surcharge of $0.38 applies: the total is $13.10.',
    },
  };

  it.each([
    ['Accept', true],
    ['Decline', false],
  ] as const)('says what it is and sends %s', async (button, accept) => {
    const { argsOf } = await renderCustomer(withStep(fee), {
      answers: { 'customerDisplay.answer': () => withStep({ kind: 'working', amountMinor: 1310 }, { seq: 4 }) },
    });
    expect(headline()).toBe('A card surcharge applies');
    expect(screen.getByTestId('customer-fee').textContent).toBe(
      'This card pays a surcharge of $0.38: the total is $13.10.',
    );
    expect(screen.getByText('If you decline, nothing is charged.')).toBeTruthy();
    await click(button);
    expect(argsOf('customerDisplay.answer')).toEqual([{ kind: 'fee', accept }]);
  });
});
