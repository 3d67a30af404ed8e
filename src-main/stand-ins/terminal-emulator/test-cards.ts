import { createHmac } from 'node:crypto';
import { dukptEncrypt, ksnCounter, ksnWithCounter } from '../../../drivers/card-reader/dukpt';
import { encodeTlv, type TlvInput } from '../../../drivers/card-reader/tlv';

/**
 * The cards a trainee hands the emulated terminal, and what the terminal's reader makes of them
 * for the gateway. The numbers are the gateway test environment's (shared/specs/FACTS.md, "Test
 * environment behaviour worth emulating"), so the gateway emulator approves, declines, partially
 * approves and times out on them as the real test environment does.
 */
export interface TerminalCard {
  readonly id: string;
  readonly label: string;
  readonly pan: string;
  /** MMYY. */
  readonly expiry: string;
  /** As on the card, e.g. "TEST/VISA". */
  readonly name: string;
  readonly chip: boolean;
  readonly contactless: boolean;
  /** What the chip asks for at the counter ("pin" prompts for a PIN on insert). */
  readonly cvm: 'signature' | 'pin' | 'none';
  /** The card has a debit application (AID) or debit stripe: with aid debit / includePIN it asks for a PIN. */
  readonly debit: boolean;
  readonly aid: string;
  readonly applicationLabel: string;
}

const visaCredit = 'A0000000031010';
const usDebit = 'A0000000980840';
const mastercard = 'A0000000041010';

const card = (fields: Omit<TerminalCard, 'expiry' | 'contactless' | 'chip'> & Partial<TerminalCard>): TerminalCard => ({
  expiry: '1230',
  chip: true,
  contactless: true,
  ...fields,
});

/** The deck training shows beside the terminal. */
export const terminalTestCards = {
  visa: card({
    id: 'visa',
    label: 'Visa, approves',
    pan: '4788250000121443',
    name: 'TEST/VISA',
    cvm: 'signature',
    debit: false,
    aid: visaCredit,
    applicationLabel: 'VISA CREDIT',
  }),
  mastercardPin: card({
    id: 'mastercard-pin',
    label: 'Mastercard with a PIN, approves',
    pan: '5454545454545454',
    name: 'TEST/MASTERCARD',
    cvm: 'pin',
    debit: false,
    aid: mastercard,
    applicationLabel: 'MASTERCARD',
  }),
  visaDebit: card({
    id: 'visa-debit',
    label: 'Visa debit (PIN), approves',
    pan: '4000056655665556',
    name: 'TEST/DEBIT',
    cvm: 'pin',
    debit: true,
    aid: usDebit,
    applicationLabel: 'US DEBIT',
  }),
  declined: card({
    id: 'declined',
    label: 'Visa, declined (do not honor)',
    pan: '4387751111111038',
    name: 'TEST/DECLINE',
    cvm: 'signature',
    debit: false,
    aid: visaCredit,
    applicationLabel: 'VISA CREDIT',
  }),
  partial: card({
    id: 'partial',
    label: 'Visa prepaid, approves 5.00 of 6.00 or more',
    pan: '4387750101010101',
    name: 'TEST/PREPAID',
    cvm: 'none',
    debit: false,
    aid: visaCredit,
    applicationLabel: 'VISA PREPAID',
  }),
  processorTimeout: card({
    id: 'processor-timeout',
    label: 'Visa, the processor times out (respstat B)',
    pan: '4999006200620062',
    name: 'TEST/TIMEOUT',
    cvm: 'signature',
    debit: false,
    aid: visaCredit,
    applicationLabel: 'VISA CREDIT',
  }),
  stripeOnly: card({
    id: 'stripe-only',
    label: 'Visa, magnetic stripe only',
    pan: '4788250000121443',
    name: 'TEST/STRIPE',
    chip: false,
    contactless: false,
    cvm: 'none',
    debit: false,
    aid: visaCredit,
    applicationLabel: 'VISA CREDIT',
  }),
} as const satisfies Record<string, TerminalCard>;

