import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bootCore } from '../../../../src-main/lane/core/boot';
import type { Core } from '../../../../src-main/lane/core/core';
import { createFileSecretStore } from '../../../../src-main/lane/config/secrets';
import { Journal } from '../../../../src-main/lane/journal/journal';
import { laneTraining } from '../../../../src-main/shells/training/lane-training';
import { collectingLogger, until } from '../../../support/test-core';
import { FakeHub } from '../hub/fake-hub';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function boot(home: string): Core {
  const { logger } = collectingLogger();
  const { core } = bootCore({ training: laneTraining, shell: 'browser', env: { LANEPOINT_HOME: home }, logger });
  cleanups.push(() => core.close());
  return core;
}

describe('the lane and its store hub', () => {
  it('reports to the hub once a url, a lane id and the key are there: device status first, then connected', async () => {
    const hub = new FakeHub('lane-3f9k2c', 'A'.repeat(43));
    await hub.start();
    cleanups.push(() => hub.stop());
    const home = mkdtempSync(join(tmpdir(), 'lane-hub-'));
    writeFileSync(join(home, 'settings.json'), JSON.stringify({ hub: { url: hub.url, laneId: hub.laneId } }));
    await createFileSecretStore(home).set('hub.key', hub.key);
    const core = boot(home);
    const seen: unknown[] = [];
    core.events.subscribe((name, payload) => {
      if (name === 'hub.status') seen.push(payload);
    });
    await until(() => core.hub.status()?.state === 'connected');
    expect(hub.events[0]).toMatchObject({
      seq: 1,
      kind: 'device.status',
      body: { softwareVersion: expect.any(String) },
    });
    expect(seen.at(-1)).toMatchObject({ state: 'connected', behind: 0 });
  });

  it('runs nothing without a hub, and keeps a week of unread outbox events', async () => {
    const home = mkdtempSync(join(tmpdir(), 'lane-hub-'));
    const first = boot(home);
    await first.close();
    cleanups.pop();
    const journal = Journal.open(join(home, 'training-journal.sqlite'), {
      clock: { now: () => 0 },
      terminalId: 'LANE-01',
    });
    journal.hub.append('settings.applied', { version: 1 }); // written long ago
    journal.close();
    const core = boot(home);
    expect(core.hub.status()).toBeNull();
    await core.close();
    cleanups.pop();
    const after = Journal.open(join(home, 'training-journal.sqlite'), {
      clock: { now: () => 0 },
      terminalId: 'LANE-01',
    });
    expect(after.hub.pending()).toBe(0);
    after.close();
  });
});
