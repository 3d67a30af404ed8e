import { malformed } from './errors';

export type CardNetwork =
  | 'visa'
  | 'mastercard'
  | 'amex'
  | 'discover'
  | 'diners'
  | 'jcb'
  | 'unionpay'
  | 'interac'
  | 'eftpos'
  | 'rupay'
  | 'mir'
  | 'unknown';

/**
 * Registered application provider ids (the first five bytes of an AID) of the common networks.
 * US common-debit AIDs share their network's RID, except Visa's A000000098.
 */
const networksByRid: Readonly<Record<string, CardNetwork>> = {
  A000000003: 'visa',
  A000000098: 'visa',
  A000000004: 'mastercard',
  A000000025: 'amex',
  A000000152: 'discover',
  A000000324: 'diners',
  A000000065: 'jcb',
  A000000333: 'unionpay',
  A000000277: 'interac',
  A000000384: 'eftpos',
  A000000524: 'rupay',
  A000000658: 'mir',
};

/** The network of an application id (tag 4F or 9F06), from its RID. */
export function networkForAid(aid: string): CardNetwork {
  return networksByRid[aid.toUpperCase().slice(0, 10)] ?? 'unknown';
}

/** The cardholder verification the card and terminal performed, from tag 9F34. */
export type CvmMethod = 'pin' | 'signature' | 'pin-and-signature' | 'none' | 'failed' | 'unknown';

export interface CvmResult {
  readonly method: CvmMethod;
  /** 9F34 byte 3: 02 successful, 01 failed, 00 unknown. */
  readonly outcome: 'successful' | 'failed' | 'unknown';
  /** True when the method asks for a signature (signature alone, or PIN and signature). */
  readonly signature: boolean;
  /** True when a PIN was verified (offline by the card, or entered for online verification). */
  readonly pinVerified: boolean;
}

const methodsByCode: Readonly<Record<number, CvmMethod>> = {
  0x00: 'failed',
  0x01: 'pin',
  0x02: 'pin',
  0x03: 'pin-and-signature',
  0x04: 'pin',
  0x05: 'pin-and-signature',
  0x1e: 'signature',
  0x1f: 'none',
  0x3f: 'unknown',
};

/**
 * Decodes 9F34 (three bytes: method, condition, result). Only the low six bits of the first
 * byte name the method; bit 0x40 means "try the next rule if this one fails", so 5E is still a
 * signature. Anything not three bytes of hex is malformed.
 */
export function decodeCvmResults(hex: string): CvmResult {
  if (!/^[0-9A-Fa-f]{6}$/.test(hex)) throw malformed(`9F34 must be 3 bytes, got "${hex.slice(0, 12)}"`);
  const code = parseInt(hex.slice(0, 2), 16) & 0x3f;
  const result = parseInt(hex.slice(4, 6), 16);
  const method = methodsByCode[code] ?? 'unknown';
  const outcome = result === 0x02 ? 'successful' : result === 0x01 ? 'failed' : 'unknown';
  return {
    method,
    outcome,
    signature: method === 'signature' || method === 'pin-and-signature',
    pinVerified: (method === 'pin' || method === 'pin-and-signature') && outcome !== 'failed',
  };
}

/** 5F24 (YYMMDD, packed BCD) as the gateway's MMYY. */
export function decodeExpiryDate(hex: string): string {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(hex);
  const month = match ? Number(match[2]) : 0;
  if (!match || month < 1 || month > 12) throw malformed(`5F24 must be YYMMDD, got "${hex.slice(0, 12)}"`);
  return `${match[2]}${match[1]}`;
}

/**
 * Text tags (5F20 cardholder name, 50 application label, 9F12 preferred name): printable ASCII,
 * trailing spaces dropped. A byte outside 20-7E is malformed (these are "ans" fields).
 */
export function decodeEmvText(hex: string, tag: string): string {
  if (!/^([0-9A-Fa-f]{2})*$/.test(hex)) throw malformed(`${tag} is not hex`);
  const bytes = Buffer.from(hex, 'hex');
  const bad = bytes.findIndex((b) => b < 0x20 || b > 0x7e);
  if (bad >= 0) throw malformed(`${tag} has a byte outside printable ASCII`, bad);
  return bytes.toString('latin1').trimEnd();
}
