import { createPrivateKey, diffieHellman, createPublicKey, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import {
  decryptEcV1,
  deriveSymmetricKey,
  PaymentDataError,
} from '../../../../src-main/stand-ins/training-wallet/ec-v1-crypto';
import { merchantIdentifierHash } from '../../../../src-main/stand-ins/training-wallet/merchant-certificate';
import {
  PaymentSignatureError,
  verifyPaymentSignature,
} from '../../../../src-main/stand-ins/training-wallet/payment-signature';
import { readEcV1Token } from '../../../../src-main/lane/wallet/payment-token';
import type { EcV1PaymentToken } from '../../../../src-main/reference/wallet-tokens';

// A real wallet token with its merchant's test key (spreedly/gala's fixtures, MIT; see the folder's README and LICENSE).
const vectorDir = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'wallet-ec-v1');
const read = (name: string) => readFileSync(join(vectorDir, name), 'utf8');
const token = readEcV1Token(read('token.json'));
const expected = JSON.parse(read('expected.json')) as {
  merchantIdentifierHash: string;
  sharedSecretBase64: string;
  symmetricKeyBase64: string;
  plaintext: Record<string, unknown>;
};
const merchant = {
  privateKey: createPrivateKey(read('private_key.pem')),
  certificate: new X509Certificate(read('certificate.pem')),
};

/** The vector's intermediate CA: its root is not in the vector, so the test pins the intermediate. */
function vectorIntermediate(): X509Certificate {
  const signedData = new pkijs.SignedData({
    schema: pkijs.ContentInfo.fromBER(Buffer.from(token.signature, 'base64')).content,
  });
  const certificates = (signedData.certificates ?? []).map(
    (item) => new X509Certificate(Buffer.from((item as pkijs.Certificate).toSchema(false).toBER(false))),
  );
  return certificates.find((item) => item.ca)!;
}

const signingTime = Date.parse('2021-09-01T19:03:06Z');
const nearSigning = signingTime + 45_000;
const flipByte = (base64: string, index: number) => {
  const bytes = Buffer.from(base64, 'base64');
  bytes[index] = bytes[index]! ^ 0x01;
  return bytes.toString('base64');
};

describe('EC_v1 known-answer vector', () => {
  it('derives the merchant id hash, shared secret and symmetric key of expected.json, and its plaintext', () => {
    const result = decryptEcV1(token, merchant);
    expect(result.merchantIdHash.toString('hex').toUpperCase()).toBe(expected.merchantIdentifierHash);
    expect(result.sharedSecret.toString('base64')).toBe(expected.sharedSecretBase64);
    expect(result.symmetricKey.toString('base64')).toBe(expected.symmetricKeyBase64);
    expect(JSON.parse(result.plaintext)).toEqual(expected.plaintext);
  });

  it('reads the merchant identifier hash from extension 1.2.840.113635.100.6.32', () => {
    expect(merchantIdentifierHash(merchant.certificate).toString('hex').toUpperCase()).toBe(
      expected.merchantIdentifierHash,
    );
  });

  it('verifies the signature with the clock near its signing time', () => {
    expect(verifyPaymentSignature(token, { anchors: [vectorIntermediate()], now: nearSigning }).getTime()).toBe(
      signingTime,
    );
  });

  it('refuses a signature that is not a SignedData', () => {
    expect(() =>
      verifyPaymentSignature({ ...token, signature: 'MAA=' }, { anchors: [vectorIntermediate()], now: nearSigning }),
    ).toThrow(/not a CMS SignedData/);
  });

  it('refuses the same token as expired by the real clock', () => {
    expect(() => verifyPaymentSignature(token, { anchors: [vectorIntermediate()], now: Date.now() })).toThrow(
      PaymentSignatureError,
    );
    try {
      verifyPaymentSignature(token, { anchors: [vectorIntermediate()], now: Date.now() });
    } catch (error) {
      // The leaf ran out in 2024, so today the chain fails first; either way the token is refused.
      expect(['expired', 'chain']).toContain((error as PaymentSignatureError).failure);
    }
    expect(() =>
      verifyPaymentSignature(token, { anchors: [vectorIntermediate()], now: signingTime + 121_000 }),
    ).toThrow(/more than two minutes/);
  });

  it('refuses a chain that does not reach the configured root', () => {
    expect(() => verifyPaymentSignature(token, { anchors: [merchant.certificate], now: nearSigning })).toThrow(
      /does not chain to a configured root/,
    );
  });
});

describe('EC_v1 decryption refuses', () => {
  it('a wrong KDF input: each of the counter, algorithm id, party U and party V changes the key', () => {
    const z = Buffer.from(expected.sharedSecretBase64, 'base64');
    const merchantIdHash = Buffer.from(expected.merchantIdentifierHash, 'hex');
    expect(deriveSymmetricKey(z, merchantIdHash).toString('base64')).toBe(expected.symmetricKeyBase64);
    // The merchant identifier itself instead of its hash, and a hash of the hex text: both wrong.
    expect(deriveSymmetricKey(z, Buffer.from(expected.merchantIdentifierHash, 'ascii')).toString('base64')).not.toBe(
      expected.symmetricKeyBase64,
    );
    expect(deriveSymmetricKey(z.subarray(1), merchantIdHash).toString('base64')).not.toBe(expected.symmetricKeyBase64);
  });

  it('a token whose key agreement used another merchant identifier', () => {
    const otherHash = Buffer.alloc(32, 7);
    const z = diffieHellman({
      privateKey: merchant.privateKey,
      publicKey: createPublicKey({
        key: Buffer.from(token.header.ephemeralPublicKey, 'base64'),
        format: 'der',
        type: 'spki',
      }),
    });
    expect(deriveSymmetricKey(z, otherHash).equals(Buffer.from(expected.symmetricKeyBase64, 'base64'))).toBe(false);
  });

  it('a tampered data', () => {
    const tampered: EcV1PaymentToken = { ...token, data: flipByte(token.data, 10) };
    expect(() => decryptEcV1(tampered, merchant)).toThrow(PaymentDataError);
    expect(() => verifyPaymentSignature(tampered, { anchors: [vectorIntermediate()], now: nearSigning })).toThrow(
      /signed digest/,
    );
  });

  it('a tampered tag (the last 16 bytes)', () => {
    const bytes = Buffer.from(token.data, 'base64');
    expect(() => decryptEcV1({ ...token, data: flipByte(token.data, bytes.length - 1) }, merchant)).toThrow(
      /did not authenticate/,
    );
  });

  it('a wrong merchant key', () => {
    const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    const { publicKeyHash: _, ...header } = token.header;
    expect(() => decryptEcV1({ ...token, header }, { ...merchant, privateKey: other })).toThrow(/did not authenticate/);
  });

  it('a token encrypted for another merchant certificate (publicKeyHash)', () => {
    const header = { ...token.header, publicKeyHash: Buffer.alloc(32, 1).toString('base64') };
    expect(() => decryptEcV1({ ...token, header }, merchant)).toThrow(/another merchant/);
  });

  it('a tampered transaction id or ephemeral key in the signature check', () => {
    const anchors = [vectorIntermediate()];
    const transactionId = `00${token.header.transactionId.slice(2)}`;
    expect(() =>
      verifyPaymentSignature({ ...token, header: { ...token.header, transactionId } }, { anchors, now: nearSigning }),
    ).toThrow(/signed digest/);
    const signature = flipByte(token.signature, Buffer.from(token.signature, 'base64').length - 20);
    expect(() => verifyPaymentSignature({ ...token, signature }, { anchors, now: nearSigning })).toThrow(
      PaymentSignatureError,
    );
  });
});
