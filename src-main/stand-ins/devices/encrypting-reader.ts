import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  ansiTestBdk,
  dukptEncrypt,
  ksnCounter,
  ksnWithCounter,
  type DukptVariant,
} from '../../../drivers/card-reader/dukpt';
import {
  encodeEnhancedSwipeBinary,
  encodeEnhancedSwipeText,
  type EnhancedSwipeRecord,
} from '../../../drivers/card-reader/idtech-swipe';
import { encodeTlv, type TlvInput } from '../../../drivers/card-reader/tlv';
import { trackLrc } from '../../../drivers/card-reader/track';

/** A card as the emulated reader sees it: what is on the stripe and in the chip. */
export interface EmulatedCard {
  readonly pan: string;
  /** MMYY. */
  readonly expiry: string;
  /** As encoded on the card, e.g. "TEST/VISA". */
  readonly name: string;
  /** Three digits; 2xx or 6xx says the card has a chip. */
  readonly serviceCode: string;
  /** What the chip asks for at the counter. */
  readonly cvm: 'signature' | 'pin' | 'none';
  /** `fails`: the chip cannot be read (the reader reports it; a swipe then counts as fallback). */
  readonly chip: 'ok' | 'fails';
  readonly aid: string;
  readonly applicationLabel: string;
  readonly preferredName?: string;
}

export interface EncryptingReaderOptions {
  /** The base derivation key the reader was injected from: the public ANSI test key by default. */
  readonly bdk?: string;
  /** The reader's KSN; its counter advances with every read. */
  readonly ksn?: string;
  readonly variant?: DukptVariant;
  /** Ten characters. */
  readonly serialNumber?: string;
  readonly deviceName?: string;
  /** For the transaction date in chip records. */
  readonly now?: () => Date;
  /**
   * Leave the expiry and service code unmasked in the masked tracks, as an ID TECH reader can be
   * set to: the lane then sees a chip card's 2xx/6xx and asks for the chip first. Training's is.
   */
  readonly clearExpiryAndServiceCode?: boolean;
}

const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));
const text = (value: string) => Uint8Array.from(Buffer.from(value, 'latin1'));
const yymm = (mmyy: string) => `${mmyy.slice(2, 4)}${mmyy.slice(0, 2)}`;

const discretionary = '1000000000000';
const trackName = (card: EmulatedCard) => card.name.padEnd(2).slice(0, 26);

/** Clear track 1 and 2 of a card, without LRC characters (as a keyboard reader sends them). */
export function clearTracks(card: EmulatedCard): { track1: string; track2: string } {
  return {
    track1: `%B${card.pan}^${trackName(card)}^${yymm(card.expiry)}${card.serviceCode}${discretionary}?`,
    track2: `;${card.pan}=${yymm(card.expiry)}${card.serviceCode}${discretionary}?`,
  };
}

/**
 * ID TECH's default masking: first four and last four of the PAN, the data after the name (or
 * after "=") starred, and the LRC shown as '*'. Each masked track is as long as its clear track
 * with its LRC, which is what the reader encrypts.
 */
function maskTracks(card: EmulatedCard, clearExpiryAndServiceCode: boolean): [string, string] {
  const pan = `${card.pan.slice(0, 4)}${'*'.repeat(card.pan.length - 8)}${card.pan.slice(-4)}`;
  const data = clearExpiryAndServiceCode
    ? `${yymm(card.expiry)}${card.serviceCode}${'*'.repeat(discretionary.length)}`
    : '*'.repeat(yymm(card.expiry).length + card.serviceCode.length + discretionary.length);
  return [`%*${pan}^${trackName(card)}^${data}?*`, `;${pan}=${data}?*`];
}

const cvmResults: Record<EmulatedCard['cvm'], string> = {
  // 9F34: method, condition, result. Signature: 5E (1E, "apply next if unsuccessful") 03 00;
  // offline enciphered PIN: 44 03 02 (successful); no CVM: 1F 03 02.
  signature: '5E0300',
  pin: '440302',
  none: '1F0302',
};

