import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecoveryFinding } from '../../../../src-main/lane/ipc/contract';
import { renderCounter } from '../../support/render-counter';
import { offlineStatus, storedPayment, tenFourteen } from '../../support/offline-answers';
import { managerNeeded, onlineStatus, type StubAnswer } from '../../support/stub-pos';

afterEach(cleanup);

const queue = [
  storedPayment(),
  storedPayment({
    entryId: 8,
    amountMinor: 3000,
    maskedPan: '541333******4111',
    brand: 'Mastercard',
    entryMode: 'contactless',
    attempts: 2,
    state: 'declined',
  }),
];

/** The counter on End of day (Alt+3), the lane offline with `queue` stored. */
async function offlineDay(answers: Record<string, StubAnswer> = {}) {
  const rendered = await renderCounter({
    answers: { 'offline.status': () => offlineStatus(), 'offline.queue': () => queue, ...answers },
  });
  await act(async () => void fireEvent.keyDown(window, { key: '3', altKey: true }));
  return rendered;
}

const typePin = (pin: string) => fireEvent.change(screen.getByTestId('offline-pin'), { target: { value: pin } });
const press = (name: string) => act(async () => void fireEvent.click(screen.getByRole('button', { name })));

describe('the Offline payments panel on the End of day screen', () => {
  it('lists each stored payment: amount, masked card, brand, how it was read, when, tries, state', async () => {
    await offlineDay();
    const panel = screen.getByTestId('offline-panel');
    expect(within(panel).getByTestId('offline-status').textContent).toMatch(/^Offline: 3 payments stored \(\$42\.50\)/);
    const rows = [...screen.getByTestId('offline-queue').querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['$12.50', '476173******0119', 'Visa', 'Chip', '10:14', '0', 'Stored, waiting to be sent'],
      ['$30.00', '541333******4111', 'Mastercard', 'Tapped', '10:14', '2', 'Declined when sent'],
    ]);
    expect(panel.textContent).not.toMatch(/4761730000000119/);
  });

  it('Send now sends offline.retry with the manager\u2019s PIN and shows what the core answered', async () => {
    const { calls } = await offlineDay({
      'offline.retry': () => ({ ...onlineStatus, storedCount: 3, storedMinor: 4250, forwarding: true }),
    });
    typePin('4321');
    await press('Send now');
    expect(calls.filter(([name]) => name === 'offline.retry')).toEqual([['offline.retry', { managerPin: '4321' }]]);
    expect(screen.getByTestId('offline-status').textContent).toBe(
      'The gateway answers; 3 stored ($42.50) being sent now.',
    );
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('Stop taking offline payments sends offline.switch off with the PIN; the button then offers them again', async () => {
    const { calls } = await offlineDay({
      'offline.switch': (args) => offlineStatus({ enabled: (args as { enabled: boolean }).enabled }),
    });
    typePin('4321');
    await press('Stop taking offline payments');
    expect(calls.filter(([name]) => name === 'offline.switch').at(-1)).toEqual([
      'offline.switch',
      { enabled: false, managerPin: '4321' },
    ]);
    expect(screen.getByTestId('offline-banner').textContent).toMatch(/Take cash or another tender\.$/);
    await press('Take offline payments again');
    expect(calls.filter(([name]) => name === 'offline.switch').at(-1)).toEqual([
      'offline.switch',
      { enabled: true, managerPin: '4321' },
    ]);
  });

  it('without a PIN the core\u2019s refusal is shown in words and nothing changes', async () => {
    const { calls } = await offlineDay({
      'offline.retry': () => {
        throw managerNeeded('send the offline payments now');
      },
    });
    await press('Send now');
    expect(calls.filter(([name]) => name === 'offline.retry')).toEqual([['offline.retry', {}]]);
    expect(screen.getByTestId('offline-error').textContent).toBe(
      'A manager approves this: send the offline payments now needs a manager\u2019s PIN.',
    );
    expect(screen.getByTestId('offline-status').textContent).toMatch(/^Offline: 3 payments stored/);
  });

  it('shows nothing when the lane never answered the status', async () => {
    await offlineDay({
      'offline.status': () => {
        throw new Error('no offline desk');
      },
    });
    expect(screen.queryByTestId('offline-panel')).toBeNull();
  });

  it('shows nothing on a lane not set up for offline payments with nothing stored; shows what one still holds', async () => {
    const notSetUp = { ...onlineStatus, configured: false, enabled: false };
    await offlineDay({ 'offline.status': () => notSetUp, 'offline.queue': () => [] });
    expect(screen.queryByTestId('offline-panel')).toBeNull();
    cleanup();
    await offlineDay({ 'offline.status': () => ({ ...notSetUp, storedCount: 1, storedMinor: 1250 }) });
    expect(screen.getByTestId('offline-panel')).toBeTruthy();
  });
});

describe('an offline decline found when sending', () => {
  const declined: RecoveryFinding = {
    entryId: 8,
    operation: 'auth',
    orderId: 'LANE07-261128-00008',
    amountMinor: 3000,
    maskedPan: '541333******4111',
    source: 'background',
    foundAt: tenFourteen + 3_600_000,
    outcome: 'offline-declined',
    authcode: null,
    retref: null,
    message: 'Offline payment of $30.00 stored at 10:14 on Mastercard ending 4111 was declined by the issuer.',
    receipt: false,
  };

  it('tells the manager amount, card and what to do, never as "settled while nobody was watching", until acknowledged', async () => {
    let findings = [declined];
    const { calls } = await renderCounter({
      answers: {
        'terminal.findings': () => findings,
        'terminal.acknowledgeFinding': () => (findings = []),
      },
    });
    const dialog = screen.getByTestId('recovery-findings');
    expect(dialog.querySelector('h2')?.textContent).toBe('A card payment taken offline was declined when it was sent');
    const item = within(dialog).getByTestId('recovery-finding');
    expect(item.getAttribute('data-outcome')).toBe('offline-declined');
    expect(item.textContent).toContain('Offline sale $30.00 on card \u2022\u2022\u2022\u20224111');
    expect(item.textContent).toContain('declined by the card\u2019s issuer when it was sent');
    expect(item.textContent).toContain('Mastercard ending 4111');
    expect(item.textContent).toContain('a manager calls the customer or writes the sale off');
    expect(dialog.textContent).not.toMatch(/nobody was watching/);
    await act(async () => void fireEvent.click(within(item).getByRole('button', { name: 'Seen: done' })));
    expect(calls).toContainEqual(['terminal.acknowledgeFinding', { entryId: 8 }]);
    expect(screen.queryByTestId('recovery-findings')).toBeNull();
  });

  it('a cashier gives a manager\u2019s PIN with Seen: the core\u2019s refusal without one is shown in words', async () => {
    let findings = [declined];
    const { calls } = await renderCounter({
      answers: {
        'terminal.findings': () => findings,
        'terminal.acknowledgeFinding': (args) => {
          if ((args as { managerPin?: string }).managerPin !== '9999')
            throw managerNeeded('acknowledge an offline decline');
          return (findings = []);
        },
      },
    });
    const item = within(screen.getByTestId('recovery-findings')).getByTestId('recovery-finding');
    await act(async () => void fireEvent.click(within(item).getByRole('button', { name: 'Seen: done' })));
    expect(screen.getByTestId('recovery-findings').textContent).toMatch(/acknowledge an offline decline/);
    fireEvent.change(within(item).getByTestId('finding-manager-pin'), { target: { value: '9999' } });
    await act(async () => void fireEvent.click(within(item).getByRole('button', { name: 'Seen: done' })));
    expect(calls).toContainEqual(['terminal.acknowledgeFinding', { entryId: 8, managerPin: '9999' }]);
    expect(screen.queryByTestId('recovery-findings')).toBeNull();
  });
});
