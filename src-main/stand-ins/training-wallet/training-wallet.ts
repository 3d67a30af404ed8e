import { createHash, randomBytes } from 'node:crypto';
import { encryptEcV1, newTransactionId } from './ec-v1-crypto';
import type { EcV1PaymentData } from './payment-data';
import type { MerchantIdentity } from './merchant-certificate';
import { sealEcV2Token, type EcV2PaymentMessage } from './ec-v2-token';
import { signatureMaxAgeMs, signPaymentData, type WalletSigner } from './payment-signature';
import type { EcV1PaymentToken, EcV2PaymentToken } from '../../reference/wallet-tokens';
import type { TrainingWalletKeys } from './training-keys';

/**
 * Training's emulated phone wallets: a real EC_v1 payload, encrypted to the training merchant's
 * certificate and signed under training's root, so the tokenizer emulator decrypts and checks it
 * exactly as it would a phone's.
 */

/** What the customer's phone pays with (a training device account number). */
export interface TrainingPayment {
  /** The device account number the wallet holds. */
  readonly account: string;
  /** YYMMDD, as the payment data carries it. */
  readonly expiration: string;
  /** Minor units. */
  readonly amount: number;
  /** ISO 4217 numeric, e.g. "840". */
  readonly currencyCode: string;
  /** The pay page's applicationData, when it set one; the token carries its SHA-256. */
  readonly applicationData?: string;
  /** Whether the token carries publicKeyHash (it does from wallet API version 2 on). */
  readonly withPublicKeyHash?: boolean;
}

/** Builds and signs a payload at `signingTime` (the injected clock's now, or a moved one). */
export function trainingWalletPayment(
  payment: TrainingPayment,
  merchant: MerchantIdentity['certificate'],
  signer: WalletSigner,
  signingTime: Date,
): EcV1PaymentToken {
  const paymentData: EcV1PaymentData = {
    applicationPrimaryAccountNumber: payment.account,
    applicationExpirationDate: payment.expiration,
    currencyCode: payment.currencyCode,
    transactionAmount: payment.amount,
    deviceManufacturerIdentifier: '040010030273',
    paymentDataType: '3DSecure',
    paymentData: { onlinePaymentCryptogram: randomBytes(20).toString('base64') },
  };
  const encrypted = encryptEcV1(JSON.stringify(paymentData), merchant);
  const header = {
    ephemeralPublicKey: encrypted.ephemeralPublicKey,
    transactionId: newTransactionId(),
    ...(payment.withPublicKeyHash !== false && { publicKeyHash: encrypted.publicKeyHash }),
    ...(payment.applicationData !== undefined && {
      applicationData: createHash('sha256').update(payment.applicationData).digest('hex'),
    }),
  };
  const unsigned = { data: encrypted.data, header };
  return { version: 'EC_v1', ...unsigned, signature: signPaymentData(unsigned, signer, signingTime) };
}

/** What the other wallet's training phone pays with; the message lives `lifetimeMs` from `createdAt`. */
export interface TrainingEcV2Payment {
  readonly account: string;
  /** YYMMDD, as the EC_v1 payment carries it; the message holds month and year. */
  readonly expiration: string;
  /** The tokenization specification's gatewayMerchantId: the lane's merchant id. */
  readonly gatewayMerchantId: string;
}

/**
 * Builds an ECv2 token as the other wallet does for a gateway's tokenization: the card in a
 * message that expires two minutes after it is made (the payload's life), encrypted to training's
 * tokenizer key, signed for its recipient id under training's own root signing key.
 */
export function trainingEcV2Payment(
  payment: TrainingEcV2Payment,
  keys: TrainingWalletKeys['ecV2'],
  createdAt: number,
): EcV2PaymentToken {
  const message: EcV2PaymentMessage = {
    messageId: randomBytes(24).toString('base64url'),
    messageExpiration: String(createdAt + signatureMaxAgeMs),
    paymentMethod: 'CARD',
    paymentMethodDetails: {
      pan: payment.account,
      expirationMonth: Number(payment.expiration.slice(2, 4)),
      expirationYear: 2000 + Number(payment.expiration.slice(0, 2)),
      authMethod: 'CRYPTOGRAM_3DS',
      cryptogram: randomBytes(20).toString('base64'),
      eciIndicator: '05',
    },
    gatewayMerchantId: payment.gatewayMerchantId,
  };
  return sealEcV2Token(
    message,
    { recipientId: keys.recipient.recipientId, publicKey: keys.recipientPublicKey },
    keys.signer,
  );
}
