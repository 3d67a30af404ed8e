import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScanFramer, type FramedScan } from '../../../drivers/barcode-scanner/scan-framer';
import { defaultScanFraming, maxFrameLength, type ScanFraming } from '../../../drivers/barcode-scanner/types';
import { ManualClock } from '../../support/manual-clock';

const bytes = (text: string) => new TextEncoder().encode(text);

function framer(framing: Partial<ScanFraming> = {}) {
  const clock = new ManualClock();
  const out: FramedScan[] = [];
  const framed = new ScanFramer({ ...defaultScanFraming, ...framing }, clock, (scan) => out.push(scan));
  return { clock, out, framed, codes: () => out.flatMap((scan) => ('code' in scan ? [scan.code] : [])) };
}

describe('the serial scanner framer', () => {
  it('ends a code at CR, LF or CR LF, and ignores blank lines', () => {
    const { framed, out } = framer();
    framed.push(bytes('012000000133\r037000833710\r\n59012344\n\r\n'));
    expect(out).toEqual([{ code: '012000000133' }, { code: '037000833710' }, { code: '59012344' }]);
  });

  it('takes the stream in any chunking: split codes, several in one chunk, one byte at a time', () => {
    const stream = bytes(']A012000000133#\r\n]A4006381333931#\r]A59012344#\n');
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: stream.length }), { maxLength: 10 }), (cuts) => {
        const { framed, codes } = framer({ prefix: ']A', suffix: '#' });
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        let from = 0;
        for (const point of [...points, stream.length]) {
          framed.push(stream.subarray(from, point));
          from = point;
        }
        expect(codes()).toEqual(['012000000133', '4006381333931', '59012344']);
      }),
    );
    const { framed, codes } = framer();
    for (const byte of bytes('4006381333931\r\n')) framed.push(Uint8Array.of(byte));
    expect(codes()).toEqual(['4006381333931']);
  });

  it('refuses a frame without the configured prefix or suffix, and one with characters no barcode has', () => {
    const { framed, out } = framer({ prefix: '[', suffix: ']' });
    framed.push(bytes('012000000133]\r[012000000133\r[01 2]\r[]\r'));
    expect(out).toEqual([
      { problem: { kind: 'malformed', message: 'a 13-byte frame lacks the configured prefix' } },
      { problem: { kind: 'malformed', message: 'a 13-byte frame lacks the configured suffix' } },
      {
        problem: {
          kind: 'malformed',
          message: 'a 4-character code is empty, too long or holds characters no barcode has',
        },
      },
      {
        problem: {
          kind: 'malformed',
          message: 'a 0-character code is empty, too long or holds characters no barcode has',
        },
      },
    ]);
  });

  it('drops a code left without its CR past the timeout, so it is never joined to the next one', () => {
    const { framed, clock, out } = framer({ timeoutMs: 300 });
    framed.push(bytes('0120000'));
    clock.advance(299);
    framed.push(bytes('00133')); // the same burst: the timer starts again
    clock.advance(299);
    framed.push(bytes('\r'));
    expect(out).toEqual([{ code: '012000000133' }]);
    framed.push(bytes('03700'));
    clock.advance(300);
    framed.push(bytes('59012344\r'));
    expect(out.slice(1)).toEqual([
      {
        problem: {
          kind: 'incomplete',
          message: '5 bytes came without a carriage return within 300 ms, and were dropped',
        },
      },
      { code: '59012344' },
    ]);
    expect(clock.pending).toBe(0);
  });

  it('bounds a frame: noise without a CR is dropped whole at the next CR', () => {
    const { framed, out } = framer();
    framed.push(new Uint8Array(maxFrameLength + 50).fill(0x41));
    framed.push(bytes('\r012000000133\r'));
    expect(out).toEqual([
      { problem: { kind: 'too-long', message: `a frame ran past ${maxFrameLength} bytes: check the baud rate` } },
      { code: '012000000133' },
    ]);
  });
});
