import { describe, expect, it } from 'vitest';
import { canDraw, cellUnits, drawChar, drawText } from '../../../drivers/printer/font';
import { Paper } from '../../../drivers/printer/page';

const normal = { scaleX: 2, scaleY: 2 };
function dots(char: string, style = normal) {
  const paper = new Paper(cellUnits.width * style.scaleX);
  drawChar(paper, char, { x: 0, y: 0 }, style);
  const image = paper.image();
  const rows = Array.from({ length: image.height }, (_, y) =>
    image.ink.subarray(y * image.width, (y + 1) * image.width).some(Boolean),
  );
  return {
    count: image.ink.reduce((sum, dot) => sum + dot, 0),
    top: rows.indexOf(true),
    bottom: rows.lastIndexOf(true),
    ink: image.ink,
  };
}

describe('the receipt font', () => {
  it('draws ASCII, Latin letters with accents, and the currency signs receipts use', () => {
    for (const char of 'Aa0~ éèêëÉÈñÑçÇåÅøØšŽ€£¥¢$°') {
      if (char === ' ') continue;
      expect(canDraw(char), char).toBe(true);
      expect(dots(char).count, char).toBeGreaterThan(0);
    }
    expect(canDraw('漢')).toBe(false);
  });

  it('puts an accent above the letter: above the x-height on lower case, above the capital on upper case', () => {
    const e = dots('e');
    const eAcute = dots('é');
    expect(eAcute.count).toBeGreaterThan(e.count);
    expect(eAcute.top).toBeLessThan(e.top);
    const capital = dots('E');
    const capitalAcute = dots('É');
    expect(capitalAcute.top).toBeLessThan(capital.top);
    expect(dots('ç').bottom).toBeGreaterThan(dots('c').bottom);
  });

  it('prints a character it cannot draw as "?", as a printer does', () => {
    expect(dots('漢').ink).toEqual(dots('?').ink);
  });

  it('fills a 12 x 24 cell at normal size, twice that at double size, one dot wider in bold', () => {
    const paper = new Paper(48 * 12);
    expect(drawText(paper, 'ABC', { x: 0, y: 0 }, normal)).toBe(36);
    expect(drawText(paper, 'ABC', { x: 0, y: 24 }, { scaleX: 4, scaleY: 4 })).toBe(72);
    expect(dots('I', { ...normal, bold: true } as never).count).toBeGreaterThan(dots('I').count);
    expect(paper.height).toBeLessThanOrEqual(24 + 48);
  });
});
