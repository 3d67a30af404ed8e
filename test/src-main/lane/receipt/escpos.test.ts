import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EscPosInterpreter } from '../../../../src-main/stand-ins/devices/escpos-printer';
import { inkToPng } from '../../../../drivers/printer/page';
import { settlementStatusLetters } from '../../../../src-main/lane/gateway/settlement';
import CodepageEncoder, { type Codepage } from '@point-of-sale/codepage-encoder';
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import {
  codepageBytes,
  codepageFor,
  encodeCodepageText,
  encodeReceipt,
  fullWidthInk,
  inkToImageData,
  rasterCommand,
} from '../../../../src-main/lane/receipt/escpos';
import { decodeSignature, encodeSignature } from '../../../../src-main/lane/signature/codec';
import { loadSignatures } from '../../../../src-main/stand-ins/devices/signature-replay';
import {
  buildReceipt,
  buildSettlementReport,
  type ReceiptDocument,
  type ReceiptKind,
} from '../../../../src-main/lane/receipt/model';
import { renderReceipt } from '../../../../src-main/lane/receipt/preview';
import { loadPrinterProfiles } from '../../../../src-main/lane/receipt/profiles';
import { fullEmvSale, receiptText } from '../../../support/receipts';

const profiles = loadPrinterProfiles('assets/printers');
const signatures = { neat: loadSignatures('assets/signatures').get('neat-name')! };
const profile = (id: string) => profiles.get(id)!;
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const printedAt = new Date(2026, 10, 22, 9, 30, 0);
/** The merchant copy of `facts` at `columns`, printed at `printedAt`; live and an original unless `flags` say. */
const merchantCopy = (
  facts: Parameters<typeof buildReceipt>[0],
  columns: number,
  flags: { training?: boolean; duplicate?: boolean } = {},
) => buildReceipt(facts, { copy: 'merchant', training: false, duplicate: false, ...flags, printedAt, columns });
const one = (text: string, style: { bold?: boolean; large?: boolean } = {}): ReceiptDocument => ({
  kind: 'sale',
  copy: 'merchant',
  columns: 48,
  lines: [{ kind: 'text', text, align: 'left', ...style }],
});

/** Prints bytes on the emulated printer and returns its pages. */
function print(bytes: Uint8Array, id: string) {
  const printer = new EscPosInterpreter({ dotsPerLine: profile(id).dotsPerLine, codepages: profile(id).codepages });
  printer.push(bytes);
  return printer;
}

describe('printer profiles', () => {
  it('has an 80 mm ESC/POS printer with 48 columns, a 58 mm one with 32, and a StarPRNT one', () => {
    expect(
      [...profiles.values()].map(({ id, language, columns, dotsPerLine }) => ({ id, language, columns, dotsPerLine })),
    ).toEqual([
      { id: 'escpos-58mm', language: 'esc-pos', columns: 32, dotsPerLine: 384 },
      { id: 'escpos-80mm', language: 'esc-pos', columns: 48, dotsPerLine: 576 },
      { id: 'starprnt-80mm', language: 'star-prnt', columns: 48, dotsPerLine: 576 },
    ]);
  });
});

