import { createHmac, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decryptEcV2,
  deriveEcV2Keys,
  EcV2MessageError,
  encryptEcV2,
  readEcV2Message,
} from '../../../../src-main/stand-ins/training-wallet/ec-v2-crypto';
import {
  ecV2SignedString,
  EcV2TokenError,
  openEcV2Token,
  type EcV2Failure,
  type EcV2Recipient,
} from '../../../../src-main/stand-ins/training-wallet/ec-v2-token';
import { readEcV2Token } from '../../../../src-main/lane/wallet/payment-token';
import type { EcV2PaymentToken } from '../../../../src-main/reference/wallet-tokens';
import { createTrainingWalletKeys } from '../../../../src-main/stand-ins/training-wallet/training-keys';
import { trainingEcV2Payment } from '../../../../src-main/stand-ins/training-wallet/training-wallet';

// The Google Pay guide's gateway id for the tokenizer is `cardconnect`; ECv2 signs for `gateway:<id>`.
const guideRecipientId = 'gateway:cardconnect';

/**
 * ECv2 as its recipient opens it. No published ECv2 token with its keys is in the specs'
 * vectors folder, so these tests check each step against an independent statement of it (HKDF
 * written out from RFC 5869, the signed strings byte by byte) and every refusal; a round trip
 * alone would prove nothing.
 */

const now = Date.parse('2026-05-04T09:30:00Z');
const keys = createTrainingWalletKeys(now);
const recipient: EcV2Recipient = keys.ecV2.recipient;
const card = { account: '4111111111111111', expiration: '291231', gatewayMerchantId: '496160873888' };
const token = (createdAt = now) => trainingEcV2Payment(card, keys.ecV2, createdAt);

function failureOf(open: () => unknown): EcV2Failure {
  try {
    open();
  } catch (error) {
    expect(error).toBeInstanceOf(EcV2TokenError);
    return (error as EcV2TokenError).failure;
  }
  throw new Error('the token was opened');
}

/** Signs `signedMessage` for `recipientId` with training's intermediate key, as a wallet would. */
function resigned(base: EcV2PaymentToken, signedMessage: string, recipientId = guideRecipientId): EcV2PaymentToken {
  const content = ecV2SignedString(['Google', recipientId, 'ECv2', signedMessage]);
  return {
    ...base,
    signedMessage,
    signature: sign('sha256', content, keys.ecV2.signer.intermediateKey).toString('base64'),
  };
}

describe('ECv2 key derivation and encryption', () => {
  it('derives HKDF-SHA256 (no salt, info "Google", 64 bytes) as RFC 5869 writes it out, AES key first', () => {
    const point = Buffer.alloc(65, 4);
    const secret = Buffer.alloc(32, 0xab);
    const prk = createHmac('sha256', Buffer.alloc(32))
      .update(Buffer.concat([point, secret]))
      .digest();
    const t1 = createHmac('sha256', prk)
      .update(Buffer.concat([Buffer.from('Google'), Buffer.from([1])]))
      .digest();
    const t2 = createHmac('sha256', prk)
      .update(Buffer.concat([t1, Buffer.from('Google'), Buffer.from([2])]))
      .digest();
    const { aesKey, macKey } = deriveEcV2Keys(point, secret);
    expect(aesKey.toString('hex')).toBe(t1.toString('hex'));
    expect(macKey.toString('hex')).toBe(t2.toString('hex'));
  });

  it('writes the ephemeral key as an uncompressed point and a 32-byte HMAC tag over the ciphertext', () => {
    const message = encryptEcV2('{"a":1}', keys.ecV2.recipientPublicKey);
    const point = Buffer.from(message.ephemeralPublicKey, 'base64');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    expect(Buffer.from(message.tag, 'base64')).toHaveLength(32);
    // AES-CTR: the ciphertext is as long as the text, no padding and no tag inside it.
    expect(Buffer.from(message.encryptedMessage, 'base64')).toHaveLength(7);
  });

  it('refuses a flipped tag bit, a flipped ciphertext bit and another key, before decrypting', () => {
    const message = encryptEcV2('{"a":1}', keys.ecV2.recipientPublicKey);
    const flip = (text: string) => {
      const bytes = Buffer.from(text, 'base64');
      bytes[0]! ^= 1;
      return bytes.toString('base64');
    };
    const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    for (const [altered, key] of [
      [{ ...message, tag: flip(message.tag) }, recipient.privateKey],
      [{ ...message, encryptedMessage: flip(message.encryptedMessage) }, recipient.privateKey],
      [message, other],
    ] as const)
      expect(() => decryptEcV2(altered, key)).toThrow(/tag does not match/);
    expect(decryptEcV2(message, recipient.privateKey).plaintext).toBe('{"a":1}');
  });

  it('names the field of a signed message that is not there or not base64', () => {
    expect(() => readEcV2Message('{"ephemeralPublicKey":"BA==","tag":"AA=="}')).toThrow(/encryptedMessage is missing/);
    expect(() => readEcV2Message('{"encryptedMessage":"AA==","ephemeralPublicKey":"B!","tag":"AA=="}')).toThrow(
      /ephemeralPublicKey must be base64/,
    );
    expect(() => readEcV2Message('[1]')).toThrow(EcV2MessageError);
  });
});

