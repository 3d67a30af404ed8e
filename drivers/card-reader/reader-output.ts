import { cardReadFromClearSwipe } from './card-read';
import { cardReadFromEmvTlv } from './emv-record';
import { malformed } from './errors';
import { cardReadFromEnhancedSwipe } from './idtech-swipe';
import { findTlv, parseTlvHex } from './tlv';
import type { CardRead } from './types';

/** What one line of reader output means. */
export type ReaderOutput =
  | {
      readonly kind: 'card';
      readonly read: CardRead;
      readonly format: 'clear-swipe' | 'encrypted-swipe' | 'quick-chip';
    }
  | { readonly kind: 'chip-error'; readonly reason: string };

/**
 * Interprets one output of an encrypting desktop reader in keyboard mode (or an unencrypted
 * one): clear tracks ("%B..." or ";..."), the enhanced encrypted swipe record ("02" + length
 * ... "03"), or quick-chip TLV hex. A TLV record with the reader's status tags but no card in
 * it is the reader saying the chip could not be read. Throws `malformed`, naming what was
 * wrong, for anything else; the message never quotes the input.
 */
export function parseReaderOutput(input: string): ReaderOutput {
  const text = input.replace(/[\r\n]+$/, '').trim();
  if (text.length === 0) throw malformed('the reader sent nothing');
  if (text.startsWith('%') || text.startsWith(';'))
    return { kind: 'card', read: cardReadFromClearSwipe(text), format: 'clear-swipe' };
  if (!/^[0-9A-Fa-f]/.test(text))
    throw malformed('not card reader output: it starts with neither a track sentinel nor hex', 0);
  if (/^02[0-9A-Fa-f]{4}/.test(text) && text.endsWith('03') && /[%;]/.test(text)) {
    return { kind: 'card', read: cardReadFromEnhancedSwipe(text), format: 'encrypted-swipe' };
  }
  if (!/^[0-9A-Fa-f]+$/.test(text))
    throw malformed('reader output that is not a track or swipe record must be hex (a chip record)');
  const nodes = parseTlvHex(text);
  const hasCard = ['5A', '57', 'DFEF5B', 'DFEF5D'].some((tag) => findTlv(nodes, tag) !== undefined);
  const status = findTlv(nodes, 'DFEE25');
  if (!hasCard && status) {
    const code = Buffer.from(status.value).toString('hex').toUpperCase();
    return { kind: 'chip-error', reason: `the chip could not be read (reader status ${code})` };
  }
  return { kind: 'card', read: cardReadFromEmvTlv(nodes, { track: text }), format: 'quick-chip' };
}
