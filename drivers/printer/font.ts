import font5x7 from 'oled-font-5x7';
import type { Paper } from './page';

/**
 * The monospace bitmap font of the previews and the emulated printer: oled-font-5x7's glyphs
 * (ASCII, ÄÖÜäöü, €, °) in a 6 x 12 cell, doubled to the 12 x 24 dots of an ESC/POS printer's
 * Font A. Other accented Latin letters are drawn as their base letter with the accent above (or
 * a cedilla below); a few currency signs are added here. Anything else prints as "?", as a
 * printer does for a character its code page lacks.
 */

/** One cell: 6 units wide, 12 tall; the 5 x 7 glyph sits at rows 3-9, accents of capitals at 1-2. */
export const cellUnits = { width: 6, height: 12 } as const;
const glyphTop = 3;

type Columns = readonly number[];

const glyphs = new Map<string, Columns>();
font5x7.lookup.forEach((char, index) => glyphs.set(char, font5x7.fontData.slice(index * 5, index * 5 + 5)));

/** Extra glyphs, 7 rows of 5 dots each ('#' is ink). */
const drawn: Record<string, readonly string[]> = {
  '£': ['..##.', '.#..#', '.#...', '###..', '.#...', '.#..#', '#.##.'],
  '¥': ['#...#', '.#.#.', '..#..', '#####', '..#..', '#####', '..#..'],
  '¢': ['..#..', '.####', '#.#..', '#.#..', '#.#..', '.####', '..#..'],
  ß: ['.##..', '#..#.', '#.#..', '#..#.', '#...#', '#.#.#', '#..#.'],
  '─': ['.....', '.....', '.....', '#####', '.....', '.....', '.....'],
  '~': ['.....', '.....', '.#...', '#.#.#', '...#.', '.....', '.....'],
  ø: ['.....', '....#', '.###.', '#.#.#', '#.#.#', '.###.', '#....'],
  Ø: ['.####', '#..##', '#.#.#', '#.#.#', '#.#.#', '##..#', '####.'],
};
for (const [char, rows] of Object.entries(drawn)) {
  glyphs.set(
    char,
    Array.from({ length: 5 }, (_, x) => rows.reduce((column, row, y) => column | (row[x] === '#' ? 1 << y : 0), 0)),
  );
}

/** Accent marks, two rows of five, keyed by the combining character that NFD gives. */
const marks: Record<string, readonly [string, string]> = {
  '\u0301': ['...#.', '..#..'],
  '\u0300': ['.#...', '..#..'],
  '\u0302': ['..#..', '.#.#.'],
  '\u0308': ['.....', '.#.#.'],
  '\u0303': ['.##.#', '#.##.'],
  '\u030A': ['..#..', '.#.#.'],
  '\u030C': ['.#.#.', '..#..'],
};

const hasGlyph = (char: string) => glyphs.has(char);

/** Whether the font can draw a character (directly or as a letter with an accent). */
export function canDraw(char: string): boolean {
  if (hasGlyph(char)) return true;
  const [base, mark] = [...char.normalize('NFD')];
  return base !== undefined && hasGlyph(base) && (mark === undefined || mark in marks || mark === '\u0327');
}

export interface TextStyle {
  /** Dots per font unit across and down: 2 for normal text, 4 for double width or height. */
  readonly scaleX: number;
  readonly scaleY: number;
  readonly bold?: boolean;
  readonly underline?: boolean;
}

/** Where on the paper, in dots: a cell's or a line's top-left corner. */
export interface PaperPoint {
  readonly x: number;
  readonly y: number;
}

/** Draws one character with its cell's top-left corner at `at`. */
export function drawChar(paper: Paper, char: string, at: PaperPoint, style: TextStyle): void {
  const { x, y } = at;
  const { scaleX, scaleY } = style;
  const unit = (ux: number, uy: number) => {
    for (let dy = 0; dy < scaleY; dy++) {
      for (let dx = 0; dx < scaleX + (style.bold ? 1 : 0); dx++) paper.dot(x + ux * scaleX + dx, y + uy * scaleY + dy);
    }
  };
  const [base = '?', mark] = [...char.normalize('NFD')];
  const columns = glyphs.get(char) ?? (hasGlyph(base) ? glyphs.get(base) : glyphs.get('?')) ?? [];
  columns.forEach((bits, ux) => {
    for (let row = 0; row < 7; row++) if (bits & (1 << row)) unit(ux, glyphTop + row);
  });
  if (!glyphs.has(char) && hasGlyph(base) && mark) {
    if (mark === '\u0327') {
      unit(2, glyphTop + 7);
      unit(1, glyphTop + 8);
    } else {
      const pattern = marks[mark];
      // Lower case letters leave rows 0-1 of the glyph free; capitals take the rows above.
      const top = base === base.toLowerCase() ? glyphTop : glyphTop - 2;
      pattern?.forEach((row, dy) => [...row].forEach((dotChar, ux) => dotChar === '#' && unit(ux, top + dy)));
    }
  }
  if (style.underline) for (let ux = 0; ux < cellUnits.width; ux++) unit(ux, cellUnits.height - 1);
}

/** Draws a string left to right from `from`; returns the x after the last cell. */
export function drawText(paper: Paper, text: string, from: PaperPoint, style: TextStyle): number {
  let x = from.x;
  for (const char of text) {
    drawChar(paper, char, { x, y: from.y }, style);
    x += cellUnits.width * style.scaleX;
  }
  return x;
}
