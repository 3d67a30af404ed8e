import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTerminalClient, type TerminalClientOptions } from '../../../../src-main/lane/integrated-terminal/client';
import {
  TerminalBusy,
  TerminalCanceled,
  type TerminalError,
  TerminalNotConnected,
  TerminalNotSent,
  TerminalOutcomeUnknown,
  TerminalRefused,
  TerminalRequestInvalid,
  TerminalSessionRefused,
  TerminalUnauthorized,
} from '../../../../src-main/lane/integrated-terminal/errors';
import { createLogger } from '../../../../src-main/platform/log/logger';
import { ManualClock } from '../../../support/manual-clock';
import { until } from '../../../support/until';

/**
 * The integrated terminal client against a small terminal service on loopback, written here
 * from the reference (api-overview.md, developer-guides.md, terminal-openapi.yaml): connect
 * answers the session key header, the other operations answer what each case documents. Time
 * runs on a ManualClock, so session expiry and renewal take no time.
 */

interface Seen {
  readonly path: string;
  readonly authorization: string | undefined;
  readonly contentType: string | undefined;
  readonly sessionKey: string | undefined;
  readonly body: Record<string, unknown>;
}

type Handler = (seen: Seen, res: ServerResponse, index: number) => void;

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

const started = Date.parse('2026-11-28T12:00:00.000Z');
const apiKey = 'ZCb8rPkZcZDVO2CIngLsFrBJgA/BYyUzIHT2zaj3NPg=';
const merchantId = '800000000123';
const hsn = 'C032UQ82820315';

/** A terminal service on loopback: records each request and lets `handler` answer it. */
async function terminalService(handler: Handler) {
  const seen: Seen[] = [];
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const request: Seen = {
        path: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        sessionKey: req.headers['x-cardconnect-sessionkey'] as string | undefined,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      };
      seen.push(request);
      handler(request, res, seen.length - 1);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { seen, baseUrl: `http://127.0.0.1:${port}`, paths: () => seen.map((one) => one.path) };
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));

/** connect's answer: the key and its expiry in the header, as "Establishing a Session" shows it. */
const connected = (res: ServerResponse, key: string, expiresAt = started + 10 * 60_000) =>
  res
    .writeHead(200, {
      'Content-Type': 'application/json',
      'X-CardConnect-SessionKey': `${key};expires=${new Date(expiresAt).toISOString()}`,
    })
    .end();

const sessionExpired = { errorCode: 1, errorMessage: `Session key for hsn ${hsn} was not valid` };

const approval = {
  token: '9445123546981111',
  expiry: '0224',
  name: 'John Doe',
  batchid: '100',
  retref: '173006146691',
  avsresp: 'Y',
  respproc: 'RPCT',
  amount: '12.34',
  resptext: 'Approval',
  authcode: '909443',
  respcode: '00',
  merchid: merchantId,
  cvvresp: '',
  respstat: 'A',
  orderId: 'LANE01-000123',
};

const sale = { hsn, amount: 1234, orderId: 'LANE01-000123', includeSignature: false, beep: true };

function client(baseUrl: string, clock = new ManualClock(started), extra: Partial<TerminalClientOptions> = {}) {
  return createTerminalClient({ baseUrl, apiKey, merchantId, clock, ...extra });
}

async function failure(promise: Promise<unknown>): Promise<TerminalError> {
  try {
    await promise;
  } catch (error) {
    return error as TerminalError;
  }
  throw new Error('expected the call to fail');
}

/** Connect answers a key numbered by how many connects came before; every other call gets `answer`. */
function withSessions(answer: Handler): Handler {
  let connects = 0;
  return (seen, res, index) => {
    if (seen.path === '/api/v2/connect') connected(res, `key${++connects}`);
    else answer(seen, res, index);
  };
}

