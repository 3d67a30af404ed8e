import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderCounter } from '../support/render-counter';
import { offlineStatus } from '../support/offline-answers';
import { onlineStatus } from '../support/stub-pos';

afterEach(cleanup);

const bannerText = () => screen.queryByTestId('offline-banner')?.textContent ?? null;

describe('the counter\u2019s offline banner', () => {
  it('reads offline.status at load: how many are stored, how much, the oldest as local time', async () => {
    const { calls } = await renderCounter({ answers: { 'offline.status': () => offlineStatus() } });
    expect(calls.some(([name]) => name === 'offline.status')).toBe(true);
    expect(bannerText()).toBe(
      'Offline: 3 payments stored ($42.50), oldest 10:14. Cards are stored and sent when the gateway is back.',
    );
    expect(screen.getByTestId('offline-banner').getAttribute('role')).toBe('status');
  });

  it('says a limit is reached in the core\u2019s words and sends the cashier to another tender', async () => {
    // The words offline/policy.ts `refusing` gives when the count is reached, as offline.status carries them.
    const refusing = 'Offline: limit reached (20 stored). Take cash or another tender.';
    await renderCounter({
      answers: { 'offline.status': () => offlineStatus({ storedCount: 20, refusing }) },
    });
    expect(bannerText()).toBe('Offline: limit reached (20 stored). Take cash or another tender.');
    expect(screen.getByTestId('offline-banner').getAttribute('role')).toBe('alert');
  });

  it('with offline payments switched off, says cards cannot be taken and sends the cashier to another tender', async () => {
    await renderCounter({
      answers: { 'offline.status': () => offlineStatus({ enabled: false, storedCount: 0, storedMinor: 0 }) },
    });
    expect(bannerText()).toBe(
      'Offline: card payments cannot be taken until the gateway is back (no payments stored yet). Take cash or another tender.',
    );
  });

  it('shows no banner while the gateway answers, even with payments still being sent', async () => {
    await renderCounter({
      answers: { 'offline.status': () => ({ ...onlineStatus, storedCount: 2, storedMinor: 900, forwarding: true }) },
    });
    expect(bannerText()).toBeNull();
  });

  it('follows the offline.status event: appears when the link drops, counts a stored payment, goes when it is back', async () => {
    const { emit } = await renderCounter();
    expect(bannerText()).toBeNull();
    await act(async () =>
      emit('offline.status', offlineStatus({ storedCount: 0, storedMinor: 0, oldestStoredAt: null })),
    );
    expect(bannerText()).toBe('Offline: no payments stored yet. Cards are stored and sent when the gateway is back.');
    await act(async () => emit('offline.status', offlineStatus({ storedCount: 1, storedMinor: 1250 })));
    expect(bannerText()).toMatch(/^Offline: 1 payment stored \(\$12\.50\), oldest 10:14\./);
    await act(async () => emit('offline.status', { ...onlineStatus, storedCount: 1, storedMinor: 1250 }));
    expect(bannerText()).toBeNull();
  });

  it('shows no banner when the lane cannot answer the status', async () => {
    await renderCounter({
      answers: {
        'offline.status': () => {
          throw new Error('no offline desk');
        },
      },
    }).catch(() => undefined);
    expect(bannerText()).toBeNull();
  });
});