/**
 * An encrypting desktop reader (modelled on ID TECH's Augusta in keyboard or HID mode), for
 * training and tests: it builds the enhanced encrypted swipe record and the quick-chip TLV of
 * a card exactly as the real reader lays them out, encrypting the card data with TDES DUKPT
 * under its BDK (the public ANSI test key unless told otherwise), so the gateway emulator can
 * decrypt it the way the real gateway decrypts a real reader's output.
 */
export class EmulatedEncryptingReader {
  readonly #bdk: string;
  readonly #variant: DukptVariant;
  readonly #serial: string;
  readonly #deviceName: string;
  readonly #now: () => Date;
  readonly #clearExpiryAndServiceCode: boolean;
  #ksn: string;
  #atc = 1;

  constructor(options: EncryptingReaderOptions = {}) {
    this.#bdk = options.bdk ?? ansiTestBdk;
    this.#variant = options.variant ?? 'data';
    this.#ksn = options.ksn ?? 'FFFF9876543210E00000';
    this.#serial = (options.serialNumber ?? 'LP00000001').padStart(10, '0').slice(0, 10);
    this.#deviceName = options.deviceName ?? 'Lanepoint emulated encrypting reader';
    this.#now = options.now ?? (() => new Date());
    this.#clearExpiryAndServiceCode = options.clearExpiryAndServiceCode ?? false;
  }

  /** The KSN the next read will use. */
  get ksn(): string {
    return ksnWithCounter(this.#ksn, ksnCounter(this.#ksn) + 1);
  }

  #nextKsn(): string {
    this.#ksn = this.ksn;
    return this.#ksn;
  }

  #encrypt(ksn: string, data: Uint8Array): Uint8Array {
    return dukptEncrypt(this.#bdk, ksn, data, this.#variant);
  }

