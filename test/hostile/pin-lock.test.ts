import { systemClock } from '../../src-main/platform/clock';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { settingsSchema } from '../../src-main/lane/config/settings';
import { bootCore } from '../../src-main/lane/core/boot';
import type { Core } from '../../src-main/lane/core/core';
import { startHost, type RunningHost } from '../../src-main/shells/host/server';
import type { BridgeServerMessage, CommandReply, StaffSession } from '../../src-main/lane/ipc/contract';
import { hashPin, pinMatches } from '../../src-main/lane/session/pin-hash';
import { createSessionService } from '../../src-main/lane/session/session-service';
import { collectingLogger, ok } from '../support/test-core';
import { laneTraining } from '../../src-main/shells/training/lane-training';

// Issue 30: the PIN lock was per screen, so a reload (or a new bridge connection) started the
// count again, and a restart forgot it. These reproduce the guesser and show the lock holds.

const staff = {
  training: false,
  staff: {
    members: [
      { id: '42', name: 'Robin', role: 'manager', pin: hashPin('4821') },
      { id: '43', name: 'Sam', role: 'cashier', pin: hashPin('1357') },
    ],
  },
};
const cores: Core[] = [];
const hosts: RunningHost[] = [];
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  for (const host of hosts.splice(0)) await host.close();
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

/** A lane started as the shells start it, on `folder` (its app-data folder) and a clock the test moves. */
function lane(folder: string, now: { t: number }) {
  writeFileSync(join(folder, 'settings.json'), JSON.stringify(staff));
  const { core } = bootCore({
    training: laneTraining,
    shell: 'browser',
    env: {},
    appDataDir: folder,
    logger: collectingLogger().logger,
    clock: { ...systemClock, now: () => now.t },
  });
  cores.push(core);
  return core;
}

/** One sign-in from a fresh bridge connection: a browser-mode kiosk reloaded (F5) before each guess. */
async function signInOverNewConnection(host: RunningHost, cashierId: string, pin: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?token=${host.token}`, {
    origin: `http://127.0.0.1:${host.port}`,
  });
  sockets.push(socket);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const reply = new Promise<CommandReply<StaffSession>>((resolve) => {
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as BridgeServerMessage;
      if (message.type === 'reply' && message.id === 1) resolve(message as unknown as CommandReply<StaffSession>);
    });
  });
  socket.send(JSON.stringify({ type: 'command', id: 1, name: 'session.signIn', args: { cashierId, pin } }));
  const answer = await reply;
  socket.close();
  return answer;
}

const start = Date.UTC(2026, 10, 28, 9);

describe('hostile: guessing a PIN by reconnecting', () => {
  it('a new bridge connection for every guess meets the same lock, which holds for the right PIN too', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'lanepoint-pin-'));
    const rendererDir = mkdtempSync(join(tmpdir(), 'lanepoint-renderer-'));
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Lanepoint</title>');
    const now = { t: start };
    const host = await startHost({ core: lane(folder, now), port: 0, rendererDir });
    hosts.push(host);
    for (const pin of ['0000', '0001', '0002', '0003', '0004']) {
      expect(await signInOverNewConnection(host, '42', pin)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    const refused = await signInOverNewConnection(host, '42', '4821');
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'forbidden',
        message: expect.stringMatching(
          /^Too many wrong PINs for cashier id 42: try again at \d\d:\d\d \(in 1 minute\)\.$/,
        ),
      },
    });
    now.t += 60_000;
    expect(ok(await signInOverNewConnection(host, '42', '4821'))).toMatchObject({ cashierId: '42' });
  });

  it('a restart on the same lane data keeps the lock, and the next lock lasts longer', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'lanepoint-pin-'));
    const now = { t: start };
    const before = lane(folder, now);
    for (let guess = 0; guess < 5; guess++)
      await before.dispatch('session.signIn', { cashierId: '42', pin: `000${guess}` }, { source: 'window:1' });
    await before.close();
    cores.splice(cores.indexOf(before), 1);
    // The lane restarted: a new core, a new screen, the same app-data folder.
    const after = lane(folder, now);
    expect(
      await after.dispatch('session.signIn', { cashierId: '42', pin: '4821' }, { source: 'window:7' }),
    ).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^Too many wrong PINs for cashier id 42: try again at/) },
    });
    now.t += 60_000;
    for (let guess = 5; guess < 10; guess++)
      await after.dispatch('session.signIn', { cashierId: '42', pin: `000${guess}` }, { source: `window:${guess}` });
    now.t += 60_000;
    // The second lock in the streak is two minutes: a minute on, it still holds.
    expect(await after.dispatch('session.signIn', { cashierId: '42', pin: '4821' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/\(in 1 minute\)\.$/) },
    });
    now.t += 60_000;
    expect(ok(await after.dispatch('session.signIn', { cashierId: '42', pin: '4821' }))).toMatchObject({
      cashierId: '42',
    });
  });

  it('guessing four PINs at each of many ids meets the lane-wide limit, without telling which ids exist', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'lanepoint-pin-'));
    const now = { t: start };
    const core = lane(folder, now);
    const answers: string[] = [];
    for (const cashierId of ['42', '43', '44', '45', '46']) {
      for (let guess = 0; guess < 4; guess++) {
        const reply = await core.dispatch(
          'session.signIn',
          { cashierId, pin: `900${guess}` },
          { source: `bridge:${guess}` },
        );
        answers.push(reply.ok ? 'signed in' : reply.error.message);
      }
    }
    // A real id (42, 43) and an unknown one (44…) were answered alike; the twentieth wrong PIN filled the lane's limit.
    expect(new Set(answers.slice(0, 19))).toEqual(
      new Set(['That cashier id and PIN do not match: check both and try again.']),
    );
    expect(answers[19]).toMatch(/^That cashier id and PIN do not match\. Too many wrong PINs on this lane: /);
    expect(await core.dispatch('session.signIn', { cashierId: '43', pin: '1357' })).toMatchObject({
      ok: false,
      error: {
        message: expect.stringMatching(
          /^Too many wrong PINs on this lane: try again at \d\d:\d\d \(in 10 minutes\)\.$/,
        ),
      },
    });
    now.t += 10 * 60_000;
    expect(ok(await core.dispatch('session.signIn', { cashierId: '43', pin: '1357' }))).toMatchObject({
      cashierId: '43',
    });
  });

  it('an unknown id is checked against a hash of the same cost, so its answer takes as long', () => {
    const hashed: string[] = [];
    const now = { t: start };
    const session = createSessionService({
      settings: settingsSchema.parse(staff),
      clock: { ...systemClock, now: () => now.t },
      logger: collectingLogger().logger,
      pinCheck: (pin, stored) => {
        hashed.push(stored);
        return pinMatches(pin, stored);
      },
    });
    expect(() => session.signIn({ cashierId: '42', pin: '0000' })).toThrow(/do not match/);
    expect(() => session.signIn({ cashierId: '77', pin: '0000' })).toThrow(/do not match/);
    expect(hashed).toHaveLength(2);
    const [member, unknown] = hashed.map((stored) => stored.split('$')) as [string[], string[]];
    // Both are scrypt hashes of the one form (same cost, salt and key lengths); only the bytes differ.
    expect(unknown.map((part) => part.length)).toEqual(member.map((part) => part.length));
    expect(unknown[0]).toBe('scrypt');
    expect(unknown).not.toEqual(member);
  });
});
