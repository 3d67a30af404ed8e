import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { call, rpctMerchant, sale, siteAuth } from './support';
import { rawConnection } from '../../../support/raw-connection';

// Small limits so a test waits a tenth of a second for the emulator to give up, not five.
const short = { headersMs: 100, requestMs: 10_000, keepAliveMs: 100, bodyIdleMs: 100, maxBodyBytes: 1_000 };

let emulator: RunningEmulator;
afterEach(async () => {
  await emulator.close();
});
const start = () => startEmulator({ realism: false, limits: short, clock: { now: () => Date.UTC(2026, 10, 22, 12) } });

/** A request with the target exactly as written (fetch and URL would tidy `//x/rest/...`). */
function rawGet(path: string, authorization = siteAuth): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port: emulator.port, path, headers: { Authorization: authorization } },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;
/** The head of a JSON auth PUT that declares `length` bytes of body. */
const authPutHead = (length: number) =>
  head([
    'PUT /rest/auth HTTP/1.1',
    'Host: 127.0.0.1',
    `Authorization: ${siteAuth}`,
    'Content-Type: application/json',
    `Content-Length: ${length}`,
  ]);

describe('slow and idle connections', () => {
  it('closes a connection that never sends a request', async () => {
    emulator = await start();
    const { closed } = rawConnection(emulator.port);
    const answer = await closed;
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('closes a connection that sends half its headers and stops', async () => {
    emulator = await start();
    const { socket, closed } = rawConnection(emulator.port);
    socket.write(`GET /rest/inquire/1/${rpctMerchant} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthoriz`);
    const answer = await closed;
    // node:http answers 408 when it can; either way no request was served.
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('answers 408 and closes when a body stops arriving halfway', async () => {
    emulator = await start();
    const { socket, closed } = rawConnection(emulator.port);
    const body = JSON.stringify(sale());
    socket.write(authPutHead(body.length));
    socket.write(body.slice(0, 20));
    const answer = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"error":"the request body stopped arriving');
    expect((await call(emulator, 'GET', `inquireByOrderid/none/${rpctMerchant}/1`)).json).toMatchObject({
      respcode: '29',
    });
  });

  it('closes a kept-alive connection that stays idle after its answer', async () => {
    emulator = await start();
    const { socket, closed, received } = rawConnection(emulator.port);
    socket.write(
      head([`GET /rest/inquire/1/${rpctMerchant} HTTP/1.1`, 'Host: 127.0.0.1', `Authorization: ${siteAuth}`]),
    );
    await expect.poll(received).toMatch(/^HTTP\/1\.1 200 /);
    await expect(closed).resolves.toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('oversized bodies', () => {
  it('answers 413 by the declared length, before any of the body is sent', async () => {
    emulator = await start();
    const { socket, closed } = rawConnection(emulator.port);
    socket.write(authPutHead(10_000_000));
    const answer = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"error":"the request body is over 1000 bytes');
  });

  it('answers 413 to a chunked body once it passes the limit', async () => {
    emulator = await start();
    const response = await fetch(`${emulator.url}/auth`, {
      method: 'PUT',
      headers: { Authorization: siteAuth, 'Content-Type': 'application/json' },
      body: new Blob([JSON.stringify(sale({ userfields: [{ note: 'x'.repeat(1_500) }] }))]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: 'the request body is over 1000 bytes, the most the gateway emulator reads',
    });
  });
});

describe('malformed percent-encoding', () => {
  it.each([
    [`/rest/inquire/%zz/${rpctMerchant}`, '"%zz" is not % and two hex digits'],
    [`/rest/inquire/1/${rpctMerchant}%`, '"%" is not % and two hex digits'],
    [`/rest/inquireByOrderid/%C3%28/${rpctMerchant}/1`, 'does not decode to UTF-8 text'],
    [`/rest/settlestat?merchid=${rpctMerchant}&date=11%2`, 'in the query'],
  ])('%s is answered 400 with a JSON body naming the problem', async (path, problem) => {
    emulator = await start();
    const answer = await rawGet(path);
    expect(answer.status).toBe(400);
    // The reference's 400 body: {message, errorcode} (gateway-openapi.yaml, every operation's 400).
    const { message, errorcode } = JSON.parse(answer.body) as { message: string; errorcode: number };
    expect(typeof errorcode).toBe('number');
    expect(message).toContain('malformed percent-encoding');
    expect(message).toContain(problem);
  });
});

describe('the rate limit and faults see the path as it is routed', () => {
  it('counts every spelling of an inquiry path toward the same limit', async () => {
    emulator = await startEmulator({ realism: false, limits: short, clock: { now: () => Date.UTC(2026, 10, 22, 12) } });
    const spellings = [
      `//rest/inquire/1/${rpctMerchant}`,
      `/rest//inquire//1/${rpctMerchant}/`,
      `/rest/./inquire/1/${rpctMerchant}`,
      `/rest/%69nquire/1/${rpctMerchant}`,
      `/rest/settlestat/../inquire/1/${rpctMerchant}`,
    ];
    for (let i = 0; i < 20; i++) expect((await rawGet(spellings[i % spellings.length] ?? '')).status).toBe(200);
    expect((await rawGet(`/rest/inquire/1/${rpctMerchant}`)).status).toBe(429);
    expect((await rawGet(`//rest/inquire/1/${rpctMerchant}`)).status).toBe(429);
    // Once read as a host name and a path that skipped the limit: now a path that is no endpoint.
    expect((await rawGet(`//x/rest/inquire/1/${rpctMerchant}`)).status).toBe(404);
    // Endpoint names are case-sensitive, as on the gateway: another case is not an endpoint.
    expect((await rawGet(`/rest/INQUIRE/1/${rpctMerchant}`)).status).toBe(404);
  });

  it('does not count requests without good credentials, so a stranger cannot lock a lane out', async () => {
    emulator = await start();
    const stranger = `Basic ${Buffer.from('testing:wrong').toString('base64')}`;
    for (let i = 0; i < 25; i++) expect((await rawGet(`/rest/inquire/1/${rpctMerchant}`, stranger)).status).toBe(401);
    expect((await rawGet(`/rest/inquire/1/${rpctMerchant}`)).status).toBe(200);
  });

  it('leaves an injected fault for the authenticated request to its endpoint', async () => {
    emulator = await start();
    const admin = (body: unknown) =>
      fetch(`${emulator.url.replace('/rest', '')}/__emulator/faults`, {
        method: 'PUT',
        headers: { Authorization: siteAuth, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    await admin({ endpoint: 'auth', kind: 'http-500' });
    await admin({ endpoint: '*', kind: 'http-408' });
    expect((await call(emulator, 'PUT', 'auth', sale(), 'Basic bm9ib2R5Om5vdGhpbmc=')).status).toBe(401);
    expect((await call(emulator, 'PUT', 'nonsense', sale())).status).toBe(404);
    expect((await call(emulator, 'PUT', 'auth', sale())).status).toBe(500);
    expect((await call(emulator, 'GET', `inquire/1/${rpctMerchant}`)).status).toBe(408);
    expect((await call(emulator, 'PUT', 'auth', sale())).status).toBe(200);
  });
});
