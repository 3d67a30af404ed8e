import { cellUnits, drawText } from '../../../drivers/printer/font';
import { inkToPng, Paper } from '../../../drivers/printer/page';
import { pairLine } from './escpos';
import type { ReceiptDocument } from './model';
import type { PrinterProfile } from './profiles';

/** Dots of one text line in Font A (12 x 24), and the white paper above and below the print. */
const normal = { scaleX: 2, scaleY: 2 } as const;
const lineDots = cellUnits.height * normal.scaleY;
const marginDots = 24;

/**
 * The receipt drawn as the printer would print it, for the screen: the same lines the encoder
 * sends, in the printer's Font A cell (12 x 24 dots), headings at double size, the signature at
 * its own resolution, on paper as wide as the profile's print width.
 */
export function renderReceipt(document: ReceiptDocument, profile: PrinterProfile): Paper {
  const paper = new Paper(profile.dotsPerLine);
  const charDots = cellUnits.width * normal.scaleX;
  const columns = profile.columns;
  // Narrow paper has a few dots to spare beside the columns: centre the text block.
  const inset = Math.max(0, Math.floor((profile.dotsPerLine - columns * charDots) / 2));
  let y = marginDots;
  const text = (value: string, align: 'left' | 'center' | 'right', style: { bold?: boolean; large?: boolean } = {}) => {
    const scale = style.large ? 2 : 1;
    const width = [...value].length * charDots * scale;
    const room = columns * charDots;
    const x =
      inset +
      (align === 'left' ? 0 : align === 'center' ? Math.floor((room - width) / 2 / charDots) * charDots : room - width);
    drawText(
      paper,
      value,
      { x: Math.max(inset, x), y },
      {
        scaleX: normal.scaleX * scale,
        scaleY: normal.scaleY * scale,
        bold: style.bold ?? false,
      },
    );
    y += lineDots * scale;
    paper.extend(y);
  };
  for (const line of document.lines) {
    switch (line.kind) {
      case 'text':
        text(line.text, line.align, line);
        break;
      case 'pair':
        text(pairLine(line.left, line.right, columns), 'left', line);
        break;
      case 'rule':
        text('-'.repeat(columns), 'left');
        break;
      case 'blank':
        y += lineDots;
        paper.extend(y);
        break;
      case 'signature-line':
        text(`X${'_'.repeat(columns - 1)}`, 'left');
        break;
      case 'image': {
        const scale = line.bitmap.width > profile.dotsPerLine ? profile.dotsPerLine / line.bitmap.width : 1;
        const left = Math.floor((profile.dotsPerLine - line.bitmap.width * scale) / 2);
        if (scale === 1) paper.blit(line.bitmap, left, y);
        else
          for (let dy = 0; dy < line.bitmap.height * scale; dy++)
            for (let dx = 0; dx < line.bitmap.width * scale; dx++)
              if (line.bitmap.ink[Math.floor(dy / scale) * line.bitmap.width + Math.floor(dx / scale)])
                paper.dot(left + dx, y + dy);
        // The encoder ends the raster with a line feed, which a printer prints as one empty line.
        y += Math.ceil((line.bitmap.height * scale) / 8) * 8 + lineDots;
        paper.extend(y);
        break;
      }
    }
  }
  paper.extend(y + marginDots);
  return paper;
}

/** The preview as a PNG, for the receipt screen and `lanepoint receipt --png`. */
export function receiptPng(document: ReceiptDocument, profile: PrinterProfile): Buffer {
  return inkToPng(renderReceipt(document, profile).image());
}
