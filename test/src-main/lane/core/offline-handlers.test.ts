import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../../src-main/lane/core/core';
import { createOfflineHandlers } from '../../../../src-main/lane/core/offline-handlers';
import type { OfflineDesk } from '../../../../src-main/lane/offline/offline-desk';
import type { OfflineStatusView } from '../../../../src-main/lane/ipc/contract';
import { ok, testCore } from '../../../support/test-core';

let core: Core;
afterEach(async () => {
  await core.close();
});

const caller = { source: 'bridge:1' };
const status: OfflineStatusView = {
  link: 'offline',
  configured: true,
  enabled: true,
  storedCount: 1,
  storedMinor: 1250,
  oldestStoredAt: 1,
  refusing: null,
  forwarding: false,
  declines: 0,
};

/** A desk that answers `status` and records what it was asked. */
function recordingDesk(): OfflineDesk & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    status: () => (asked.push('status'), status),
    queue: () => (asked.push('queue'), []),
    retry: () => (asked.push('retry'), status),
    switch: (enabled) => (asked.push(`switch ${enabled}`), { ...status, enabled }),
  };
}

describe('the offline commands', () => {
  it('answer the status to anybody (a kiosk has nobody signed in), the queue only to staff', () => {
    ({ core } = testCore());
    const desk = recordingDesk();
    const handlers = createOfflineHandlers(desk, core.session);
    expect(handlers['offline.status']({}, caller)).toEqual(status);
    expect(() => handlers['offline.queue']({}, caller)).toThrow(/sign/i);
    core.session.signIn({ cashierId: '1001', pin: '1234' });
    expect(handlers['offline.queue']({}, caller)).toEqual([]);
    expect(desk.asked).toEqual(['status', 'queue']);
  });

  it('send now and the switch are a manager\u2019s: a cashier without the PIN is refused and the desk is not asked', () => {
    ({ core } = testCore());
    const desk = recordingDesk();
    const handlers = createOfflineHandlers(desk, core.session);
    core.session.signIn({ cashierId: '1001', pin: '1234' });
    expect(() => handlers['offline.retry']({}, caller)).toThrow(/manager/i);
    expect(() => handlers['offline.switch']({ enabled: false }, caller)).toThrow(/manager/i);
    expect(desk.asked).toEqual([]);
    expect(handlers['offline.switch']({ enabled: false, managerPin: '9999' }, caller)).toMatchObject({
      enabled: false,
    });
    expect(handlers['offline.retry']({ managerPin: '9999' }, caller)).toEqual(status);
    expect(desk.asked).toEqual(['switch false', 'retry']);
  });

  it('the switch names a missing `enabled` before anything runs', async () => {
    ({ core } = testCore());
    ok(await core.dispatch('session.signIn', { cashierId: '1001', pin: '1234' }, caller));
    expect(await core.dispatch('offline.switch', { managerPin: '9999' }, caller)).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', field: 'enabled' },
    });
  });
});
