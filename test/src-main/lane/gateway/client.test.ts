import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../../../src-main/lane/gateway/client';
import { resolveGatewayOptions } from '../../../../src-main/lane/gateway/client-settings';
import { systemClock, type Clock } from '../../../../src-main/platform/clock';
import { ManualClock } from '../../../support/manual-clock';
import {
  AuthenticationError,
  GatewayError,
  ProtocolError,
  RetryableError,
  GatewayTransportError,
  ValidationError,
} from '../../../../src-main/lane/gateway/errors';
import { createRequestSender } from '../../../../src-main/lane/gateway/request-sender';
import { approvedAnswer, timeoutAnswer } from '../../../support/gateway-answers';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A small gateway stand-in on loopback; `answer` decides what each request gets. */
async function gateway(answer: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const seen: Seen[] = [];
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body: body ? JSON.parse(body) : undefined,
      });
      answer(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { seen, baseUrl: `http://127.0.0.1:${port}/cardconnect/rest` };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
};

const credentials = { level: 'site' as const, username: 'testing', password: 'testing123' };
const sale = {
  merchid: '496160873888',
  amount: 1234,
  account: '4788250000121443',
  expiry: '1228',
  orderid: 'LANE01-000123',
};

/** The process's clock (or the test's), with each wait between retries written down instead of waited. */
function recordingClock(sleeps?: number[], base: Clock = systemClock): Clock {
  return { ...base, sleep: async (ms) => void sleeps?.push(ms) };
}

function client(baseUrl: string, extra: { clock?: Clock; sleeps?: number[] } = {}) {
  return createGatewayClient({ baseUrl, credentials, clock: recordingClock(extra.sleeps, extra.clock) });
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

describe('GatewayClient.auth over HTTP', () => {
  // POST: the method the gateway's OpenAPI file declares for auth, capture, void, refund and
  // voidByOrderId alike (its descriptions allow PUT for some of them only).
  it('sends one POST with Basic credentials and the decimal amount, and reads the approval', async () => {
    const { seen, baseUrl } = await gateway((_req, res) => json(res, 200, approvedAnswer));
    const result = await client(baseUrl).auth(sale);
    expect(result).toMatchObject({ outcome: 'approved', amount: 1234, authcode: 'PPS568' });
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/cardconnect/rest/auth',
        authorization: `Basic ${Buffer.from('testing:testing123').toString('base64')}`,
        contentType: 'application/json',
        body: {
          merchid: '496160873888',
          amount: '12.34',
          account: '4788250000121443',
          expiry: '1228',
          orderid: 'LANE01-000123',
        },
      },
    ]);
  });

  it('puts nothing on the wire when the request breaks a rule', async () => {
    const { seen, baseUrl } = await gateway((_req, res) => json(res, 200, approvedAnswer));
    const error = await failure(client(baseUrl).auth({ ...sale, postal: '1234' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe('postal');
    expect(seen).toHaveLength(0);
  });

  it('maps HTTP 401 to AuthenticationError without retrying', async () => {
    const { seen, baseUrl } = await gateway((_req, res) => res.writeHead(401).end('Unauthorized'));
    expect(await failure(client(baseUrl).auth(sale))).toBeInstanceOf(AuthenticationError);
    expect(seen).toHaveLength(1);
  });

  it('maps respstat B to RetryableError', async () => {
    const { baseUrl } = await gateway((_req, res) => json(res, 200, timeoutAnswer));
    expect(await failure(client(baseUrl).auth(sale))).toBeInstanceOf(RetryableError);
  });

  it('reports an HTTP error with its status and never repeats the authorization', async () => {
    const sleeps: number[] = [];
    const { seen, baseUrl } = await gateway((_req, res) => res.writeHead(502).end('Bad gateway for 4788250000121443'));
    const error = await failure(client(baseUrl, { sleeps }).auth(sale));
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).status).toBe(502);
    expect((error as GatewayError).raw).not.toContain('4788250000121443');
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('maps an answer that is not JSON to ProtocolError', async () => {
    const { baseUrl } = await gateway((_req, res) => res.writeHead(200).end('<html>maintenance</html>'));
    expect(await failure(client(baseUrl).auth(sale))).toBeInstanceOf(ProtocolError);
  });

  describe('when the answer is lost', () => {
    it('connection refused: never sent, so retried, then GatewayTransportError with requestSent false', async () => {
      const { baseUrl } = await gateway(() => undefined);
      const closed = baseUrl;
      server!.closeAllConnections();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
      const sleeps: number[] = [];
      const error = await failure(client(closed, { sleeps }).auth(sale));
      expect(error).toBeInstanceOf(GatewayTransportError);
      expect((error as GatewayTransportError).requestSent).toBe(false);
      expect(sleeps).toEqual([500, 1000]);
    });

    it('connection dropped after the request: outcome unknown, not repeated', async () => {
      const sleeps: number[] = [];
      const { seen, baseUrl } = await gateway((req) => req.socket.destroy());
      const error = await failure(client(baseUrl, { sleeps }).auth(sale));
      expect(error).toBeInstanceOf(GatewayTransportError);
      expect((error as GatewayTransportError).requestSent).toBe(true);
      expect(seen).toHaveLength(1);
      expect(sleeps).toEqual([]);
    });

    it('answer cut off half way: outcome unknown', async () => {
      const { baseUrl } = await gateway((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '500' });
        // Cut once the first half has left for the lane, not after a guessed pause.
        res.write('{"respstat":"A","retref":"3430', () => res.socket?.destroy());
      });
      const error = await failure(client(baseUrl).auth(sale));
      expect(error).toBeInstanceOf(GatewayTransportError);
      expect((error as GatewayTransportError).requestSent).toBe(true);
    });

    it('no answer before the timeout: outcome unknown, marked timed out', async () => {
      const clock = new ManualClock();
      const { seen, baseUrl } = await gateway(() => {
        // The gateway holds the request; the test's clock then runs out.
        clock.advance(40_000);
      });
      const error = await failure(client(baseUrl, { clock }).auth(sale));
      expect(error).toBeInstanceOf(GatewayTransportError);
      expect(error).toMatchObject({ requestSent: true, timedOut: true });
      expect(error.message).toContain('40000 ms');
      expect(seen).toHaveLength(1);
    });

    it('HTTP 408: outcome unknown', async () => {
      const { baseUrl } = await gateway((_req, res) => res.writeHead(408).end());
      const error = await failure(client(baseUrl).auth(sale));
      expect(error).toMatchObject({ name: 'GatewayTransportError', requestSent: true, status: 408 });
    });
  });
});

