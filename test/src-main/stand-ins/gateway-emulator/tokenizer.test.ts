import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { ecV1TokenizeRequest } from '../../../../src-main/lane/wallet/device-data';
import type { EcV1PaymentToken } from '../../../../src-main/reference/wallet-tokens';
import { createTrainingWalletKeys } from '../../../../src-main/stand-ins/training-wallet/training-keys';
import { trainingWalletPayment } from '../../../../src-main/stand-ins/training-wallet/training-wallet';
import { loadTokenizerReference, tokenizerReferenceMissing } from '../../../support/tokenizer-reference';
import { call, rpctMerchant } from './support';

const missing = tokenizerReferenceMissing();
if (missing && process.env.CI) throw new Error(`tokenizer answers cannot be checked in CI: ${missing}`);
const reference = missing ? undefined : loadTokenizerReference();
const tokenizePath = '/cardsecure/api/v1/ccn/tokenize';

const start = Date.UTC(2026, 10, 22, 12, 0, 0);
let now = start;
const keys = createTrainingWalletKeys(start);
const card = { account: '4111111111111111', expiration: '291231', amount: 1234, currencyCode: '840' };
let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({
    realism: false,
    clock: { now: () => now },
    wallet: { merchant: keys.merchant, anchors: [keys.root] },
  });
});
afterAll(() => emulator.close());

const payload = (signedAt = now, signer = keys.signer): EcV1PaymentToken =>
  trainingWalletPayment(card, keys.merchant.certificate, signer, new Date(signedAt));

