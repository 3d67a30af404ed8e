import { describe, expect, it } from 'vitest';
import { EmulatedCashDrawer, minimumThrowMs } from '../../../../src-main/stand-ins/devices/cash-drawer';
import { EscPosInterpreter } from '../../../../src-main/stand-ins/devices/escpos-printer';
import { loadPrinterProfiles } from '../../../../src-main/lane/receipt/profiles';

const profile = loadPrinterProfiles('assets/printers').get('escpos-80mm')!;

/** An interpreter with a drawer on its connector, and the status bytes it answered. */
function printerWithDrawer(drawer = new EmulatedCashDrawer()) {
  const replies: number[] = [];
  const printer = new EscPosInterpreter({
    dotsPerLine: profile.dotsPerLine,
    codepages: profile.codepages,
    reply: (bytes) => replies.push(...bytes),
    drawer,
  });
  const printerStatus = () => {
    printer.push(Uint8Array.of(0x10, 0x04, 0x01));
    return replies.at(-1)!;
  };
  return { printer, drawer, printerStatus };
}
const escP = (m: number, t1: number, t2: number) => Uint8Array.of(0x1b, 0x70, m, t1, t2);

describe('the emulated cash drawer', () => {
  it('opens on ESC p of 50 ms or more on its pin, and reports it on DLE EOT 1 bit 2 (low: open)', () => {
    const { printer, drawer, printerStatus } = printerWithDrawer();
    expect(printerStatus()).toBe(0x16);
    printer.push(escP(0, minimumThrowMs / 2, 250));
    expect(drawer.isOpen).toBe(true);
    expect(printerStatus()).toBe(0x12);
    expect(printer.unknown).toEqual([]);
  });

  it('does not open on a pulse too short to throw the latch, nor on the other pin', () => {
    const { printer, drawer, printerStatus } = printerWithDrawer();
    printer.push(escP(0, 24, 250));
    printer.push(escP(1, 50, 250));
    expect(drawer.isOpen).toBe(false);
    expect(drawer.pulses).toBe(1);
    expect(printerStatus()).toBe(0x16);
  });

  it('stays open until someone closes it, and a kick while open changes nothing', () => {
    const { printer, drawer, printerStatus } = printerWithDrawer();
    printer.push(escP(48, 50, 250));
    printer.push(Uint8Array.from([...Buffer.from('TOTAL 12.50\n', 'latin1')]));
    printer.push(escP(0, 50, 250));
    expect(drawer).toMatchObject({ isOpen: true, pulses: 2, timesOpened: 1 });
    expect(printerStatus()).toBe(0x12);
    drawer.close();
    expect(printerStatus()).toBe(0x16);
    printer.push(escP(0, 50, 250));
    expect(drawer.timesOpened).toBe(2);
  });

  it('reads a command cut between chunks, and a drawer wired high-when-open', () => {
    const { printer, drawer, printerStatus } = printerWithDrawer(new EmulatedCashDrawer({ pin: 5, openLevel: 'high' }));
    printer.push(Uint8Array.of(0x1b, 0x70));
    printer.push(Uint8Array.of(0x01, 50));
    expect(drawer.isOpen).toBe(false);
    printer.push(Uint8Array.of(250));
    expect(drawer.isOpen).toBe(true);
    expect(printerStatus()).toBe(0x16);
  });

  it('keeps ESC p in the buffer while out of paper, and runs it once paper is loaded; DLE DC4 runs at once', () => {
    const { printer, drawer } = printerWithDrawer();
    printer.condition = { ...printer.condition, paperEnd: true, online: false };
    printer.push(escP(0, 50, 250));
    expect(drawer.isOpen).toBe(false);
    printer.condition = { ...printer.condition, paperEnd: false, online: true };
    expect(drawer.isOpen).toBe(true);

    const offline = printerWithDrawer();
    offline.printer.condition = { ...offline.printer.condition, coverOpen: true, online: false };
    offline.printer.push(Uint8Array.of(0x10, 0x14, 0x01, 0x00, 0x01));
    expect(offline.drawer.isOpen).toBe(true);
  });

  it('ignores ESC p with a connector it does not have, as the printer does', () => {
    const { printer, drawer } = printerWithDrawer();
    printer.push(escP(7, 50, 250));
    printer.push(Uint8Array.of(0x10, 0x14, 0x01, 0x00, 0x09));
    expect(drawer.pulses).toBe(0);
    expect(printer.unknown).toEqual([]);
  });
});