describe('the session key', () => {
  it('connects once, then sends the key (without its expiry) on each request', async () => {
    const service = await terminalService(withSessions((_seen, res) => res.writeHead(200).end()));
    const terminal = client(service.baseUrl);
    await terminal.display({ hsn, text: 'Welcome\nto the store' });
    await terminal.clearDisplay({ hsn });
    expect(service.paths()).toEqual(['/api/v2/connect', '/api/v2/display', '/api/v3/clearDisplay']);
    expect(service.seen[0]).toEqual({
      path: '/api/v2/connect',
      authorization: apiKey,
      contentType: 'application/json',
      sessionKey: undefined,
      body: { merchantId, hsn, force: 'true' },
    });
    expect(service.seen[1]).toMatchObject({
      sessionKey: 'key1',
      authorization: apiKey,
      body: { merchantId, hsn, text: 'Welcome\nto the store' },
    });
    expect(service.seen[2]).toMatchObject({ sessionKey: 'key1', body: { merchantId, hsn } });
  });

  it('renews the key before it expires, not after', async () => {
    const clock = new ManualClock(started);
    const service = await terminalService(withSessions((_seen, res) => json(res, 200, { connected: 'true' })));
    const terminal = client(service.baseUrl, clock, { renewBeforeMs: 60_000 });
    expect(await terminal.ping({ hsn })).toBe(true);
    clock.advance(8 * 60_000);
    await terminal.ping({ hsn });
    expect(service.seen.map((one) => one.sessionKey ?? one.path)).toEqual(['/api/v2/connect', 'key1', 'key1']);
    clock.advance(60_000);
    await terminal.ping({ hsn });
    expect(service.seen.map((one) => one.sessionKey ?? one.path)).toEqual([
      '/api/v2/connect',
      'key1',
      'key1',
      '/api/v2/connect',
      'key2',
    ]);
  });

  it('never trusts an expiry more than the documented 10 minutes away (clocks disagree)', async () => {
    const clock = new ManualClock(started);
    let connects = 0;
    const service = await terminalService((seen, res) => {
      if (seen.path === '/api/v2/connect') connected(res, `key${++connects}`, started + 60 * 60_000);
      else json(res, 200, { connected: true });
    });
    const terminal = client(service.baseUrl, clock, { renewBeforeMs: 0 });
    await terminal.ping({ hsn });
    clock.advance(10 * 60_000);
    await terminal.ping({ hsn });
    expect(connects).toBe(2);
  });

  it('after "Session key … was not valid": renews with force and sends the request once more', async () => {
    const service = await terminalService(
      withSessions((seen, res) =>
        seen.sessionKey === 'key1' ? json(res, 500, sessionExpired) : json(res, 200, { confirmed: 'true' }),
      ),
    );
    const confirmed = await client(service.baseUrl).readConfirmation({ hsn, prompt: 'Is this debit?', beep: true });
    expect(confirmed).toBe(true);
    expect(service.seen.map((one) => `${one.path} ${one.sessionKey ?? ''}`.trim())).toEqual([
      '/api/v2/connect',
      '/api/v3/readConfirmation key1',
      '/api/v2/connect',
      '/api/v3/readConfirmation key2',
    ]);
    expect(service.seen[2]!.body).toEqual({ merchantId, hsn, force: 'true' });
    expect(service.seen[3]!.body).toEqual({ merchantId, hsn, prompt: 'Is this debit?', beep: 'true' });
  });

  it('repeats only once: a second refusal is a session error', async () => {
    const service = await terminalService(withSessions((_seen, res) => json(res, 500, sessionExpired)));
    const error = await failure(client(service.baseUrl).getPanPadVersion({ hsn }));
    expect(error).toBeInstanceOf(TerminalSessionRefused);
    expect(error.kind).toBe('session');
    expect(service.paths().filter((path) => path.endsWith('getPanPadVersion'))).toHaveLength(2);
  });

  it('never repeats authCard after a session refusal; the next request gets a new session', async () => {
    const service = await terminalService(
      withSessions((seen, res) =>
        seen.sessionKey === 'key1' ? json(res, 500, sessionExpired) : json(res, 200, approval),
      ),
    );
    const terminal = client(service.baseUrl);
    const error = await failure(terminal.authCard(sale));
    expect(error).toBeInstanceOf(TerminalSessionRefused);
    expect(error.message).toMatch(/authorization was not made and is not sent again/);
    expect(service.paths()).toEqual(['/api/v2/connect', '/api/v3/authCard']);
    const authorization = await terminal.authCard(sale);
    expect(authorization).toMatchObject({ respstat: 'A', amount: 1234, retref: '173006146691' });
    expect(service.seen.map((one) => one.sessionKey ?? one.path).slice(2)).toEqual(['/api/v2/connect', 'key2']);
  });

  it('does not renew under its own in-flight request (force would cancel it)', async () => {
    const clock = new ManualClock(started);
    let release: () => void = () => undefined;
    const service = await terminalService(
      withSessions((seen, res) => {
        if (seen.path === '/api/v3/authCard') release = () => json(res, 200, approval);
        else res.writeHead(200).end();
      }),
    );
    // The authorization's own timeout is set past the 8 minutes this test moves the clock.
    const terminal = client(service.baseUrl, clock, {
      renewBeforeMs: 3 * 60_000,
      timeouts: { authorization: 20 * 60_000 },
    });
    const sold = terminal.authCard(sale);
    await until(() => service.seen.length === 2);
    clock.advance(8 * 60_000);
    await terminal.cancel({ hsn });
    release();
    await sold;
    expect(service.seen.map((one) => one.sessionKey ?? one.path)).toEqual(['/api/v2/connect', 'key1', 'key1']);
  });

  it('shared with other POS systems: connects without force and ends its own session before renewing', async () => {
    const clock = new ManualClock(started);
    const service = await terminalService(withSessions((_seen, res) => res.writeHead(200).end()));
    const terminal = client(service.baseUrl, clock, { shared: true });
    await terminal.clearDisplay({ hsn });
    clock.advance(8 * 60_000);
    await terminal.clearDisplay({ hsn });
    expect(service.seen.map((one) => `${one.path} ${one.sessionKey ?? JSON.stringify(one.body.force)}`)).toEqual([
      '/api/v2/connect "false"',
      '/api/v3/clearDisplay key1',
      '/api/v2/disconnect key1',
      '/api/v2/connect "false"',
      '/api/v3/clearDisplay key2',
    ]);
  });

  it('two requests at once share one connect', async () => {
    const service = await terminalService(
      withSessions((seen, res) =>
        json(res, 200, seen.path === '/api/v2/ping' ? { connected: true } : { version: '1060011' }),
      ),
    );
    const terminal = client(service.baseUrl);
    const answers = await Promise.all([terminal.getPanPadVersion({ hsn }), terminal.ping({ hsn })]);
    expect(answers).toEqual(['1060011', true]);
    expect(service.paths().filter((path) => path === '/api/v2/connect')).toHaveLength(1);
  });

  it('disconnect ends the session (a key the service already forgot is fine); the next request connects', async () => {
    const service = await terminalService(
      withSessions((seen, res) =>
        seen.path === '/api/v2/disconnect'
          ? json(res, 400, { errorCode: 3, errorMessage: 'Session key for hsn was not valid' })
          : res.writeHead(200).end(),
      ),
    );
    const terminal = client(service.baseUrl);
    await terminal.cancel({ hsn });
    await terminal.disconnect({ hsn });
    await terminal.disconnect({ hsn });
    await terminal.cancel({ hsn });
    expect(service.seen.map((one) => `${one.path} ${one.sessionKey ?? ''}`.trim())).toEqual([
      '/api/v2/connect',
      '/api/v2/cancel key1',
      '/api/v2/disconnect key1',
      '/api/v2/connect',
      '/api/v2/cancel key2',
    ]);
  });

  it('a connect answer without the header is malformed', async () => {
    const service = await terminalService((_seen, res) => res.writeHead(200).end());
    const error = await failure(client(service.baseUrl).ping({ hsn }));
    expect(error.kind).toBe('malformed');
    expect(error.message).toMatch(/X-CardConnect-SessionKey/);
  });
});

