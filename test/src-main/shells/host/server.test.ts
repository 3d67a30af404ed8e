import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { BridgeServerMessage } from '../../../../src-main/lane/ipc/contract';
import { contentSecurityPolicy } from '../../../../src-main/lane/security/csp';
import { startHost, type RunningHost } from '../../../../src-main/shells/host/server';
import type { Core } from '../../../../src-main/lane/core/core';
import { connectedPrinter } from '../../../support/receipt-printer';
import { ok, testCore, until } from '../../../support/test-core';

let core: Core;
let host: RunningHost;
let rendererDir: string;

beforeEach(async () => {
  rendererDir = mkdtempSync(join(tmpdir(), 'lanepoint-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Lanepoint</title>');
  core = testCore().core;
  host = await startHost({ core, port: 0, rendererDir });
});

afterEach(async () => {
  await host.close();
  await core.close();
});

/** A raw GET, so the test controls the Host header and the exact (unnormalized) path. */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: host.port, path, headers: { host: `127.0.0.1:${host.port}`, ...headers } },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

interface Handshake {
  token?: string | null;
  origin?: string | null;
  hostHeader?: string;
}

/** Opens the bridge with the given credentials; resolves with the socket or the refusal status. */
function openBridge(options: Handshake = {}) {
  const token = options.token === undefined ? host.token : options.token;
  const origin = options.origin === undefined ? `http://127.0.0.1:${host.port}` : options.origin;
  const query = token === null ? '' : `?token=${encodeURIComponent(token)}`;
  const socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge${query}`, {
    ...(origin === null ? {} : { origin }),
    ...(options.hostHeader ? { headers: { host: options.hostHeader } } : {}),
  });
  return new Promise<{ socket?: WebSocket; status?: number }>((resolve) => {
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode }));
    socket.once('error', () => resolve({ status: -1 }));
  });
}

function nextMessage(socket: WebSocket, match: (m: BridgeServerMessage) => boolean) {
  return new Promise<BridgeServerMessage>((resolve) => {
    const onMessage = (data: Buffer) => {
      const message = JSON.parse(data.toString()) as BridgeServerMessage;
      if (!match(message)) return;
      socket.off('message', onMessage);
      resolve(message);
    };
    socket.on('message', onMessage);
  });
}

async function command(socket: WebSocket, id: number, name: string, args?: unknown) {
  const reply = nextMessage(socket, (m) => m.type === 'reply' && m.id === id);
  socket.send(JSON.stringify({ type: 'command', id, name, args }));
  return reply;
}

describe('browser-mode host', () => {
  it('listens on 127.0.0.1 only and prints a URL carrying a long random token', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${host.token}`);
    expect(host.token.length).toBeGreaterThanOrEqual(43);
  });

  it('serves the renderer with the strict CSP and hardening headers', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<title>Lanepoint</title>');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain(`ws://127.0.0.1:${host.port}`);
    expect(csp.startsWith(contentSecurityPolicy().split(';')[0] ?? '')).toBe(true);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the renderer compressed as the browser accepts it, with Vary, and plain to one that does not', async () => {
    const script = `export const lanes = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `lane ${i}`))};\n`;
    mkdirSync(join(rendererDir, 'assets'));
    writeFileSync(join(rendererDir, 'assets', 'index-abc123.js'), script);
    const bytes = (path: string, acceptEncoding?: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const headers = {
          host: `127.0.0.1:${host.port}`,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        };
        request({ host: '127.0.0.1', port: host.port, path, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    const br = await bytes('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gzip = await bytes('/assets/index-abc123.js', 'br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await bytes('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(script);
    // A rebuilt file is served as it now is, not as it was compressed before.
    writeFileSync(join(rendererDir, 'assets', 'index-abc123.js'), `${script}// rebuilt\n`);
    expect(brotliDecompressSync((await bytes('/assets/index-abc123.js', 'br')).body).toString()).toContain('rebuilt');
  });

  it('refuses a rebound DNS name in the Host header', async () => {
    expect((await get('/', { host: `evil.example:${host.port}` })).status).toBe(421);
  });

  it.each(['/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc%2fpasswd', '/%00index.html'])(
    'does not serve %s',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.body).not.toContain('root:');
    },
  );

  it('answers commands through the validated contract', async () => {
    const { socket } = await openBridge();
    expect(socket).toBeDefined();
    const reply = await command(socket!, 1, 'app.info', {});
    expect(reply).toMatchObject({ ok: true, result: { mode: 'counter', training: true, shell: 'browser' } });
    socket!.close();
  });

  it('names the bad field of an invalid command', async () => {
    const { socket } = await openBridge();
    const reply = await command(socket!, 2, 'devices.list', { kind: 'toaster' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_argument', field: 'kind' } });
    const unknown = await command(socket!, 3, 'till.open', {});
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown_command' } });
    socket!.close();
  });

  it('pushes core events to connected pages', async () => {
    const { socket } = await openBridge();
    const event = nextMessage(
      socket!,
      (m) =>
        m.type === 'event' &&
        m.name === 'devices.changed' &&
        (m.payload as Array<{ id: string }>).some((device) => device.id === 'printer-1'),
    );
    core.devices.register(connectedPrinter);
    expect(await event).toMatchObject({
      payload: expect.arrayContaining([expect.objectContaining({ id: 'printer-1', status: 'connected' })]),
    });
    socket!.close();
  });

  it('closes a connection that sends a malformed frame', async () => {
    const { socket } = await openBridge();
    const closed = new Promise<number>((resolve) => socket!.once('close', (code) => resolve(code)));
    socket!.send('{"type":"command","id":"one"}');
    expect(await closed).toBe(1007);
  });

  describe('refuses the bridge', () => {
    it.each<[string, Handshake, number]>([
      ['without a token', { token: null }, 401],
      ['with a wrong token', { token: 'x'.repeat(43) }, 401],
      ['with a token one character short', { token: 'short' }, 401],
      ['from another web page', { origin: 'http://evil.example' }, 403],
      ['from a look-alike origin', { origin: 'http://127.0.0.1.evil.example' }, 403],
      ['from the right host on another port', { origin: 'http://127.0.0.1:1' }, 403],
      ['without an Origin header', { origin: null }, 403],
      ['through a rebound DNS name', { hostHeader: 'evil.example', origin: 'http://evil.example' }, 421],
    ])('%s', async (_what, handshake, status) => {
      const result = await openBridge(handshake);
      expect(result.socket).toBeUndefined();
      expect(result.status).toBe(status);
    });
  });

  it('refuses a fixed token that is too short to be secret', async () => {
    await expect(startHost({ core, port: 0, rendererDir, token: 'abc' })).rejects.toThrow(/at least 32/);
  });

  it('explains a missing renderer build', async () => {
    await expect(startHost({ core, port: 0, rendererDir: join(rendererDir, 'nope') })).rejects.toThrow(/npm run build/);
  });
});

describe('the customer display’s page', () => {
  let withDisplay: RunningHost;
  beforeEach(async () => {
    withDisplay = await startHost({
      core,
      port: 0,
      rendererDir,
      customerDisplay: { connect: (source) => core.customerDisplay.connect(source) },
    });
  });
  afterEach(async () => {
    await withDisplay.close();
  });
  const customerToken = () => new URL(withDisplay.customerUrl!).searchParams.get('token')!;
  const open = (token: string) => {
    const socket = new WebSocket(`ws://127.0.0.1:${withDisplay.port}/bridge?token=${encodeURIComponent(token)}`, {
      origin: `http://127.0.0.1:${withDisplay.port}`,
    });
    return new Promise<WebSocket>((resolve, reject) => {
      socket.once('open', () => resolve(socket));
      socket.once('error', reject);
    });
  };

  it('has its own address and token, apart from the counter’s', () => {
    expect(withDisplay.customerUrl).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${withDisplay.port}/customer\\.html\\?token=`),
    );
    expect(customerToken().length).toBeGreaterThanOrEqual(43);
    expect(customerToken()).not.toBe(withDisplay.token);
    expect(host.customerUrl).toBeNull();
  });

  it('is counted while connected, refused every cashier command, and hears its own view only', async () => {
    // Training draws one beside the counter already.
    const before = core.customerDisplay.view().displays;
    const socket = await open(customerToken());
    await until(() => core.customerDisplay.view().displays === before + 1);
    const heard: string[] = [];
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as BridgeServerMessage;
      if (message.type === 'event') heard.push(message.name);
    });
    const sale = await command(socket, 1, 'terminal.sale', { amountMinor: 100 });
    expect(sale).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await command(socket, 2, 'settings.get', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await command(socket, 3, 'customerDisplay.view', {})).toMatchObject({
      ok: true,
      result: { step: { kind: 'idle' }, displays: before + 1 },
    });
    // A device change goes to the counter's pages, never to the customer's.
    core.devices.register(connectedPrinter);
    ok(await core.dispatch('customerDisplay.showOrder', { lines: [], amountMinor: 450 }));
    await until(() => heard.includes('customerDisplay.view'));
    expect(heard.every((name) => name === 'customerDisplay.view')).toBe(true);
    socket.close();
    await until(() => core.customerDisplay.view().displays === before);
  });

  it('a page on the counter’s token is staff’s, not a customer display', async () => {
    const before = core.customerDisplay.view().displays;
    const socket = await open(withDisplay.token);
    expect(await command(socket, 1, 'settings.get', {})).toMatchObject({ ok: true });
    expect(core.customerDisplay.view().displays).toBe(before);
    socket.close();
  });

  it('refuses a fixed customer token that is short, or the same as the counter’s', async () => {
    await expect(
      startHost({ core, port: 0, rendererDir, customerDisplay: { token: 'abc', connect: () => () => undefined } }),
    ).rejects.toThrow('The customer display token must be at least 32 characters long.');
    const same = 'k'.repeat(40);
    await expect(
      startHost({
        core,
        port: 0,
        rendererDir,
        token: same,
        customerDisplay: { token: same, connect: () => () => undefined },
      }),
    ).rejects.toThrow('The customer display token must differ from the host token.');
  });
});