describe('encodeReceipt: exact bytes', () => {
  it('ESC/POS: initialize, bold, one code page for the line (WPC1252 has the euro, as 0x80), feed and partial cut', () => {
    expect(hex(encodeReceipt(one('Hi €', { bold: true }), profile('escpos-80mm')))).toBe(
      ['1b40', '1c2e', '1b4d00', '1b4501', '1b7410', '486920', '80', '1b4500', '0a', '0a0a0a0a', '1d5601', '0a'].join(
        '',
      ),
    );
  });

  it('ESC/POS: double size with GS ! 0x11, accents from cp437 (é = 0x82)', () => {
    expect(hex(encodeReceipt(one('Café', { large: true }), profile('escpos-80mm')))).toBe(
      ['1b40', '1c2e', '1b4d00', '1d2111', '1b7400', '436166', '82', '1d2100', '0a', '0a0a0a0a', '1d5601', '0a'].join(
        '',
      ),
    );
  });

  it('58 mm: three feeds and a full cut (GS V 0)', () => {
    expect(hex(encodeReceipt({ ...one('A'), columns: 32 }, profile('escpos-58mm')))).toBe(
      ['1b40', '1c2e', '1b4d00', '1b7400', '41', '0a', '0a0a0a', '1d5600', '0a'].join(''),
    );
  });

  it('StarPRNT: ESC E / ESC F emphasis, ESC GS t code pages, ESC d 1 partial cut', () => {
    expect(hex(encodeReceipt(one('Hi €', { bold: true }), profile('starprnt-80mm')))).toBe(
      ['1b40', '18', '1b45', '1b1d7410', '486920', '80', '1b46', '0a', '0a0a0a', '1b6401', '0a'].join(''),
    );
  });

  it('sends the signature as one GS v 0 raster the width of the paper, centred', () => {
    const document = merchantCopy(fullEmvSale(), 48);
    const bytes = hex(encodeReceipt(document, profile('escpos-80mm')));
    // GS v 0, mode 0, 72 bytes (576 dots) across, 128 rows.
    expect(bytes).toContain('1d7630004800' + '8000');
    const printed = print(encodeReceipt(document, profile('escpos-80mm')), 'escpos-80mm').pages[0]!;
    const raster = printed.rasters[0]!;
    expect(raster).toMatchObject({ width: 576, height: 128 });
    const columns = Array.from({ length: 576 }, (_, x) =>
      Array.from({ length: 128 }, (_, y) => raster.ink[y * 576 + x]).some(Boolean),
    );
    // The 384-dot signature sits in the middle 384 dots.
    expect(columns.indexOf(true)).toBeGreaterThanOrEqual(96);
    expect(columns.lastIndexOf(true)).toBeLessThan(480);
  });

  it('makes the signature raster byte for byte as the encoder’s own raster mode does', () => {
    const strip = fullWidthInk(decodeSignature(encodeSignature(signatures.neat).value), 576);
    const library = new ReceiptPrinterEncoder({ language: 'esc-pos', columns: 48, imageMode: 'raster', newline: '\n' });
    const theirs = library.initialize().image(inkToImageData(strip), strip.width, strip.height, 'threshold').encode();
    // Theirs: ESC @, FS ., ESC M 0, the raster, and the line feed that ends its line; ours sends the same.
    const ours = Uint8Array.from([0x1b, 0x40, 0x1c, 0x2e, 0x1b, 0x4d, 0x00, ...rasterCommand(strip), 0x0a]);
    expect(theirs.length).toBe(ours.length);
    expect(Buffer.from(theirs).equals(Buffer.from(ours))).toBe(true);
  });

  it('chooses one code page per line: cp437 for ASCII and accents it has, WPC1252 for the euro', () => {
    expect(codepageFor('Total 12.34', profile('escpos-80mm'))).toBe('cp437');
    expect(codepageFor('Café Crème', profile('escpos-80mm'))).toBe('cp437');
    expect(codepageFor('Prix en € et £', profile('escpos-80mm'))).toBe('windows1252');
    expect(codepageFor('Łódź', profile('escpos-80mm'))).toBe('cp852');
    expect(codepageFor('€ and Ł', profile('escpos-80mm'))).toBe('auto');
  });

  const fixtures = join('test', 'fixtures', 'receipts');
  const kinds: ReceiptKind[] = ['sale', 'authorization', 'void', 'refund', 'decline', 'partial'];
  it.each(kinds)('a %s receipt prints byte for byte as recorded, and reads back as its text', (kind) => {
    const facts = { ...fullEmvSale(), kind, ...(kind === 'partial' ? { requestedMinor: 5000 } : {}) };
    const document = merchantCopy(facts, 48, { training: kind === 'sale', duplicate: kind === 'refund' });
    const bytes = encodeReceipt(document, profile('escpos-80mm'));
    const file = join(fixtures, `${kind}-80mm.hex`);
    // Set UPDATE_RECEIPT_FIXTURES=1 to record again after a deliberate change; review the diff.
    if (process.env['UPDATE_RECEIPT_FIXTURES'] === '1') {
      mkdirSync(fixtures, { recursive: true });
      writeFileSync(file, `${hex(bytes).replace(/(.{96})/g, '$1\n')}\n`);
    }
    expect(existsSync(file), `${file} is missing: record it with UPDATE_RECEIPT_FIXTURES=1`).toBe(true);
    expect(hex(bytes)).toBe(readFileSync(file, 'utf8').replace(/\s+/g, ''));
    const printed = print(bytes, 'escpos-80mm');
    expect(printed.unknown).toEqual([]);
    expect(printed.pages).toHaveLength(1);
    const expected = receiptText(document).filter((line) => !line.startsWith('[image'));
    const got = printed.pages[0]!.lines.map((line) => line.trim()).filter(
      (line, index, all) => line !== '' || all[index - 1] !== undefined,
    );
    expect(got.filter(Boolean)).toEqual(expected.map((line) => line.trim()).filter(Boolean));
  });
});