async function tokenize(body: unknown) {
  const response = await fetch(`http://127.0.0.1:${emulator.port}${tokenizePath}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const json = (await response.json()) as { message: string; errorcode: number; token?: string };
  if (reference) expect(reference.checkResponse('post', tokenizePath, response.status, json)).toEqual([]);
  return { status: response.status, json, problem: response.headers.get('x-emulator-problem') ?? '' };
}

describe('the tokenizer emulator', () => {
  it('decrypts a signed payload and issues a 16-digit token: 9, the first two digits, ..., the last four', async () => {
    const request = ecV1TokenizeRequest(payload(), { walletApiVersion: 3 });
    if (reference) expect(reference.checkRequest('post', tokenizePath, request)).toEqual([]);
    const { status, json } = await tokenize(request);
    expect(status).toBe(200);
    expect(json).toEqual({ message: 'No Error', errorcode: 0, token: expect.stringMatching(/^941\d{9}1111$/) });
    expect(JSON.stringify(json)).not.toContain(card.account);
  });

  it('issues a new token for each payload of the same device account', async () => {
    const first = await tokenize(ecV1TokenizeRequest(payload(), { walletApiVersion: 1 }));
    const second = await tokenize(ecV1TokenizeRequest(payload(), { walletApiVersion: 1 }));
    expect(first.json.token).not.toBe(second.json.token);
  });

  it('refuses a transaction id it has seen before (53), even within the two minutes', async () => {
    const request = ecV1TokenizeRequest(payload(), { walletApiVersion: 2 });
    expect((await tokenize(request)).status).toBe(200);
    const again = await tokenize(request);
    expect(again).toMatchObject({ status: 400, json: { errorcode: 53, message: 'Token or data duplicate' } });
    expect(again.json.token).toBeUndefined();
  });

  it('answers an expired payload (signed more than two minutes ago) with 24 decryption failure', async () => {
    const late = await tokenize(ecV1TokenizeRequest(payload(now - 121_000), { walletApiVersion: 2 }));
    expect(late).toMatchObject({ status: 400, json: { errorcode: 24, message: 'decryption failure' } });
    expect(late.problem).toMatch(/two minutes/);
    // The clock moved on while the payload waited.
    const request = ecV1TokenizeRequest(payload(), { walletApiVersion: 2 });
    now += 125_000;
    try {
      expect((await tokenize(request)).json.errorcode).toBe(24);
    } finally {
      now = start;
    }
  });

  it('answers 24 for a tampered data, a foreign root and a payload for another merchant', async () => {
    const good = payload();
    const data = Buffer.from(good.data, 'base64');
    data[3] = data[3]! ^ 0xff;
    expect(
      (await tokenize(ecV1TokenizeRequest({ ...good, data: data.toString('base64') }, { walletApiVersion: 2 }))).json
        .errorcode,
    ).toBe(24);
    const foreign = createTrainingWalletKeys(start);
    const foreignSigned = await tokenize(ecV1TokenizeRequest(payload(now, foreign.signer), { walletApiVersion: 2 }));
    expect(foreignSigned.json.errorcode).toBe(24);
    expect(foreignSigned.problem).toMatch(/configured root/);
    const otherMerchant = trainingWalletPayment(card, foreign.merchant.certificate, keys.signer, new Date(now));
    expect((await tokenize(ecV1TokenizeRequest(otherMerchant, { walletApiVersion: 2 }))).problem).toMatch(
      /another merchant/,
    );
  });

  it('answers missing parameters with 74, a wrong ectype with 75, an unknown handler with 16, broken JSON with 77', async () => {
    const request = ecV1TokenizeRequest(payload(), { walletApiVersion: 2 });
    expect((await tokenize({ encryptionhandler: 'EC_APPLE_PAY' })).json.errorcode).toBe(74);
    expect((await tokenize({ devicedata: request.devicedata })).json.errorcode).toBe(74);
    expect(
      (await tokenize({ ...request, devicedata: request.devicedata.replace(/&ectid=[^&]*/, '') })).json.errorcode,
    ).toBe(74);
    expect(
      (await tokenize({ ...request, devicedata: request.devicedata.replace('ectype=apple', 'ectype=google') })).json
        .errorcode,
    ).toBe(75);
    expect((await tokenize({ ...request, encryptionhandler: 'RSA' })).json.errorcode).toBe(16);
    expect((await tokenize('{"devicedata":')).json.errorcode).toBe(77);
  });

  it('holds the labelled fields to the spec’s mandatory order (24), stricter than the service since 2021', async () => {
    const { devicedata, encryptionhandler } = ecV1TokenizeRequest(payload(), { walletApiVersion: 2 });
    const [data, ...labelled] = devicedata.split('&');
    const shuffled = await tokenize({ encryptionhandler, devicedata: [data, ...labelled.reverse()].join('&') });
    expect(shuffled).toMatchObject({ status: 400, json: { errorcode: 24, message: 'decryption failure' } });
    expect(shuffled.problem).toMatch(/the spec's order is ectype, ecsig, eckey, ectid, echash, ecpublickeyhash/);
    // The same fields in order pass: the order alone was refused.
    expect((await tokenize({ encryptionhandler, devicedata })).json.errorcode).toBe(0);
  });
});

describe('the gateway emulator with a wallet token as account', () => {
  it('approves one authorization (entry mode DigitalWallet) and declines the second with PPS 98 Invalid token', async () => {
    const { json } = await tokenize(ecV1TokenizeRequest(payload(), { walletApiVersion: 2 }));
    const auth = { merchid: rpctMerchant, account: json.token, amount: '12.34', currency: 'USD', ecomind: 'E' };
    const first = await call(emulator, 'POST', 'auth', auth);
    expect(first.json).toMatchObject({
      respstat: 'A',
      entrymode: 'DigitalWallet',
      account: expect.stringMatching(/^9\d{15}$/),
    });
    expect(first.text).not.toContain(card.account);
    const second = await call(emulator, 'POST', 'auth', auth);
    expect(second.json).toMatchObject({ respstat: 'C', respproc: 'PPS', respcode: '98', resptext: 'Invalid token' });
  });

  it('declines a made-up token of the same shape as it always did', async () => {
    const made = await call(emulator, 'POST', 'auth', {
      merchid: rpctMerchant,
      account: '9411234567891111',
      amount: '1.00',
      ecomind: 'E',
    });
    expect(made.json).toMatchObject({ respstat: 'C', respcode: '98' });
  });
});

describe('the tokenizer\u2019s Content-Type', () => {
  /** A POST whose Content-Type is `contentType` (none when undefined), the body JSON all the same. */
  async function post(path: string, contentType: string | undefined, body: unknown) {
    const response = await fetch(`http://127.0.0.1:${emulator.port}${path}`, {
      method: 'POST',
      // fetch would call a string body text/plain itself: a Blob of no type sends no header.
      headers: contentType === undefined ? {} : { 'Content-Type': contentType },
      body: contentType === undefined ? new Blob([JSON.stringify(body)]) : JSON.stringify(body),
    });
    const json = (await response.json()) as { message: string; errorcode: number; token?: string };
    return { status: response.status, json, problem: response.headers.get('x-emulator-problem') ?? '' };
  }
  const account = { account: '4111111111111111' };

  it.each([
    ['text/plain', 'not "text/plain"'],
    ['application/x-www-form-urlencoded', 'must be application/json'],
    ['application/jsonp', 'must be application/json'],
    [undefined, 'Content-Type is required'],
  ])('answers %s with 415, no token, and names the header', async (contentType, problem) => {
    const answer = await post(tokenizePath, contentType, account);
    expect(answer).toMatchObject({ status: 415, json: { errorcode: 77, message: 'JSON deserialization error' } });
    expect(answer.json.token).toBeUndefined();
    expect(answer.problem).toContain(problem);
  });

  it('takes application/json in any case and with parameters, on tokenize and echo alike', async () => {
    expect((await post(tokenizePath, 'Application/JSON; charset=utf-8', account)).json.errorcode).toBe(0);
    expect(await post('/cardsecure/api/v1/echo', 'application/json', { message: 'ping' })).toMatchObject({
      status: 200,
      json: { message: 'ping' },
    });
    expect((await post('/cardsecure/api/v1/echo', 'text/plain', { message: 'ping' })).status).toBe(415);
  });
});