  /** The swipe record the reader sends for a card, in keyboard or HID (binary) form. */
  swipeRecord(card: EmulatedCard): EnhancedSwipeRecord {
    const ksn = this.#nextKsn();
    const { track1, track2 } = clearTracks(card);
    const [masked1, masked2] = maskTracks(card, this.#clearExpiryAndServiceCode);
    const clear1 = `${track1}${trackLrc(track1, 1)}`;
    const clear2 = `${track2}${trackLrc(track2, 2)}`;
    const sha1 = (value: string) => Uint8Array.from(createHash('sha1').update(value, 'latin1').digest());
    return {
      encodeType: 0x80,
      trackStatus: 0x1b, // tracks 1 and 2 decoded, sampling data present
      maskedTracks: [masked1, masked2, ''],
      maskStatus: 0x83, // masked tracks 1 and 2, TDES, serial number present
      encryptionStatus: 0x9b, // tracks 1 and 2 encrypted and hashed, KSN present
      // The reader encrypts each track with its LRC, so the clear and masked lengths agree.
      encrypted: [this.#encrypt(ksn, text(clear1)), this.#encrypt(ksn, text(clear2)), new Uint8Array(0)],
      hashes: [sha1(clear1), sha1(clear2), new Uint8Array(0)],
      serialNumber: this.#serial,
      ksn,
    };
  }

  /** What the reader types for a swipe in keyboard mode. */
  swipe(card: EmulatedCard): string {
    return encodeEnhancedSwipeText(this.swipeRecord(card));
  }

  /** What the reader sends for a swipe in HID mode (one binary record). */
  swipeBinary(card: EmulatedCard): Uint8Array {
    return encodeEnhancedSwipeBinary(this.swipeRecord(card));
  }

  /**
   * The quick-chip record for a card inserted (`chip`) or tapped (`contactless`), as TLV bytes.
   * A card whose chip fails yields the reader's status-only record instead.
   */
  chipRecord(card: EmulatedCard, amountMinor: number, method: 'chip' | 'contactless' = 'chip'): Uint8Array {
    if (card.chip === 'fails' && method === 'chip') {
      return encodeTlv([
        { tag: 'DFEE25', value: bytes('0005') },
        { tag: 'DFEE26', value: bytes('2000') },
      ]);
    }
    const ksn = this.#nextKsn();
    const date = this.#now();
    const ymd = `${String(date.getUTCFullYear() % 100).padStart(2, '0')}${String(date.getUTCMonth() + 1).padStart(2, '0')}${String(date.getUTCDate()).padStart(2, '0')}`;
    const panPadded = card.pan.length % 2 === 0 ? card.pan : `${card.pan}F`;
    const equivalent = `${card.pan}D${yymm(card.expiry)}${card.serviceCode}${discretionary}`;
    const equivalentPadded = equivalent.length % 2 === 0 ? equivalent : `${equivalent}F`;
    const maskedPan = `${card.pan.slice(0, 4)}${'C'.repeat(card.pan.length - 8)}${card.pan.slice(-4)}`;
    const maskedEquivalent = `${maskedPan}D${yymm(card.expiry)}${card.serviceCode}${'C'.repeat(equivalent.length - card.pan.length - 8)}`;
    const pad = (hex: string) => (hex.length % 2 === 0 ? hex : `${hex}F`);
    const amount = String(amountMinor).padStart(12, '0');
    const atc = (this.#atc++).toString(16).padStart(4, '0');
    const arqc = createHmac('sha256', this.#serial).update(`${card.pan}|${amount}|${atc}`).digest('hex').slice(0, 16);
    const objects: TlvInput[] = [
      { tag: 'DFEE25', value: bytes('0002') },
      { tag: 'DFEE26', value: bytes(method === 'chip' ? '2000' : 'E000') },
      { tag: 'DFEE12', value: bytes(ksn) },
      { tag: '4F', value: bytes(card.aid) },
      { tag: '50', value: text(card.applicationLabel) },
      { tag: 'DFEF5D', value: bytes(pad(maskedEquivalent)) },
      { tag: '57', value: this.#encrypt(ksn, bytes(equivalentPadded)) },
      { tag: 'DFEF5B', value: bytes(pad(maskedPan)) },
      { tag: '5A', value: this.#encrypt(ksn, bytes(panPadded)) },
      { tag: '82', value: bytes('1800') },
      { tag: '84', value: bytes(card.aid) },
      { tag: '95', value: bytes(card.cvm === 'signature' ? '0000008000' : '0000000000') },
      { tag: '9A', value: bytes(ymd) },
      { tag: '9B', value: bytes('E800') },
      { tag: '9C', value: bytes('00') },
      { tag: '5F24', value: bytes(`${yymm(card.expiry)}31`) },
      { tag: '5F2A', value: bytes('0840') },
      { tag: '9F02', value: bytes(amount) },
      { tag: '9F03', value: bytes('000000000000') },
      { tag: '9F06', value: bytes(card.aid) },
      { tag: '9F10', value: bytes('06010A03A0B000') },
      ...(card.preferredName ? [{ tag: '9F12', value: text(card.preferredName) }] : []),
      { tag: '9F1A', value: bytes('0840') },
      { tag: '9F26', value: bytes(arqc) },
      { tag: '9F27', value: bytes('80') },
      { tag: '9F33', value: bytes('E0F8C8') },
      { tag: '9F34', value: bytes(method === 'contactless' && card.cvm === 'pin' ? '1F0302' : cvmResults[card.cvm]) },
      { tag: '9F36', value: bytes(atc) },
      { tag: '9F37', value: Uint8Array.from(randomBytes(4)) },
      { tag: '9F39', value: bytes(method === 'chip' ? '05' : '07') },
      { tag: '5F20', value: text(trackName(card)) },
      { tag: 'DFEF57', value: text(this.#deviceName) },
    ];
    return encodeTlv(objects);
  }

  /** What the reader types for an inserted or tapped card in keyboard mode: the TLV as upper-case hex. */
  chip(card: EmulatedCard, amountMinor: number, method: 'chip' | 'contactless' = 'chip'): string {
    return Buffer.from(this.chipRecord(card, amountMinor, method))
      .toString('hex')
      .toUpperCase();
  }

  /** The clear tracks' LRC-checked form some unencrypted readers send (for the clear-swipe peers). */
  static clearSwipe(card: EmulatedCard, withLrc = false): string {
    const { track1, track2 } = clearTracks(card);
    return withLrc ? `${track1}${trackLrc(track1, 1)}${track2}${trackLrc(track2, 2)}` : `${track1}${track2}`;
  }
}
