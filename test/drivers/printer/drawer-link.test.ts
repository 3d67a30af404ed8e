import { describe, expect, it } from 'vitest';
import { ReceiptPrinter } from '../../../drivers/printer/receipt-printer';
import { EmulatedReceiptPrinter } from '../../../src-main/stand-ins/devices/receipt-printer-peer';
import { loadPrinterProfiles } from '../../../src-main/lane/receipt/profiles';
import { serialLinks } from '../../support/driver-serial-links';

const profile = loadPrinterProfiles('assets/printers').get('escpos-80mm')!;

describe('ReceiptPrinter and the cash drawer over a serial link (pseudo-terminal pair)', () => {
  const serial = serialLinks();
  const connect = async (drawer: boolean | { openLevel: 'high' | 'low' } = true, level?: 'high' | 'low') => {
    const { host, device: link } = await serial.link({ baudRate: 38_400 });
    const device = new EmulatedReceiptPrinter({ ...profile, drawer });
    device.attach(link);
    const printer = new ReceiptPrinter(host, {
      realtimeStatus: true,
      ...(level ? { drawerOpenLevel: level } : {}),
    });
    await printer.open();
    return { device, printer };
  };

  it('opens the drawer, reads it open until it is closed, and a second kick leaves it open', async () => {
    const { device, printer } = await connect();
    await expect(printer.drawerStatus()).resolves.toBe('closed');
    await printer.openDrawer();
    await expect(printer.drawerStatus()).resolves.toBe('open');
    await printer.openDrawer();
    await expect(printer.drawerStatus()).resolves.toBe('open');
    expect(device.drawer).toMatchObject({ pulses: 2, timesOpened: 1 });
    device.closeDrawer();
    await expect(printer.drawerStatus()).resolves.toBe('closed');
  });

  it('a pulse too short to throw the latch leaves the drawer shut', async () => {
    const { printer } = await connect();
    await printer.openDrawer({ onMs: 30 });
    await expect(printer.drawerStatus()).resolves.toBe('closed');
  });

  it('reads a drawer wired open-high when the printer is set so', async () => {
    const { printer } = await connect({ openLevel: 'high' }, 'high');
    await printer.openDrawer();
    await expect(printer.drawerStatus()).resolves.toBe('open');
  });

  it('opens the drawer while a receipt is held for paper, and the receipt still prints after', async () => {
    const { device, printer } = await connect();
    device.setPaper(0);
    const job = printer.print(Uint8Array.from([...Buffer.from('TEST PRINT\n', 'latin1'), 0x1d, 0x56, 0x00]));
    await new Promise((resolve) => printer.once('attention', resolve));
    expect(printer.held).toBe('paper-end');
    await printer.openDrawer();
    await expect(printer.drawerStatus()).resolves.toBe('open');
    device.loadPaper();
    await printer.resume();
    await job;
    expect(device.pages.at(-1)?.lines.map((line) => line.trim())).toContain('TEST PRINT');
    expect(device.drawer?.timesOpened).toBe(1);
  });

  it('opens the drawer on a printer out of paper before any job showed it (checked first, real-time kick)', async () => {
    const { device, printer } = await connect();
    device.setPaper(0);
    await printer.openDrawer();
    await expect(printer.drawerStatus()).resolves.toBe('open');
  });

  it('reports unknown for a StarPRNT printer and a one-way link, without asking', async () => {
    const { host } = await serial.link({ baudRate: 38_400 });
    const star = new ReceiptPrinter(host, { realtimeStatus: false, language: 'star-prnt' });
    await expect(star.drawerStatus()).resolves.toBe('unknown');
    const starOnTwoWay = new ReceiptPrinter(host, { realtimeStatus: true, language: 'star-prnt' });
    await expect(starOnTwoWay.drawerStatus()).resolves.toBe('unknown');
  });
});
