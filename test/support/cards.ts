import { luhnValid } from '../../drivers/card-reader/track';
import type { EmulatedCard } from '../../src-main/stand-ins/devices/encrypting-reader';

/** Appends the one check digit that makes `body` pass Luhn: generated numbers are valid PANs. */
export function withLuhnDigit(body: string): string {
  for (let check = 0; check < 10; check++) if (luhnValid(`${body}${check}`)) return `${body}${check}`;
  throw new Error(`no Luhn check digit for ${body}`);
}

/** The Visa approval test card as the emulated reader holds it: chip, signature CVM. */
export const emulatedVisa: EmulatedCard = {
  pan: '4788250000121443',
  expiry: '1228',
  name: 'TEST/VISA',
  serviceCode: '201',
  cvm: 'signature',
  chip: 'ok',
  aid: 'A0000000031010',
  applicationLabel: 'VISA CREDIT',
  preferredName: 'Visa Credit',
};
