import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  CommandName,
  JournalEntryView,
  SaleSummary,
  StoredCardsView,
} from '../../../../src-main/lane/ipc/contract';
import { renderHistory } from '../../support/render-counter';
import { approvedSale, completedSale } from '../../support/sale-answers';
import { StubRefusal, type StubAnswer } from '../../support/stub-pos';

afterEach(cleanup);

const profileId = '12345678901234567890';
const cards: StoredCardsView = {
  hasProfile: true,
  profileId,
  cards: [
    { acctid: '1', maskedPan: '****1443', brand: 'Visa', isDefault: true },
    { acctid: '2', maskedPan: '****5454', brand: 'Mastercard', isDefault: false },
  ],
};

const charged = (args: unknown): SaleSummary => {
  const { amountMinor, initiated } = args as { amountMinor: number; initiated: 'customer' | 'scheduled' };
  return {
    ...approvedSale,
    tender: 'profile',
    entryMode: 'profile',
    requestedMinor: amountMinor,
    approvedMinor: amountMinor,
    signatureRequired: false,
    receiptPng: null,
    cardOnFile:
      initiated === 'scheduled'
        ? { kind: 'scheduled', words: 'Card on file: scheduled payment the customer agreed to (merchant-initiated)' }
        : { kind: 'customer', words: 'Card on file: charged at the customer\u2019s request (customer-initiated)' },
  };
};

async function openCharge(answers: Partial<Record<CommandName, StubAnswer>>, acctid = '2') {
  const sale: JournalEntryView = completedSale;
  const rendered = await renderHistory([sale], { 'terminal.storedCards': () => cards, ...answers });
  await act(async () => void fireEvent.click(screen.getByRole('button', { name: `Open order ${sale.orderId}` })));
  await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Stored cards' })));
  await act(async () => void fireEvent.click(screen.getByRole('button', { name: `Charge card ${acctid}` })));
  return { ...rendered, dialog: screen.getByRole('dialog', { name: /Charge the card on file/ }) };
}

describe('charging a stored card from History (ADR 089)', () => {
  it('asks the amount and who starts it, charges that card with the scheduled flag, and says which kind it was', async () => {
    const { calls, dialog } = await openCharge({ 'terminal.profileSale': charged });
    expect(dialog.textContent).toContain('Mastercard ****5454');
    fireEvent.change(within(dialog).getByLabelText('Amount to charge'), { target: { value: '9.00' } });
    // Nothing is assumed: without a choice of who starts it, nothing is sent.
    await act(async () => void fireEvent.submit(dialog));
    expect(within(dialog).getByTestId('stored-charge-error').textContent).toMatch(/Choose who starts this charge/);
    expect(calls.filter(([name]) => name === 'terminal.profileSale')).toEqual([]);
    await act(async () => void fireEvent.click(within(dialog).getByRole('radio', { name: /Scheduled payment/ })));
    await act(async () => void fireEvent.click(within(dialog).getByTestId('stored-charge-submit')));
    expect(calls.filter(([name]) => name === 'terminal.profileSale')).toEqual([
      ['terminal.profileSale', { amountMinor: 900, profile: `${profileId}/2`, initiated: 'scheduled' }],
    ]);
    expect(within(dialog).getByTestId('stored-charge-headline').textContent).toBe(
      'Approved: $9.00 charged to the card on file.',
    );
    expect(within(dialog).getByTestId('stored-charge-kind').textContent).toMatch(/scheduled payment/);
    // The charge was the whole of that customer's sale: the lane is left ready for the next.
    expect(calls.map(([name]) => name)).toContain('terminal.newSale');
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: /Done/ })));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a customer-initiated charge sends that, and a refusal stays in the dialog', async () => {
    let refuse = true;
    const { calls, dialog } = await openCharge(
      {
        'terminal.profileSale': (args) => {
          if (refuse) throw new StubRefusal({ code: 'forbidden', message: 'Sign in first to charge a stored card.' });
          return charged(args);
        },
      },
      '1',
    );
    fireEvent.change(within(dialog).getByLabelText('Amount to charge'), { target: { value: '12' } });
    await act(async () => void fireEvent.click(within(dialog).getByRole('radio', { name: /Customer-initiated/ })));
    await act(async () => void fireEvent.submit(dialog));
    expect(within(dialog).getByTestId('stored-charge-error').textContent).toMatch(/Sign in first/);
    refuse = false;
    await act(async () => void fireEvent.submit(dialog));
    expect(calls.filter(([name]) => name === 'terminal.profileSale').at(-1)).toEqual([
      'terminal.profileSale',
      { amountMinor: 1200, profile: `${profileId}/1`, initiated: 'customer' },
    ]);
    expect(within(dialog).getByTestId('stored-charge-kind').textContent).toMatch(/customer-initiated/);
  });

  it('offers no charge when the lane did not say which profile the cards are in', async () => {
    const { profileId: _id, ...withoutProfile } = cards;
    const sale: JournalEntryView = completedSale;
    await renderHistory([sale], { 'terminal.storedCards': () => withoutProfile });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: `Open order ${sale.orderId}` })));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Stored cards' })));
    expect(screen.queryByRole('button', { name: /Charge card/ })).toBeNull();
  });
});
