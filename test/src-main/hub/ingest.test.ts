import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminKey,
  embeddedEngine,
  events,
  newLane,
  postgresEngine,
  startTestHub,
  type Engine,
  type TestHub,
} from '../../support/hub-harness';

// The lane wire (docs/hub-wire.md) on both engines: a real PostgreSQL server this file starts, and
// the embedded PGlite. Same SQL, same answers.
describe.each([
  ['postgres', postgresEngine],
  ['embedded', embeddedEngine],
] as const)('ingest on %s', (_name, makeEngine: () => Engine) => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub(makeEngine());
  }, 30_000);
  afterAll(async () => hub?.close());

  const post = (laneId: string, key: string | undefined, body: unknown) =>
    hub.call('POST', `/api/lanes/${laneId}/events`, key, body);
  const storedSeqs = async (laneId: string) =>
    (
      await hub.database.query<{ seq: number }>('SELECT seq FROM lane_events WHERE lane_id = $1 ORDER BY seq', [laneId])
    ).map((row) => row.seq);
  const laneRow = async (laneId: string) =>
    (await hub.database.query<Record<string, unknown>>('SELECT * FROM lanes WHERE id = $1', [laneId]))[0]!;
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

  it('stores a batch in order and acknowledges its last seq', async () => {
    const { laneId, key } = await newLane(hub);
    const answer = await post(laneId, key, { journalId: 'journal-a', events: events(1, 3) });
    expect(answer).toEqual({ status: 200, body: { acknowledgedSeq: 3, settingsVersion: null } });
    expect(await storedSeqs(laneId)).toEqual([1, 2, 3]);
    const lane = await laneRow(laneId);
    expect(lane).toMatchObject({ last_seq: 3, journal_id: 'journal-a', status: { offlineQueue: 3 } });
    expect(lane.last_seen_at).toBe(hub.clock.now());
  });

  it('skips duplicates, acknowledges them, and never projects them again', async () => {
    const { laneId, key } = await newLane(hub);
    await post(laneId, key, { journalId: 'j', events: events(1, 3) });
    // A resend overlapping what the hub holds: 2 and 3 are skipped, 4 and 5 stored.
    expect((await post(laneId, key, { journalId: 'j', events: events(2, 5) })).body).toEqual({
      acknowledgedSeq: 5,
      settingsVersion: null,
    });
    // All duplicates, one of them an older device.status: the lane's status stays the newest.
    const again = await post(laneId, key, { journalId: 'j', events: events(1, 2) });
    expect(again).toEqual({ status: 200, body: { acknowledgedSeq: 5, settingsVersion: null } });
    expect(await storedSeqs(laneId)).toEqual([1, 2, 3, 4, 5]);
    expect((await laneRow(laneId)).status).toEqual({ offlineQueue: 5 });
  });

  it('refuses a gap with the seq the hub holds, storing nothing of the batch', async () => {
    const { laneId, key } = await newLane(hub);
    await post(laneId, key, { journalId: 'j', events: events(1, 2) });
    const gap = await post(laneId, key, { journalId: 'j', events: events(5, 6) });
    expect(gap.status).toBe(409);
    expect(gap.body).toMatchObject({ error: 'gap', acknowledgedSeq: 2 });
    expect(gap.body.message).toContain('seq 3 is missing');
    // A hole inside a batch is a gap too: 3 and 4 are not kept while 5 is missing.
    const inside = await post(laneId, key, { journalId: 'j', events: [...events(3, 4), ...events(6, 6)] });
    expect(inside.body).toMatchObject({ error: 'gap', acknowledgedSeq: 2 });
    expect(await storedSeqs(laneId)).toEqual([1, 2]);
    expect((await post(laneId, key, { journalId: 'j', events: events(3, 6) })).body).toEqual({
      acknowledgedSeq: 6,
      settingsVersion: null,
    });
  });

  it("refuses another journal's stream once the hub holds one", async () => {
    const { laneId, key } = await newLane(hub);
    await post(laneId, key, { journalId: 'journal-a', events: events(1, 1) });
    const replaced = await post(laneId, key, { journalId: 'journal-b', events: events(2, 2) });
    expect(replaced.status).toBe(409);
    expect(replaced.body.error).toBe('journal-replaced');
    expect(await storedSeqs(laneId)).toEqual([1]);
    // The manager sees it too, on the lane's row.
    const lanes = await hub.call('GET', '/api/admin/lanes', adminKey);
    const view = (lanes.body.lanes as Array<{ id: string; journalReplaced: boolean; journalId: string }>).find(
      (lane) => lane.id === laneId,
    );
    expect(view).toMatchObject({ journalReplaced: true, journalId: 'journal-a' });
  });

  it('takes an empty batch as a heartbeat: last seen moves, nothing else', async () => {
    const { laneId, key } = await newLane(hub);
    await post(laneId, key, { journalId: 'j', events: events(1, 1) });
    hub.clock.advance(60_000);
    expect((await post(laneId, key, { journalId: 'j', events: [] })).body).toEqual({
      acknowledgedSeq: 1,
      settingsVersion: null,
    });
    expect(await laneRow(laneId)).toMatchObject({ last_seen_at: hub.clock.now(), last_seq: 1 });
  });

  it('stores each seq once when batches of one lane race with overlapping seqs', async () => {
    const { laneId, key } = await newLane(hub);
    let top = 0;
    for (let round = 0; round < 4; round++) {
      const from = top + 1;
      const answers = await Promise.all([
        post(laneId, key, { journalId: 'j', events: events(from, from + 59) }),
        post(laneId, key, { journalId: 'j', events: events(from, from + 79) }),
        post(laneId, key, { journalId: 'j', events: events(from + 20, from + 39) }),
      ]);
      top = from + 79;
      // The first two always fit (whichever comes first); the third may find a gap if it runs first.
      expect(answers.slice(0, 2).map((answer) => answer.status)).toEqual([200, 200]);
      expect([200, 409]).toContain(answers[2]!.status);
    }
    expect(await storedSeqs(laneId)).toEqual(range(1, top));
    expect((await laneRow(laneId)).last_seq).toBe(top);
  });

  it('applies settings.applied and settings.refused to the lane row', async () => {
    const { laneId, key } = await newLane(hub);
    const at = hub.clock.now();
    await post(laneId, key, {
      journalId: 'j',
      events: [
        { seq: 1, kind: 'settings.refused', at, body: { version: 2, reason: 'tipPercents: expected at most 3' } },
      ],
    });
    expect(await laneRow(laneId)).toMatchObject({
      settings_refused: { version: 2, reason: 'tipPercents: expected at most 3' },
    });
    await post(laneId, key, {
      journalId: 'j',
      events: [{ seq: 2, kind: 'settings.applied', at, body: { version: 3 } }],
    });
    expect(await laneRow(laneId)).toMatchObject({ settings_version: 3, settings_refused: null });
  });

  it.each([
    [{ events: [] }, 'journalId'],
    [
      {
        journalId: 'j',
        events: [
          { seq: 2, kind: 'payment', at: 1, body: {} },
          { seq: 2, kind: 'payment', at: 1, body: {} },
        ],
      },
      'events[1].seq',
    ],
    [{ journalId: 'j', events: [{ seq: 0, kind: 'payment', at: 1, body: {} }] }, 'events[0].seq'],
    [{ journalId: 'j', events: [{ seq: 1.5, kind: 'payment', at: 1, body: {} }] }, 'events[0].seq'],
    [{ journalId: 'j', events: [{ seq: 1, kind: 'refund', at: 1, body: {} }] }, 'events[0].kind'],
    [{ journalId: 'j', events: [{ seq: 1, kind: 'payment', at: 1, body: [1] }] }, 'events[0].body'],
    [{ journalId: 'j', events: [{ seq: 1, kind: 'payment', body: {} }] }, 'events[0].at'],
    [{ journalId: 'j', events: events(1, 501) }, 'events'],
    [{ journalId: 'j', events: 'none' }, 'events'],
  ])('refuses a bad body 400, naming the field (%#)', async (body, field) => {
    const { laneId, key } = await newLane(hub);
    const answer = await post(laneId, key, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid');
    expect(String(answer.body.message).startsWith(`${field}:`), String(answer.body.message)).toBe(true);
    expect(await storedSeqs(laneId)).toEqual([]);
  });

  it('refuses a body that is not JSON 400, and one over 1 MiB 413', async () => {
    const { laneId, key } = await newLane(hub);
    expect(await post(laneId, key, '{"journalId":')).toMatchObject({ status: 400, body: { error: 'bad-json' } });
    const big = {
      journalId: 'j',
      events: [{ seq: 1, kind: 'payment', at: 1, body: { pad: 'x'.repeat(1024 * 1024) } }],
    };
    const answer = await post(laneId, key, big);
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe('too-large');
  });

  it("keeps each key to its own routes: a lane to its path, the admin key to the manager's", async () => {
    const one = await newLane(hub);
    const two = await newLane(hub);
    const batch = { journalId: 'j', events: events(1, 1) };
    expect((await post(two.laneId, one.key, batch)).status).toBe(403);
    expect((await hub.call('GET', `/api/lanes/${two.laneId}/settings`, one.key)).status).toBe(403);
    expect((await hub.call('GET', '/api/admin/lanes', one.key)).status).toBe(403);
    expect((await hub.call('POST', '/api/admin/lanes', one.key, {})).status).toBe(403);
    expect((await post(one.laneId, adminKey, batch)).status).toBe(403);
    expect((await post(one.laneId, undefined, batch)).status).toBe(401);
    // A key with the right lane and a wrong secret, and one of no lane at all.
    const forged = `${one.key.slice(0, -4)}AAAA`;
    expect((await post(one.laneId, forged, batch)).status).toBe(401);
    expect((await hub.call('GET', '/api/admin/lanes', forged)).status).toBe(401);
    expect((await hub.call('GET', '/api/admin/lanes', 'lpa_guessed')).status).toBe(401);
    expect(await storedSeqs(one.laneId)).toEqual([]);
    expect(await storedSeqs(two.laneId)).toEqual([]);
  });

  it("answers a lane its store's latest settings push, or 204", async () => {
    const { laneId, key, storeId } = await newLane(hub);
    expect((await hub.call('GET', `/api/lanes/${laneId}/settings`, key)).status).toBe(204);
    for (const tip of [10, 15])
      await hub.database.query(
        'INSERT INTO settings_pushes (store_id, document, pushed_by, pushed_at) VALUES ($1, $2::jsonb, $3, $4)',
        [storeId, JSON.stringify({ settings: { tips: { percents: [tip] } } }), 'manager', 1],
      );
    const answer = await hub.call('GET', `/api/lanes/${laneId}/settings`, key);
    expect(answer.status).toBe(200);
    expect(answer.body.document).toEqual({ settings: { tips: { percents: [15] } } });
    expect(typeof answer.body.version).toBe('number');
    // Every events answer names the newest push too, so a lane asks for it at once.
    const posted = await post(laneId, key, { journalId: 'j', events: [] });
    expect(posted.body).toEqual({ acknowledgedSeq: 0, settingsVersion: answer.body.version });
  });
});