describe('a terminal in use', () => {
  it('errorCode 7 is busy, with a message the cashier can act on', async () => {
    const service = await terminalService(
      withSessions((_seen, res) => json(res, 500, { errorCode: 7, errorMessage: `Terminal ${hsn} is already in use` })),
    );
    const error = await failure(client(service.baseUrl).readCard({ hsn, amount: 2500 }));
    expect(error).toBeInstanceOf(TerminalBusy);
    expect(error).toMatchObject({ kind: 'busy', errorCode: 7, status: 500, hsn });
    expect(error.message).toMatch(
      new RegExp(`terminal ${hsn} is in use by another session.*try again in a few seconds`),
    );
  });

  it('connect without force to a terminal with another session is busy too', async () => {
    const service = await terminalService((_seen, res) =>
      json(res, 500, { errorCode: 1, errorMessage: 'Session exists for hsn' }),
    );
    const error = await failure(client(service.baseUrl, undefined, { shared: true }).display({ hsn, text: 'Hi' }));
    expect(error).toBeInstanceOf(TerminalBusy);
    expect(service.paths()).toEqual(['/api/v2/connect']);
  });

  it('errorCode 6 says the terminal is not connected to the service', async () => {
    const service = await terminalService(
      withSessions((_seen, res) => json(res, 500, { errorCode: 6, errorMessage: 'no request queue registered' })),
    );
    expect(await failure(client(service.baseUrl).ping({ hsn }))).toBeInstanceOf(TerminalNotConnected);
  });
});

