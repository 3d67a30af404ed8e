import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { issueCertificate } from '../../../../src-main/stand-ins/training-wallet/certificate-builder';
import { decryptEcV1 } from '../../../../src-main/stand-ins/training-wallet/ec-v1-crypto';
import {
  merchantIdentifierHash,
  publicKeyHashOf,
} from '../../../../src-main/stand-ins/training-wallet/merchant-certificate';
import { verifyPaymentSignature } from '../../../../src-main/stand-ins/training-wallet/payment-signature';
import { readEcV1Token } from '../../../../src-main/lane/wallet/payment-token';
import {
  createTrainingWalletKeys,
  loadOrCreateTrainingWalletKeys,
  trainingKeysFile,
  trainingMerchantIdentifier,
} from '../../../../src-main/stand-ins/training-wallet/training-keys';
import { readPaymentData } from '../../../../src-main/stand-ins/training-wallet/payment-data';
import { trainingWalletPayment } from '../../../../src-main/stand-ins/training-wallet/training-wallet';

const now = Date.parse('2026-03-02T10:00:00Z');
const keys = createTrainingWalletKeys(now);
const payment = { account: '4111111111111111', expiration: '291231', amount: 1250, currencyCode: '840' };

describe('training wallet keys', () => {
  it('make a root, an intermediate and a leaf that node reads back and verifies as a chain', () => {
    const { root, signer, merchant } = keys;
    expect(root.ca).toBe(true);
    expect(root.verify(root.publicKey)).toBe(true);
    expect(signer.intermediate.ca).toBe(true);
    expect(signer.intermediate.checkIssued(root) && signer.intermediate.verify(root.publicKey)).toBe(true);
    expect(signer.leaf.ca).toBe(false);
    expect(signer.leaf.checkIssued(signer.intermediate) && signer.leaf.verify(signer.intermediate.publicKey)).toBe(
      true,
    );
    expect(merchant.certificate.verify(root.publicKey)).toBe(true);
  });

  it('put the SHA-256 of the training merchant identifier in the merchant certificate', () => {
    const hash = createHash('sha256').update(trainingMerchantIdentifier).digest();
    expect(merchantIdentifierHash(keys.merchant.certificate).equals(hash)).toBe(true);
  });

  it('are written once, private (0600), and read back the same', () => {
    const folder = mkdtempSync(join(tmpdir(), 'wallet-keys-'));
    const first = loadOrCreateTrainingWalletKeys(folder, now);
    if (process.platform !== 'win32') expect(statSync(join(folder, trainingKeysFile)).mode & 0o777).toBe(0o600);
    const second = loadOrCreateTrainingWalletKeys(folder, now + 60_000);
    expect(second.root.fingerprint256).toBe(first.root.fingerprint256);
    expect(publicKeyHashOf(second.merchant.certificate)).toBe(publicKeyHashOf(first.merchant.certificate));
    // Past the certificates' end they are made again rather than used expired.
    const later = loadOrCreateTrainingWalletKeys(folder, now + 4000 * 24 * 60 * 60 * 1000);
    expect(later.root.fingerprint256).not.toBe(first.root.fingerprint256);
  });

  it('keep the ECv2 root, intermediate and recipient keys, and replace a file from before ECv2', () => {
    const folder = mkdtempSync(join(tmpdir(), 'wallet-keys-'));
    const spki = (key: KeyObject) => key.export({ type: 'spki', format: 'der' }).toString('base64');
    const first = loadOrCreateTrainingWalletKeys(folder, now);
    const again = loadOrCreateTrainingWalletKeys(folder, now + 60_000);
    expect(spki(again.ecV2.recipientPublicKey)).toBe(spki(first.ecV2.recipientPublicKey));
    expect(spki(again.ecV2.signer.intermediatePublicKey)).toBe(spki(first.ecV2.signer.intermediatePublicKey));
    expect(again.ecV2.signer.keyExpiration).toBe(first.ecV2.signer.keyExpiration);
    expect(again.ecV2.recipient.recipientId).toBe('gateway:cardconnect');
    const file = join(folder, trainingKeysFile);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    delete stored.ecV2RecipientKey;
    writeFileSync(file, JSON.stringify(stored));
    const remade = loadOrCreateTrainingWalletKeys(folder, now + 120_000);
    expect(spki(remade.ecV2.recipientPublicKey)).not.toBe(spki(first.ecV2.recipientPublicKey));
    // Past the intermediate key's expiration the whole set is made again.
    const past = loadOrCreateTrainingWalletKeys(folder, remade.ecV2.signer.keyExpiration);
    expect(past.ecV2.signer.keyExpiration).toBeGreaterThan(remade.ecV2.signer.keyExpiration);
  });
});

describe('the certificate builder', () => {
  it('writes serial numbers node always reads (no leading zero byte: one in 256 did once)', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    for (let i = 0; i < 600; i++) {
      const certificate = issueCertificate({
        subject: 'serial check',
        publicKey,
        selfKey: privateKey,
        ca: false,
        notBefore: new Date(now),
        notAfter: new Date(now + 1000),
      });
      expect(certificate.serialNumber).toMatch(/^[4-7][0-9A-F]{17}$/);
    }
  });
});

describe('the emulated phone wallet (round trip: an extra check, the vector is the proof)', () => {
  it('makes a payload that verifies under the training root and decrypts with the merchant key', () => {
    const token = readEcV1Token(
      trainingWalletPayment(
        { ...payment, applicationData: 'order-17' },
        keys.merchant.certificate,
        keys.signer,
        new Date(now),
      ),
    );
    expect(verifyPaymentSignature(token, { anchors: [keys.root], now: now + 30_000 }).getTime()).toBe(now);
    const data = readPaymentData(decryptEcV1(token, keys.merchant).plaintext);
    expect(data.applicationPrimaryAccountNumber).toBe(payment.account);
    expect(data.transactionAmount).toBe(1250);
    expect(token.header.applicationData).toBe(createHash('sha256').update('order-17').digest('hex'));
  });

  it("is refused under another installation's root", () => {
    const other = createTrainingWalletKeys(now);
    const token = trainingWalletPayment(payment, keys.merchant.certificate, keys.signer, new Date(now));
    expect(() => verifyPaymentSignature(token, { anchors: [other.root], now })).toThrow(/configured root/);
    expect(() => decryptEcV1(token, other.merchant)).toThrow(/another merchant/);
  });

  it('changing applicationData after signing breaks the signature', () => {
    const token = trainingWalletPayment(
      { ...payment, applicationData: 'a' },
      keys.merchant.certificate,
      keys.signer,
      new Date(now),
    );
    const header = { ...token.header, applicationData: createHash('sha256').update('b').digest('hex') };
    expect(() => verifyPaymentSignature({ ...token, header }, { anchors: [keys.root], now })).toThrow(/signed digest/);
  });
});
