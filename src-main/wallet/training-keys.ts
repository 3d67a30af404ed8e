import { createPrivateKey, generateKeyPairSync, X509Certificate, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../config/private-file';
import { issueCertificate, markerExtension } from './certificate-builder';
import { merchantIdentifierExtensionValue, merchantIdentifierOid, type MerchantIdentity } from './merchant-certificate';
import { signingCertificateOids, type WalletSigner } from './payment-signature';

/**
 * Training's wallet keys: a root CA of its own (never a real wallet's), an intermediate and a
 * leaf that sign the emulated phone's payloads as a wallet's do, and the training merchant's
 * payment processing certificate carrying the merchant identifier extension. Made at first
 * start into the app-data folder (0600) and never committed: each installation has its own.
 */

export const trainingMerchantIdentifier = 'merchant.lanepoint.training';
export const trainingKeysFile = 'wallet-training-keys.json';

export interface TrainingWalletKeys {
  /** The one root the tokenizer emulator trusts. */
  readonly root: X509Certificate;
  /** The tokenizer's side: decrypts what the phone encrypted to the certificate. */
  readonly merchant: MerchantIdentity;
  /** The phone's side: signs the payloads. */
  readonly signer: WalletSigner;
}

interface StoredKeys {
  readonly root: string;
  readonly intermediate: string;
  readonly leaf: string;
  readonly leafKey: string;
  readonly merchant: string;
  readonly merchantKey: string;
}

const day = 24 * 60 * 60 * 1000;
const newKey = () => generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const pem = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString();

/** Makes a fresh set, valid from a day before `now` (a clock a little behind still accepts it). */
export function createTrainingWalletKeys(now: number): TrainingWalletKeys {
  const notBefore = new Date(now - day);
  const rootKey = newKey();
  const root = issueCertificate({
    subject: 'Lanepoint Training Wallet Root CA',
    publicKey: rootKey.publicKey,
    selfKey: rootKey.privateKey,
    ca: true,
    notBefore,
    notAfter: new Date(now + 3650 * day),
  });
  const intermediateKey = newKey();
  const intermediate = issueCertificate({
    subject: 'Lanepoint Training Wallet Integration CA',
    publicKey: intermediateKey.publicKey,
    issuer: { certificate: root, key: rootKey.privateKey },
    ca: true,
    notBefore,
    notAfter: new Date(now + 3000 * day),
    extensions: [markerExtension(signingCertificateOids.intermediate)],
  });
  const leafKey = newKey();
  const leaf = issueCertificate({
    subject: 'Lanepoint Training Wallet Signing',
    publicKey: leafKey.publicKey,
    issuer: { certificate: intermediate, key: intermediateKey.privateKey },
    ca: false,
    notBefore,
    notAfter: new Date(now + 1800 * day),
    extensions: [markerExtension(signingCertificateOids.leaf)],
  });
  const merchantKey = newKey();
  const merchant = issueCertificate({
    subject: `Payment Processing:${trainingMerchantIdentifier}`,
    publicKey: merchantKey.publicKey,
    issuer: { certificate: root, key: rootKey.privateKey },
    ca: false,
    notBefore,
    notAfter: new Date(now + 1800 * day),
    extensions: [
      {
        oid: merchantIdentifierOid,
        critical: false,
        value: merchantIdentifierExtensionValue(trainingMerchantIdentifier),
      },
    ],
  });
  return {
    root,
    merchant: { privateKey: merchantKey.privateKey, certificate: merchant },
    signer: { leaf, leafKey: leafKey.privateKey, intermediate },
  };
}

function toStored(keys: TrainingWalletKeys): StoredKeys {
  return {
    root: keys.root.toString(),
    intermediate: keys.signer.intermediate.toString(),
    leaf: keys.signer.leaf.toString(),
    leafKey: pem(keys.signer.leafKey),
    merchant: keys.merchant.certificate.toString(),
    merchantKey: pem(keys.merchant.privateKey),
  };
}

function fromStored(stored: StoredKeys): TrainingWalletKeys {
  return {
    root: new X509Certificate(stored.root),
    merchant: { privateKey: createPrivateKey(stored.merchantKey), certificate: new X509Certificate(stored.merchant) },
    signer: {
      leaf: new X509Certificate(stored.leaf),
      leafKey: createPrivateKey(stored.leafKey),
      intermediate: new X509Certificate(stored.intermediate),
    },
  };
}

const usable = (keys: TrainingWalletKeys, now: number) =>
  [keys.root, keys.merchant.certificate, keys.signer.leaf, keys.signer.intermediate].every(
    (item) => Date.parse(item.validFrom) <= now && now <= Date.parse(item.validTo),
  );

/**
 * The keys kept in `folder`, made and written (0600) the first time, and made again when the
 * file cannot be read or a certificate has run out: they are training's, nothing depends on
 * keeping them.
 */
export function loadOrCreateTrainingWalletKeys(folder: string, now: number): TrainingWalletKeys {
  const file = join(folder, trainingKeysFile);
  if (existsSync(file)) {
    try {
      const keys = fromStored(JSON.parse(readFileSync(file, 'utf8')) as StoredKeys);
      if (usable(keys, now)) return keys;
    } catch {
      // Unreadable: replaced below.
    }
  }
  const keys = createTrainingWalletKeys(now);
  writeFileAtomic(file, `${JSON.stringify(toStored(keys), null, 2)}\n`, 0o600);
  return keys;
}
