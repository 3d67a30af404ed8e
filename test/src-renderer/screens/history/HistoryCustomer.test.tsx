import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  CommandName,
  JournalEntryView,
  SignatureSession,
  StoredCardsView,
} from '../../../../src-main/lane/ipc/contract';
import { renderHistory } from '../../support/render-counter';
import { completedSale } from '../../support/sale-answers';
import { managerNeeded, type StubAnswer } from '../../support/stub-pos';

afterEach(cleanup);
// jsdom has no layout: the signature screen's canvas watches its size with a ResizeObserver.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

// A sale paid with a stored card: the customer's profile is what this screen is about.
const sale: JournalEntryView = {
  ...completedSale,
  maskedPan: '****1443',
  entryMode: 'profile',
  money: { ...completedSale.money!, tender: 'profile' },
};
const twoCards: StoredCardsView = {
  hasProfile: true,
  cards: [
    { acctid: '1', maskedPan: '****1443', brand: 'Visa', isDefault: true },
    { acctid: '2', maskedPan: '****5454', brand: 'Mastercard', isDefault: false },
  ],
};

async function openOrder(answers: Partial<Record<CommandName, StubAnswer>>) {
  const rendered = await renderHistory([sale], answers);
  await act(async () => void fireEvent.click(screen.getByRole('button', { name: `Open order ${sale.orderId}` })));
  return rendered;
}

describe('the customer of a sale on History', () => {
  it('shows the stored cards masked, and asks a manager before deleting one', async () => {
    const pins: Array<string | undefined> = [];
    const { calls } = await openOrder({
      'terminal.storedCards': () => twoCards,
      'terminal.deleteStoredCard': (args) => {
        const { managerPin } = args as { managerPin?: string };
        pins.push(managerPin);
        if (managerPin !== '9999') throw managerNeeded('delete a customer\u2019s stored card');
        return { hasProfile: true, cards: [twoCards.cards[0]!] };
      },
    });
    const panel = screen.getByTestId('order-customer');
    await act(async () => void fireEvent.click(within(panel).getByRole('button', { name: 'Stored cards' })));
    expect(calls.find(([name]) => name === 'terminal.storedCards')?.[1]).toEqual({ orderId: sale.orderId });
    const list = within(panel).getByRole('list', { name: 'Stored cards' });
    expect(list.textContent).toContain('Visa ****1443 (default)');
    expect(list.textContent).toContain('Mastercard ****5454');
    await act(async () => void fireEvent.click(within(panel).getByRole('button', { name: 'Delete card 2' })));
    const dialog = screen.getByRole('dialog', { name: 'Manager approval' });
    fireEvent.change(within(dialog).getByLabelText('Manager PIN'), { target: { value: '9999' } });
    await act(async () => void fireEvent.submit(dialog));
    expect(pins).toEqual([undefined, '9999']);
    expect(within(panel).getByRole('list', { name: 'Stored cards' }).textContent).not.toContain('5454');
  });

  it('says so when the sale stored no card', async () => {
    await openOrder({ 'terminal.storedCards': () => ({ hasProfile: false, cards: [] }) });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Stored cards' })));
    expect(screen.getByText('The customer has no stored cards from this sale.')).toBeTruthy();
  });

  it('Add signature captures on the screen and sends it once accepted; a canceled capture sends nothing', async () => {
    const { calls, emit } = await openOrder({ 'terminal.addSignature': () => ({ saved: true, reason: null }) });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Add signature' })));
    expect(calls.find(([name]) => name === 'signature.begin')?.[1]).toEqual({ source: 'screen' });
    const session = (state: SignatureSession['state']): SignatureSession => ({
      state,
      source: 'screen',
      deviceId: null,
      extent: null,
      emulated: false,
      result: null,
    });
    await act(async () => void emit('signature.session', session('accepted')));
    expect(calls.filter(([name]) => name === 'terminal.addSignature')).toEqual([
      ['terminal.addSignature', { orderId: sale.orderId }],
    ]);
    await act(async () => void emit('signature.session', session('idle')));
    expect(screen.getByText('The signature was added to the sale at the gateway.')).toBeTruthy();
    // Again, canceled this time: nothing is sent.
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Add signature' })));
    await act(async () => void emit('signature.session', session('idle')));
    await act(async () => void emit('signature.session', session('accepted')));
    expect(calls.filter(([name]) => name === 'terminal.addSignature')).toHaveLength(1);
  });
});
