import { createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { decryptEcV2, EcV2MessageError, encryptEcV2, readEcV2Message } from './ec-v2-crypto';
import type { EcV2PaymentToken } from '../../reference/wallet-tokens';
import { KindedError } from '../../platform/errors';

/**
 * Opening an ECv2 token as its recipient does: the intermediate signing key must carry a
 * signature by one of the wallet's root signing keys and be unexpired; the signed message must
 * carry the intermediate key's signature over the sender id, this recipient's id, the protocol
 * version and the message; then it is decrypted and its own expiration checked. Every signed
 * string is the parts each preceded by its byte length (4 bytes, little-endian).
 */

/** The sender id every ECv2 signature is made over. */
export const ecV2SenderId = 'Google';
export const ecV2ProtocolVersion = 'ECv2';
/**
 * The tokenizer's recipient id: `gateway:` and the gateway id its Google Pay guide tells the pay
 * page to put in the tokenization specification (`cardconnect`).
 */
export const tokenizerRecipientId = 'gateway:cardconnect';

/** A root signing key the recipient trusts (training's own, never a real wallet's). */
export interface EcV2RootKey {
  readonly key: KeyObject;
  /** Epoch ms after which the key signs nothing; none: no end. */
  readonly expiresAt?: number;
}

export type EcV2Failure = 'malformed' | 'key-signature' | 'key-expired' | 'message-signature' | 'message-expired';

/** A token that may not be used, and which check refused it. */
export class EcV2TokenError extends KindedError<EcV2Failure> {
  override readonly name = 'EcV2TokenError';
  constructor(
    readonly failure: EcV2Failure,
    message: string,
  ) {
    super(failure, `wallet ECv2 token: ${message}`);
  }
}

/** The card details inside a decrypted message (the account number only ever reaches the token vault). */
export interface EcV2PaymentMessage {
  readonly messageId: string;
  /** Epoch ms as a decimal string, as the wallet writes it. */
  readonly messageExpiration: string;
  readonly paymentMethod: string;
  readonly paymentMethodDetails: {
    readonly pan: string;
    readonly expirationMonth: number;
    readonly expirationYear: number;
    readonly authMethod: 'PAN_ONLY' | 'CRYPTOGRAM_3DS';
    readonly cryptogram?: string;
    readonly eciIndicator?: string;
  };
  readonly gatewayMerchantId?: string;
}

/** The signed string: each part preceded by its UTF-8 byte length, 4 bytes little-endian. */
export function ecV2SignedString(parts: readonly string[]): Buffer {
  return Buffer.concat(
    parts.flatMap((part) => {
      const bytes = Buffer.from(part, 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32LE(bytes.length);
      return [length, bytes];
    }),
  );
}

const keySigned = (signedKey: string) => ecV2SignedString([ecV2SenderId, ecV2ProtocolVersion, signedKey]);
const messageSigned = (recipientId: string, signedMessage: string) =>
  ecV2SignedString([ecV2SenderId, recipientId, ecV2ProtocolVersion, signedMessage]);

/** ECDSA-SHA256 with a DER signature, false (never a throw) for a signature that is not one. */
function verifies(key: KeyObject, content: Buffer, signature: string): boolean {
  try {
    return verify('sha256', content, key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

function objectOf(text: string, what: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new EcV2TokenError('malformed', `${what} is not JSON`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new EcV2TokenError('malformed', `${what} is not a JSON object`);
  return parsed as Record<string, unknown>;
}

/** Epoch ms from the decimal string (or number) the wallet writes expirations as. */
function millisecondsAt(record: Record<string, unknown>, field: string, what: string): number {
  const value = record[field];
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,16}$/.test(text))
    throw new EcV2TokenError('malformed', `${what}.${field} must be milliseconds since 1970`);
  return Number(text);
}

/** The intermediate signing key, checked against the roots and `now`. */
function intermediateKey(token: EcV2PaymentToken, roots: readonly EcV2RootKey[], now: number): KeyObject {
  const { signedKey, signatures } = token.intermediateSigningKey;
  const usableRoots = roots.filter((root) => root.expiresAt === undefined || root.expiresAt > now);
  const signed = keySigned(signedKey);
  if (!signatures.some((signature) => usableRoots.some((root) => verifies(root.key, signed, signature))))
    throw new EcV2TokenError('key-signature', 'the intermediate signing key is not signed by a trusted root key');
  const key = objectOf(signedKey, 'intermediateSigningKey.signedKey');
  if (millisecondsAt(key, 'keyExpiration', 'signedKey') <= now)
    throw new EcV2TokenError('key-expired', 'the intermediate signing key has expired');
  if (typeof key.keyValue !== 'string') throw new EcV2TokenError('malformed', 'signedKey.keyValue is missing');
  try {
    return createPublicKey({ key: Buffer.from(key.keyValue, 'base64'), format: 'der', type: 'spki' });
  } catch {
    throw new EcV2TokenError('malformed', 'signedKey.keyValue is not a public key');
  }
}

function paymentMessageOf(plaintext: string, now: number): EcV2PaymentMessage {
  const message = objectOf(plaintext, 'the decrypted message');
  if (millisecondsAt(message, 'messageExpiration', 'message') <= now)
    throw new EcV2TokenError('message-expired', 'the message has expired');
  const details = message.paymentMethodDetails as Record<string, unknown> | undefined;
  const { pan, expirationMonth, expirationYear, authMethod } = details ?? {};
  if (
    typeof message.messageId !== 'string' ||
    message.messageId === '' ||
    typeof pan !== 'string' ||
    !/^\d{12,19}$/.test(pan) ||
    typeof expirationMonth !== 'number' ||
    typeof expirationYear !== 'number' ||
    (authMethod !== 'PAN_ONLY' && authMethod !== 'CRYPTOGRAM_3DS')
  )
    throw new EcV2TokenError('malformed', 'the decrypted message lacks its messageId or card details');
  return message as unknown as EcV2PaymentMessage;
}

/** Who may open a token: the trusted roots, this recipient's id and private key, and the time. */
export interface EcV2Recipient {
  readonly rootKeys: readonly EcV2RootKey[];
  /** `gateway:<gateway id>` for a gateway's tokenization, `merchant:<id>` for a merchant's own. */
  readonly recipientId: string;
  readonly privateKey: KeyObject;
}

/** Verifies the chain, decrypts, and checks expirations; throws EcV2TokenError naming the failed check. */
export function openEcV2Token(token: EcV2PaymentToken, recipient: EcV2Recipient, now: number): EcV2PaymentMessage {
  const intermediate = intermediateKey(token, recipient.rootKeys, now);
  if (!verifies(intermediate, messageSigned(recipient.recipientId, token.signedMessage), token.signature))
    throw new EcV2TokenError('message-signature', 'the message signature does not verify for this recipient');
  try {
    return paymentMessageOf(decryptEcV2(readEcV2Message(token.signedMessage), recipient.privateKey).plaintext, now);
  } catch (error) {
    if (error instanceof EcV2MessageError) throw new EcV2TokenError('malformed', error.message);
    throw error;
  }
}

/** The keys a wallet signs with: its root, and an intermediate key the root signed with its expiry. */
export interface EcV2Signer {
  readonly rootKey: KeyObject;
  readonly intermediateKey: KeyObject;
  readonly intermediatePublicKey: KeyObject;
  readonly keyExpiration: number;
}

/**
 * Makes a token as the wallet does (training's emulated phone): the message encrypted to the
 * recipient's public key, signed for `recipientId` by the intermediate key, which the root signed.
 */
export function sealEcV2Token(
  message: EcV2PaymentMessage,
  recipient: { readonly recipientId: string; readonly publicKey: KeyObject },
  signer: EcV2Signer,
): EcV2PaymentToken {
  const signedKey = JSON.stringify({
    keyValue: signer.intermediatePublicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    keyExpiration: String(signer.keyExpiration),
  });
  const signedMessage = JSON.stringify(encryptEcV2(JSON.stringify(message), recipient.publicKey));
  const der = (key: KeyObject, content: Buffer) => sign('sha256', content, key).toString('base64');
  return {
    protocolVersion: 'ECv2',
    signature: der(signer.intermediateKey, messageSigned(recipient.recipientId, signedMessage)),
    intermediateSigningKey: { signedKey, signatures: [der(signer.rootKey, keySigned(signedKey))] },
    signedMessage,
  };
}
