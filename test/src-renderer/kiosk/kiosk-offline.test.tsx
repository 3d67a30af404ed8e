import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentSale, SaleSummary } from '../../../src-main/lane/ipc/contract';
import { basket, kioskState, line, renderKiosk } from '../support/render-kiosk';
import { offlineStatus } from '../support/offline-answers';
import { approvedSale } from '../support/sale-answers';
import { onlineStatus } from '../support/stub-pos';

afterEach(cleanup);

const items = [line('bread'), line('apple', 4)];
const bannerText = () => screen.queryByTestId('kiosk-offline-banner')?.textContent ?? null;

describe('the kiosk\u2019s offline banner, in the customer\u2019s words', () => {
  it('says card payments are stored and sent later, with no counts or amounts', async () => {
    await renderKiosk(kioskState({ step: 'basket', basket: basket(items) }), {
      answers: { 'offline.status': () => offlineStatus() },
    });
    expect(bannerText()).toBe('Card payments are being stored and sent later');
    expect(bannerText()).not.toMatch(/\$|stored \(|oldest/);
  });

  it.each([
    ['a limit reached', offlineStatus({ refusing: 'limit reached' })],
    ['offline payments switched off', offlineStatus({ enabled: false })],
  ])('with %s, says cards are not available and to ask staff, never to pay cash', async (_case, status) => {
    await renderKiosk(kioskState({ step: 'basket', basket: basket(items) }), {
      answers: { 'offline.status': () => status },
    });
    expect(bannerText()).toBe('Card payments are not available right now; please ask a member of staff');
    expect(screen.getByTestId('kiosk-offline-banner').getAttribute('role')).toBe('alert');
    expect(document.body.textContent).not.toMatch(/cash/i);
  });

  it('shows no banner while the gateway answers, and follows the offline.status event', async () => {
    const { emit } = await renderKiosk(kioskState({ step: 'basket', basket: basket(items) }));
    expect(bannerText()).toBeNull();
    await act(async () => emit('offline.status', offlineStatus()));
    expect(bannerText()).toBe('Card payments are being stored and sent later');
    await act(async () => emit('offline.status', onlineStatus));
    expect(bannerText()).toBeNull();
  });
});

describe('a kiosk payment stored offline', () => {
  it('thanks the customer and says it will be sent, never that it was approved', async () => {
    const stored: SaleSummary = { ...approvedSale, outcome: 'stored', requestedMinor: 800, approvedMinor: 0 };
    const current: CurrentSale = {
      amountMinor: 800,
      tender: 'sale',
      entry: 'card',
      tipMinor: 0,
      cart: null,
      running: false,
      results: [stored],
      dueMinor: null,
      totalMinor: null,
      cash: [],
      restTakenOutsideMinor: null,
      problem: null,
      payLink: null,
    };
    const { emit } = await renderKiosk(kioskState({ step: 'basket', basket: basket(items) }));
    await act(async () => emit('terminal.state', { phase: 'done', since: 1, detail: 'Done', sale: current }));
    const headline = screen.getByTestId('kiosk-outcome').textContent ?? '';
    expect(headline).toBe(
      'Thank you: your card payment of $8.00 is stored and will be sent to your bank when our connection is back',
    );
    expect(headline).not.toMatch(/approved/i);
  });
});
