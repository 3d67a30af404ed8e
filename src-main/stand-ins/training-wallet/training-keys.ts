import { createPrivateKey, createPublicKey, generateKeyPairSync, X509Certificate, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../platform/private-file';
import { issueCertificate, markerExtension, type CertificateExtension } from './certificate-builder';
import { tokenizerRecipientId, type EcV2Recipient, type EcV2Signer } from './ec-v2-token';
import { merchantIdentifierExtensionValue, merchantIdentifierOid, type MerchantIdentity } from './merchant-certificate';
import { signingCertificateOids, type WalletSigner } from './payment-signature';

/**
 * Training's wallet keys: a root CA of its own (never a real wallet's), an intermediate and a
 * leaf that sign the emulated phone's payloads as a wallet's do, and the training merchant's
 * payment processing certificate carrying the merchant identifier extension; and for the other
 * wallet's ECv2 tokens a root signing key, an intermediate key it signed, and the tokenizer's
 * recipient key. Made at first start into the app-data folder (0600) and never committed: each
 * installation has its own.
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
  /** ECv2: the phone's signing keys, and the tokenizer's side (training's root, its recipient key). */
  readonly ecV2: {
    readonly signer: EcV2Signer;
    readonly recipient: EcV2Recipient;
    readonly recipientPublicKey: KeyObject;
  };
}

interface StoredKeys {
  readonly root: string;
  readonly intermediate: string;
  readonly leaf: string;
  readonly leafKey: string;
  readonly merchant: string;
  readonly merchantKey: string;
  readonly ecV2RootKey: string;
  readonly ecV2IntermediateKey: string;
  readonly ecV2KeyExpiration: number;
  readonly ecV2RecipientKey: string;
}

const day = 24 * 60 * 60 * 1000;
const newKey = () => generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const pem = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString();

/** A certificate issued here together with the key pair it certifies. */
interface Issued {
  readonly certificate: X509Certificate;
  readonly key: ReturnType<typeof newKey>;
}

/** Makes a fresh set, valid from a day before `now` (a clock a little behind still accepts it). */
export function createTrainingWalletKeys(now: number): TrainingWalletKeys {
  const notBefore = new Date(now - day);
  // Each certificate gets a key of its own and is signed by `issuer`'s, or by its own for the root.
  const issue = (
    subject: string,
    issuer: Issued | 'self',
    {
      ca,
      validDays,
      extensions = [],
    }: { ca: boolean; validDays: number; extensions?: readonly CertificateExtension[] },
  ): Issued => {
    const key = newKey();
    const signing =
      issuer === 'self'
        ? { selfKey: key.privateKey }
        : { issuer: { certificate: issuer.certificate, key: issuer.key.privateKey } };
    const certificate = issueCertificate({
      subject,
      publicKey: key.publicKey,
      ...signing,
      ca,
      notBefore,
      notAfter: new Date(now + validDays * day),
      extensions,
    });
    return { certificate, key };
  };
  const root = issue('Lanepoint Training Wallet Root CA', 'self', { ca: true, validDays: 3650 });
  const intermediate = issue('Lanepoint Training Wallet Integration CA', root, {
    ca: true,
    validDays: 3000,
    extensions: [markerExtension(signingCertificateOids.intermediate)],
  });
  const leaf = issue('Lanepoint Training Wallet Signing', intermediate, {
    ca: false,
    validDays: 1800,
    extensions: [markerExtension(signingCertificateOids.leaf)],
  });
  const merchant = issue(`Payment Processing:${trainingMerchantIdentifier}`, root, {
    ca: false,
    validDays: 1800,
    extensions: [
      {
        oid: merchantIdentifierOid,
        critical: false,
        value: merchantIdentifierExtensionValue(trainingMerchantIdentifier),
      },
    ],
  });
  return {
    root: root.certificate,
    merchant: { privateKey: merchant.key.privateKey, certificate: merchant.certificate },
    signer: { leaf: leaf.certificate, leafKey: leaf.key.privateKey, intermediate: intermediate.certificate },
    ecV2: ecV2Keys(newKey().privateKey, newKey().privateKey, now + ecV2KeyLifeDays * day, newKey().privateKey),
  };
}

/** How long training's intermediate ECv2 key signs: made again at a start after that. */
const ecV2KeyLifeDays = 365;

function ecV2Keys(
  rootKey: KeyObject,
  intermediateKey: KeyObject,
  keyExpiration: number,
  recipientKey: KeyObject,
): TrainingWalletKeys['ecV2'] {
  return {
    signer: { rootKey, intermediateKey, intermediatePublicKey: createPublicKey(intermediateKey), keyExpiration },
    recipient: {
      rootKeys: [{ key: createPublicKey(rootKey) }],
      recipientId: tokenizerRecipientId,
      privateKey: recipientKey,
    },
    recipientPublicKey: createPublicKey(recipientKey),
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
    ecV2RootKey: pem(keys.ecV2.signer.rootKey),
    ecV2IntermediateKey: pem(keys.ecV2.signer.intermediateKey),
    ecV2KeyExpiration: keys.ecV2.signer.keyExpiration,
    ecV2RecipientKey: pem(keys.ecV2.recipient.privateKey),
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
    ecV2: ecV2Keys(
      createPrivateKey(stored.ecV2RootKey),
      createPrivateKey(stored.ecV2IntermediateKey),
      stored.ecV2KeyExpiration,
      createPrivateKey(stored.ecV2RecipientKey),
    ),
  };
}

const usable = (keys: TrainingWalletKeys, now: number) =>
  Number.isFinite(keys.ecV2.signer.keyExpiration) &&
  now < keys.ecV2.signer.keyExpiration &&
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
