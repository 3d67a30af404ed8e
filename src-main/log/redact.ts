/**
 * Card data never reaches a log (ARCHITECTURE principle 5). These are the pure rules; the
 * logger applies them to every record, and crash output can reuse them.
 */

/** Keys whose values are removed wherever they appear (compared lower-case). */
export const removedKeys: ReadonlySet<string> = new Set([
  'track',
  'track1',
  'track2',
  'tlv',
  'emv',
  'emvdata',
  'cvv',
  'cvv2',
  'cvc',
  'cvc2',
  'cvd',
  'expiry',
  'expdate',
  'exp',
  'pin',
  'pinblock',
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'password',
  'secret',
]);

const removed = '[removed]';
const trackRemoved = '[track removed]';
const maxDepth = 8;

// Track 1 (format B): %B PAN ^ NAME ^ YYMM service-code discretionary ?
const track1 = /%?B\d{12,19}\^[^^\n]{0,26}\^[^?\s]*\??/g;
// Track 2 and its equivalents: ;PAN=YYMM service-code discretionary ?  (sentinels optional)
const track2 = /;?\d{12,19}=\d{4}[^?\s]*\??/g;
// 13-19 digits, optionally grouped with single spaces or dashes, not part of a longer number.
const panLike = /(?<![\d])\d(?:[ -]?\d){12,18}(?![\d])/g;

/** First six and last four of a card-number-like run; the digits between become '*'. */
export function maskPan(run: string): string {
  const digits = run.replace(/[ -]/g, '');
  return `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`;
}

/** Removes track data and masks card-number-like digit runs in free text. */
export function redactText(text: string): string {
  return text.replace(track1, trackRemoved).replace(track2, trackRemoved).replace(panLike, maskPan);
}

function redactError(error: Error, seen: WeakSet<object>, depth: number): Record<string, unknown> {
  const own: Record<string, unknown> = {};
  for (const key of Object.keys(error)) own[key] = (error as unknown as Record<string, unknown>)[key];
  return {
    ...(redactValue(own, seen, depth + 1) as Record<string, unknown>),
    type: error.name,
    message: redactText(error.message),
    ...(error.stack ? { stack: redactText(error.stack) } : {}),
    ...(error.cause !== undefined ? { cause: redactValue(error.cause, seen, depth + 1) } : {}),
  };
}

/**
 * Returns a copy of `value` that is safe to log: removed keys dropped to '[removed]', strings
 * redacted, errors flattened and redacted. Cycles and nesting deeper than 8 are cut.
 */
export function redactValue(value: unknown, seen: WeakSet<object> = new WeakSet(), depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  if (depth >= maxDepth) return '[too deep]';
  seen.add(value);
  try {
    if (value instanceof Error) return redactError(value, seen, depth);
    if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
    if (Array.isArray(value)) return value.map((item) => redactValue(item, seen, depth + 1));
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      copy[key] = removedKeys.has(key.toLowerCase()) ? removed : redactValue(item, seen, depth + 1);
    }
    return copy;
  } finally {
    seen.delete(value);
  }
}
