/**
 * Card data never reaches a log (ARCHITECTURE principle 5). These are the pure rules; the
 * logger applies them to every record, and crash output can reuse them. They err on the safe
 * side: any run of 13 or more digits is masked, Luhn-valid or not.
 */

// Card data: track and chip data, then verification values, expiry and PIN.
const cardDataKeys = ['track', 'track1', 'track2', 'tlv', 'emv', 'emvdata'];
const cardSecretKeys = ['cvv', 'cvv2', 'cvc', 'cvc2', 'cvd', 'expiry', 'expdate', 'exp', 'pin', 'pinblock'];
// Wallet payloads and what they decrypt to (the wallet's single-use token goes under walletToken).
const walletPayloadKeys = ['devicedata', 'signedmessage', 'encryptedmessage', 'walletpayload', 'wallettoken'];
const decryptedWalletKeys = ['paymentdata', 'onlinepaymentcryptogram'];
// Credentials, including the HTTP headers that carry them.
const credentialKeys = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'password', 'secret'];

/**
 * Keys whose entries are dropped wherever they appear, at any depth. Compared without case,
 * dashes, underscores or spaces, so `Track_2`, `expDate` and `Proxy-Authorization` match.
 * `token` is deliberately absent: the gateway's token is allowed in logs (see `keptTokenKeys`).
 * `account` is absent too: its value is masked like any other text, not dropped.
 */
export const removedKeys: readonly string[] = [
  ...cardDataKeys,
  ...cardSecretKeys,
  ...walletPayloadKeys,
  ...decryptedWalletKeys,
  ...credentialKeys,
];

/**
 * Keys whose value is kept whole when it has the gateway token's shape (16 digits starting
 * with 9, a digit no card brand issues). Any other value under them is redacted as usual, so a
 * clear card number filed under `token` by mistake is still masked.
 */
export const keptTokenKeys: readonly string[] = ['token'];

const normalizeKey = (key: string) => key.toLowerCase().replace(/[-_\s]/g, '');
const removedKeySet = new Set(removedKeys.map(normalizeKey));
const tokenKeySet = new Set(keptTokenKeys.map(normalizeKey));
const gatewayToken = /^9\d{12,18}$/;

/** True when entries under `key` are dropped from logs. */
export function isRemovedKey(key: string): boolean {
  return removedKeySet.has(normalizeKey(key));
}

const trackRemoved = '[track removed]';
const maxDepth = 8;

// Track 1 (format B): %B PAN ^ NAME ^ YYMM service-code discretionary ?  Up to the end
// sentinel when there is one within a track's length, else up to the next whitespace.
const track1 = /%?B\d[\d ]{11,22}\^[^^\n]{0,40}\^(?:[^?\n]{0,79}\?|\S*)/g;
// Track 2 and its equivalents: ;PAN=YYMM service-code discretionary ? with optional sentinels,
// and EMV tag 57's hex form, where the separator is D.
const track2 = /;?\d{12,19}[=Dd]\d{4}[^?\s]*\??/g;
// Credentials in a URL (scheme://user:password@host), as fetch errors like to quote them.
const urlCredentials = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]+@/gi;
// An email address (a customer's, for an emailed receipt): mail servers quote it back in their
// refusals. Kept to what an address can be, so a URL's credentials are left to the rule above.
const emailAddress =
  /(?<![A-Za-z0-9.!#$%&'*+/=?^_`{|}~-])[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
/** What an email address becomes in the log. */
export const emailRemoved = '[email removed]';
// A phone number (a customer's, for a texted receipt, ADR 070): an SMS gateway may quote it back.
// E.164 (+ and 8 to 15 digits, with the separators people type) or a North American number
// (area code and exchange start with 2-9), never a part of a longer digit run.
const phoneNumber =
  /(?<![\w+])(?:\+[1-9](?:[ .-]?\d){7,14}|(?:1[ .-]?)?\(?[2-9]\d{2}\)?[ .-]?[2-9]\d{2}[ .-]?\d{4})(?!\w)/g;
/** What a phone number becomes in the log. */
export const phoneRemoved = '[phone removed]';
// 13 or more digits, optionally separated by single spaces or dashes. No upper bound: a card
// number with digits glued on (PAN + expiry) is still masked.
const digitRun = /(?<!\d)\d(?:[ -]?\d){12,}/g;

/**
 * A UUID, 8-4-4-4-12 hex digits: the ids the lane, the boarding service and devices give to
 * things. Its dash-joined groups can hold thirteen or more digits in a row (about one UUID in two
 * hundred does), yet no card number is ever written in a UUID's groups, so it is kept whole
 * rather than masked into an id nobody can find again.
 */
export const uuidShape = /(?<![0-9a-f-])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-f-])/gi;

const orUuid = new Map<string, RegExp>();

/** `pattern`'s matches in `text` replaced by `replace`, UUIDs left whole wherever they are. */
export function replaceOutsideUuids(text: string, pattern: RegExp, replace: (match: string) => string): string {
  let either = orUuid.get(pattern.source);
  if (!either) orUuid.set(pattern.source, (either = new RegExp(`(${uuidShape.source})|${pattern.source}`, 'gi')));
  return text.replace(either, (match: string, uuid: string | undefined) => (uuid ? match : replace(match)));
}

