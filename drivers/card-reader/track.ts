import { malformed } from './errors';

/** ISO/IEC 7813 track 1, format B. Clear card data: keep it in memory for one authorization only. */
export interface Track1 {
  readonly pan: string;
  /** As encoded, e.g. "DOE/PAT A". */
  readonly name: string;
  /** MMYY, reordered from the track's YYMM. */
  readonly expiry: string;
  readonly serviceCode: string;
  readonly discretionary: string;
  /** True when the reader passed the LRC character and it matched. */
  readonly lrcChecked: boolean;
}

/** ISO/IEC 7813 track 2. */
export interface Track2 {
  readonly pan: string;
  readonly expiry: string;
  readonly serviceCode: string;
  readonly discretionary: string;
  readonly lrcChecked: boolean;
}

export const track1MaxLength = 79;
export const track2MaxLength = 40;

/** The Luhn (mod 10) check every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The LRC character of a track: XOR of every character's code from start to end sentinel. */
export function trackLrc(track: string, kind: 1 | 2): string {
  const base = kind === 1 ? 0x20 : 0x30;
  const mask = kind === 1 ? 0x3f : 0x0f;
  let lrc = 0;
  for (const char of track) lrc ^= (char.charCodeAt(0) - base) & mask;
  return String.fromCharCode(lrc + base);
}

const track1Pattern = /^%B(\d{1,19})\^([^^]{2,26})\^(\d{2})(\d{2})(\d{3})([^?]*)\?$/;
const track2Pattern = /^;(\d{1,19})=(\d{2})(\d{2})(\d{3})([^?]*)\?$/;

function splitLrc(text: string): { body: string; lrc: string | undefined } {
  const end = text.indexOf('?');
  if (end < 0) throw malformed('track has no end sentinel "?"');
  if (text.length > end + 2) throw malformed('characters after the end sentinel and LRC', end + 2);
  return { body: text.slice(0, end + 1), lrc: text.length === end + 2 ? text[end + 1] : undefined };
}

/** What both tracks check once split: the length, the card number, the expiry month and the LRC when present. */
function checkCommon(
  track: { readonly kind: 1 | 2; readonly body: string; readonly lrc: string | undefined },
  pan: string,
  month: string,
): boolean {
  const { kind, body, lrc } = track;
  const max = kind === 1 ? track1MaxLength : track2MaxLength;
  if (body.length + (lrc ? 1 : 0) > max) throw malformed(`track ${kind} is ${body.length} characters (at most ${max})`);
  if (!luhnValid(pan)) throw malformed(`track ${kind} card number fails the Luhn check`);
  const mm = Number(month);
  if (mm < 1 || mm > 12) throw malformed(`track ${kind} expiry month ${month} is not a month`);
  if (lrc !== undefined && trackLrc(body, kind) !== lrc)
    throw malformed(`track ${kind} LRC does not match`, body.length);
  return lrc !== undefined;
}

/** Parses track 1 format B ("%B...^NAME^YYMMSSS...?" plus an optional LRC character). */
export function parseTrack1(text: string): Track1 {
  const { body, lrc } = splitLrc(text);
  if (!/^[\x20-\x5f]*$/.test(body)) throw malformed('track 1 has a character outside its 6-bit set');
  const match = track1Pattern.exec(body);
  if (!match) throw malformed('track 1 is not %B PAN ^ NAME ^ YYMM service-code data ?');
  const [, pan = '', name = '', yy = '', mm = '', serviceCode = '', discretionary = ''] = match;
  const lrcChecked = checkCommon({ kind: 1, body, lrc }, pan, mm);
  return { pan, name: name.trimEnd(), expiry: `${mm}${yy}`, serviceCode, discretionary, lrcChecked };
}

/** Parses track 2 (";PAN=YYMMSSS...?" plus an optional LRC character). */
export function parseTrack2(text: string): Track2 {
  const { body, lrc } = splitLrc(text);
  if (!/^[\x30-\x3f]*$/.test(body)) throw malformed('track 2 has a character outside its 4-bit set');
  const match = track2Pattern.exec(body);
  if (!match) throw malformed('track 2 is not ; PAN = YYMM service-code data ?');
  const [, pan = '', yy = '', mm = '', serviceCode = '', discretionary = ''] = match;
  const lrcChecked = checkCommon({ kind: 2, body, lrc }, pan, mm);
  return { pan, expiry: `${mm}${yy}`, serviceCode, discretionary, lrcChecked };
}

/**
 * Reads the tracks a swipe produced: track 1 starting at "%", then track 2 at ";", as keyboard
 * readers type them. Track 1's LRC character may itself be ";", so track 2 is recognized as
 * ";" followed by a digit. At least one track must be present.
 */
export function parseSwipe(text: string): { track1?: Track1; track2?: Track2 } {
  let track1Text: string | undefined;
  let track2Text: string | undefined;
  if (text.startsWith('%')) {
    const end1 = text.indexOf('?');
    if (end1 < 0) throw malformed('track 1 has no end sentinel "?"');
    const rest = text.slice(end1 + 1);
    const lrcLength = rest.length > 0 && !/^;\d/.test(rest) ? 1 : 0;
    track1Text = text.slice(0, end1 + 1 + lrcLength);
    track2Text = rest.slice(lrcLength) || undefined;
  } else if (text.startsWith(';')) {
    track2Text = text;
  } else {
    throw malformed('no track start sentinel ("%" or ";")', 0);
  }
  const result: { track1?: Track1; track2?: Track2 } = {};
  if (track1Text) result.track1 = parseTrack1(track1Text);
  if (track2Text) result.track2 = parseTrack2(track2Text);
  if (result.track1 && result.track2 && result.track1.pan !== result.track2.pan) {
    throw malformed('track 1 and track 2 carry different card numbers');
  }
  return result;
}
