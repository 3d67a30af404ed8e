import ImageData from '@canvas/image-data';
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { Bitmap } from '../signature/bmp';
import type { ReceiptDocument } from './model';
import type { PrinterProfile } from './profiles';

/** A line with `left` and `right` at either edge of `columns`; a long left side is cut short. */
export function pairLine(left: string, right: string, columns: number): string {
  const room = Math.max(0, columns - right.length - 1);
  const shown = left.length > room ? left.slice(0, room) : left;
  return `${shown}${' '.repeat(Math.max(1, columns - shown.length - right.length))}${right}`;
}

/** The bitmap centred on a full-width strip (black ink on white), as the encoder's raster input. */
function fullWidthImage(bitmap: Bitmap, dots: number): ImageData {
  const width = dots;
  const scale = bitmap.width > dots ? dots / bitmap.width : 1;
  const drawnWidth = Math.floor(bitmap.width * scale);
  const height = Math.max(8, Math.ceil((bitmap.height * scale) / 8) * 8);
  const image = new ImageData(width, height);
  image.data.fill(255);
  const left = Math.floor((width - drawnWidth) / 2);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < drawnWidth; x++) {
      const source = Math.floor(y / scale) * bitmap.width + Math.floor(x / scale);
      if (Math.floor(y / scale) < bitmap.height && bitmap.ink[source]) {
        const at = (y * width + left + x) * 4;
        image.data[at] = image.data[at + 1] = image.data[at + 2] = 0;
      }
    }
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
  encoder.initialize().codepage('auto');
  for (const line of document.lines) {
    switch (line.kind) {
      case 'text':
        encoder.align(line.align);
        if (line.bold) encoder.bold(true);
        if (line.large) encoder.size(2, 2);
        encoder.line(line.text);
        if (line.large) encoder.size(1, 1);
        if (line.bold) encoder.bold(false);
        break;
      case 'pair':
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
        const image = fullWidthImage(line.bitmap, profile.dotsPerLine);
        encoder.align('left').image(image, image.width, image.height, 'threshold');
        break;
      }
    }
  }
  return encoder.cut(profile.cut).encode();
}
