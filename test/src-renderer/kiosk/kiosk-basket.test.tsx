import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { basket, kioskState, line, renderKiosk } from '../support/render-kiosk';

afterEach(cleanup);

const inBasket = kioskState({ step: 'basket', basket: basket([line('apple', 2), line('bread')]) });

describe('the kiosk welcome', () => {
  it('starts the visit with a touch anywhere, in the store’s language, with no language choice for one language', async () => {
    const { calls } = await renderKiosk(kioskState(), {
      answers: { 'kiosk.start': () => kioskState({ step: 'basket' }) },
    });
    expect(screen.getByTestId('kiosk-headline').textContent).toBe('Welcome');
    expect(screen.queryByRole('group', { name: 'Language' })).toBeNull();
    await act(async () => void fireEvent.click(screen.getByTestId('kiosk-welcome')));
    expect(calls.filter(([name]) => name === 'kiosk.start')).toHaveLength(1);
    expect(screen.getByTestId('kiosk-headline').textContent).toBe('Your items');
    expect(screen.getByText('Scan an item, or choose one from the list.')).toBeTruthy();
  });

  it('offers the store’s languages, and Spanish speaks Spanish', async () => {
    await renderKiosk(kioskState({ languages: ['en', 'es'] }));
    const choice = screen.getByRole('group', { name: 'Language' });
    await act(async () => void fireEvent.click(within(choice).getByRole('button', { name: 'Español' })));
    expect(screen.getByTestId('kiosk-headline').textContent).toBe('Bienvenido');
    expect(screen.getByRole('button', { name: 'Empezar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ayuda' })).toBeTruthy();
  });

  it('starts the visit with a scan: the main process reads the scanner and the screen follows its basket', async () => {
    const { emit, calls } = await renderKiosk(kioskState());
    await act(async () => emit('kiosk.state', kioskState({ step: 'basket', basket: basket([line('apple')]) })));
    expect(screen.getByTestId('kiosk-headline').textContent).toBe('Your items');
    expect(screen.getAllByTestId('basket-line').map((row) => row.textContent)).toEqual(['Apple\u22121+$1.00\u00d7']);
    // The page itself sends nothing: the scan was the main process's.
    expect(calls.filter(([name]) => name === 'kiosk.scan' || name === 'kiosk.start')).toEqual([]);
  });
});

