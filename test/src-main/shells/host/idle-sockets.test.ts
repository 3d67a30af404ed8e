import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Core } from '../../../../src-main/lane/core/core';
import { defaultHostLimits, startHost, type RunningHost } from '../../../../src-main/shells/host/server';
import { testCore } from '../../../support/test-core';
import { rawConnection } from '../../../support/raw-connection';

// Small limits so a test waits a tenth of a second for the host to give up, not seconds.
const short = { headersMs: 100, requestMs: 300, keepAliveMs: 100, idleMs: 150 };

let core: Core | undefined;
let host: RunningHost | undefined;
afterEach(async () => {
  await host?.close();
  await core?.close();
});

async function startShortHost(limits = short): Promise<RunningHost> {
  const rendererDir = mkdtempSync(join(tmpdir(), 'lanepoint-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Lanepoint</title>');
  core = testCore().core;
  host = await startHost({ core, port: 0, rendererDir, limits });
  return host;
}

describe('the host closes idle sockets', () => {
  it('bounds every wait by default: headers 10 s, a request 60 s, kept alive 5 s, silence 30 s', () => {
    expect(defaultHostLimits).toEqual({ headersMs: 10_000, requestMs: 60_000, keepAliveMs: 5_000, idleMs: 30_000 });
  });

  it('closes a connection that never sends a request', async () => {
    const { port } = await startShortHost();
    const answer = await rawConnection(port).closed;
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('closes a connection that sends half its headers and stops', async () => {
    const { port } = await startShortHost();
    const { socket, closed } = rawConnection(port);
    socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAcc`);
    const answer = await closed;
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('closes a kept-alive connection once it has been idle for the keep-alive time', async () => {
    const { port } = await startShortHost();
    const { socket, closed } = rawConnection(port);
    const started = performance.now();
    socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    const answer = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    // node:http alone would wait keepAliveTimeout plus a fixed second.
    expect(performance.now() - started).toBeLessThan(900);
  });

  it('leaves the bridge open however long the page is quiet (a WebSocket is not an idle request)', async () => {
    // Silence ends a socket here sooner than any other limit does.
    const { port, token } = await startShortHost({ ...short, idleMs: 50 });
    const ws = new WebSocket(`ws://127.0.0.1:${port}/bridge?token=${token}`, { origin: `http://127.0.0.1:${port}` });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    // A silent connection made after the bridge opened: once the host has closed it for its
    // silence, a bridge held to the same limit would have been closed before it. No fixed wait:
    // the test goes on when the host acts, however slowly this machine runs.
    const silent = rawConnection(port);
    expect(await silent.closed).toBe('');
    // The bridge still answers: a ping's pong comes back over it.
    await new Promise((resolve, reject) => {
      ws.once('pong', resolve);
      ws.once('close', () => reject(new Error('the host closed the quiet bridge')));
      if (ws.readyState === WebSocket.OPEN) ws.ping();
    });
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
  });
});
