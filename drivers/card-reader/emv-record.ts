import { maskCardNumber, networkForPan, normalizeMaskedPan } from './card-read';
import { decodeCvmResults, decodeEmvText, decodeExpiryDate, networkForAid } from './emv';
import { malformed } from './errors';
import { findTlv, parseTlvHex, type TlvNode } from './tlv';
import type { CardRead, EntryMode } from './types';

const hexOf = (node: TlvNode | undefined) => (node ? Buffer.from(node.value).toString('hex').toUpperCase() : undefined);

/** A tag's value as upper-case hex, or undefined when the record does not carry it. */
export function tagHex(nodes: readonly TlvNode[], tag: string): string | undefined {
  return hexOf(findTlv(nodes, tag));
}

/** A text tag (50, 9F12, 5F20), or null when absent or unreadable (labels are optional on a receipt). */
export function tagText(nodes: readonly TlvNode[], tag: string): string | null {
  const value = tagHex(nodes, tag);
  if (value === undefined) return null;
  try {
    return decodeEmvText(value, tag) || null;
  } catch {
    return null;
  }
}

/** The PAN digits of a track-2-equivalent value (57: PAN, D separator, YYMM, ...), F padding dropped. */
function panOfTrack2Equivalent(hex: string): string | undefined {
  return /^([0-9]{12,19})D/.exec(hex)?.[1];
}

/** 9F39 (POS entry mode) → entry mode: 05 chip, 07 or 91 contactless, 80 fallback; else undefined. */
export function entryModeOf(nodes: readonly TlvNode[]): EntryMode | undefined {
  switch (hexOf(findTlv(nodes, '9F39'))) {
    case '05':
      return 'chip';
    case '07':
    case '91':
      return 'contactless';
    case '80':
      return 'fallback-swipe';
    default:
      return undefined;
  }
}

/**
 * Masked card number of an encrypted record. ID TECH readers send the masked PAN and the masked
 * track 2 equivalent in DFEF5B and DFEF5D (which is which varies by firmware, so the shape decides:
 * a track 2 equivalent has a D separator), with 'C' as the mask nibble.
 */
function maskedPanOfEncrypted(nodes: readonly TlvNode[]): string | undefined {
  for (const tag of ['DFEF5B', 'DFEF5D']) {
    const value = hexOf(findTlv(nodes, tag));
    if (!value) continue;
    const pan = value.includes('D') ? value.slice(0, value.indexOf('D')) : value.replace(/F+$/, '');
    if (/^[0-9C]{12,19}$/.test(pan)) return pan;
  }
  return undefined;
}

export interface EmvRecordOptions {
  /** What goes to the gateway as `track` (usually the record's hex, unchanged). */
  readonly track: string;
  /** When the reader says how the card was read; otherwise 9F39 decides, then chip. */
  readonly entryMode?: Extract<EntryMode, 'chip' | 'contactless'>;
}

/**
 * A CardRead from an EMV record's data objects (quick-chip TLV, a contactless reader's result).
 * When the record carries a key serial number (DFEE12) its card data is encrypted: the masked
 * PAN comes from the reader's masked tags; otherwise from 5A or 57. Throws `malformed` when the
 * record names no card.
 */
export function cardReadFromEmvTlv(nodes: readonly TlvNode[], options: EmvRecordOptions): CardRead {
  const encrypted = findTlv(nodes, 'DFEE12') !== undefined;
  let maskedPan: string;
  let panForNetwork: string;
  if (encrypted) {
    const masked = maskedPanOfEncrypted(nodes);
    if (!masked) throw malformed('the encrypted chip record has no masked card number (DFEF5B or DFEF5D)');
    maskedPan = normalizeMaskedPan(masked);
    panForNetwork = masked;
  } else {
    const pan5a = hexOf(findTlv(nodes, '5A'))?.replace(/F+$/, '');
    const pan = pan5a && /^\d{12,19}$/.test(pan5a) ? pan5a : panOfTrack2Equivalent(hexOf(findTlv(nodes, '57')) ?? '');
    if (!pan) throw malformed('the chip record has no card number (5A or 57)');
    maskedPan = maskCardNumber(pan);
    panForNetwork = pan;
  }
  const aid = hexOf(findTlv(nodes, '4F') ?? findTlv(nodes, '9F06') ?? findTlv(nodes, '84')) ?? null;
  const fromAid = aid ? networkForAid(aid) : 'unknown';
  const expiryHex = hexOf(findTlv(nodes, '5F24'));
  let expiry: string | null = null;
  if (expiryHex && /^\d{6}$/.test(expiryHex)) expiry = decodeExpiryDate(expiryHex);
  const cvmHex = hexOf(findTlv(nodes, '9F34'));
  const entryMode = options.entryMode ?? entryModeOf(nodes) ?? 'chip';
  return {
    entryMode: entryMode === 'fallback-swipe' ? 'chip' : entryMode,
    track: options.track,
    maskedPan,
    lastFour: maskedPan.slice(-4),
    network: fromAid !== 'unknown' ? fromAid : networkForPan(panForNetwork),
    name: tagText(nodes, '5F20'),
    expiry,
    cvm: cvmHex ? decodeCvmResults(cvmHex) : null,
    aid,
    applicationLabel: tagText(nodes, '50'),
    preferredName: tagText(nodes, '9F12'),
    encrypted,
    chipCard: true,
  };
}

/** A quick-chip record as an encrypting reader types it: the TLV as hex, sent to the gateway unchanged. */
export function cardReadFromQuickChip(hex: string): CardRead {
  const trimmed = hex.trim();
  return cardReadFromEmvTlv(parseTlvHex(trimmed), { track: trimmed });
}