describe('opening an ECv2 token', () => {
  it('signs each part preceded by its length, 4 bytes little-endian', () => {
    expect(ecV2SignedString(['Google', 'ECv2']).toString('hex')).toBe(
      `06000000${Buffer.from('Google').toString('hex')}04000000${Buffer.from('ECv2').toString('hex')}`,
    );
  });

  it('gives the card, its expiry and the message id of a token signed under the trusted root for this recipient', () => {
    const opened = openEcV2Token(readEcV2Token(JSON.stringify(token())), recipient, now + 60_000);
    expect(opened.paymentMethodDetails).toMatchObject({ pan: card.account, expirationMonth: 12, expirationYear: 2029 });
    expect(opened.messageId).toMatch(/^[\w-]{32}$/);
    expect(opened.gatewayMerchantId).toBe(card.gatewayMerchantId);
  });

  it('refuses an intermediate key no trusted root signed (another wallet root)', () => {
    const foreign = createTrainingWalletKeys(now).ecV2;
    const theirs = trainingEcV2Payment(card, { ...foreign, recipientPublicKey: keys.ecV2.recipientPublicKey }, now);
    expect(failureOf(() => openEcV2Token(theirs, recipient, now))).toBe('key-signature');
    expect(failureOf(() => openEcV2Token(token(), { ...recipient, rootKeys: [] }, now))).toBe('key-signature');
  });

  it('refuses a root key that has expired, and an intermediate key past its keyExpiration', () => {
    const expiredRoot = [{ key: recipient.rootKeys[0]!.key, expiresAt: now - 1 }];
    expect(failureOf(() => openEcV2Token(token(), { ...recipient, rootKeys: expiredRoot }, now))).toBe('key-signature');
    const after = keys.ecV2.signer.keyExpiration;
    // Still in its message's two minutes, but the key it was signed with has run out.
    expect(failureOf(() => openEcV2Token(token(after - 1000), recipient, after))).toBe('key-expired');
  });

  it('refuses a message signed for another recipient, or whose signed message was altered', () => {
    const mine = token();
    const forOther = resigned(mine, mine.signedMessage, 'gateway:someoneelse');
    expect(failureOf(() => openEcV2Token(forOther, recipient, now))).toBe('message-signature');
    expect(failureOf(() => openEcV2Token(mine, { ...recipient, recipientId: 'merchant:123' }, now))).toBe(
      'message-signature',
    );
    const altered = mine.signedMessage.replace(
      /"tag":"./,
      (start) => `${start.slice(0, -1)}${start.endsWith('A') ? 'B' : 'A'}`,
    );
    expect(failureOf(() => openEcV2Token({ ...mine, signedMessage: altered }, recipient, now))).toBe(
      'message-signature',
    );
  });

  it('refuses a tampered tag even when the signature over it is good (the decryption check)', () => {
    const mine = token();
    const message = JSON.parse(mine.signedMessage) as Record<string, string>;
    const tag = Buffer.from(message.tag!, 'base64');
    tag[5]! ^= 0x40;
    const tampered = resigned(mine, JSON.stringify({ ...message, tag: tag.toString('base64') }));
    expect(() => openEcV2Token(tampered, recipient, now)).toThrow(/tag does not match/);
  });

  it('refuses a message past its messageExpiration (two minutes after the phone made it)', () => {
    const made = token(now);
    expect(() => openEcV2Token(made, recipient, now + 119_000)).not.toThrow();
    expect(failureOf(() => openEcV2Token(made, recipient, now + 120_000))).toBe('message-expired');
  });

  it('refuses with another recipient key (the tag does not match)', () => {
    const other = { ...recipient, privateKey: generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey };
    expect(() => openEcV2Token(token(), other, now)).toThrow(/tag does not match/);
    expect(createPublicKey(recipient.privateKey).equals(keys.ecV2.recipientPublicKey)).toBe(true);
  });
});