describe('request sender retries for reads', () => {
  it('retries an inquiry after server errors with backoff, three attempts in all', async () => {
    const { seen, baseUrl } = await gateway((_req, res) => res.writeHead(503).end());
    const sleeps: number[] = [];
    const sender = createRequestSender(resolveGatewayOptions({ baseUrl, credentials, clock: recordingClock(sleeps) }));
    const error = await failure(
      sender.send({ operation: 'inquire', method: 'GET', path: 'inquire/343005123105/496160873888' }),
    );
    expect((error as GatewayError).status).toBe(503);
    expect(seen).toHaveLength(3);
    expect(seen[0]?.url).toBe('/cardconnect/rest/inquire/343005123105/496160873888');
    expect(sleeps).toEqual([500, 1000]);
  });

  it('stops retrying as soon as an answer arrives', async () => {
    let calls = 0;
    const { baseUrl } = await gateway((_req, res) =>
      ++calls < 2 ? res.writeHead(500).end() : json(res, 200, { ok: 1 }),
    );
    const sender = createRequestSender(resolveGatewayOptions({ baseUrl, credentials, clock: recordingClock() }));
    await expect(sender.send({ operation: 'inquire', method: 'GET', path: 'inquire/1/2' })).resolves.toMatchObject({
      json: { ok: 1 },
    });
    expect(calls).toBe(2);
  });
});

describe('client settings', () => {
  it.each<[string, Parameters<typeof resolveGatewayOptions>[0], string]>([
    ['http off loopback', { baseUrl: 'http://gateway.example/rest', credentials }, 'baseUrl'],
    ['not a URL', { baseUrl: 'gateway', credentials }, 'baseUrl'],
    ['the site without the REST root', { baseUrl: 'https://fts-uat.cardconnect.com/', credentials }, 'baseUrl'],
    ['credentials in the URL', { baseUrl: 'https://u:p@gateway.example/rest', credentials }, 'baseUrl'],
    [
      'a money timeout within the gateway deadline',
      { baseUrl: 'https://gw.example/rest', credentials, timeouts: { moneyMovingMs: 32_000 } },
      'timeouts.moneyMovingMs',
    ],
    [
      'an inquiry timeout too short',
      { baseUrl: 'https://gw.example/rest', credentials, timeouts: { inquiryMs: 10 } },
      'timeouts.inquiryMs',
    ],
    [
      'a username with a colon',
      { baseUrl: 'https://gw.example/rest', credentials: { ...credentials, username: 'a:b' } },
      'credentials.username',
    ],
    [
      'no password',
      { baseUrl: 'https://gw.example/rest', credentials: { ...credentials, password: '' } },
      'credentials.password',
    ],
  ])('refuses %s', (_what, options, field) => {
    expect(() => resolveGatewayOptions(options)).toThrow(ValidationError);
    try {
      resolveGatewayOptions(options);
    } catch (error) {
      expect((error as ValidationError).field).toBe(field);
    }
  });

  it('accepts https anywhere and http on loopback, with a money timeout past 32 s by default', () => {
    expect(
      resolveGatewayOptions({ baseUrl: 'https://gw.example:6443/cardconnect/rest', credentials }).timeouts
        .moneyMovingMs,
    ).toBeGreaterThan(32_000);
    expect(resolveGatewayOptions({ baseUrl: 'http://127.0.0.1:9000/rest', credentials }).baseUrl.href).toBe(
      'http://127.0.0.1:9000/rest/',
    );
  });

  // The reference's REST root, as store IT copies it: with or without the closing slash.
  it.each(['https://fts-uat.cardconnect.com/cardconnect/rest', 'https://fts-uat.cardconnect.com/cardconnect/rest/'])(
    'takes %s as the root of every call',
    (baseUrl) => {
      const root = resolveGatewayOptions({ baseUrl, credentials }).baseUrl;
      expect(new URL('auth', root).href).toBe('https://fts-uat.cardconnect.com/cardconnect/rest/auth');
      expect(new URL('inquire/1/2', root).pathname).toBe('/cardconnect/rest/inquire/1/2');
    },
  );
});
