import { EmulatedEncryptingReader } from '../../src-main/stand-ins/devices/encrypting-reader';
import { loadTestCards, type TestCard } from '../../src-main/stand-ins/devices/test-cards';

/** The training deck (assets/test-cards.json): the real samples every card-reader target starts from. */
export const deck: readonly TestCard[] = loadTestCards('assets');

/** An encrypting reader with a fixed clock, so the samples are the same on every run. */
export const encryptingReader = new EmulatedEncryptingReader({ now: () => new Date(Date.UTC(2026, 10, 22)) });

export const latin1 = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'));
export const utf8 = (text: string) => Uint8Array.from(Buffer.from(text, 'utf8'));
export const asLatin1 = (input: Uint8Array) => Buffer.from(input).toString('latin1');
export const concat = (parts: readonly Uint8Array[]) => Uint8Array.from(Buffer.concat(parts));

/**
 * Cuts a stream into chunks the way a port delivers it: sizes chosen from the input's first
 * byte (so a finding replays the same way), from one byte at a time to large reads.
 */
export function chunksOf(input: Uint8Array): Uint8Array[] {
  const sizes = [1, 2, 3, 7, 8, 13, 64, 65, 255, 4096];
  const pick = input[0] ?? 0;
  const out: Uint8Array[] = [];
  for (let at = 0, i = pick; at < input.length; i++) {
    const size = sizes[(i * 7 + (pick >> 3)) % sizes.length] ?? 1;
    out.push(input.subarray(at, at + size));
    at += size;
  }
  return out;
}
