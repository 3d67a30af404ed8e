/**
 * The gateway's address check (`avsresp`) in the cashier's words (ADR 088), from the reference's
 * "AVS Response Codes for First Data Platforms" (response-codes.md) and the "UAT Test Zip Codes"
 * table of the developer guides, which adds the international codes B, C, E, I, M, Q and
 * Chase Paymentech's I1 to I8.
 */
const avsWords: Readonly<Record<string, string>> = {
  Y: 'ZIP and street match',
  X: 'ZIP (9 digits) and street match',
  F: 'postal code and street match (UK card)',
  D: 'postal code and street match (international card)',
  M: 'postal code and street match (international card)',
  A: 'street matches, ZIP does not',
  Z: 'ZIP matches, street does not',
  W: 'ZIP (9 digits) matches, street does not',
  P: 'postal code matches, street not checked (incompatible format)',
  B: 'street matches, postal code not checked (incompatible format)',
  C: 'neither street nor postal code checked (incompatible formats)',
  N: 'neither ZIP nor street matches',
  R: 'not checked: the issuer\u2019s system is unavailable, try again',
  S: 'not checked: the issuer does not support it',
  U: 'not checked: the issuer has no address for this card',
  G: 'not checked: the issuer does not take part (international card)',
  I: 'not checked: the issuer does not verify international addresses',
  E: 'not checked: error at the processor',
  Q: 'not checked: the billing address did not pass the processor\u2019s edit checks',
  // Chase Paymentech's codes, as the guides' test table gives them (Match / No Match only).
  I1: 'address matches (Paymentech)',
  I2: 'address matches (Paymentech)',
  I3: 'address matches (Paymentech)',
  I4: 'address matches (Paymentech)',
  I5: 'address does not match (Paymentech)',
  I6: 'address does not match (Paymentech)',
  I7: 'address does not match (Paymentech)',
  I8: 'address does not match (Paymentech)',
};

/** How much of the address matched: the screen's tone for the line. */
export type AvsMatch = 'full' | 'partial' | 'none' | 'not-checked';

const matches: Readonly<Record<AvsMatch, readonly string[]>> = {
  full: ['Y', 'X', 'F', 'D', 'M', 'I1', 'I2', 'I3', 'I4'],
  partial: ['A', 'Z', 'W', 'P', 'B'],
  none: ['N', 'I5', 'I6', 'I7', 'I8'],
  'not-checked': ['C', 'R', 'S', 'U', 'G', 'I', 'E', 'Q'],
};

/** What the sale's result shows of the address check: the code, its words and how much matched. */
export interface AvsAnswer {
  readonly code: string;
  readonly words: string;
  readonly match: AvsMatch;
}

/**
 * `avsresp` as words: "Address check: ZIP matches, street does not (Z)". A code the tables do not
 * list is shown as it came; a blank code (no check was attempted) gives nothing.
 */
export function avsAnswer(avsresp: string | null | undefined): AvsAnswer | undefined {
  const code = (avsresp ?? '').trim().toUpperCase();
  if (code === '') return undefined;
  const words = avsWords[code] ?? 'a code the lane does not know: see the gateway\u2019s report';
  const match = (Object.keys(matches) as AvsMatch[]).find((kind) => matches[kind].includes(code)) ?? 'not-checked';
  return { code, words: `Address check: ${words} (${code})`, match };
}

/** Every code the reference lists, for the tests and the documentation. */
export const knownAvsCodes: readonly string[] = Object.keys(avsWords);
