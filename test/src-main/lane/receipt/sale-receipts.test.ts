import { afterEach, describe, expect, it } from 'vitest';
import { EmulatedReceiptPrinter } from '../../../../src-main/stand-ins/devices/receipt-printer-peer';
import { ReceiptPrinter } from '../../../../drivers/printer/receipt-printer';
import { DeviceFileTransport } from '../../../../drivers/transport/device-file';
import { TcpTransport } from '../../../../drivers/transport/tcp';
import { containsCardNumber } from '../../../../src-main/lane/journal/journal';
import { buildReceipt } from '../../../../src-main/lane/receipt/model';
import { loadPrinterProfiles } from '../../../../src-main/lane/receipt/profiles';
import { printReceipts } from '../../../../src-main/lane/receipt/sale-receipts';
import { fullEmvSale } from '../../../support/receipts';
import { collectingLogger } from '../../../support/test-core';

const profile = loadPrinterProfiles('assets/printers').get('escpos-80mm')!;
const receipts = (['merchant', 'customer'] as const).map((copy) =>
  buildReceipt(
    { ...fullEmvSale(), kind: 'sale' },
    { copy, training: false, duplicate: false, printedAt: new Date(2026, 10, 22), columns: 48 },
  ),
);

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('printReceipts', () => {
  it('leaves no attention listener behind, however many sales print', async () => {
    const printer = new ReceiptPrinter(new DeviceFileTransport('/dev/null'), {
      realtimeStatus: false,
    });
    await printer.open();
    cleanups.push(() => printer.close());
    const before = printer.listenerCount('attention');
    for (let sale = 0; sale < 12; sale++)
      await expect(printReceipts({ printer, profile }, receipts)).resolves.toEqual({ ok: true });
    expect(printer.listenerCount('attention')).toBe(before);
  });

  it('reports a printer that cannot be reached in the result and the log, without card data', async () => {
    const { logger, lines } = collectingLogger();
    const printer = new ReceiptPrinter(new DeviceFileTransport('/nonexistent/lp0'), { realtimeStatus: false });
    const result = await printReceipts({ printer, profile }, receipts, logger);
    expect(result).toEqual({
      ok: false,
      problem: expect.stringMatching(/^the merchant copy could not be sent: .*\/nonexistent\/lp0/),
    });
    expect(printer.listenerCount('attention')).toBe(0);
    expect(lines.filter((line) => line.includes('the receipts did not print'))).toHaveLength(1);
    const log = lines.join('\n');
    expect(containsCardNumber(log)).toBe(false);
    // Not even the masked number: a print failure names the copy and the printer, not the sale.
    expect(log).not.toContain('****');
  });

  it('says a printer needs attention, takes its listener off, and logs the held receipts when they are discarded', async () => {
    const { logger, lines } = collectingLogger();
    const device = new EmulatedReceiptPrinter(profile);
    const port = await device.listen();
    const printer = new ReceiptPrinter(
      new TcpTransport({ host: '127.0.0.1', port, backoff: { initialMs: 20, maxMs: 100 } }),
      { realtimeStatus: true, statusTimeoutMs: 500 },
    );
    await printer.open();
    cleanups.push(
      () => device.stop(),
      () => printer.close(),
    );
    device.setCover(true);
    await expect(printReceipts({ printer, profile }, receipts, logger)).resolves.toEqual({
      ok: false,
      problem: expect.stringMatching(/needs attention \(cover-open\)/),
    });
    expect(printer.listenerCount('attention')).toBe(0);
    // A printer already holding jobs takes more without waiting for news that will not come.
    await expect(printReceipts({ printer, profile }, receipts, logger)).resolves.toEqual({
      ok: false,
      problem: expect.stringMatching(/needs attention \(cover-open\)/),
    });
    expect(printer.discardHeld()).toBe(4);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.filter((line) => line.includes('held receipts did not print'))).toHaveLength(2);
  });
});
