import { decodeCvmResults, networkForAid } from '../drivers/card-reader/emv';
import { encodeTlv, findTlv, parseTlvHex } from '../drivers/card-reader/tlv';
import { parseSwipe } from '../drivers/card-reader/track';
import type { BenchCase } from './harness';

const text = (value: string) => Uint8Array.from(Buffer.from(value, 'latin1'));
const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));

/** A record shaped like an encrypting reader's quick-chip output (FACTS.md), masked PAN included. */
const quickChipHex = Buffer.from(
  encodeTlv([
    { tag: '4F', value: bytes('A0000000031010') },
    { tag: '50', value: text('VISA CREDIT') },
    { tag: '5F20', value: text('DOE/PAT A') },
    { tag: '5F24', value: bytes('281231') },
    { tag: '9F34', value: bytes('1E0300') },
    { tag: '95', value: bytes('0000008000') },
    { tag: '9B', value: bytes('E800') },
    { tag: '9F10', value: bytes('06010A03A0A000') },
    { tag: '9F26', value: bytes('1122334455667788') },
    { tag: '9F27', value: bytes('80') },
    { tag: '9F12', value: text('VISA CREDIT') },
    { tag: 'DFEE12', value: bytes('FFFF9876543210E00001') },
    { tag: 'DFEF5D', value: text('4788CCCCCCCC1443') },
    { tag: 'DFEF5B', value: bytes('4788CCCCCCCC1443D2812CCCCCCCCCCCCF') },
    { tag: 'DFEF57', value: text('B1234567') },
    { tag: 'DFEE25', value: bytes('0002') },
    { tag: 'DFEE26', value: bytes('2000') },
  ]),
).toString('hex');

const swipe = '%B4788250000121443^DOE/PAT A^2812101000000000000?;4788250000121443=28121010000000000?';

/** Issue 5's rows: one quick-chip record (parse + the tags a CardRead needs) and one swipe. */
export const cardReaderBenchmarks: BenchCase[] = [
  {
    name: 'quick-chip TLV record: parse + AID, 9F34',
    iterations: 20000,
    run: () => {
      const nodes = parseTlvHex(quickChipHex);
      const aid = findTlv(nodes, '4F');
      const cvm = findTlv(nodes, '9F34');
      return [networkForAid(Buffer.from(aid!.value).toString('hex')), decodeCvmResults(Buffer.from(cvm!.value).toString('hex'))];
    },
  },
  {
    name: 'track 1 + 2 swipe: parse + Luhn',
    iterations: 20000,
    run: () => parseSwipe(swipe),
  },
];
