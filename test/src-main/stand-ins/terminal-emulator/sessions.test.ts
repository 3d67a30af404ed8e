import { describe, expect, it } from 'vitest';
import {
  clover,
  connect,
  foreignHsn,
  ingenico,
  lane3000,
  merchantId,
  post,
  prompted,
  standPerTest,
  twoFactorMerchant,
  type Stand,
} from './support';

let stand: Stand;
standPerTest((started) => (stand = started));

const body = (extra: Record<string, unknown> = {}) => ({ merchantId, hsn: ingenico, ...extra });

describe('sessions (Establishing a Session)', () => {
  it('connect answers X-CardConnect-SessionKey with its expiry ten minutes on, and the key opens the v2 endpoints', async () => {
    const reply = await post(stand, 'v2/connect', body());
    expect(reply.status).toBe(200);
    const header = reply.headers.get('X-CardConnect-SessionKey')!;
    expect(header).toMatch(/^[0-9a-f]{32};expires=\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(header.split(';expires=')[1]).toBe(new Date(stand.clock.now() + 10 * 60_000).toISOString());
    const key = header.split(';')[0]!;
    expect((await post(stand, 'v2/ping', body(), { session: key })).json).toEqual({ connected: true });
  });

  it('a v2 request without the key, or with a key that expired on the clock, is refused as documented', async () => {
    const key = await connect(stand);
    const without = await post(stand, 'v2/ping', body());
    expect(without).toMatchObject({
      status: 500,
      json: { errorCode: 1, errorMessage: 'SessionKey header is required' },
    });
    stand.clock.advance(10 * 60_000 - 1);
    expect((await post(stand, 'v2/display', body({ text: 'Hello' }), { session: key })).status).toBe(200);
    stand.clock.advance(1);
    const expired = await post(stand, 'v2/ping', body(), { session: key });
    expect(expired).toMatchObject({
      status: 500,
      json: { errorCode: 1, errorMessage: `Session key for hsn ${ingenico} was not valid` },
    });
    // The v1 ping needs no session.
    expect((await post(stand, 'v1/ping', body())).json).toEqual({ connected: true });
  });

  it('disconnect releases the key; disconnecting with a dead key is error code 3', async () => {
    const key = await connect(stand);
    expect((await post(stand, 'v2/disconnect', body(), { session: key })).status).toBe(200);
    expect((await post(stand, 'v2/ping', body(), { session: key })).status).toBe(500);
    expect(await post(stand, 'v2/disconnect', body(), { session: key })).toMatchObject({
      status: 400,
      json: { errorCode: 3, errorMessage: 'Session key for hsn was not valid' },
    });
  });

  it('a key is good for its own terminal only', async () => {
    const key = await connect(stand, ingenico);
    expect((await post(stand, 'v2/ping', body({ hsn: clover }), { session: key })).status).toBe(500);
  });

  it('one session per terminal: a second connect is "Session exists for hsn" unless force, which ends the first and its command', async () => {
    const first = await connect(stand);
    expect(await post(stand, 'v2/connect', body({ force: 'false' }))).toMatchObject({
      status: 500,
      json: { errorCode: 1, errorMessage: 'Session exists for hsn' },
    });
    const pending = post(stand, 'v2/readCard', body({ amount: '1000' }), { session: first });
    await prompted(stand, ingenico, 'confirm');
    const forced = await post(stand, 'v2/connect', body({ force: true }));
    expect(forced.status).toBe(200);
    expect(await pending).toMatchObject({ status: 500, json: { errorCode: 8, errorMessage: 'Command Cancelled' } });
    const second = forced.headers.get('X-CardConnect-SessionKey')!.split(';')[0]!;
    expect(second).not.toBe(first);
    expect((await post(stand, 'v2/ping', body(), { session: first })).status).toBe(500);
    expect((await post(stand, 'v2/ping', body(), { session: second })).status).toBe(200);
  });

  it('a connect after the session expired needs no force', async () => {
    await connect(stand);
    stand.clock.advance(10 * 60_000);
    expect((await post(stand, 'v2/connect', body())).status).toBe(200);
  });

  it('two-factor: preconnect shows a token on the terminal for 60 s; connect needs it', async () => {
    const tf = { merchantId: twoFactorMerchant, hsn: lane3000 };
    expect(await post(stand, 'v2/preconnect', body())).toMatchObject({
      status: 400,
      json: { errorCode: 3, errorMessage: 'Merchant is not configured for two-factor authentication' },
    });
    expect(await post(stand, 'v2/connect', tf)).toMatchObject({ status: 400, json: { errorCode: 4 } });
    const { token } = (await post(stand, 'v2/preconnect', tf)).json as { token: string };
    expect(token).toMatch(/^[A-Z0-9]{6}$/);
    expect(stand.terminals.terminal(lane3000).screen().text).toContain(token);
    expect(await post(stand, 'v2/connect', { ...tf, token: 'AAAAAA' })).toMatchObject({
      status: 400,
      json: { errorCode: 3, errorMessage: 'Incorrect token' },
    });
    stand.clock.advance(60_000);
    expect((await post(stand, 'v2/connect', { ...tf, token })).status).toBe(400);
    const fresh = (await post(stand, 'v2/preconnect', tf)).json as { token: string };
    expect((await post(stand, 'v2/connect', { ...tf, token: fresh.token })).status).toBe(200);
    // preconnect is not supported for Clover terminals.
    expect((await post(stand, 'v2/preconnect', body({ hsn: clover }))).json).toMatchObject({ errorCode: 1 });
  });
});

describe('refusals (HTTP Response Codes)', () => {
  it.each([
    ['no API key', { key: null }, body(), 'The Authorization header (the API key) is required'],
    ['a wrong API key', { key: 'wrong-key-000000' }, body(), 'The API key is not valid'],
    ['no merchant id', {}, { hsn: ingenico }, 'merchantId is required'],
    ['a merchant id of another key', {}, body({ merchantId: '820000000002' }), 'does not match the API key'],
  ])('401 for %s', async (_what, options, request, message) => {
    const reply = await post(stand, 'v2/connect', request, options);
    expect(reply.status).toBe(401);
    expect(String(reply.json?.errorMessage)).toContain(message);
  });

  it('403 for an unknown HSN or another merchant’s, 400 code 4 for none', async () => {
    expect((await post(stand, 'v2/connect', body({ hsn: 'NOSUCHHSN' }))).status).toBe(403);
    expect((await post(stand, 'v2/connect', body({ hsn: foreignHsn }))).status).toBe(403);
    expect((await post(stand, 'v2/connect', body({ hsn: lane3000 }))).status).toBe(403);
    expect(await post(stand, 'v2/connect', { merchantId })).toMatchObject({
      status: 400,
      json: { errorCode: 4, errorMessage: 'Missing Required Parameter(s): hsn' },
    });
  });

  it('a GET, a wrong content type and an unknown path', async () => {
    const url = `${stand.terminals.url}/api/v2/connect`;
    const get = await fetch(url, { headers: { Authorization: 'x' } });
    expect(get.status).toBe(500);
    expect(await get.json()).toEqual({ errorCode: 1, errorMessage: "Request method 'GET' not supported" });
    const text = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{}' });
    expect(await text.json()).toEqual({ errorCode: 1, errorMessage: "Content type 'text/plain' not supported" });
    expect((await post(stand, 'v2/authCard', body())).status).toBe(404);
    expect((await post(stand, 'v3/readCard', body())).status).toBe(404);
  });

  it('listTerminals and terminalDetails name the merchant’s terminals; none is code 100', async () => {
    expect((await post(stand, 'v2/listTerminals', { merchantId })).json).toEqual({ terminals: [ingenico, clover] });
    const details = (await post(stand, 'v3/terminalDetails', { merchantId })).json as {
      terminalDetails: Array<Record<string, unknown>>;
    };
    expect(details.terminalDetails.map((t) => [t.hsn, t.deviceType])).toEqual([
      [ingenico, 'iSC250 Touch'],
      [clover, 'Mini 2'],
    ]);
    expect(details.terminalDetails[1]).toMatchObject({ deviceCapabilities: { printer: true, signature: true } });
    expect(await post(stand, 'v2/listTerminals', { merchantId: '820000000003' })).toMatchObject({
      status: 500,
      json: { errorCode: 100 },
    });
  });

  it('the documented error code 3 messages', async () => {
    const key = await connect(stand);
    const s = { session: key };
    expect((await post(stand, 'v2/dateTime', body({ dateTime: '2026-13-01T10:00:00' }), s)).json).toEqual({
      errorCode: 3,
      errorMessage: 'Text could not be parsed',
    });
    expect((await post(stand, 'v2/dateTime', body({ dateTime: '2026-11-28T10:00:00' }), s)).status).toBe(200);
    expect((await post(stand, 'v2/readSignature', body({ prompt: 'Please sign right here' }), s)).json).toEqual({
      errorCode: 3,
      errorMessage: 'Prompt text must be less than or equal to 16 characters',
    });
    expect((await post(stand, 'v2/readInput', body({ prompt: 'Phone', format: 'phone' }), s)).json).toEqual({
      errorCode: 3,
      errorMessage: 'Invalid format',
    });
    expect((await post(stand, 'v2/display', body({ text: 'x'.repeat(1001) }), s)).json).toMatchObject({ errorCode: 3 });
  });

  it('terminal in use (code 7) while a command waits; PIN debit where the merchant has none (code 400)', async () => {
    const key = await connect(stand);
    const pending = post(stand, 'v2/readCard', body({ amount: '500' }), { session: key });
    await prompted(stand, ingenico, 'confirm');
    expect(await post(stand, 'v2/display', body({ text: 'Hi' }), { session: key })).toMatchObject({
      status: 500,
      json: { errorCode: 7, errorMessage: `Terminal ${ingenico} is already in use` },
    });
    await post(stand, 'v2/cancel', body(), { session: key });
    await pending;
    const tfKey = await (async () => {
      const tf = { merchantId: twoFactorMerchant, hsn: lane3000 };
      const { token } = (await post(stand, 'v2/preconnect', tf)).json as { token: string };
      return (await post(stand, 'v2/connect', { ...tf, token })).headers
        .get('X-CardConnect-SessionKey')!
        .split(';')[0]!;
    })();
    const debit = await post(
      stand,
      'v3/authCard',
      { merchantId: twoFactorMerchant, hsn: lane3000, amount: '100', aid: 'debit', includePIN: 'true' },
      { session: tfKey },
    );
    expect(debit).toMatchObject({
      status: 500,
      json: { errorCode: 400, errorMessage: `PIN Debit not supported for merchantID ${twoFactorMerchant}` },
    });
    // A terminal without a pad asked for a signature in so many words: code 700.
    expect(
      (await post(stand, 'v2/readSignature', { merchantId: twoFactorMerchant, hsn: lane3000 }, { session: tfKey }))
        .json,
    ).toMatchObject({ errorCode: 700 });
  });
});
