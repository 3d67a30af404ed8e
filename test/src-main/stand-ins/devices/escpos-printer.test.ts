import { describe, expect, it } from 'vitest';
import { EscPosInterpreter, keptPages, maxPageDots } from '../../../../src-main/stand-ins/devices/escpos-printer';
import { loadPrinterProfiles } from '../../../../src-main/lane/receipt/profiles';

/**
 * What the fuzzer found in the printer interpreter (test/fuzz): input a hostile or broken host
 * can send that crashed it or asked for unbounded memory. Each case is the shape of a minimal
 * finding; the interpreter must print or refuse, never throw or grow without bound.
 */
const profile = loadPrinterProfiles('assets/printers').get('escpos-58mm')!;
const printer = () => new EscPosInterpreter({ dotsPerLine: profile.dotsPerLine, codepages: profile.codepages });
const repeat = (times: number, ...bytes: number[]) =>
  Uint8Array.from({ length: times * bytes.length }, (_, i) => bytes[i % bytes.length]!);
const text = (value: string) => Uint8Array.from(Buffer.from(value, 'latin1'));

describe('EscPosInterpreter on hostile input', () => {
  it('takes a chunk of 400 KB in one piece (it used to overflow the call stack past about 150 KB)', () => {
    const device = printer();
    // Carriage returns: bytes the printer reads and ignores, so only the chunk size matters.
    device.push(Buffer.concat([Buffer.alloc(400_000, 0x0d), text('OK\n')]));
    expect(device.current().lines).toEqual(['OK']);
  });

  it('feeds 3,000 x ESC d 255 (9 KB) into a page no longer than the bound (it asked for a 4.8 GB image)', () => {
    const device = printer();
    device.push(repeat(3000, 0x1b, 0x64, 0xff));
    device.push(text('END\n'));
    const page = device.current();
    expect(page.image.height).toBeLessThanOrEqual(maxPageDots);
    expect(page.lines.at(-1)).toBe('END');
  });

  it('wraps a line wider than the head, as the printer does', () => {
    const device = printer();
    device.push(text(`${'x'.repeat(70)}\n`));
    expect(device.current().lines).toEqual(['x'.repeat(32), 'x'.repeat(32), 'x'.repeat(6)]);
  });

  it('refuses a raster wider than the head or longer than a page instead of holding every byte after it', () => {
    const device = printer();
    device.push(Uint8Array.of(0x1d, 0x76, 0x30, 0x00, 0xff, 0xff, 0xff, 0xff));
    device.push(text('STILL PRINTING\n'));
    expect(device.current().lines).toEqual(['STILL PRINTING']);
    expect(device.unknown).toEqual(['GS v 0 of 524280 x 65535 dots (too large)']);
  });

  it('ignores GS ! outside magnification 1 to 8', () => {
    const device = printer();
    device.push(Uint8Array.of(0x1d, 0x21, 0xff, 0x41, 0x0a));
    expect(device.unknown).toEqual(['GS ! ff']);
    expect(device.current().image.height).toBeLessThan(200);
  });

  it(`keeps the newest ${keptPages} pages and counts every page printed`, () => {
    const device = printer();
    for (let i = 0; i < keptPages + 8; i++) device.push(Uint8Array.from([...text(`RECEIPT ${i}\n`), 0x1d, 0x56, 0x00]));
    expect(device.pages).toHaveLength(keptPages);
    expect(device.pagesPrinted).toBe(keptPages + 8);
    expect(device.pages.at(-1)?.lines).toEqual([`RECEIPT ${keptPages + 7}`]);
    expect(device.pages[0]?.lines).toEqual(['RECEIPT 8']);
  });
});
