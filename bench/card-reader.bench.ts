import { parseReaderOutput } from '../drivers/card-reader/reader-output';
import { EmulatedEncryptingReader } from '../src-main/stand-ins/devices/encrypting-reader';
import { emulatedVisa } from '../test/support/cards';
import type { BenchCase } from './harness';

const reader = new EmulatedEncryptingReader({ now: () => new Date(Date.UTC(2026, 10, 22)) });

/** What the encrypting reader types for an inserted card: about 40 tags, as on a real lane. */
const quickChip = reader.chip(emulatedVisa, 2500);
const encryptedSwipe = reader.swipe(emulatedVisa);
const clearSwipe = '%B4788250000121443^DOE/PAT A^2812101000000000000?;4788250000121443=28121010000000000?';

/** Issue 5's rows: one reader output each, all the way to the CardRead the terminal uses. */
export const cardReaderBenchmarks: BenchCase[] = [
  {
    name: 'quick-chip TLV record → CardRead',
    iterations: 20000,
    run: () => parseReaderOutput(quickChip),
  },
  {
    name: 'track 1 + 2 swipe → CardRead (Luhn, expiry)',
    iterations: 20000,
    run: () => parseReaderOutput(clearSwipe),
  },
  {
    name: 'encrypted swipe record → CardRead (LRC, checksum)',
    iterations: 20000,
    run: () => parseReaderOutput(encryptedSwipe),
  },
];
