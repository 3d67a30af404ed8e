import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderCounter } from '../support/render-counter';
import type { HubStatusView } from '../../../src-main/lane/ipc/contract';

afterEach(cleanup);

const hubText = () => screen.queryByTestId('hub-status')?.textContent ?? null;
const status = (over: Partial<HubStatusView>): HubStatusView => ({
  state: 'connected',
  behind: 0,
  lastAckAt: null,
  since: null,
  reason: null,
  ...over,
});

describe('the status bar\u2019s store hub words', () => {
  it('shows nothing when no hub is configured', async () => {
    const { calls } = await renderCounter();
    expect(calls.some(([name]) => name === 'hub.status')).toBe(true);
    expect(hubText()).toBeNull();
  });

  it('reads hub.status at load and follows its event: connected, behind, unreachable since, refused', async () => {
    const { emit } = await renderCounter({ answers: { 'hub.status': () => status({}) } });
    expect(hubText()).toBe('Hub connected');
    await act(async () => emit('hub.status', status({ state: 'behind', behind: 12 })));
    expect(hubText()).toBe('Hub: 12 events behind');
    const since = new Date(2026, 10, 28, 14, 2).getTime();
    await act(async () =>
      emit('hub.status', status({ state: 'unreachable', behind: 12, since, reason: 'ECONNREFUSED' })),
    );
    expect(hubText()).toBe('Hub unreachable since 14:02');
    await act(async () =>
      emit('hub.status', status({ state: 'refused', since, reason: "the hub refused this lane's key" })),
    );
    expect(hubText()).toBe('Hub refused this lane');
    expect(screen.getByTestId('hub-status').getAttribute('title')).toBe("the hub refused this lane's key");
  });
});