describe('the cached code page text encoder (ADR 011)', () => {
  const sample = 'Café Crème & Söhne: € £ ¥ ñ ß Ω ✓ \u{1F600} ~';

  it('gives the library’s own bytes for every code page the printers use', () => {
    const pages = new Set(
      [...profiles.values()]
        .flatMap((printer) => Object.keys(printer.codepages))
        .filter((name) => CodepageEncoder.supports(name)),
    );
    expect(pages.size).toBeGreaterThan(3);
    for (const page of pages)
      expect([...encodeCodepageText(sample, page as Codepage)], page).toEqual([
        ...CodepageEncoder.encode(sample, page as Codepage),
      ]);
  });

  it('lends the receipt encoder the same bytes as a plain array, which its spreads copy at once', () => {
    for (const page of ['cp437', 'cp858', 'windows1252'] as const) {
      const bytes = codepageBytes(sample, page);
      expect(Array.isArray(bytes)).toBe(true);
      expect(bytes).toEqual([...CodepageEncoder.encode(sample, page)]);
    }
  });

  it('leaves the library’s encode as it was, before and after a receipt', () => {
    const own = CodepageEncoder.encode;
    expect(own).not.toBe(encodeCodepageText);
    encodeReceipt(one('Café €'), profile('escpos-80mm'));
    expect(CodepageEncoder.encode).toBe(own);
  });
});

describe('accents and currency signs', () => {
  it.each(['escpos-80mm', 'escpos-58mm'])('print as written on %s (read back through its code pages)', (id) => {
    const document = merchantCopy(fullEmvSale(), profile(id).columns);
    const lines = print(encodeReceipt(document, profile(id)), id).pages[0]!.lines.map((line) => line.trim());
    expect(lines.join(' ')).toContain('Café Crème');
    expect(lines.join(' ')).toContain('Söhne');
    expect(lines.join(' ')).toContain('Merci! Prix en € et £, ¥ bienvenu'.slice(0, 20));
    expect(lines.join(' ')).toMatch(/€ et £, ¥/);
  });
});

describe('the preview', () => {
  it.each(['escpos-80mm', 'escpos-58mm'])('is dot for dot what the emulated %s printer prints from the bytes', (id) => {
    const document = merchantCopy(fullEmvSale(), profile(id).columns, { training: true });
    const preview = renderReceipt(document, profile(id)).image();
    const page = print(encodeReceipt(document, profile(id)), id).pages[0]!.image;
    mkdirSync('test-results', { recursive: true });
    writeFileSync(join('test-results', `receipt-preview-${id}.png`), inkToPng(preview));
    writeFileSync(join('test-results', `receipt-printed-${id}.png`), inkToPng(page));
    const inked = (image: typeof page) => {
      const rows = Array.from({ length: image.height }, (_, y) =>
        image.ink.subarray(y * image.width, (y + 1) * image.width).some(Boolean),
      );
      return image.ink.subarray(rows.indexOf(true) * image.width, (rows.lastIndexOf(true) + 1) * image.width);
    };
    const a = inked(preview);
    const b = inked(page);
    expect(a.length).toBe(b.length);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect(a.reduce((sum, dot) => sum + dot, 0)).toBeGreaterThan(10_000);
  });

  it('draws the end-of-day report too', () => {
    const statusNames = Object.fromEntries(
      Object.entries(settlementStatusLetters).map(([name, letter]) => [letter, name]),
    );
    const report = buildSettlementReport(
      [{ batchid: '7', hoststat: 'GB', txns: [{ setlamount: 1234, setlstat: 'Y' }] }],
      {
        title: 'Today',
        merchantId: '496160873888',
        terminalId: 'LANE-01',
        printedAt,
        columns: 48,
        training: true,
        statusNames,
      },
    );
    const printed = print(encodeReceipt(report, profile('escpos-80mm')), 'escpos-80mm').pages[0]!;
    expect(printed.lines.map((line) => line.trim())).toContain('END OF DAY');
    writeFileSync(
      join('test-results', 'receipt-end-of-day.png'),
      inkToPng(renderReceipt(report, profile('escpos-80mm')).image()),
    );
  });
});