const yymm = (mmyy: string) => `${mmyy.slice(2, 4)}${mmyy.slice(0, 2)}`;
const discretionary = '1000000000000';
const serviceCode = (c: TerminalCard) => (c.chip ? '201' : '101');
const hex = (value: string) => Uint8Array.from(Buffer.from(value.length % 2 === 0 ? value : `${value}F`, 'hex'));
const latin1 = (value: string) => Uint8Array.from(Buffer.from(value, 'latin1'));

/**
 * A swipe as the gateway takes it in `track`: clear track 2 (the reference's clear `track` is at
 * most 76 characters, which track 1 and 2 together pass); the name travels in `name`.
 */
export function swipeTrack(c: TerminalCard): string {
  return `;${c.pan}=${yymm(c.expiry)}${serviceCode(c)}${discretionary}?`;
}

/** The CVM results (9F34): signature, online PIN verified, or none (FACTS.md, "Signature threshold"). */
function cvmResults(c: TerminalCard, pinEntered: boolean, method: 'insert' | 'tap'): string {
  if (pinEntered) return '420302';
  if (method === 'tap' || c.cvm === 'none') return '1F0302';
  return '5E0300';
}

/**
 * The terminal's reader: EMV records with the card data (tag 57) encrypted under DUKPT from the
 * configured BDK, laid out as an encrypting reader's quick-chip TLV (key serial number DFEE12,
 * masked PAN DFEF5B), so the gateway decrypts and authorizes them as it does a reader's.
 */
export class TerminalReader {
  readonly #bdk: string;
  #ksn: string;
  #atc = 1;

  constructor(bdk: string, ksnBase: string) {
    this.#bdk = bdk;
    this.#ksn = ksnBase;
  }

  /** The chip (insert) or contactless (tap) record as upper-case hex, what `track` carries. */
  emvRecord(c: TerminalCard, method: 'insert' | 'tap', amountMinor: number, pinEntered: boolean): string {
    this.#ksn = ksnWithCounter(this.#ksn, ksnCounter(this.#ksn) + 1);
    const ksn = this.#ksn;
    const equivalent = `${c.pan}D${yymm(c.expiry)}${serviceCode(c)}${discretionary}`;
    const maskedPan = `${c.pan.slice(0, 6)}${'C'.repeat(c.pan.length - 10)}${c.pan.slice(-4)}`;
    const amount = String(amountMinor).padStart(12, '0');
    const atc = (this.#atc++).toString(16).padStart(4, '0');
    const arqc = createHmac('sha256', ksn).update(`${amount}|${atc}`).digest('hex').slice(0, 16);
    const objects: TlvInput[] = [
      { tag: 'DFEE12', value: hex(ksn) },
      { tag: '57', value: dukptEncrypt(this.#bdk, ksn, hex(equivalent)) },
      { tag: 'DFEF5B', value: hex(maskedPan) },
      { tag: '4F', value: hex(c.aid) },
      { tag: '50', value: latin1(c.applicationLabel) },
      { tag: '9F12', value: latin1(c.applicationLabel) },
      { tag: '5F24', value: hex(`${yymm(c.expiry)}31`) },
      { tag: '95', value: hex('0000008000') },
      { tag: '9B', value: hex('E800') },
      { tag: '9F02', value: hex(amount) },
      { tag: '9F10', value: hex('06010A03A0B000') },
      { tag: '9F26', value: hex(arqc) },
      { tag: '9F27', value: hex('80') },
      { tag: '9F34', value: hex(cvmResults(c, pinEntered, method)) },
      { tag: '9F36', value: hex(atc) },
      { tag: '9F39', value: hex(method === 'insert' ? '05' : '07') },
      // "The name is not returned if the card or mobile wallet is read through NFC."
      ...(method === 'insert' ? [{ tag: '5F20', value: latin1(c.name) }] : []),
    ];
    return Buffer.from(encodeTlv(objects)).toString('hex').toUpperCase();
  }
}
