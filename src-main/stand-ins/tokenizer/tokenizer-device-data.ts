import type { EcV1PaymentToken, EcV2PaymentToken } from '../../reference/wallet-tokens';
import { KindedError } from '../../platform/errors';

/**
 * The tokenizer's reading of a wallet tokenize request's `devicedata`, written from the wallet
 * spec (wallet-tokenization.md) and the tokenizer's Apple Pay and Google Pay guides, not from the
 * lane's builder: if the two read the layout differently, a test of the lane against this
 * emulator fails. Every refusal carries the tokenizer error table's code that fits it
 * (tokenizer-api-overview.md) and a problem that names the field, never its value.
 */

/** `encryptionhandler` for the one wallet's EC_v1 payload (the Apple Pay guide: "must be EC_APPLE_PAY"). */
export const applePayHandler = 'EC_APPLE_PAY';
/** `encryptionhandler` for the other wallet's ECv2 token, sent whole (the Google Pay guide). */
export const googlePayHandler = 'EC_GOOGLE_PAY';
/** `ectype`: "The encryption type, which must be `apple`". */
export const applePayEcType = 'apple';

/**
 * The labelled fields after the unlabelled data, in the spec's table order: "The order of the
 * properties is mandatory." Since its 2021 change the real service also reads them in another
 * order (tokenizer-changelog.md); this emulator holds the lane to the spec, so a lane that drifts
 * from it is caught here rather than by the one service that happens to forgive it.
 */
export const ecV1DeviceDataLabels = ['ectype', 'ecsig', 'eckey', 'ectid', 'echash', 'ecpublickeyhash'] as const;
type EcV1Label = (typeof ecV1DeviceDataLabels)[number];
const required: readonly EcV1Label[] = ['ectype', 'ecsig', 'eckey', 'ectid'];

/** The tokenizer error table's codes a devicedata refusal can carry. */
export type DeviceDataErrorCode = 3 | 19 | 21 | 24 | 38 | 74 | 75 | 77;

/** A devicedata the tokenizer will not read: the code it answers and the problem it names. */
export class DeviceDataRefused extends KindedError<'refused'> {
  override readonly name = 'DeviceDataRefused';
  constructor(
    readonly errorcode: DeviceDataErrorCode,
    readonly problem: string,
  ) {
    super('refused', `devicedata: ${problem}`);
  }
}

const refuse = (errorcode: DeviceDataErrorCode, problem: string): never => {
  throw new DeviceDataRefused(errorcode, problem);
};

// Standard base64 with its padding: what the wallet's binary values are in its token.
const isBase64 = (text: string) => text.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(text);
const isHex = (text: string) => text.length % 2 === 0 && /^[0-9A-Fa-f]+$/.test(text);

/** Splits the labelled parts into label and value, refusing an unknown, repeated or out-of-order label. */
function labelledFields(parts: readonly string[]): Partial<Record<EcV1Label, string>> {
  const fields: Partial<Record<EcV1Label, string>> = {};
  let last = -1;
  for (const part of parts) {
    const equals = part.indexOf('=');
    const label = equals < 0 ? part : part.slice(0, equals);
    const position = (ecV1DeviceDataLabels as readonly string[]).indexOf(label);
    // The table names no code for these; the service before 2021 misread such a string, and a misread payload does not decrypt.
    if (position < 0) refuse(24, `${label === '' ? 'an empty label' : label} is not a devicedata field`);
    if (label in fields) refuse(24, `${label} is given twice`);
    if (position < last)
      refuse(
        24,
        `${label} comes before ${ecV1DeviceDataLabels[last]}; the spec's order is ${ecV1DeviceDataLabels.join(', ')}`,
      );
    last = position;
    fields[label as EcV1Label] = equals < 0 ? '' : part.slice(equals + 1);
  }
  return fields;
}

/**
 * Reads `data&ectype=apple&ecsig=..&eckey=..&ectid=..[&echash=..][&ecpublickeyhash=..]` into the
 * EC_v1 token it was built from. Refuses (DeviceDataRefused): a URL-encoded string (38, the guide:
 * "Do not URL encode"), data not first and unlabelled or a required field missing or empty (74),
 * `ecpublickeyhash` without `echash` (74, the guide: "you must provide the echash property ... even
 * if it is empty"), an `ectype` but `apple` (75), a value that is not base64 (19), data too short
 * for a ciphertext and its 16-byte tag (21), and a field unknown, repeated, out of the spec's order
 * or of the wrong shape (24).
 */