describe('refusals and lost answers', () => {
  it('HTTP 500 "Terminal request timed out" on readCard is a refusal naming the code', async () => {
    const service = await terminalService(
      withSessions((_seen, res) => json(res, 500, { errorCode: 1, errorMessage: 'Terminal request timed out' })),
    );
    const error = await failure(client(service.baseUrl).readCard({ hsn, amount: 2500 }));
    expect(error).toBeInstanceOf(TerminalRefused);
    expect(error).toMatchObject({ errorCode: 1, errorMessage: 'Terminal request timed out', status: 500 });
    expect(service.paths().filter((path) => path === '/api/v2/readCard')).toHaveLength(1);
  });

  it('errorCode 8 with authResponse: canceled, and the authorization it made is on the error', async () => {
    const service = await terminalService(
      withSessions((_seen, res) =>
        json(res, 500, { errorCode: 8, errorMessage: 'Authorization Cancelled', authResponse: approval }),
      ),
    );
    const error = await failure(client(service.baseUrl).authCard(sale));
    expect(error).toBeInstanceOf(TerminalCanceled);
    expect(error.authResponse).toMatchObject({ respstat: 'A', retref: '173006146691', amount: 1234 });
    expect(error.message).toMatch(/the authorization was made/);
  });

  it('an authCard answered by a 500 that is not the documented error: outcome unknown, not repeated', async () => {
    const service = await terminalService(withSessions((_seen, res) => res.writeHead(500).end('<html>oops</html>')));
    const error = await failure(client(service.baseUrl).authCard(sale));
    expect(error).toBeInstanceOf(TerminalOutcomeUnknown);
    expect(error.message).toMatch(/sent, outcome unknown.*order id LANE01-000123 through the gateway/);
    expect(service.paths().filter((path) => path === '/api/v3/authCard')).toHaveLength(1);
  });

  it('an authCard answered 200 without respstat: outcome unknown (it may have been approved)', async () => {
    const service = await terminalService(withSessions((_seen, res) => json(res, 200, { resptext: 'Approval' })));
    const error = await failure(client(service.baseUrl).authCard(sale));
    expect(error).toMatchObject({ kind: 'outcome-unknown', status: 200, requestSent: true });
    expect(error.message).toMatch(/respstat: .*order id LANE01-000123 through the gateway; it is not sent again$/);
  });

  it('errorCode 800 after an authorization ("Printing not supported") leaves it unknown', async () => {
    const service = await terminalService(
      withSessions((_seen, res) => json(res, 500, { errorCode: 800, errorMessage: 'Printing not supported' })),
    );
    const error = await failure(client(service.baseUrl).authManual({ ...sale, printReceipt: true }));
    expect(error).toMatchObject({ kind: 'outcome-unknown', errorCode: 800, requestSent: true });
  });

  it('the connection dropped after authCard was sent: sent, outcome unknown, never sent again', async () => {
    const service = await terminalService(
      withSessions((_seen, res) => {
        res.socket?.destroy();
      }),
    );
    const error = await failure(client(service.baseUrl).authCard(sale));
    expect(error).toBeInstanceOf(TerminalOutcomeUnknown);
    expect(error.requestSent).toBe(true);
    expect(error.message).toMatch(
      /^authCard: sent, outcome unknown .*recover it by order id LANE01-000123 through the gateway; it is not sent again$/,
    );
    expect(service.paths()).toEqual(['/api/v2/connect', '/api/v3/authCard']);
  });

  it('nothing listening: not sent, and says so', async () => {
    const service = await terminalService(() => undefined);
    server!.close();
    server = undefined;
    const error = await failure(client(service.baseUrl).authCard(sale));
    expect(error).toBeInstanceOf(TerminalNotSent);
    expect(error.requestSent).toBe(false);
    expect(error.message).toMatch(/^connect: not sent \(connection failed \(ECONNREFUSED\)\)/);
  });

  it('HTTP 401 and 403 are unauthorized, and name what was refused', async () => {
    const refusing = await terminalService((_seen, res) => res.writeHead(401).end());
    const unauthorized = await failure(client(refusing.baseUrl).listTerminals());
    expect(unauthorized).toBeInstanceOf(TerminalUnauthorized);
    expect(unauthorized.message).toMatch(/API key or merchant id \(HTTP 401\)/);
    server!.closeAllConnections();
    server!.close();
    const wrongTerminal = await terminalService((_seen, res) => res.writeHead(403).end());
    const forbidden = await failure(client(wrongTerminal.baseUrl).ping({ hsn }));
    expect(forbidden.message).toMatch(new RegExp(`terminal ${hsn} does not belong to this merchant id`));
  });

  it('a success answer of the wrong shape is malformed, naming the field', async () => {
    const service = await terminalService(withSessions((_seen, res) => json(res, 200, { confirmed: 'maybe' })));
    const error = await failure(client(service.baseUrl).readConfirmation({ hsn, prompt: 'OK?' }));
    expect(error.kind).toBe('malformed');
    expect(error.message).toMatch(/confirmed: not true or false/);
  });
});

