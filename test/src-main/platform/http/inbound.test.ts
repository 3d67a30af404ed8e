import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  answerRequests,
  closeServer,
  createRoutes,
  HttpProblem,
  listen,
  readJsonObject,
  requireMediaType,
  securityHeaders,
  sendBody,
  timeoutOptions,
} from '../../../../src-main/platform/http/inbound';
import { ManualClock } from '../../../support/manual-clock';
import { rawConnection } from '../../../support/raw-connection';

interface Answer {
  readonly status: number;
  readonly body: unknown;
}
type Route = (request: IncomingMessage, params: Readonly<Record<string, string>>) => Promise<Answer>;

const clock = new ManualClock();
/** Resolves when a route starts reading its body: the request has reached the server. */
let reading: () => void = () => undefined;
const maxBytes = 100;
const idleMs = 5_000;

const routes = createRoutes<Route>()
  .add('POST', '/notes/:name', async (request, { name }) => {
    requireMediaType(request, ['application/json'], 'a note is posted as application/json');
    reading();
    return { status: 200, body: { name, note: await readJsonObject(request, { maxBytes, idleMs, clock }) } };
  })
  .add('GET', '/notes/:name', async (_request, { name }) => ({ status: 200, body: { name } }))
  .add('GET', '/busy', async () => {
    throw new HttpProblem('too-many', 'one a second', { headers: { 'Retry-After': '7' } });
  })
  .add('GET', '/broken', async () => {
    throw new Error('SQLITE_CORRUPT at /var/lib/lanepoint/journal.db');
  });

let server: Server | undefined;
afterEach(async () => {
  if (server) await closeServer(server);
  server = undefined;
});

/** A small server on the toolkit, as each Lanepoint server is built. */
async function start(timeouts = { headersMs: 5_000, requestMs: 10_000, keepAliveMs: 5_000 }): Promise<string> {
  server = createServer(
    timeoutOptions(timeouts),
    answerRequests<Answer>({
      async handle(request) {
        const url = new URL(request.url ?? '/', 'http://toolkit.invalid');
        const found = routes.match(request.method ?? 'GET', url.pathname);
        if (found.kind === 'wrong-method')
          throw new HttpProblem('wrong-method', `${request.method} is not served here`, {
            headers: { Allow: found.allow.join(', ') },
          });
        if (found.kind === 'not-found') throw new HttpProblem('not-found', 'no such page');
        return found.handler(request, found.params);
      },
      problem: (problem) => ({ status: problem.status, body: { kind: problem.kind, message: problem.message } }),
      unexpected: () => ({ status: 500, body: { message: 'internal error' } }),
      send: (response, answer) =>
        sendBody(
          response,
          answer.status,
          { 'Content-Type': 'application/json', ...securityHeaders({ noStore: true }) },
          JSON.stringify(answer.body),
        ),
    }),
  );
  return `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`;
}

const post = (base: string, path: string, body: BodyInit, type = 'application/json') =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': type }, body });

describe('the inbound toolkit, over real sockets', () => {
  it('routes by method and path params; a known path with another method is 405 with Allow, else 404', async () => {
    const base = await start();
    expect(await (await fetch(`${base}/notes/caf%C3%A9`)).json()).toEqual({ name: 'café' });
    const wrong = await fetch(`${base}/notes/x`, { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST, GET');
    const unknown = await fetch(`${base}/elsewhere`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ kind: 'not-found', message: 'no such page' });
  });

  it('takes a JSON object within the limit, strictly UTF-8', async () => {
    const base = await start();
    const answer = await post(base, '/notes/a', JSON.stringify({ text: 'naïve' }));
    expect(await answer.json()).toEqual({ name: 'a', note: { text: 'naïve' } });
  });

  it('refuses a body over the limit 413: by its declared length, and chunked once it passes', async () => {
    const base = await start();
    const declared = await post(base, '/notes/a', JSON.stringify({ text: 'x'.repeat(maxBytes) }));
    expect(declared.status).toBe(413);
    expect(declared.headers.get('connection')).toBe('close');
    const chunked = await fetch(`${base}/notes/a`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: new Blob([JSON.stringify({ text: 'x'.repeat(maxBytes) })]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await chunked.json()).toMatchObject({ kind: 'too-large' });
  });

  it('refuses another content type 415, naming the one it takes', async () => {
    const base = await start();
    const answer = await post(base, '/notes/a', 'text=hi', 'application/x-www-form-urlencoded');
    expect(answer.status).toBe(415);
    expect(await answer.json()).toEqual({ kind: 'unsupported-type', message: 'a note is posted as application/json' });
  });

  it.each([
    ['not JSON', '{"text": ', 'bad-json'],
    ['JSON but not an object', '[1, 2]', 'not-an-object'],
    ['not UTF-8', Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]), 'bad-encoding'],
  ])('refuses a body that is %s with 400 naming it', async (_what, body, kind) => {
    const base = await start();
    const answer = await post(base, '/notes/a', body);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ kind });
  });

  it('answers 408 and closes when a body stops arriving, on the clock it was given', async () => {
    const base = await start();
    const { socket, closed } = rawConnection(Number(new URL(base).port));
    const started = new Promise<void>((resolve) => (reading = resolve));
    socket.write(
      'POST /notes/a HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n{"te',
    );
    await started;
    clock.advance(idleMs - 1);
    expect(socket.readyState).toBe('open');
    clock.advance(1);
    const answer = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('Connection: close');
    expect(answer).toContain(`the request body stopped arriving for ${idleMs} ms`);
  });

  it('closes a client that sends half its headers and stops, by the server’s own timeouts', async () => {
    const base = await start({ headersMs: 50, requestMs: 100, keepAliveMs: 50 });
    const { socket, closed } = rawConnection(Number(new URL(base).port));
    socket.write('GET /notes/a HTTP/1.1\r\nHost: 127.0.0.1\r\nAcc');
    const answer = await closed;
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('turns a thrown problem into its status and headers, and anything else into a 500 that leaks nothing', async () => {
    const base = await start();
    const busy = await fetch(`${base}/busy`);
    expect(busy.status).toBe(429);
    expect(busy.headers.get('retry-after')).toBe('7');
    const broken = await fetch(`${base}/broken`);
    expect(broken.status).toBe(500);
    const text = await broken.text();
    expect(text).not.toContain('SQLITE');
    expect(text).not.toContain('journal.db');
    expect(broken.headers.get('x-content-type-options')).toBe('nosniff');
    expect(broken.headers.get('cache-control')).toBe('no-store');
  });
});

describe('security headers', () => {
  it('always say nosniff; a page adds its CSP and isolation, an API no-store, HTTPS its HSTS', () => {
    expect(securityHeaders({})).toEqual({ 'X-Content-Type-Options': 'nosniff' });
    expect(securityHeaders({ csp: "default-src 'none'", isolated: true, noStore: true, hstsSeconds: 60 })).toEqual({
      'Content-Security-Policy': "default-src 'none'",
      'Strict-Transport-Security': 'max-age=60',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Cache-Control': 'no-store',
    });
  });
});
