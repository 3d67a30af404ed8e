import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { EscPosInterpreter } from '../../../../src-main/stand-ins/devices/escpos-printer';
import { runCli } from '../../../../src-main/shells/cli/main';
import { loadPrinterProfiles } from '../../../../src-main/lane/receipt/profiles';
import { fakeIo } from '../../../support/cli-io';
import { approvedAnswer, declinedAnswer, timeoutAnswer } from '../../../support/gateway-answers';

const dir = mkdtempSync(join(tmpdir(), 'receipt-cli-'));
const save = (name: string, value: unknown) => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
};

describe('lanepoint receipt', () => {
  it('prints a saved approval as text, ESC/POS bytes the emulated printer reads back, and a PNG', async () => {
    const { io, out } = fakeIo();
    const bin = join(dir, 'sale.bin');
    const png = join(dir, 'sale.png');
    expect(
      await runCli(
        [
          'receipt',
          save('approved.json', approvedAnswer),
          '--printer',
          'escpos-58mm',
          '--escpos',
          bin,
          '--png',
          png,
          '--training',
        ],
        io,
      ),
    ).toBe(0);
    const text = out.join('\n');
    expect(text).toContain('*** TRAINING - NO REAL MONEY ***');
    expect(text).toMatch(/Auth code\s+PPS568/);
    expect(text).toContain('********3888');
    const profile = loadPrinterProfiles('assets/printers').get('escpos-58mm')!;
    const printer = new EscPosInterpreter({ dotsPerLine: profile.dotsPerLine, codepages: profile.codepages });
    printer.push(readFileSync(bin));
    expect(printer.pages).toHaveLength(1);
    expect(printer.pages[0]!.lines.map((line) => line.trim())).toContain('Corner Store');
    const image = PNG.sync.read(readFileSync(png));
    expect(image.width).toBe(384);
    expect(image.height).toBeGreaterThan(600);
  });

  it('prints the customer copy of a decline and an inquire record, and a StarPRNT receipt', async () => {
    const declined = fakeIo();
    expect(await runCli(['receipt', save('declined.json', declinedAnswer), '--copy', 'customer'], declined.io)).toBe(0);
    expect(declined.out.join('\n')).toMatch(/DECLINED[\s\S]*Response\s+05 Do not honor[\s\S]*CUSTOMER COPY/);
    const record = {
      ...approvedAnswer,
      setlstat: 'Queued for Capture',
      voidable: 'Y',
      refundable: 'N',
      lastfour: '1111',
    };
    const inquired = fakeIo();
    expect(
      await runCli(
        [
          'receipt',
          save('record.json', record),
          '--duplicate',
          '--printer',
          'starprnt-80mm',
          '--escpos',
          join(dir, 'star.bin'),
        ],
        inquired.io,
      ),
    ).toBe(0);
    expect(inquired.out.join('\n')).toContain('DUPLICATE');
    expect(readFileSync(join(dir, 'star.bin')).subarray(0, 3)).toEqual(Buffer.from([0x1b, 0x40, 0x18]));
  });

  it('names what is wrong', async () => {
    const retry = fakeIo();
    expect(await runCli(['receipt', save('timeout.json', timeoutAnswer)], retry.io)).toBe(1);
    expect(retry.err[0]).toMatch(/gateway asks to retry/);
    const broken = fakeIo();
    writeFileSync(join(dir, 'broken.json'), '{ not json');
    expect(await runCli(['receipt', join(dir, 'broken.json')], broken.io)).toBe(1);
    expect(broken.err[0]).toMatch(/cannot read .*broken\.json/);
    const printer = fakeIo();
    expect(await runCli(['receipt', save('a.json', approvedAnswer), '--printer', 'laser'], printer.io)).toBe(2);
    expect(printer.err.join('\n')).toMatch(
      /no printer profile "laser"; there are escpos-58mm, escpos-80mm, starprnt-80mm/,
    );
    expect(await runCli(['receipt'], fakeIo().io)).toBe(2);
    expect(await runCli(['receipt', save('b.json', approvedAnswer), '--kind', 'gift'], fakeIo().io)).toBe(2);
  });
});
