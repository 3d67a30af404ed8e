import { luhnValid } from '../../drivers/card-reader/track';

/** Appends the one check digit that makes `body` pass Luhn: generated numbers are valid PANs. */
export function withLuhnDigit(body: string): string {
  for (let check = 0; check < 10; check++) if (luhnValid(`${body}${check}`)) return `${body}${check}`;
  throw new Error(`no Luhn check digit for ${body}`);
}
