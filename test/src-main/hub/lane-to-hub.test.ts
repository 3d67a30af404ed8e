import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSettings } from '../../../src-main/lane/config/settings';
import { startHubSender } from '../../../src-main/lane/hub/hub-sender';
import { settingsPollMs, startSettingsPull } from '../../../src-main/lane/hub/settings-pull';
import { applySettingsPush } from '../../../src-main/lane/hub/settings-push';
import { Journal } from '../../../src-main/lane/journal/journal';
import { startHubServer } from '../../../src-main/hub/server';
import { adminKeyOf } from '../../../src-main/hub/lane-keys';
import { createOutboundSender } from '../../../src-main/platform/http/outbound';
import { createLogger } from '../../../src-main/platform/log/logger';
import {
  adminKey,
  embeddedEngine,
  newLane,
  postgresEngine,
  startTestHub,
  type TestHub,
} from '../../support/hub-harness';
import { until } from '../../support/until';

// The lane's real outbox, sender and settings pull against the real hub (both engines): what the
// unit tests of each side check against the contract, checked here across the wire they share.
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each([
  ['postgres', postgresEngine],
  ['embedded', embeddedEngine],
] as const)('a lane reporting to the hub on %s', (_name, makeEngine) => {
  async function laneOn(hub: TestHub) {
    const { storeId, laneId, key } = await newLane(hub);
    const home = mkdtempSync(join(tmpdir(), 'lane-to-hub-'));
    writeFileSync(join(home, 'settings.json'), JSON.stringify({ hub: { url: hub.server.url, laneId } }));
    const { settings } = loadSettings({ appDataDir: home, env: {} });
    const journal = Journal.open(join(home, 'journal.sqlite'), { clock: hub.clock, terminalId: 'LANE-01' });
    cleanups.push(() => journal.close());
    const address = { url: hub.server.url, laneId, key };
    const http = createOutboundSender({ clock: hub.clock });
    const logger = createLogger({ level: 'silent' });
    const pull = startSettingsPull({
      sender: http,
      address,
      clock: hub.clock,
      logger,
      outbox: journal.hub,
      appliedVersion: () => settings.hub.settingsVersion,
      apply: (version, document) => applySettingsPush(settings, { appDataDir: home, sources: {} }, version, document),
    });
    cleanups.push(() => pull.stop());
    const sender = startHubSender({
      outbox: journal.hub,
      journalId: journal.identity,
      address,
      clock: hub.clock,
      sender: http,
      logger,
      onConnected: () => void pull.pollNow(),
      onSettingsVersion: (version) => pull.offered(version),
    });
    cleanups.push(() => sender.stop());
    return { storeId, laneId, key, journal, sender, settings };
  }

  /**
   * Polls an async check (the hub's tables) until it holds, in real time, bounded, moving the
   * clock on 500 ms a turn, but never to `clockLimit` or past it: how many turns a busy machine
   * takes must not decide whether a timer fires.
   */
  const eventually = async (hub: TestHub, check: () => Promise<boolean>, clockLimit = Infinity) => {
    const deadline = performance.now() + 10_000;
    while (!(await check())) {
      if (hub.clock.now() + 500 < clockLimit) hub.clock.advance(500);
      if (performance.now() > deadline) throw new Error(`still not true: ${check.toString()}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  const sale = (journal: Journal, amountMinor: number) => {
    const { id } = journal.beginWithNewOrderId({ operation: 'auth', amountMinor, maskedPan: '478825******1443' });
    journal.complete(id, { respstat: 'A', retref: `3430${id}`, amountMinor });
  };
  const hubPayments = async (hub: TestHub, laneId: string) =>
    hub.database.query<{ entry_id: number; state: string; amount_minor: number }>(
      'SELECT entry_id, state, amount_minor FROM payments WHERE lane_id = $1 ORDER BY entry_id',
      [laneId],
    );

  it('delivers every journal write once, in order, across the hub going away and coming back', async () => {
    const hub = await startTestHub(makeEngine());
    cleanups.push(() => hub.close());
    const lane = await laneOn(hub);
    sale(lane.journal, 1200);
    await until(() => lane.sender.status().state === 'connected');
    expect(await hubPayments(hub, lane.laneId)).toEqual([{ entry_id: 1, state: 'completed', amount_minor: 1200 }]);

    // The hub's server goes away (its database stays, as a restarted hub finds it): the lane sells on.
    const port = hub.server.port;
    await hub.server.close();
    sale(lane.journal, 1300);
    sale(lane.journal, 1400);
    // The sender looks for new rows every 500 ms of the clock: moved here, never waited for.
    await until(() => {
      hub.clock.advance(500);
      return lane.sender.status().state === 'unreachable';
    });
    expect(lane.journal.hub.pending()).toBe(4);
    const back = await startHubServer({
      database: hub.database,
      clock: hub.clock,
      logger: createLogger({ level: 'silent' }),
      adminKey: adminKeyOf(adminKey),
      port,
    });
    cleanups.push(() => back.close());
    // The back-off (1 s doubling) runs on the hub's clock, moved here rather than waited for.
    await until(() => {
      hub.clock.advance(1000);
      return lane.sender.status().state === 'connected';
    });
    expect(lane.journal.hub.pending()).toBe(0);
    expect(await hubPayments(hub, lane.laneId)).toEqual([
      { entry_id: 1, state: 'completed', amount_minor: 1200 },
      { entry_id: 2, state: 'completed', amount_minor: 1300 },
      { entry_id: 3, state: 'completed', amount_minor: 1400 },
    ]);
    const [stream] = await hub.database.query<{ n: number; last: number }>(
      'SELECT count(*)::bigint AS n, max(seq) AS last FROM lane_events WHERE lane_id = $1',
      [lane.laneId],
    );
    expect(stream).toEqual({ n: 6, last: 6 });
  });

  it('takes a settings push as soon as an answer names it, and tells the hub of a refused one with its reason', async () => {
    const hub = await startTestHub(makeEngine());
    cleanups.push(() => hub.close());
    const lane = await laneOn(hub);
    await until(() => lane.sender.status().state === 'connected');
    const pushed = await hub.call('POST', '/api/admin/settings', adminKey, {
      storeId: lane.storeId,
      document: { settings: { staff: { refundLimitMinor: 2500 } } },
    });
    expect(pushed.status).toBe(201);
    // The next post (a sale) carries the version back: no minute-long poll to wait for, so the
    // clock never reaches the poll while this waits.
    const pushedAt = hub.clock.now();
    sale(lane.journal, 500);
    await eventually(
      hub,
      async () => {
        const [row] = await hub.database.query<{ settings_version: number | null }>(
          'SELECT settings_version FROM lanes WHERE id = $1',
          [lane.laneId],
        );
        return row?.settings_version === pushed.body.version;
      },
      pushedAt + settingsPollMs,
    );
    expect(lane.settings.staff.refundLimitMinor).toBe(2500);
    expect(hub.clock.now() - pushedAt).toBeLessThan(settingsPollMs);

    const bad = await hub.call('POST', '/api/admin/settings', adminKey, {
      storeId: lane.storeId,
      document: { settings: { staff: { refundLimitMinor: 'lots' } } },
    });
    sale(lane.journal, 600);
    await eventually(hub, async () => {
      const lanes = await hub.call('GET', `/api/admin/lanes?store=${lane.storeId}`, adminKey);
      const [view] = lanes.body.lanes as Array<{ settingsRefused: { version: number; reason: string } | null }>;
      return view?.settingsRefused?.version === bad.body.version;
    });
    const lanes = await hub.call('GET', `/api/admin/lanes?store=${lane.storeId}`, adminKey);
    expect((lanes.body.lanes as Array<Record<string, unknown>>)[0]).toMatchObject({
      settingsVersion: pushed.body.version,
      settingsRefused: { version: bad.body.version, reason: expect.stringContaining('staff.refundLimitMinor') },
    });
    expect(lane.settings.staff.refundLimitMinor).toBe(2500);
  });

  it("refuses a lane's key on another lane's stream, which stays untouched", async () => {
    const hub = await startTestHub(makeEngine());
    cleanups.push(() => hub.close());
    const other = await newLane(hub);
    const lane = await laneOn(hub);
    const stolen = await hub.call('POST', `/api/lanes/${other.laneId}/events`, lane.key, {
      journalId: 'j',
      events: [],
    });
    expect(stolen.status).toBe(403);
    const [row] = await hub.database.query<{ last_seq: number }>('SELECT last_seq FROM lanes WHERE id = $1', [
      other.laneId,
    ]);
    expect(row?.last_seq).toBe(0);
  });
});
