import ImageData from '@canvas/image-data';
import CodepageEncoder, { type Codepage } from '@point-of-sale/codepage-encoder';
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { Bitmap } from '../signature/bmp';
import type { ReceiptDocument } from './model';
import type { PrinterProfile } from './profiles';

/** The receipt as the lines of text it prints, for terminals and tests (an image as a marker). */
export function receiptAsText(document: ReceiptDocument): string[] {
  return document.lines.map((line) => {
    switch (line.kind) {
      case 'text': {
        const width = [...line.text].length * (line.large ? 2 : 1);
        const room = Math.max(0, document.columns - width);
        const pad = line.align === 'center' ? Math.floor(room / 2) : line.align === 'right' ? room : 0;
        return `${' '.repeat(pad)}${line.text}`;
      }
      case 'pair':
        return pairLine(line.left, line.right, document.columns);
      case 'rule':
        return '-'.repeat(document.columns);
      case 'blank':
        return '';
      case 'signature-line':
        return `X${'_'.repeat(document.columns - 1)}`;
      case 'image':
        return `[image ${line.bitmap.width}x${line.bitmap.height}]`;
    }
  });
}

/** A line with `left` and `right` at either edge of `columns`; a long left side is cut short. */
export function pairLine(left: string, right: string, columns: number): string {
  const room = Math.max(0, columns - right.length - 1);
  const shown = left.length > room ? left.slice(0, room) : left;
  return `${shown}${' '.repeat(Math.max(1, columns - shown.length - right.length))}${right}`;
}

const lookups = new Map<string, Map<number, number>>();

/**
 * The code page encoder's `encode` with its table built once per code page. The library's own
 * takes a structuredClone of the page's 256-entry table and searches it linearly for every piece
 * of text, about 80 % of a receipt's encoding time. This keeps its rules (the first position of
 * a code point, "?" for one the page lacks, one byte per UTF-16 unit); a test holds the two equal.
 */
export function encodeCodepageText(input: string, codepage: Codepage): Uint8Array {
  return Uint8Array.from(codepageBytes(input, codepage));
}

/**
 * The same bytes as a plain array: what the receipt encoder is lent. It copies every piece of
 * text it gets with the spread operator, which walks a Uint8Array through its iterator, one call
 * per byte, but copies a plain array of small numbers at once (a quarter of a receipt's time).
 */
export function codepageBytes(input: string, codepage: Codepage): number[] {
  let lookup = lookups.get(codepage);
  if (!lookup) {
    const table = new Map<number, number>();
    CodepageEncoder.getEncoding(codepage).codepoints.forEach((codepoint, position) => {
      if (codepoint !== undefined && !table.has(codepoint)) table.set(codepoint, position);
    });
    lookups.set(codepage, table);
    lookup = table;
  }
  const output: number[] = [];
  for (let c = 0; c < input.length; c++) output.push(lookup.get(input.codePointAt(c) ?? -1) ?? 0x3f);
  return output;
}

/**
 * Runs the receipt encoder's final, synchronous `encode()` with `codepageBytes` lent to it,
 * and gives the library its own function back before returning (ADR 011). The receipt encoder
 * offers no option for its text encoder, and nothing else can run while a synchronous call does,
 * so no other user of the library in the process ever sees the cached one. The library only
 * spreads, measures and searches what it gets, so an array serves it as a Uint8Array does.
 */
function withCachedCodepages<T>(encode: () => T): T {
  const own = CodepageEncoder.encode;
  CodepageEncoder.encode = codepageBytes as unknown as typeof CodepageEncoder.encode;
  try {
    return encode();
  } finally {
    CodepageEncoder.encode = own;
  }
}

const codepageSets = new Map<string, Set<number>>();
function codepoints(name: string): Set<number> {
  let set = codepageSets.get(name);
  if (!set) {
    set = new Set(CodepageEncoder.getCodepoints(name as Codepage, true));
    codepageSets.set(name, set);
  }
  return set;
}

/**
 * The first of the printer's code pages (in its own numbering) that has every character of
 * `text`, or `auto` to let the encoder switch within the line. Choosing once per line is what
 * keeps encoding fast: the encoder's `auto` tries every code page for every character.
 */
export function codepageFor(text: string, profile: PrinterProfile): string {
  if (/^[\x20-\x7e]*$/.test(text)) return 'cp437' in profile.codepages ? 'cp437' : 'auto';
  const chars = [...text].map((char) => char.codePointAt(0) ?? 0);
  const candidates = Object.entries(profile.codepages).sort((a, b) => a[1] - b[1]);
  for (const [name] of candidates) {
    if (!CodepageEncoder.supports(name)) continue;
    const set = codepoints(name);
    if (chars.every((char) => set.has(char))) return name;
  }
  return 'auto';
}

