import { KindedError } from '../../platform/errors';
import type { EcV1PaymentToken, EcV2PaymentToken } from '../../reference/wallet-tokens';
/**
 * The two wallet payment tokens as the phone hands them over, checked field by field before
 * anything is built from them: a malformed token is refused with the name of the field that is
 * wrong, never passed on for the tokenizer to guess at. Error messages name fields and rules,
 * never values: a token is payment data.
 */

/** A wallet token that cannot be used; `field` is its path, e.g. `header.transactionId`. */
export class WalletTokenError extends KindedError<'malformed'> {
  constructor(
    readonly field: string,
    readonly rule: string,
  ) {
    super('malformed', `wallet payment token: ${field} ${rule}`);
    this.name = 'WalletTokenError';
  }
}

/** What a string field must look like, and how its error message names that. */
interface TextRule {
  readonly pattern: RegExp;
  readonly name: string;
}

const base64: TextRule = {
  pattern: /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/,
  name: 'base64',
};
const hex: TextRule = { pattern: /^(?:[0-9A-Fa-f]{2})+$/, name: 'hex' };
const jsonObjectText: TextRule = { pattern: /^\{[\s\S]*\}$/, name: 'a JSON object in text' };

function objectAt(value: unknown, field: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new WalletTokenError(field, 'must be an object');
  return value as Record<string, unknown>;
}

/** The key `field` names in its own object: the last step of its path. */
const keyOf = (field: string) => field.slice(field.lastIndexOf('.') + 1);

/** The string at path `field` of `record`, which must be there, non-empty and match `rule`. */
function stringAt(record: Record<string, unknown>, field: string, rule: TextRule): string {
  const value = record[keyOf(field)];
  if (value === undefined) throw new WalletTokenError(field, 'is missing');
  if (typeof value !== 'string') throw new WalletTokenError(field, 'must be a string');
  if (value === '') throw new WalletTokenError(field, 'is empty');
  if (!rule.pattern.test(value)) throw new WalletTokenError(field, `must be ${rule.name}`);
  return value;
}

/** As stringAt, for a field the token may leave out. */
function optionalStringAt(record: Record<string, unknown>, field: string, rule: TextRule): string | undefined {
  return record[keyOf(field)] === undefined ? undefined : stringAt(record, field, rule);
}

/** Reads an EC_v1 token (an object or its JSON text); throws WalletTokenError naming the bad field. */
export function readEcV1Token(input: unknown): EcV1PaymentToken {
  const token = objectAt(typeof input === 'string' ? parseJson(input) : input, 'token');
  if (token.version !== 'EC_v1') {
    throw new WalletTokenError(
      'version',
      token.version === undefined ? 'is missing' : 'must be EC_v1 (the only version this lane accepts)',
    );
  }
  const data = stringAt(token, 'data', base64);
  const signature = stringAt(token, 'signature', base64);
  const header = objectAt(token.header, 'header');
  const ephemeralPublicKey = stringAt(header, 'header.ephemeralPublicKey', base64);
  const transactionId = stringAt(header, 'header.transactionId', hex);
  const publicKeyHash = optionalStringAt(header, 'header.publicKeyHash', base64);
  const applicationData = optionalStringAt(header, 'header.applicationData', hex);
  // 16 bytes of tag at least: anything shorter cannot be AES-GCM output.
  if (Buffer.from(data, 'base64').length <= 16)
    throw new WalletTokenError('data', 'is too short to hold a ciphertext and its tag');
  if (publicKeyHash !== undefined && Buffer.from(publicKeyHash, 'base64').length !== 32)
    throw new WalletTokenError('header.publicKeyHash', 'must be a SHA-256 hash (32 bytes)');
  if (applicationData !== undefined && applicationData.length !== 64)
    throw new WalletTokenError('header.applicationData', 'must be a SHA-256 hash (64 hex digits)');
  return {
    version: 'EC_v1',
    data,
    signature,
    header: {
      ephemeralPublicKey,
      transactionId,
      ...(publicKeyHash !== undefined && { publicKeyHash }),
      ...(applicationData !== undefined && { applicationData }),
    },
  };
}

/** Reads an ECv2 token (object or JSON text); the tokenizer decrypts it, the lane only checks its shape. */
export function readEcV2Token(input: unknown): EcV2PaymentToken {
  const token = objectAt(typeof input === 'string' ? parseJson(input) : input, 'token');
  if (token.protocolVersion !== 'ECv2') {
    throw new WalletTokenError('protocolVersion', token.protocolVersion === undefined ? 'is missing' : 'must be ECv2');
  }
  const signature = stringAt(token, 'signature', base64);
  const signedMessage = stringAt(token, 'signedMessage', jsonObjectText);
  objectAt(parseJson(signedMessage, 'signedMessage'), 'signedMessage');
  const key = objectAt(token.intermediateSigningKey, 'intermediateSigningKey');
  const signedKey = stringAt(key, 'intermediateSigningKey.signedKey', jsonObjectText);
  objectAt(parseJson(signedKey, 'intermediateSigningKey.signedKey'), 'intermediateSigningKey.signedKey');
  const signatures = key.signatures;
  if (!Array.isArray(signatures) || signatures.length === 0)
    throw new WalletTokenError('intermediateSigningKey.signatures', 'must be a non-empty list');
  signatures.forEach((item, index) => {
    if (typeof item !== 'string' || !base64.pattern.test(item) || item === '')
      throw new WalletTokenError(`intermediateSigningKey.signatures[${index}]`, 'must be base64');
  });
  return {
    protocolVersion: 'ECv2',
    signature,
    intermediateSigningKey: { signedKey, signatures: signatures as string[] },
    signedMessage,
  };
}

function parseJson(text: string, field = 'token'): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new WalletTokenError(field, 'is not JSON');
  }
}