describe('requests on the wire', () => {
  it('authCard: every field a string, amounts in implied decimals, the answer read by name', async () => {
    const service = await terminalService(withSessions((_seen, res) => json(res, 200, { ...approval, extra: 'x' })));
    const authorization = await client(service.baseUrl).authCard({
      ...sale,
      aid: 'debit',
      includePIN: true,
      capture: true,
      printExtraReceipt: true,
      printDelay: 2000,
      userFields: { lane: '3' },
    });
    expect(authorization).toMatchObject({ respstat: 'A', authcode: '909443', orderId: 'LANE01-000123' });
    expect(service.seen[1]!.body).toEqual({
      merchantId,
      hsn,
      amount: '1234',
      orderId: 'LANE01-000123',
      includeSignature: 'false',
      beep: 'true',
      aid: 'debit',
      includePIN: 'true',
      capture: 'true',
      printExtraReceipt: 'true',
      printDelay: '2000',
      userFields: { lane: '3' },
    });
  });

  it('listTerminals and terminalDetails go without a session', async () => {
    const service = await terminalService((seen, res) =>
      seen.path === '/api/v2/listTerminals'
        ? json(res, 200, { terminals: ['14012PP20131409'] })
        : json(res, 200, { terminalDetails: [{ hsn: '14012PP20131409', connected: true }] }),
    );
    const terminal = client(service.baseUrl);
    expect(await terminal.listTerminals()).toEqual(['14012PP20131409']);
    expect(await terminal.terminalDetails()).toEqual([{ hsn: '14012PP20131409', connected: true }]);
    expect(service.seen.map((one) => [one.path, one.sessionKey, one.body])).toEqual([
      ['/api/v2/listTerminals', undefined, { merchantId }],
      ['/api/v3/terminalDetails', undefined, { merchantId }],
    ]);
  });

  it('breaks of a documented rule are named, and nothing is sent', async () => {
    const service = await terminalService(withSessions((_seen, res) => res.writeHead(200).end()));
    const terminal = client(service.baseUrl);
    const cases: Array<[Promise<unknown>, string]> = [
      [terminal.display({ hsn: 'X'.repeat(19), text: 'Hi' }), 'hsn'],
      [terminal.readSignature({ hsn, prompt: 'Please sign here now' }), 'prompt'],
      [terminal.readConfirmation({ hsn, prompt: 'Café?' }), 'prompt'],
      [terminal.readInput({ hsn, prompt: 'Phone', format: 'phone' }), 'format'],
      [terminal.authCard({ ...sale, orderId: '4788250000121443' }), 'orderId'],
      [terminal.authCard({ ...sale, amount: 12.5 }), 'amount'],
      [terminal.authCard({ ...sale, printExtraReceipt: true }), 'printDelay'],
      [terminal.tip({ hsn, amount: 1000, prompt: 'Tip?', includeCustomTipAmount: false }), 'tipPercentPresets'],
      [terminal.dateTime({ hsn, dateTime: '2026-11-28 12:00' }), 'dateTime'],
    ];
    for (const [call, field] of cases) {
      const error = await failure(call);
      expect(error, field).toBeInstanceOf(TerminalRequestInvalid);
      expect((error as unknown as TerminalRequestInvalid).field).toBe(field);
    }
    expect(service.seen).toHaveLength(0);
  });

  it('refuses a base URL that is not https (beyond loopback) or names /api', () => {
    const make = (baseUrl: string) => () => createTerminalClient({ baseUrl, apiKey, merchantId });
    expect(make('http://bolt.example.com')).toThrow(/https/);
    expect(make('https://bolt-uat.cardpointe.com/api')).toThrow(/site root/);
    expect(make('https://bolt-uat.cardpointe.com')).not.toThrow();
  });

  it('logs each call without the API key, the session key or card data', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const service = await terminalService(withSessions((_seen, res) => json(res, 200, approval)));
    const logger = createLogger({ level: 'debug', destination, format: 'json' });
    await client(service.baseUrl, undefined, { logger }).authCard(sale);
    const log = lines.join('');
    expect(log).toMatch(/"operation":"authCard"/);
    for (const secret of [apiKey, 'key1', approval.token, approval.name]) expect(log).not.toContain(secret);
  });
});