describe('the kiosk basket', () => {
  it('lists the lines with their sums always in view', async () => {
    await renderKiosk(inBasket);
    expect(screen.getAllByTestId('basket-line')).toHaveLength(2);
    expect(screen.getByTestId('basket-subtotal').textContent).toBe('$5.50');
    expect(screen.getByTestId('basket-tax').textContent).toBe('$0.46');
    expect(screen.getByTestId('basket-total').textContent).toBe('$5.96');
    expect(screen.getByRole('button', { name: 'Pay $5.96 by card' })).toBeTruthy();
  });

  it('two quick taps on + before the basket comes back ask for two more, not the same one twice', async () => {
    // The main process answers late, as on a busy kiosk: both taps land before the first answer.
    const answers: Array<() => void> = [];
    const { calls } = await renderKiosk(inBasket, {
      answers: {
        'kiosk.setQuantity': () => new Promise((resolve) => answers.push(() => resolve(inBasket))),
      },
    });
    const more = screen.getByRole('button', { name: 'One more Apple' });
    await act(async () => void fireEvent.click(more));
    await act(async () => void fireEvent.click(more));
    await act(async () => answers.splice(0).forEach((answer) => answer()));
    const asked = calls.filter(([name]) => name === 'kiosk.setQuantity').map(([, args]) => args);
    const apple = inBasket.basket!.lines.find((row) => row.itemId === 'apple')!;
    expect(asked).toEqual([
      { itemId: 'apple', quantity: apple.quantity + 1 },
      { itemId: 'apple', quantity: apple.quantity + 2 },
    ]);
  });

  it('changes quantities, removes a line and adds from the catalogue by category', async () => {
    const { calls } = await renderKiosk(inBasket, {
      answers: { 'kiosk.setQuantity': () => inBasket, 'kiosk.add': () => inBasket },
    });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'One more Apple' })));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'One less Apple' })));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Remove Bread' })));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Bakery' })));
    expect(screen.queryByTestId('tile-apple')).toBeNull();
    await act(async () => void fireEvent.click(screen.getByTestId('tile-bun')));
    expect(
      calls.filter(([name]) => name === 'kiosk.setQuantity' || name === 'kiosk.add').map(([, args]) => args),
    ).toEqual([
      { itemId: 'apple', quantity: 3 },
      { itemId: 'apple', quantity: 1 },
      { itemId: 'bread', quantity: 0 },
      { itemId: 'bun', quantity: 1 },
    ]);
  });

  it('never holds Tab or the arrows, however fast they come (a keypad moves the focus with them)', async () => {
    await renderKiosk(inBasket);
    const button = screen.getByRole('button', { name: 'Pay $5.96 by card' });
    for (const key of ['Tab', 'Tab', 'ArrowDown', 'Tab'])
      expect(fireEvent.keyDown(button, { key })).toBe(key === 'Tab');
  });

  it('says what the scanner read that the store does not sell, in the customer’s words', async () => {
    await renderKiosk({ ...inBasket, scanProblem: 'No item has barcode 123 in the catalogue.' });
    expect(screen.getByTestId('kiosk-notice').textContent).toBe(
      'We could not find that item. Please choose it from the list or ask for help.',
    );
  });

  it('after a partial payment shows what was paid and what is still owed, and the lines are fixed', async () => {
    await renderKiosk(kioskState({ step: 'basket', basket: basket([line('apple', 2), line('bread')], 500) }));
    expect(screen.getByTestId('basket-paid').textContent).toBe('$5.00');
    expect(screen.getByTestId('basket-due').textContent).toBe('$0.96');
    expect((screen.getByRole('button', { name: 'Remove Bread' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('cancelling the order', () => {
  const partlyPaid = kioskState({ step: 'basket', basket: basket([line('apple', 2), line('bread')], 500) });
  const abandons = (calls: ReadonlyArray<readonly [string, unknown]>) =>
    calls.filter(([name]) => name === 'kiosk.abandon').map(([, args]) => args);

  it('with nothing paid, clears the basket at once', async () => {
    const { calls } = await renderKiosk(inBasket, { answers: { 'kiosk.abandon': () => kioskState() } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Cancel my order' })));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(abandons(calls)).toEqual([{ reason: 'customer' }]);
  });

  it('once part is paid, first says the payment goes back to the card, and No keeps the order', async () => {
    const { calls } = await renderKiosk(partlyPaid, { answers: { 'kiosk.abandon': () => kioskState() } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Cancel my order' })));
    const question = screen.getByRole('alertdialog', { name: 'Cancel your order?' });
    expect(screen.getByTestId('cancel-order-money').textContent).toBe(
      'Your payment of $5.00 will be returned to the card or phone you paid with.',
    );
    // The safe answer has the focus: an Enter pressed by mistake keeps the order.
    expect(document.activeElement?.textContent).toBe('No, keep my order');
    await act(async () => void fireEvent.click(within(question).getByRole('button', { name: 'No, keep my order' })));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(abandons(calls)).toEqual([]);

    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Cancel my order' })));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel my order' })));
    expect(abandons(calls)).toEqual([{ reason: 'customer' }]);
  });

  it('asks in Spanish for a customer who reads Spanish', async () => {
    await renderKiosk({ ...partlyPaid, languages: ['es', 'en'] });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Cancelar mi compra' })));
    expect(screen.getByRole('alertdialog', { name: '\u00bfCancelar su compra?' })).toBeTruthy();
    expect(screen.getByTestId('cancel-order-money').textContent).toBe(
      'Le devolveremos su pago de $5.00 a la tarjeta o al tel\u00e9fono con el que pag\u00f3.',
    );
    expect(screen.getByRole('button', { name: 'S\u00ed, cancelar mi compra' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'No, seguir con mi compra' })).toBeTruthy();
  });
});
