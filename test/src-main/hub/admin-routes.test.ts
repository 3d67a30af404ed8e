import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { createLogger } from '../../../src-main/platform/log/logger';
import { adminKey, events, newLane, postgresEngine, startTestHub, type TestHub } from '../../support/hub-harness';

// The manager's store and lane routes on a real PostgreSQL (ingest.test.ts makes stores and lanes on both engines).
describe('the admin routes', () => {
  let hub: TestHub;
  const logLines: string[] = [];
  beforeAll(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    hub = await startTestHub(postgresEngine(), { logger: createLogger({ level: 'debug', destination }) });
  }, 30_000);
  afterAll(async () => hub?.close());

  it('creates a store once, and refuses a bad time zone naming it', async () => {
    const made = await hub.call('POST', '/api/admin/stores', adminKey, {
      id: 'rue-cler',
      name: 'Rue Cler',
      timeZone: 'Europe/Paris',
    });
    expect(made).toEqual({ status: 201, body: { id: 'rue-cler', name: 'Rue Cler', timeZone: 'Europe/Paris' } });
    const again = await hub.call('POST', '/api/admin/stores', adminKey, { id: 'rue-cler', name: 'Again' });
    expect(again.status).toBe(409);
    const zone = await hub.call('POST', '/api/admin/stores', adminKey, {
      id: 'x',
      name: 'X',
      timeZone: 'Mars/Olympus',
    });
    expect(zone.status).toBe(400);
    expect(zone.body.message).toMatch(/^timeZone: /);
    const id = await hub.call('POST', '/api/admin/stores', adminKey, { id: 'Bad Id', name: 'X' });
    expect(id.body.message).toMatch(/^id: /);
  });

  it('creates lanes with a key shown once and lists them by store', async () => {
    await hub.call('POST', '/api/admin/stores', adminKey, { id: 'north', name: 'North' });
    const drawn = await hub.call('POST', '/api/admin/lanes', adminKey, {
      storeId: 'north',
      name: 'Counter 1',
      kind: 'counter',
      merchantId: '496160873888',
    });
    expect(drawn.status).toBe(201);
    const lane = drawn.body.lane as Record<string, unknown>;
    expect(lane.id).toMatch(/^lane-[a-z0-9]{6}$/);
    expect(drawn.body.key).toMatch(new RegExp(`^lpk_${String(lane.id)}_[A-Za-z0-9_-]{43}$`));
    expect(lane).toMatchObject({ storeId: 'north', kind: 'counter', lastSeq: 0, lastSeenAt: null, journalId: null });
    const given = await hub.call('POST', '/api/admin/lanes', adminKey, {
      id: 'kiosk-1',
      storeId: 'north',
      name: 'Kiosk',
      kind: 'kiosk',
      merchantId: '496160873888',
    });
    expect((given.body.lane as { id: string }).id).toBe('kiosk-1');
    const twice = await hub.call('POST', '/api/admin/lanes', adminKey, {
      id: 'kiosk-1',
      storeId: 'north',
      name: 'Kiosk',
      kind: 'kiosk',
      merchantId: '496160873888',
    });
    expect(twice.status).toBe(409);
    const nowhere = await hub.call('POST', '/api/admin/lanes', adminKey, {
      storeId: 'south',
      name: 'C',
      kind: 'counter',
      merchantId: '1',
    });
    expect(nowhere).toMatchObject({ status: 404, body: { error: 'not-found' } });
    const kind = await hub.call('POST', '/api/admin/lanes', adminKey, {
      storeId: 'north',
      name: 'C',
      kind: 'till',
      merchantId: '1',
    });
    expect(kind.body.message).toMatch(/^kind: expected counter or kiosk/);
    const listed = await hub.call('GET', '/api/admin/lanes?store=north', adminKey);
    const lanes = listed.body.lanes as Array<Record<string, unknown>>;
    expect(lanes.map((row) => row.id).sort()).toEqual([lane.id, 'kiosk-1'].sort());
    expect(JSON.stringify(listed.body)).not.toContain('key');
    expect((await hub.call('GET', '/api/admin/lanes?store=elsewhere', adminKey)).body).toEqual({ lanes: [] });
  });

  it('answers unknown paths 404 and wrong methods 405 in the error shape', async () => {
    expect(await hub.call('GET', '/api/nothing', adminKey)).toMatchObject({
      status: 404,
      body: { error: 'not-found' },
    });
    expect((await hub.call('DELETE', '/api/admin/lanes', adminKey)).status).toBe(405);
  });

  it('logs each answer with its route and status, never a body nor a key', async () => {
    const { laneId, key } = await newLane(hub);
    const batch = events(1, 1).map((event) => ({ ...event, body: { cashier: 'Body-Mark-Ana' } }));
    expect((await hub.call('POST', `/api/lanes/${laneId}/events`, key, { journalId: 'j', events: batch })).status).toBe(
      200,
    );
    const log = logLines.join('');
    expect(log).toContain(`/api/lanes/${laneId}/events`);
    expect(log).not.toContain('Body-Mark-Ana');
    expect(log).not.toContain(key.slice(-20));
    expect(log).not.toContain(adminKey.slice(-20));
  });
});
