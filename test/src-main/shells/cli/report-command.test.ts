import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../../src-main/shells/cli/main';
import { Journal } from '../../../../src-main/lane/journal/journal';
import { fakeIo } from '../../../support/cli-io';

/** A journal with one shift: a $100.00 float, a $7.66 cash sale (tendered $10.00), counted $107.41. */
function dayInJournal(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'report-cli-')), 'journal.sqlite');
  const journal = Journal.open(path, {
    clock: { now: () => Date.parse('2026-11-28T17:00:00Z') },
    terminalId: 'LANE-01',
  });
  journal.day.openShift({ openedBy: '1001', floatMinor: 100_00 });
  journal.day.recordCashSale({
    orderId: journal.nextOrderId(),
    tenderedMinor: 10_00,
    changeMinor: 2_34,
    cashier: '1001',
  });
  journal.close();
  return path;
}

describe('lanepoint report x|z', () => {
  it('prints the X report from the journal, resets nothing, and refuses a Z while the shift is open', async () => {
    const path = dayInJournal();
    const x = fakeIo();
    expect(await runCli(['report', 'x', '--journal', path], x.io)).toBe(0);
    const text = x.out.join('\n');
    expect(text).toContain('X REPORT');
    expect(text).toMatch(/Cash \(1\)\s+\$7\.66/);
    expect(text).toMatch(/Sales \(1\)\s+\$7\.66/);
    // Printed again: the same totals (an X report closes nothing).
    const again = fakeIo();
    expect(await runCli(['report', 'x', '--journal', path], again.io)).toBe(0);
    expect(again.out.filter((line) => !line.startsWith('Printed'))).toEqual(
      x.out.filter((line) => !line.startsWith('Printed')),
    );
    const z = fakeIo();
    expect(await runCli(['report', 'z', '--journal', path, '--by', '2001'], z.io)).toBe(1);
    expect(z.err.join('\n')).toContain('A shift is still open: close it with its cash count before the Z report.');
  });

  it('closes the day under the next number once the shift is closed, writes the printer bytes, and starts the next day at zero', async () => {
    const path = dayInJournal();
    const journal = Journal.open(path, { clock: { now: () => Date.now() }, terminalId: 'LANE-01' });
    journal.day.closeShift({ closedBy: '2001', countedMinor: 107_41 });
    journal.close();
    const escpos = join(mkdtempSync(join(tmpdir(), 'report-bytes-')), 'z.bin');
    const first = fakeIo();
    expect(await runCli(['report', 'z', '--journal', path, '--by', '2001', '--escpos', escpos], first.io)).toBe(0);
    const text = first.out.join('\n');
    expect(text).toContain('Z REPORT 1');
    expect(text).toMatch(/Over\/short\s+Short \$0\.25/);
    // The printer's bytes: ESC @ to begin, the report's heading in them, a cut at the end.
    const bytes = readFileSync(escpos);
    expect([...bytes.subarray(0, 2)]).toEqual([0x1b, 0x40]);
    expect(bytes.toString('latin1')).toContain('Z REPORT 1');
    const second = fakeIo();
    expect(await runCli(['report', 'z', '--journal', path, '--by', '2001'], second.io)).toBe(0);
    expect(second.out.join('\n')).toContain('Z REPORT 2');
    expect(second.out.join('\n')).toMatch(/Sales \(0\)\s+\$0\.00/);
  });

  it('says what is wrong with the command line', async () => {
    const noBy = fakeIo();
    await expect(runCli(['report', 'z', '--journal', dayInJournal()], noBy.io)).resolves.toBe(2);
    expect(noBy.err.join('\n')).toContain('--by <staff id>');
    const noKind = fakeIo();
    await expect(runCli(['report', 'y'], noKind.io)).resolves.toBe(2);
    expect(noKind.err.join('\n')).toContain('report takes x (the day so far) or z (close the day)');
    const printer = fakeIo();
    await expect(runCli(['report', 'x', '--printer', 'nope', '--journal', dayInJournal()], printer.io)).resolves.toBe(
      2,
    );
    expect(printer.err.join('\n')).toContain('no printer profile "nope"');
  });
});
