import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Core } from '../../../../src-main/lane/core/core';
import type { BridgeServerMessage, CommandReply, DeviceInfo } from '../../../../src-main/lane/ipc/contract';
import type { Dispatch } from '../../../../src-main/lane/ipc/dispatcher';
import { closeSlowReader } from '../../../../src-main/shells/host/bridge';
import { startHost, type HostOptions, type RunningHost } from '../../../../src-main/shells/host/server';
import { testCore } from '../../../support/test-core';

const running: Array<{ host: RunningHost; core: Core }> = [];
afterEach(async () => {
  for (const { host, core } of running.splice(0)) {
    await host.close();
    await core.close();
  }
});

async function lane(
  options: Partial<Pick<HostOptions, 'bridgeLimits'>> & { gate?: (dispatch: Dispatch) => Dispatch } = {},
) {
  const rendererDir = mkdtempSync(join(tmpdir(), 'lanepoint-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Lanepoint</title>');
  const { core, lines } = testCore();
  const dispatch = options.gate ? options.gate(core.dispatch) : core.dispatch;
  const host = await startHost({
    core: { ...core, dispatch },
    port: 0,
    rendererDir,
    ...(options.bridgeLimits ? { bridgeLimits: options.bridgeLimits } : {}),
  });
  running.push({ host, core });
  return { core, host, lines };
}

/** A page on the bridge that keeps every message it is sent, as text and parsed. */
async function page(host: RunningHost) {
  const socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?token=${host.token}`, {
    origin: `http://127.0.0.1:${host.port}`,
  });
  const texts: string[] = [];
  const waiting = new Set<() => void>();
  socket.on('message', (data: Buffer) => {
    texts.push(data.toString());
    for (const check of [...waiting]) check();
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const messages = () => texts.map((text) => JSON.parse(text) as BridgeServerMessage);
  /** Resolves once a message matching `match` has arrived (at any time). */
  const arrived = (match: (message: BridgeServerMessage) => boolean) =>
    new Promise<BridgeServerMessage>((resolve) => {
      const check = () => {
        const found = messages().find(match);
        if (!found) return;
        waiting.delete(check);
        resolve(found);
      };
      waiting.add(check);
      check();
    });
  let lastId = 0;
  const send = (name: string, args?: unknown) => {
    const id = ++lastId;
    socket.send(JSON.stringify({ type: 'command', id, name, args }));
    return id;
  };
  const reply = (id: number) =>
    arrived((message) => message.type === 'reply' && message.id === id) as Promise<BridgeServerMessage & CommandReply>;
  const call = (name: string, args?: unknown) => reply(send(name, args));
  return { socket, texts, messages, arrived, send, reply, call };
}

describe('the bridge keeps a screen\u2019s keystrokes to that screen', () => {
  it('releases held keys to the page that typed them only, by number: a PIN and a keyed card never come back', async () => {
    const { host } = await lane();
    const cashier = await page(host);
    const other = await page(host);
    let seq = 0;
    const type = async (keys: readonly string[]) => {
      for (const key of keys) {
        seq += 1;
        await cashier.call('devices.keystroke', { key, seq, at: seq * 5 });
      }
    };
    // A manager's id and PIN, then a card keyed in groups a person types (each group shorter than
    // a reader's shortest burst, ended by Tab or Enter, so the wedge gives it back as typed).
    await type([...'9001', 'Tab', ...'9999', 'Enter']);
    await type([...'4111111111', 'Tab', ...'111111', 'Tab', ...'1228', 'Tab', ...'123', 'Enter']);
    const released = cashier
      .messages()
      .flatMap((message) =>
        message.type === 'event' && message.name === 'devices.keysReleased' ? [message.payload] : [],
      );
    const digitSeqs = [
      1,
      2,
      3,
      4,
      6,
      7,
      8,
      9,
      ...Array.from({ length: 10 }, (_, i) => 11 + i),
      ...Array.from({ length: 6 }, (_, i) => 22 + i),
      29,
      30,
      31,
      32,
      34,
      35,
      36,
    ];
    expect(released.flatMap((payload) => (payload as { seqs: number[] }).seqs)).toEqual(digitSeqs);
    expect(released.every((payload) => Object.keys(payload as object).join() === 'seqs')).toBe(true);
    // What the cashier's page was sent holds no key it typed.
    const stream = cashier.texts.join('\n');
    for (const secret of ['9999', '9001', '4111111111', '1228', '"1"', '"9"', '"4"'])
      expect(stream).not.toContain(secret);
    // Anything the other page was sent during the typing arrives before this reply.
    expect(await other.call('app.info', {})).toMatchObject({ ok: true });
    expect(
      other.messages().filter((message) => message.type === 'event' && message.name === 'devices.keysReleased'),
    ).toEqual([]);
    expect(other.texts.join('\n')).not.toMatch(/keysReleased|9999|4111/);
  });
});

describe('the bridge bounds each connection', () => {
  it('refuses calls beyond its limit at once, naming it, while another page is still answered', async () => {
    const held: Array<() => void> = [];
    let onHeld = () => {};
    // The first page's commands wait at the core's door until the test lets them in.
    const gate =
      (dispatch: Dispatch): Dispatch =>
      (name, args, caller) => {
        if (caller?.source !== 'bridge:1') return dispatch(name, args, caller);
        const entered = new Promise<void>((resolve) => held.push(resolve));
        onHeld();
        return entered.then(() => dispatch(name, args, caller));
      };
    const heldCount = (count: number) =>
      new Promise<void>((resolve) => (onHeld = () => held.length >= count && resolve()));
    const { host } = await lane({ gate, bridgeLimits: { maxPendingCalls: 4 } });
    const flooding = await page(host);
    const other = await page(host);
    const ids = Array.from({ length: 10 }, () => flooding.send('app.info', {}));
    const refusals = await Promise.all(ids.slice(4).map((id) => flooding.reply(id)));
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({
        ok: false,
        error: {
          code: 'resource_exhausted',
          message: 'This screen already has 4 commands waiting for an answer: wait for them, then try again.',
        },
      });
    }
    expect(await other.call('app.info', {})).toMatchObject({ ok: true, result: { shell: 'browser' } });
    expect(held).toHaveLength(4);
    for (const release of held) release();
    for (const id of ids.slice(0, 4)) expect(await flooding.reply(id)).toMatchObject({ ok: true });
    // Answered, they no longer count: the page may send again.
    const fifth = heldCount(5);
    const again = flooding.send('app.info', {});
    await fifth;
    held[4]!();
    expect(await flooding.reply(again)).toMatchObject({ ok: true });
  });

  it('takes a reader\u2019s whole burst of keystrokes at once, none refused, whatever the limit', async () => {
    const { host } = await lane({ bridgeLimits: { maxPendingCalls: 4 } });
    const cashier = await page(host);
    // An encrypted-swipe-like burst, sent without waiting for replies, as a page forwards a reader.
    const burst = [...'0123456789ABCDEF'.repeat(8), 'Enter'];
    const ids = burst.map((key, index) => cashier.send('devices.keystroke', { key, seq: index + 1, at: index * 4 }));
    const replies = await Promise.all(ids.map((id) => cashier.reply(id)));
    expect(replies.every((reply) => reply.ok && (reply.result as { consumed: boolean }).consumed)).toBe(true);
    expect(
      cashier.messages().some((message) => message.type === 'event' && message.name === 'devices.keysReleased'),
    ).toBe(false);
  });

  it('closes a page that stops reading, with the reason, instead of piling up what it is sent', async () => {
    const { core, host, lines } = await lane({ bridgeLimits: { maxUnsentBytes: 256 * 1024 } });
    const stalled = await page(host);
    stalled.socket.pause();
    const device = (index: number): DeviceInfo => ({
      id: `printer-${index}`,
      kind: 'printer',
      name: 'x'.repeat(60_000),
      transport: 'emulated',
      emulated: true,
      status: 'connected',
      lastError: null,
    });
    // 640 events of 60 kB: far more than the kernel's socket buffers take on loopback.
    for (let index = 0; index < 640; index++) core.events.emit('devices.changed', [device(index)]);
    expect(lines.filter((line) => line.includes('closing a page that stopped reading'))).toHaveLength(1);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      stalled.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    stalled.socket.resume();
    expect(await closed).toEqual({
      code: closeSlowReader,
      reason: 'This page stopped reading: reload it to reconnect.',
    });
    expect(stalled.texts.length).toBeLessThan(640);
  });
});
