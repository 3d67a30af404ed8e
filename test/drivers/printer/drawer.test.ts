import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { describe, expect, it } from 'vitest';
import { drawerFromPrinterStatus, drawerKickBytes, realtimeDrawerKickBytes } from '../../../drivers/printer/drawer';
import { PrinterError } from '../../../drivers/printer/printer-error';

const bytes = (data: Uint8Array) => [...data];

describe('drawer kick bytes', () => {
  it('ESC/POS: ESC p m t1 t2, m 0 for pin 2 and 1 for pin 5, times in 2 ms units', () => {
    expect(bytes(drawerKickBytes('esc-pos'))).toEqual([0x1b, 0x70, 0x00, 50, 250]);
    expect(bytes(drawerKickBytes('esc-pos', { pin: 5, onMs: 50, offMs: 500 }))).toEqual([0x1b, 0x70, 0x01, 25, 250]);
    expect(bytes(drawerKickBytes('esc-pos', { onMs: 510, offMs: 2 }))).toEqual([0x1b, 0x70, 0x00, 255, 1]);
  });

  it('StarPRNT: ESC BEL n1 n2 in 10 ms units, then BEL for drive 1 (pin 2) or SUB for drive 2 (pin 5)', () => {
    expect(bytes(drawerKickBytes('star-prnt', { onMs: 200, offMs: 200 }))).toEqual([0x1b, 0x07, 20, 20, 0x07]);
    expect(bytes(drawerKickBytes('star-prnt', { pin: 5, onMs: 100, offMs: 500 }))).toEqual([0x1b, 0x07, 10, 50, 0x1a]);
  });

  it('agrees with ReceiptPrinterEncoder pulse() for both languages (an independent encoder)', () => {
    for (const language of ['esc-pos', 'star-prnt'] as const) {
      const encoder = new ReceiptPrinterEncoder({ language: language === 'esc-pos' ? 'esc-pos' : 'star-prnt' });
      const theirs = [...encoder.pulse(1, 100, 500).encode()];
      const ours = bytes(drawerKickBytes(language, { pin: 5, onMs: 100, offMs: 500 }));
      // Their output may open with the printer's initialisation; the pulse is its last five bytes.
      expect(theirs.slice(-5)).toEqual(ours);
    }
  });

  it('DLE DC4 1 m t: the real-time kick, on time rounded up to 100 ms steps', () => {
    expect(bytes(realtimeDrawerKickBytes())).toEqual([0x10, 0x14, 0x01, 0x00, 1]);
    expect(bytes(realtimeDrawerKickBytes({ pin: 5, onMs: 250 }))).toEqual([0x10, 0x14, 0x01, 0x01, 3]);
  });

  it('refuses, as invalid and naming the value, a pulse the command cannot carry', () => {
    const kindOf = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return [(error as PrinterError).kind, (error as Error).message];
      }
      return null;
    };
    expect(kindOf(() => drawerKickBytes('esc-pos', { onMs: 600 }))).toEqual([
      'invalid',
      "the drawer pulse's on time of 600 ms is outside 2 to 510 ms",
    ]);
    expect(kindOf(() => drawerKickBytes('star-prnt', { offMs: 0 }))?.[1]).toBe(
      "the drawer pulse's off time of 0 ms is outside 10 to 1270 ms",
    );
    expect(kindOf(() => drawerKickBytes('esc-pos', { onMs: Number.NaN }))?.[0]).toBe('invalid');
    expect(kindOf(() => drawerKickBytes('esc-pos', { pin: 3 as 2 }))?.[1]).toBe(
      'the drawer pin 3 is not 2 or 5 of the kick-out connector',
    );
    expect(kindOf(() => realtimeDrawerKickBytes({ onMs: 900 }))?.[0]).toBe('invalid');
  });
});

describe('drawer sensor (DLE EOT 1, bit 2: pin 3)', () => {
  const pin3Low = 0x12;
  const pin3High = 0x16;
  it('reads a drawer whose switch pulls pin 3 low when open (the default level)', () => {
    expect(drawerFromPrinterStatus(pin3Low, 'low')).toBe('open');
    expect(drawerFromPrinterStatus(pin3High, 'low')).toBe('closed');
    // The offline bit does not change the drawer's reading.
    expect(drawerFromPrinterStatus(pin3Low | 0x08, 'low')).toBe('open');
  });

  it('reads a drawer wired the other way (open is high)', () => {
    expect(drawerFromPrinterStatus(pin3High, 'high')).toBe('open');
    expect(drawerFromPrinterStatus(pin3Low, 'high')).toBe('closed');
  });

  it('refuses a byte that is not a status reply, with a kind', () => {
    expect(() => drawerFromPrinterStatus(0x41, 'low')).toThrow(PrinterError);
    expect(() => drawerFromPrinterStatus(0x41, 'low')).toThrow(/0x41 is not a DLE EOT answer/);
  });
});