export function readApplePayDeviceData(devicedata: string): EcV1PaymentToken {
  // No devicedata value can hold '%': base64, hex and the labels have none.
  if (devicedata.includes('%')) refuse(38, "holds '%': it is URL encoded, and must be sent as it is");
  const [data = '', ...parts] = devicedata.split('&');
  // Base64 has '=' only at its end, so an '=' with more after it is a label's.
  if (data === '' || /=[^=]/.test(data)) refuse(74, 'the unlabelled data must come first');
  const fields = labelledFields(parts);
  for (const label of required) if (!fields[label]) refuse(74, `${label} is missing`);
  if (fields.ectype !== applePayEcType) refuse(75, `ectype must be ${applePayEcType}`);
  if (fields.ecpublickeyhash !== undefined && fields.echash === undefined)
    refuse(74, 'echash must be sent with ecpublickeyhash, even empty');
  for (const [label, value] of [
    ['data', data],
    ['ecsig', fields.ecsig!],
    ['eckey', fields.eckey!],
    ['ecpublickeyhash', fields.ecpublickeyhash ?? ''],
  ] as const)
    if (!isBase64(value)) refuse(19, `${label} is not base64`);
  if (Buffer.from(data, 'base64').length <= 16) refuse(21, 'data is too short to hold a ciphertext and its tag');
  if (!isHex(fields.ectid!)) refuse(24, 'ectid must be hex');
  const { echash, ecpublickeyhash } = fields;
  if (echash && !(echash.length === 64 && isHex(echash))) refuse(24, 'echash must be a SHA-256 hash in hex');
  if (ecpublickeyhash !== undefined && Buffer.from(ecpublickeyhash, 'base64').length !== 32)
    refuse(24, 'ecpublickeyhash must be a SHA-256 hash in base64');
  return {
    version: 'EC_v1',
    data,
    signature: fields.ecsig!,
    header: {
      ephemeralPublicKey: fields.eckey!,
      transactionId: fields.ectid!,
      // An empty echash says the payment request had no applicationData.
      ...(echash && { applicationData: echash }),
      ...(ecpublickeyhash !== undefined && { publicKeyHash: ecpublickeyhash }),
    },
  };
}

/** The text at `key` of `record`: 74 when absent, 24 when not a non-empty string. */
function textAt(record: Record<string, unknown>, key: string, path: string): string {
  const value = record[key];
  if (value === undefined || value === null) return refuse(74, `${path} is missing`);
  if (typeof value !== 'string' || value === '') return refuse(24, `${path} must be text`);
  return value;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Reads the other wallet's `devicedata`, the whole ECv2 token as JSON text (the Google Pay guide's
 * sample), down to its top-level fields; what is inside `signedKey` and `signedMessage` is
 * checked as the token is opened. Refuses: text that is not a JSON object (77), another
 * `protocolVersion` (3), a field missing (74), a signature not base64 (19), another shape (24).
 */
export function readGooglePayDeviceData(devicedata: string): EcV2PaymentToken {
  let parsed: unknown;
  try {
    parsed = JSON.parse(devicedata);
  } catch {
    return refuse(77, `${googlePayHandler} takes the whole token as JSON text`);
  }
  if (!isObject(parsed)) return refuse(77, `${googlePayHandler} takes the whole token as a JSON object`);
  const version = textAt(parsed, 'protocolVersion', 'protocolVersion');
  if (version !== 'ECv2') refuse(3, 'protocolVersion must be ECv2');
  const signature = textAt(parsed, 'signature', 'signature');
  if (!isBase64(signature)) refuse(19, 'signature is not base64');
  const key = parsed.intermediateSigningKey;
  if (key === undefined || key === null) return refuse(74, 'intermediateSigningKey is missing');
  if (!isObject(key)) return refuse(24, 'intermediateSigningKey must be an object');
  const signedKey = textAt(key, 'signedKey', 'intermediateSigningKey.signedKey');
  const signatures = key.signatures;
  if (signatures === undefined || signatures === null)
    return refuse(74, 'intermediateSigningKey.signatures is missing');
  if (!Array.isArray(signatures) || signatures.length === 0)
    return refuse(24, 'intermediateSigningKey.signatures must be a list of signatures');
  signatures.forEach((item: unknown, index) => {
    if (typeof item !== 'string' || item === '' || !isBase64(item))
      refuse(19, `intermediateSigningKey.signatures[${index}] is not base64`);
  });
  return {
    protocolVersion: 'ECv2',
    signature,
    intermediateSigningKey: { signedKey, signatures: signatures as string[] },
    signedMessage: textAt(parsed, 'signedMessage', 'signedMessage'),
  };
}