/** First six and last four digits of a card-number-like run; the digits between become '*'. */
export function maskPan(run: string): string {
  const digits = run.replace(/\D/g, '');
  return `${digits.slice(0, 6)}${'*'.repeat(Math.max(digits.length - 10, 0))}${digits.slice(-4)}`;
}

/**
 * Masks one digit run. A card number written in groups starts with a group of four (Amex's
 * 4-6-5 too), so a first group of one to three digits is something else glued on, such as the
 * lane's order ids ("LANE01-261124-55533"): it is kept, and the rest is judged on its own.
 */
function maskDigitRun(run: string): string {
  const shortGroup = /^\d{1,3}[ -]/.exec(run);
  if (!shortGroup) return maskPan(run);
  return shortGroup[0] + run.slice(shortGroup[0].length).replace(digitRun, maskDigitRun);
}

/** Removes track data (track 1, track 2 and its equivalents), leaving the rest of the text as it was. */
export function removeTrackData(text: string): string {
  return text.replace(track1, trackRemoved).replace(track2, trackRemoved);
}

/** Removes track data, URL credentials, email addresses and phone numbers, and masks card-number-like digit runs, in free text. */
export function redactText(text: string): string {
  // Cheap exit for the common case: without 12 digits in a row nothing below can match, except
  // URL credentials and grouped card numbers, which both need a character this skips on.
  if (!/\d{10}|[-\s@+()]/.test(text)) return text;
  return replaceOutsideUuids(
    replaceOutsideUuids(
      removeTrackData(text).replace(urlCredentials, '$1[credentials removed]@').replace(emailAddress, emailRemoved),
      phoneNumber,
      () => phoneRemoved,
    ),
    digitRun,
    maskDigitRun,
  );
}

function redactError(error: Error, seen: WeakSet<object>, depth: number): Record<string, unknown> {
  const own = redactValue({ ...error }, seen, depth + 1) as Record<string, unknown>;
  const aggregate = (error as Partial<AggregateError>).errors;
  return {
    ...own,
    type: redactText(String(error.name)),
    message: redactText(String(error.message)),
    ...(typeof error.stack === 'string' ? { stack: redactText(error.stack) } : {}),
    ...(error.cause !== undefined ? { cause: redactValue(error.cause, seen, depth + 1) } : {}),
    ...(Array.isArray(aggregate) ? { errors: redactValue(aggregate, seen, depth + 1) } : {}),
  };
}

function redactEntries(entries: Iterable<[string, unknown]>, seen: WeakSet<object>, depth: number) {
  const copy: Record<string, unknown> = {};
  for (const [key, item] of entries) {
    if (isRemovedKey(key)) continue;
    if (tokenKeySet.has(normalizeKey(key)) && typeof item === 'string' && gatewayToken.test(item)) {
      copy[key] = item;
      continue;
    }
    copy[key] = redactValue(item, seen, depth + 1);
  }
  return copy;
}

function redactObject(value: object, seen: WeakSet<object>, depth: number): unknown {
  if (value instanceof Error) return redactError(value, seen, depth);
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, seen, depth + 1));
  if (value instanceof Map) {
    return redactEntries(
      [...value].map(([key, item]) => [String(key), item]),
      seen,
      depth,
    );
  }
  if (value instanceof Set) return [...value].map((item) => redactValue(item, seen, depth + 1));
  // Dates, URLs and the like say what they are through toJSON (a URL's may hold credentials).
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return redactValue(toJSON.call(value), seen, depth + 1);
  return redactEntries(Object.entries(value), seen, depth);
}

/**
 * Returns a copy of `value` that is safe to log: entries under `removedKeys` dropped, strings
 * and long numbers redacted as by `redactText`, errors flattened (type, message, stack, cause)
 * and redacted, binary data reduced to its length. Cycles become '[circular]' and nesting
 * deeper than 8 becomes '[too deep]'. A getter that throws yields '[unreadable]'; this never
 * throws.
 */
export function redactValue(value: unknown, seen: WeakSet<object> = new WeakSet(), depth = 0): unknown {
  switch (typeof value) {
    case 'string':
      return redactText(value);
    case 'number':
      // A card number that arrived as a number is still one. Only whole numbers: a float's
      // long decimal expansion is not a card number.
      return Number.isInteger(value) && Math.abs(value) >= 1e12 ? redactText(String(value)) : value;
    case 'bigint':
      return value >= 10n ** 12n || value <= -(10n ** 12n) ? redactText(String(value)) : value;
    case 'object':
      break;
    default:
      return value;
  }
  if (value === null) return value;
  if (seen.has(value)) return '[circular]';
  if (depth >= maxDepth) return '[too deep]';
  seen.add(value);
  try {
    return redactObject(value, seen, depth);
  } catch {
    // Logging must not throw because of an odd object (a throwing getter or toJSON); its
    // content is unknown, so none of it is shown.
    return '[unreadable]';
  } finally {
    seen.delete(value);
  }
}

/**
 * `redactValue` for the top level of a log record or of logger bindings: always a plain object
 * of the record's own entries (a Date or Map given as the record is not turned into a string).
 */
export function redactRecord(record: object): Record<string, unknown> {
  const seen = new WeakSet<object>([record]);
  try {
    return redactEntries(Object.entries(record), seen, 0);
  } catch {
    return { redaction: '[unreadable record]' };
  }
}