/**
 * ESC/POS GS v 0 (normal density) for a full-width 1-bit image: exactly the bytes the encoder's
 * raster mode makes from the same image (a test holds the two together), without converting a
 * 1-bit signature to RGBA and thresholding it back.
 */
export function rasterCommand(image: { width: number; height: number; ink: Uint8Array }): Uint8Array {
  const widthBytes = image.width / 8;
  const bytes = new Uint8Array(8 + widthBytes * image.height);
  bytes.set([0x1d, 0x76, 0x30, 0x00, widthBytes & 0xff, widthBytes >> 8, image.height & 0xff, image.height >> 8]);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++)
      if (image.ink[y * image.width + x]) bytes[8 + y * widthBytes + (x >> 3)]! |= 0x80 >> (x & 7);
  }
  return bytes;
}

/** The bitmap centred on a full-width strip, as 1-bit ink. */
export function fullWidthInk(bitmap: Bitmap, dots: number): { width: number; height: number; ink: Uint8Array } {
  const scale = bitmap.width > dots ? dots / bitmap.width : 1;
  const drawnWidth = Math.floor(bitmap.width * scale);
  const height = Math.max(8, Math.ceil((bitmap.height * scale) / 8) * 8);
  const ink = new Uint8Array(dots * height);
  const left = Math.floor((dots - drawnWidth) / 2);
  for (let y = 0; y < height; y++) {
    const sourceY = Math.floor(y / scale);
    if (sourceY >= bitmap.height) break;
    for (let x = 0; x < drawnWidth; x++)
      if (bitmap.ink[sourceY * bitmap.width + Math.floor(x / scale)]) ink[y * dots + left + x] = 1;
  }
  return { width: dots, height, ink };
}

/** The same strip as RGBA image data, for the encoder's own image path (StarPRNT). */
export function inkToImageData(strip: { width: number; height: number; ink: Uint8Array }): ImageData {
  const image = new ImageData(strip.width, strip.height);
  for (let i = 0; i < strip.ink.length; i++) {
    const value = strip.ink[i] ? 0 : 255;
    image.data[i * 4] = image.data[i * 4 + 1] = image.data[i * 4 + 2] = value;
    image.data[i * 4 + 3] = 255;
  }
  return image;
}

/**
 * The receipt as printer commands (ESC/POS or StarPRNT) with @point-of-sale/receipt-printer-
 * encoder: text through the profile's code pages (each character in a code page that has it),
 * bold and double size for headings, the signature as a raster image, a feed and a cut.
 */
export function encodeReceipt(document: ReceiptDocument, profile: PrinterProfile): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({
    language: profile.language,
    columns: profile.columns,
    imageMode: 'raster',
    codepageMapping: profile.codepages,
    feedBeforeCut: profile.feedBeforeCut,
    newline: '\n',
  });
  encoder.initialize();
  let current = '';
  const codepage = (text: string) => {
    const chosen = codepageFor(text, profile);
    if (chosen !== current) encoder.codepage(chosen as Codepage | 'auto');
    current = chosen;
  };
  for (const line of document.lines) {
    switch (line.kind) {
      case 'text':
        codepage(line.text);
        encoder.align(line.align);
        if (line.bold) encoder.bold(true);
        if (line.large) encoder.size(2, 2);
        encoder.line(line.text);
        if (line.large) encoder.size(1, 1);
        if (line.bold) encoder.bold(false);
        break;
      case 'pair':
        codepage(`${line.left}${line.right}`);
        encoder.align('left');
        if (line.bold) encoder.bold(true);
        encoder.line(pairLine(line.left, line.right, profile.columns));
        if (line.bold) encoder.bold(false);
        break;
      case 'rule':
        encoder.align('left').line('-'.repeat(profile.columns));
        break;
      case 'blank':
        encoder.newline();
        break;
      case 'signature-line':
        encoder.align('left').line(`X${'_'.repeat(profile.columns - 1)}`);
        break;
      case 'image': {
        const strip = fullWidthInk(line.bitmap, profile.dotsPerLine);
        encoder.align('left');
        if (profile.language === 'esc-pos') encoder.raw(rasterCommand(strip)).newline();
        else encoder.image(inkToImageData(strip), strip.width, strip.height, 'threshold');
        break;
      }
    }
  }
  encoder.cut(profile.cut);
  return withCachedCodepages(() => encoder.encode());
}
