import { dukptDecrypt, type DukptVariant } from './dukpt';
import { malformed } from './errors';
import { parseEnhancedSwipeText } from './idtech-swipe';
import { findTlv, parseTlvHex, type TlvNode } from './tlv';

/** Clear card data recovered from an encrypting reader's output, as the gateway would see it. */
export type DecryptedReaderOutput =
  | { readonly kind: 'swipe'; readonly ksn: string; readonly track1?: string; readonly track2?: string }
  | {
      readonly kind: 'chip';
      readonly ksn: string;
      readonly nodes: readonly TlvNode[];
      readonly pan: string;
      /** Track 2 equivalent (tag 57) as ";PAN=YYMM...?" text. */
      readonly track2: string;
    };

const trimPadding = (data: Buffer) => {
  let end = data.length;
  while (end > 0 && data[end - 1] === 0) end -= 1;
  return data.subarray(0, end);
};

/** A clear track with its trailing LRC character dropped when one follows the end sentinel. */
const withoutLrc = (track: string) => {
  const end = track.indexOf('?');
  return end >= 0 ? track.slice(0, end + 1) : track;
};

/**
 * Decrypts an encrypted swipe record or quick-chip record with the BDK its reader was injected
 * from: what a gateway does on receiving `track`. Throws `malformed` when the data does not
 * decrypt to card data (the wrong key, or damage).
 */
export function decryptReaderOutput(text: string, bdk: string, variant: DukptVariant = 'data'): DecryptedReaderOutput {
  const trimmed = text.trim();
  if (/^02[0-9A-Fa-f]{4}/.test(trimmed) && /[%;]/.test(trimmed)) {
    const record = parseEnhancedSwipeText(trimmed);
    if (!record.ksn) throw malformed('the swipe record is not encrypted');
    const ksn = record.ksn;
    const [one, two] = record.encrypted.map((data, i) => {
      if (data.length === 0) return undefined;
      const clear = trimPadding(dukptDecrypt(bdk, ksn, data, variant)).toString('latin1');
      const sentinel = i === 0 ? '%' : ';';
      if (!clear.startsWith(sentinel) || !clear.includes('?'))
        throw malformed(`track ${i + 1} does not decrypt to track data (wrong key?)`);
      return withoutLrc(clear);
    });
    if (!one && !two) throw malformed('the swipe record carries no encrypted track');
    return { kind: 'swipe', ksn, ...(one && { track1: one }), ...(two && { track2: two }) };
  }
  const nodes = parseTlvHex(trimmed);
  const ksnNode = findTlv(nodes, 'DFEE12');
  const encrypted = findTlv(nodes, '57');
  if (!ksnNode) throw malformed('the chip record is not encrypted (no DFEE12 key serial number)');
  if (!encrypted) throw malformed('the chip record carries no track 2 equivalent (57)');
  const ksn = Buffer.from(ksnNode.value).toString('hex').toUpperCase();
  // The cipher's zero padding cannot be told from trailing zeros of the discretionary data, so
  // both go: the discretionary data is not needed to authorize, and never printed.
  const clear = trimPadding(dukptDecrypt(bdk, ksn, encrypted.value, variant))
    .toString('hex')
    .toUpperCase();
  const match = /^(\d{12,19})D(\d{4})(\d{3})(\d*)F?$/.exec(clear);
  if (!match) throw malformed('tag 57 does not decrypt to a track 2 equivalent (wrong key?)');
  const [, pan = '', date = '', serviceCode = '', rest = ''] = match;
  return {
    kind: 'chip',
    ksn,
    nodes,
    pan,
    track2: `;${pan}=${date}${serviceCode}${rest.slice(0, 40 - pan.length - 10)}?`,
  };
}
