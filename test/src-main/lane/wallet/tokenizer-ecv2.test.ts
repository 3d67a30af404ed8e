import { noWaitClock, noWaitClockWith } from '../../../support/no-wait-clock';
import { sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { createGatewayClient } from '../../../../src-main/lane/gateway/client';
import { ecV2SignedString } from '../../../../src-main/stand-ins/training-wallet/ec-v2-token';
import type { EcV2PaymentToken } from '../../../../src-main/reference/wallet-tokens';
import { createTokenizerClient, WalletPaymentRefused } from '../../../../src-main/lane/wallet/tokenizer-client';
import { createTrainingWalletKeys } from '../../../../src-main/stand-ins/training-wallet/training-keys';
import { trainingEcV2Payment } from '../../../../src-main/stand-ins/training-wallet/training-wallet';
import { rpctMerchant } from '../../stand-ins/gateway-emulator/support';

/**
 * The other wallet's ECv2 tokens at the tokenizer emulator over real HTTP: decrypted with the
 * recipient key training made, checked to training's root signing key, and each documented
 * refusal answered; the clock is the emulator's injected one, moved instead of waited for.
 */

const start = Date.UTC(2026, 10, 23, 15, 0, 0);
let now = start;
const clock = noWaitClockWith({ now: () => now });
const keys = createTrainingWalletKeys(start);
const card = { account: '5454545454545454', expiration: '301130', gatewayMerchantId: rpctMerchant };
let emulator: RunningEmulator;
let tokenizeUrl = '';

beforeAll(async () => {
  emulator = await startEmulator({
    realism: false,
    clock,
    wallet: { merchant: keys.merchant, anchors: [keys.root], ecV2: keys.ecV2.recipient },
  });
  tokenizeUrl = `http://127.0.0.1:${emulator.port}/cardsecure/api/v1/ccn/tokenize`;
});
afterAll(() => emulator.close());

const phoneToken = (createdAt = now) => trainingEcV2Payment(card, keys.ecV2, createdAt);

/** Posts `devicedata` straight to the emulator (no client-side checks) and answers its body. */
async function tokenize(devicedata: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(tokenizeUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ encryptionhandler: 'EC_GOOGLE_PAY', devicedata }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const decryptionFailure = { status: 400, body: { message: 'decryption failure', errorcode: 24 } };

/** A token whose signedMessage is replaced and signed again for `recipientId` by training's intermediate key. */
function resigned(base: EcV2PaymentToken, signedMessage: string, recipientId: string): EcV2PaymentToken {
  const content = ecV2SignedString(['Google', recipientId, 'ECv2', signedMessage]);
  return {
    ...base,
    signedMessage,
    signature: sign('sha256', content, keys.ecV2.signer.intermediateKey).toString('base64'),
  };
}

describe('the tokenizer emulator with ECv2 tokens (EC_GOOGLE_PAY)', () => {
  it('tokenizes the whole token sent by the client; the gateway approves the token once as account', async () => {
    const client = createTokenizerClient({ url: `http://127.0.0.1:${emulator.port}`, clock });
    const token = await client.tokenize({ kind: 'ec-v2', token: JSON.stringify(phoneToken()), receivedAt: now });
    expect(token).toEqual({ token: expect.stringMatching(/^954\d{9}5454$/), firstTwo: '54', lastFour: '5454' });
    const gateway = createGatewayClient({
      baseUrl: emulator.referenceUrl,
      credentials: { level: 'site', username: 'testing', password: 'testing123' },
      clock: noWaitClock,
    });
    const auth = { merchid: rpctMerchant, account: token.token, amount: 1875, currency: 'USD', ecomind: 'E' as const };
    expect(await gateway.auth(auth)).toMatchObject({ respstat: 'A', entrymode: 'DigitalWallet' });
    expect(await gateway.auth(auth)).toMatchObject({ respstat: 'C', respcode: '98' });
  });

  it('refuses the same message a second time as a duplicate (53)', async () => {
    const devicedata = JSON.stringify(phoneToken());
    expect((await tokenize(devicedata)).body).toMatchObject({ errorcode: 0 });
    expect(await tokenize(devicedata)).toEqual({
      status: 400,
      body: { message: 'Token or data duplicate', errorcode: 53 },
    });
  });

  it('refuses a message past its expiration with "decryption failure", the clock moved two minutes on', async () => {
    const made = JSON.stringify(phoneToken());
    now += 120_000;
    try {
      expect(await tokenize(made)).toEqual(decryptionFailure);
    } finally {
      now = start;
    }
  });

  it('refuses a token signed with an intermediate key past its expiration', async () => {
    now = keys.ecV2.signer.keyExpiration;
    try {
      expect(await tokenize(JSON.stringify(phoneToken(now - 1000)))).toEqual(decryptionFailure);
    } finally {
      now = start;
    }
  });

  it('refuses a tampered tag, a message for another recipient, and a root it does not trust', async () => {
    const mine = phoneToken();
    const message = JSON.parse(mine.signedMessage) as Record<string, string>;
    const tag = Buffer.from(message.tag!, 'base64');
    tag[0]! ^= 1;
    const tampered = resigned(mine, JSON.stringify({ ...message, tag: tag.toString('base64') }), 'gateway:cardconnect');
    expect(await tokenize(JSON.stringify(tampered))).toEqual(decryptionFailure);
    const forOther = resigned(phoneToken(), phoneToken().signedMessage, 'gateway:another');
    expect(await tokenize(JSON.stringify(forOther))).toEqual(decryptionFailure);
    const foreign = createTrainingWalletKeys(start).ecV2;
    const untrusted = trainingEcV2Payment(card, { ...foreign, recipientPublicKey: keys.ecV2.recipientPublicKey }, now);
    expect(await tokenize(JSON.stringify(untrusted))).toEqual(decryptionFailure);
  });

  it('answers devicedata that is not JSON with 77 and another protocol version with 3', async () => {
    expect((await tokenize('protocolVersion=ECv2')).body).toEqual({
      message: 'JSON deserialization error',
      errorcode: 77,
    });
    expect((await tokenize(JSON.stringify({ ...phoneToken(), protocolVersion: 'ECv1' }))).body).toEqual({
      message: 'Wrong version number',
      errorcode: 3,
    });
  });

  it('the lane refuses locally an ECv2 payload received more than two minutes ago, without a request', async () => {
    const client = createTokenizerClient({ url: 'http://127.0.0.1:9', clock });
    const payload = { kind: 'ec-v2' as const, token: phoneToken(), receivedAt: now };
    now += 121_000;
    try {
      const error = await client.tokenize(payload).catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(WalletPaymentRefused);
      // Port 9 answers nothing: a request would have been a transport refusal.
      expect((error as WalletPaymentRefused).reason).toBe('expired');
    } finally {
      now = start;
    }
  });
});
