import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerStep, CustomerView } from '../../../src-main/lane/ipc/contract';
import { invalidArgument } from '../support/stub-pos';
import { customerView, renderCustomer, twoLinesOrder } from './render-customer';

afterEach(cleanup);

// jsdom has no layout: the surface measures a 400 x 200 area, and watches it with a ResizeObserver.
beforeEach(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => undefined;
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
    left: 0,
    top: 0,
    width: 400,
    height: 200,
    right: 400,
    bottom: 200,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  HTMLCanvasElement.prototype.setPointerCapture ??= () => undefined;
});

const headline = () => screen.getByTestId('customer-headline').textContent;
const click = async (name: string | RegExp) =>
  act(async () => void fireEvent.click(screen.getByRole('button', { name })));
const withStep = (step: CustomerStep, change: Partial<CustomerView> = {}) =>
  customerView({ order: twoLinesOrder, step, ...change });

describe('the signature', () => {
  const here: CustomerStep = { kind: 'signature', amountMinor: 1501, where: 'here' };

  /** Draws one stroke from (40, 150) through (120, 120) to (200, 160) on the surface. */
  async function sign() {
    const surface = screen.getByTestId('signature-surface');
    await act(async () => {
      fireEvent.pointerDown(surface, { pointerId: 7, pointerType: 'touch', clientX: 40, clientY: 150 });
      fireEvent.pointerMove(surface, { pointerId: 7, pointerType: 'touch', clientX: 120, clientY: 120 });
      fireEvent.pointerMove(surface, { pointerId: 7, pointerType: 'touch', clientX: 200, clientY: 160 });
      fireEvent.pointerUp(surface, { pointerId: 7, pointerType: 'touch', clientX: 200, clientY: 160 });
    });
  }

  it("sends the strokes in the surface's CSS pixels with Done", async () => {
    const { argsOf } = await renderCustomer(withStep(here), {
      answers: { 'signature.submit': () => ({ png: 'data:image/png;base64,', width: 400, height: 200 }) },
    });
    expect(headline()).toBe('Please sign below');
    expect(screen.getByTestId('customer-amount').textContent).toBe('$15.01');
    await sign();
    await click('Done');
    expect(argsOf('signature.submit')).toEqual([
      {
        signature: {
          width: 400,
          height: 200,
          strokes: [
            [
              { x: 40, y: 150 },
              { x: 120, y: 120 },
              { x: 200, y: 160 },
            ],
          ],
        },
      },
    ]);
    expect(screen.getByText(/One moment while your payment is approved\./)).toBeTruthy();
  });

  it('asks for a signature before Done sends anything', async () => {
    const { argsOf } = await renderCustomer(withStep(here));
    await click('Done');
    expect(screen.getByRole('alert').textContent).toBe('Nothing has been signed yet: sign in the box first.');
    expect(argsOf('signature.submit')).toEqual([]);
  });

  it('clears the surface and the capture with Clear, so Done has nothing to send', async () => {
    const { argsOf } = await renderCustomer(withStep(here));
    await sign();
    await click('Clear');
    expect(argsOf('signature.clear')).toEqual([undefined]);
    await click('Done');
    expect(argsOf('signature.submit')).toEqual([]);
  });

  it('starts again when the lane clears the strokes', async () => {
    const { argsOf, emit } = await renderCustomer(withStep(here));
    await sign();
    await act(async () => emit('signature.cleared', {}));
    await click('Done');
    expect(argsOf('signature.submit')).toEqual([]);
  });

  it("shows the lane's refusal, and lets the customer sign again", async () => {
    await renderCustomer(withStep(here), {
      answers: {
        'signature.submit': () => {
          throw invalidArgument('signature', 'The signature is too small: sign across the box.');
        },
      },
    });
    await sign();
    await click('Done');
    expect(screen.getByRole('alert').textContent).toBe('The signature is too small: sign across the box.');
    expect((screen.getByRole('button', { name: 'Done' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('points to the pad where the pad takes the signature', async () => {
    await renderCustomer(withStep({ kind: 'signature', amountMinor: 1501, where: 'pad' }));
    expect(headline()).toBe('Please sign on the signature pad');
    expect(screen.queryByTestId('signature-surface')).toBeNull();
  });
});

describe('the outcome, in the words of what the money did', () => {
  const outcome = (
    kind: (CustomerStep & { kind: 'outcome' })['outcome'],
    approvedMinor: number,
    dueMinor: number | null = null,
  ): CustomerStep => ({ kind: 'outcome', outcome: kind, amountMinor: 1272, approvedMinor, dueMinor });

  it.each([
    [outcome('approved', 1272), 'Approved', true],
    [outcome('partial', 1000, 272), '$10.00 approved; $2.72 is still due: the cashier will take the rest', false],
    [outcome('declined', 0), 'Declined: nothing was charged', false],
    [outcome('unknown', 0), 'We are checking your payment with the bank: please wait for the cashier', false],
    [outcome('retry', 0), 'We are checking your payment with the bank: please wait for the cashier', false],
    [outcome('canceled', 0), 'Payment canceled: nothing was charged', false],
    [outcome('not-charged', 0), 'Not charged: please wait for the cashier', false],
    [outcome('voided', 0), 'Payment stopped: nothing was charged', false],
  ] as const)('%o says %s, thanking the customer only where money moved', async (step, words, thanks) => {
    await renderCustomer(withStep(step));
    expect(headline()).toBe(words);
    expect(screen.queryByTestId('customer-thanks') !== null).toBe(thanks);
    if (!thanks) expect(document.body.textContent).not.toMatch(/thank/i);
  });

  it('says a stored payment is taken and will reach the bank, as the kiosk does', async () => {
    await renderCustomer(withStep(outcome('stored', 0)));
    expect(headline()).toBe(
      'Thank you: your card payment of $12.72 is stored and will be sent to your bank when our connection is back',
    );
    expect(document.body.textContent).not.toMatch(/approved/i);
  });

  it('says what is still due after a decline that follows a paid part', async () => {
    await renderCustomer(withStep(outcome('declined', 0, 500)));
    expect(screen.getByTestId('customer-outcome-detail').textContent).toBe('Still to pay: $5.00');
  });

  it('never thanks the customer while the payment is still working', async () => {
    await renderCustomer(withStep({ kind: 'working', amountMinor: 1272 }));
    expect(headline()).toBe('Processing\u2026 please wait');
    expect(document.body.textContent).not.toMatch(/thank/i);
  });
});

describe('the receipt', () => {
  const receipt: CustomerStep = { kind: 'receipt', channels: ['print', 'email', 'none'] };
  const doneAfter = () => withStep({ kind: 'done', receipt: 'print' }, { seq: 12 });

  it('offers each channel the lane offers', async () => {
    await renderCustomer(withStep({ kind: 'receipt', channels: ['print', 'none'] }));
    expect(headline()).toBe('Would you like a receipt?');
    const names = screen.getAllByRole('button').map((button) => button.textContent);
    expect(names).toContain('Printed receipt');
    expect(names).toContain('No receipt');
    expect(names).not.toContain('Email');
  });

  it.each([
    ['Printed receipt', 'print'],
    ['No receipt', 'none'],
  ] as const)('sends %s', async (button, choice) => {
    const { argsOf } = await renderCustomer(withStep(receipt), { answers: { 'customerDisplay.answer': doneAfter } });
    await click(button);
    expect(argsOf('customerDisplay.answer')).toEqual([{ kind: 'receipt', choice }]);
  });

  async function type(text: string) {
    const keyboard = within(screen.getByRole('group', { name: 'Keyboard' }));
    for (const key of text) await act(async () => void fireEvent.click(keyboard.getByRole('button', { name: key })));
  }

  it("checks a typed address with the kiosk's check before it sends it", async () => {
    const { argsOf } = await renderCustomer(withStep(receipt), { answers: { 'customerDisplay.answer': doneAfter } });
    await click('Email');
    expect(headline()).toBe('Type your email address');
    await type('ana@example');
    await click('Send');
    expect(screen.getByRole('alert').textContent).toBe(
      'That is not an email address: the domain "example" has no dot (such as example.com).',
    );
    expect(argsOf('customerDisplay.answer')).toEqual([]);
    await type('.com');
    await click('Send');
    expect(argsOf('customerDisplay.answer')).toEqual([
      { kind: 'receipt', choice: 'email', address: 'ana@example.com' },
    ]);
  });

  it("shows the lane's refusal under the address", async () => {
    await renderCustomer(withStep(receipt), {
      answers: {
        'customerDisplay.answer': () => {
          throw invalidArgument('address', 'The receipt outbox refused the address: its domain takes no mail.');
        },
      },
    });
    await click('Email');
    await type('ana@example.com');
    await click('Send');
    expect(screen.getByRole('alert').textContent).toBe(
      'The receipt outbox refused the address: its domain takes no mail.',
    );
    expect(screen.getByTestId('customer-typed').textContent).toBe('ana@example.com');
  });

  it.each([
    ['print', 'Please take your receipt.'],
    ['email', 'Your receipt is on its way to your email.'],
    ['none', 'Please take your items. Have a nice day!'],
    [null, 'Please take your items. Have a nice day!'],
  ] as const)('thanks the customer when done, receipt %s', async (choice, words) => {
    await renderCustomer(withStep({ kind: 'done', receipt: choice }));
    expect(headline()).toBe('Thank you');
    expect(screen.getByTestId('customer-done').textContent).toBe(words);
  });
});

describe('around the steps', () => {
  it("says the cashier finished the step, and nothing of the cashier's reason", async () => {
    await renderCustomer(
      withStep(
        { kind: 'pay', amountMinor: 1272, tipMinor: 0, way: 'card', payLink: null },
        { takenBack: { question: 'tip', reason: 'customer in a hurry, asked me to skip' } },
      ),
    );
    expect(screen.getByTestId('customer-taken-back').textContent).toBe('The cashier finished this step');
    expect(document.body.textContent).not.toContain('hurry');
  });

  it('speaks the language of the view, and sends the language the customer chooses', async () => {
    const spanish = withStep({ kind: 'working', amountMinor: 1272 }, { seq: 3, language: 'es' });
    const { argsOf } = await renderCustomer(withStep({ kind: 'working', amountMinor: 1272 }), {
      answers: { 'customerDisplay.answer': () => spanish },
    });
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    await click('Espa\u00f1ol');
    expect(argsOf('customerDisplay.answer')).toEqual([{ kind: 'language', language: 'es' }]);
    expect(headline()).toBe('Procesando\u2026 espere, por favor');
    expect(screen.getByText('Sus art\u00edculos')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Espa\u00f1ol' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('offers no language choice where the display speaks one', async () => {
    await renderCustomer(customerView({ languages: ['en'] }));
    expect(screen.queryByRole('group', { name: 'Language' })).toBeNull();
  });

  it('shows the training ribbon in training only', async () => {
    await renderCustomer(customerView({ training: true }));
    expect(screen.getByTestId('customer-training').textContent).toBe('Training: no real money moves');
    cleanup();
    await renderCustomer(customerView());
    expect(screen.queryByTestId('customer-training')).toBeNull();
  });
});
