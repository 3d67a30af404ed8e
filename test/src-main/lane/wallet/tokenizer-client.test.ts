import { noWaitClock, noWaitClockWith } from '../../../support/no-wait-clock';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { createGatewayClient, type GatewayClient } from '../../../../src-main/lane/gateway/client';
import {
  createTokenizerClient,
  WalletPaymentRefused,
  type TokenizerClient,
} from '../../../../src-main/lane/wallet/tokenizer-client';
import { createTrainingWalletKeys } from '../../../../src-main/stand-ins/training-wallet/training-keys';
import { trainingWalletPayment } from '../../../../src-main/stand-ins/training-wallet/training-wallet';
import { rpctMerchant } from '../../stand-ins/gateway-emulator/support';

const start = Date.UTC(2026, 10, 22, 12, 0, 0);
let now = start;
const clock = noWaitClockWith({ now: () => now });
const keys = createTrainingWalletKeys(start);
const card = { account: '5454545454545454', expiration: '301130', amount: 2599, currencyCode: '840' };
let emulator: RunningEmulator;
let tokenizer: TokenizerClient;
let gateway: GatewayClient;
let requestsSeen = 0;

beforeAll(async () => {
  emulator = await startEmulator({ realism: false, clock, wallet: { merchant: keys.merchant, anchors: [keys.root] } });
  tokenizer = createTokenizerClient({ url: `http://127.0.0.1:${emulator.port}`, clock });
  gateway = createGatewayClient({
    baseUrl: emulator.referenceUrl,
    credentials: { level: 'site', username: 'testing', password: 'testing123' },
    clock: noWaitClock,
  });
});
afterAll(() => emulator.close());

const phonePayment = (signedAt = now) => ({
  kind: 'ec-v1' as const,
  token: trainingWalletPayment(card, keys.merchant.certificate, keys.signer, new Date(signedAt)),
  walletApiVersion: 3,
  receivedAt: now,
});

async function refusal(promise: Promise<unknown>): Promise<WalletPaymentRefused> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(WalletPaymentRefused);
  return error as WalletPaymentRefused;
}

describe('the tokenizer client against the tokenizer emulator (real HTTP)', () => {
  it('tokenizes a payload, and the gateway approves the token once as account (ecomind E), declines it the second time', async () => {
    const token = await tokenizer.tokenize(phonePayment());
    expect(token).toEqual({ token: expect.stringMatching(/^954\d{9}5454$/), firstTwo: '54', lastFour: '5454' });
    const auth = { merchid: rpctMerchant, account: token.token, amount: 2599, currency: 'USD', ecomind: 'E' as const };
    const approved = await gateway.auth(auth);
    expect(approved).toMatchObject({ respstat: 'A', entrymode: 'DigitalWallet' });
    const again = await gateway.auth(auth);
    expect(again).toMatchObject({ respstat: 'C', respproc: 'PPS', respcode: '98', resptext: 'Invalid token' });
  });

  it('refuses locally, without a request, a payload it has already sent', async () => {
    const payment = phonePayment();
    await tokenizer.tokenize(payment);
    const error = await refusal(tokenizer.tokenize(payment));
    expect(error.reason).toBe('reused');
    expect(error.message).toMatch(/ask for a new payment/);
  });

  it('refuses locally a payload received, or signed, more than two minutes ago', async () => {
    const received = phonePayment();
    now += 121_000;
    try {
      expect((await refusal(tokenizer.tokenize(received))).reason).toBe('expired');
      // Received just now, but signed three minutes ago: the signature's time counts too.
      expect((await refusal(tokenizer.tokenize(phonePayment(now - 180_000)))).reason).toBe('expired');
    } finally {
      now = start;
    }
  });

  it('refuses a malformed payload naming the field, before any request', async () => {
    const payment = phonePayment();
    const token = { ...payment.token, header: { ...payment.token.header, transactionId: 'not hex' } };
    const error = await refusal(tokenizer.tokenize({ ...payment, token }));
    expect(error.reason).toBe('malformed');
    expect(error.message).toContain('header.transactionId');
  });

  it("passes the tokenizer's refusal on with its errorcode (a foreign wallet root: 24)", async () => {
    const foreign = createTrainingWalletKeys(start);
    const token = trainingWalletPayment(card, keys.merchant.certificate, foreign.signer, new Date(now));
    const error = await refusal(tokenizer.tokenize({ kind: 'ec-v1', token, walletApiVersion: 2, receivedAt: now }));
    expect(error).toMatchObject({ reason: 'tokenizer', errorcode: 24 });
  });
});

describe('the tokenizer client never retries', () => {
  let server: ReturnType<typeof createServer>;
  let url = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      requestsSeen += 1;
      request.resume();
      // Answers the first request with a server failure, and would answer any second one well.
      if (requestsSeen === 1) response.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal error');
      else
        response
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end('{"message":"No Error","errorcode":0,"token":"9545454545455454"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a failed request is not repeated, and the same payload is not sent again', async () => {
    const client = createTokenizerClient({ url, clock });
    const payment = phonePayment();
    expect((await refusal(client.tokenize(payment))).reason).toBe('protocol');
    expect(requestsSeen).toBe(1);
    expect((await refusal(client.tokenize(payment))).reason).toBe('reused');
    expect(requestsSeen).toBe(1);
  });

  it('an unreachable tokenizer is a transport refusal', async () => {
    const client = createTokenizerClient({ url: 'http://127.0.0.1:9', clock });
    expect((await refusal(client.tokenize(phonePayment()))).reason).toBe('transport');
  });
});
