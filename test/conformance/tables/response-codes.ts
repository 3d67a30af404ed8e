import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { referenceDir } from '../../support/gateway-reference';

/**
 * The processors' response-code tables, read from the reference itself (response-codes.md) at
 * test time rather than transcribed, so the amount-driven walk covers every listed code.
 */
export interface ResponseCodeRow {
  readonly table: string;
  readonly respproc: string;
  readonly respcode: string;
  readonly respstat: 'A' | 'B' | 'C';
  readonly resptext: string;
}

export const responseCodesPath = join(referenceDir, 'gateway', 'response-codes.md');

/** The quoted text of a resptext cell, without the notes some rows add after it (`<br>`, `#`). */
function textOf(cell: string): string {
  const quoted = /^["“](.*?)["”]/.exec(cell.trim());
  return (quoted ? quoted[1]! : cell.trim()).trim();
}

/** Rows of the table under a `#### <heading>` line of response-codes.md. */
export function responseCodeTable(heading: string): ResponseCodeRow[] {
  const lines = readFileSync(responseCodesPath, 'utf8').split('\n');
  const start = lines.findIndex((line) => line.startsWith('#### ') && line.includes(heading));
  if (start < 0) throw new Error(`response-codes.md has no table headed "${heading}"`);
  const rows: ResponseCodeRow[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('#')) break;
    const cells = line.split('|').map((cell) => cell.trim());
    // | respproc | respcode | respstat | resptext |
    const [, respproc = '', respcode = '', respstat = '', resptext = ''] = cells;
    if (!/^[A-Z]{2,4}$/.test(respproc) || !/^(A|B|C)$/.test(respstat)) continue;
    rows.push({
      table: `response-codes.md › ${heading}`,
      respproc,
      respcode,
      respstat: respstat as 'A' | 'B' | 'C',
      resptext: textOf(resptext),
    });
  }
  return rows;
}
