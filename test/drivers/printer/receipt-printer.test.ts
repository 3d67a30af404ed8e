import { createReadStream } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { realtimeStatusByte } from '../../../src-main/stand-ins/devices/escpos-printer';
import { EmulatedReceiptPrinter } from '../../../src-main/stand-ins/devices/receipt-printer-peer';
import { ReceiptPrinter } from '../../../drivers/printer/receipt-printer';
import { parseRealtimeStatus, problemOf } from '../../../drivers/printer/status';
import { DeviceFileTransport } from '../../../drivers/transport/device-file';
import { TcpTransport } from '../../../drivers/transport/tcp';
import { encodeReceipt } from '../../../src-main/lane/receipt/escpos';
import { buildReceipt } from '../../../src-main/lane/receipt/model';
import { loadPrinterProfiles } from '../../../src-main/lane/receipt/profiles';
import { serialLinks } from '../../support/driver-serial-links';
import { PtyPair } from '../../support/pty-pair';
import { fullEmvSale } from '../../support/receipts';
import { until } from '../../support/until';

const profile = loadPrinterProfiles('assets/printers').get('escpos-80mm')!;
const receipt = (copy: 'merchant' | 'customer' = 'merchant') =>
  encodeReceipt(
    buildReceipt(fullEmvSale(), {
      copy,
      training: false,
      duplicate: false,
      printedAt: new Date(2026, 10, 22),
      columns: 48,
    }),
    profile,
  );
const printedText = (printer: EmulatedReceiptPrinter, page: number) =>
  printer.pages[page]!.lines.map((line) => line.trim()).filter(Boolean);

describe('DLE EOT status', () => {
  it('reads each condition from the three replies, and refuses a byte that is not a status', () => {
    const condition = { online: true, coverOpen: false, paperEnd: false, paperNearEnd: false };
    const read = (c: typeof condition) =>
      parseRealtimeStatus(realtimeStatusByte(1, c), realtimeStatusByte(2, c), realtimeStatusByte(4, c));
    expect(read(condition)).toEqual(condition);
    expect(problemOf(read({ ...condition, coverOpen: true, online: false }))).toBe('cover-open');
    expect(problemOf(read({ ...condition, paperEnd: true, online: false }))).toBe('paper-end');
    expect(problemOf(read({ ...condition, online: false }))).toBe('offline');
    expect(read({ ...condition, paperNearEnd: true })).toMatchObject({ paperNearEnd: true, paperEnd: false });
    expect(() => parseRealtimeStatus(0x41, 0x12, 0x12)).toThrow(/printer status reply 0x41/);
  });
});

describe('ReceiptPrinter over TCP port 9100', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const connect = async () => {
    const device = new EmulatedReceiptPrinter(profile);
    const port = await device.listen();
    const transport = new TcpTransport({ host: '127.0.0.1', port, backoff: { initialMs: 20, maxMs: 100 } });
    const printer = new ReceiptPrinter(transport, { realtimeStatus: true, statusTimeoutMs: 500 });
    await printer.open();
    cleanups.push(
      () => device.stop(),
      () => printer.close(),
    );
    return { device, printer, port };
  };

  it('prints jobs in order, one at a time, each checked before and after', async () => {
    const { device, printer } = await connect();
    const statuses: unknown[] = [];
    printer.on('status', (status) => statuses.push(status));
    await Promise.all([
      printer.print(receipt('merchant'), 'merchant copy'),
      printer.print(receipt('customer'), 'customer copy'),
    ]);
    expect(device.pages).toHaveLength(2);
    expect(printedText(device, 0)).toContain('MERCHANT COPY');
    expect(printedText(device, 1)).toContain('CUSTOMER COPY');
    expect(printedText(device, 0)).toContain('Café Crème & Söhne');
    expect(statuses).toHaveLength(4);
    expect(device.unknown).toEqual([]);
  });

  it('does not send a job while the cover is open, and prints it once closed', async () => {
    const { device, printer } = await connect();
    device.setCover(true);
    const attention: unknown[] = [];
    printer.on('attention', (problem, held) => attention.push([problem, held]));
    const job = printer.print(receipt(), 'sale receipt');
    await new Promise((resolve) => printer.once('attention', resolve));
    expect(attention).toEqual([['cover-open', 1]]);
    expect(device.pages).toHaveLength(0);
    device.setCover(false);
    await printer.resume();
    await job;
    expect(device.pages).toHaveLength(1);
  });

  it('keeps a job that ran out of paper half way, and reprints it whole when paper is loaded', async () => {
    const { device, printer } = await connect();
    device.setPaper(600);
    let settled = false;
    const job = printer.print(receipt(), 'sale receipt').finally(() => (settled = true));
    await new Promise((resolve) => printer.once('attention', resolve));
    expect(printer.held).toBe('paper-end');
    expect(settled).toBe(false);
    // A job queued meanwhile waits its turn behind the held one.
    const next = printer.print(receipt('customer'), 'customer copy');
    expect(printer.queued).toBe(2);
    device.loadPaper();
    await printer.resume();
    await Promise.all([job, next]);
    // The torn-off part on the old roll, then the whole receipt and the next one on the new roll.
    expect(device.pages).toHaveLength(3);
    expect(printedText(device, 2)).toContain('CUSTOMER COPY');
    expect(device.pages[0]!.cut).toBeNull();
    expect(printedText(device, 0)).not.toContain('MERCHANT COPY');
    expect(printedText(device, 1)).toContain('MERCHANT COPY');
    expect(printedText(device, 1)[0]).toBe(printedText(device, 0)[0]);
  });

  it('holds jobs while the printer is offline; the operator can discard them', async () => {
    const { device, printer } = await connect();
    device.setOnline(false);
    const job = printer.print(receipt(), 'sale receipt');
    await new Promise((resolve) => printer.once('attention', resolve));
    expect(printer.held).toBe('offline');
    expect(printer.discardHeld()).toBe(1);
    await expect(job).rejects.toMatchObject({
      kind: 'canceled',
      message: expect.stringMatching(/sale receipt was not printed/),
    });
  });

  it('rejects a job when the printer is unreachable, and prints again once it is back', async () => {
    const { device, printer, port } = await connect();
    const lost = new Promise((resolve) => printer.once('disconnected', resolve));
    await device.stop();
    await lost;
    await expect(printer.print(receipt(), 'sale receipt')).rejects.toMatchObject({ kind: 'unreachable' });
    const back = new EmulatedReceiptPrinter(profile);
    await back.listen(port);
    cleanups.push(() => back.stop());
    await printer.print(receipt(), 'sale receipt');
    expect(back.pages).toHaveLength(1);
  });
});

describe('ReceiptPrinter over a serial pseudo-terminal', () => {
  const serial = serialLinks();

  it('prints a receipt and reads status at 38400 baud', async () => {
    const { host, device: link } = await serial.link({ baudRate: 38_400 });
    const device = new EmulatedReceiptPrinter(profile);
    device.attach(link);
    const printer = new ReceiptPrinter(host, { realtimeStatus: true });
    await printer.open();
    await expect(printer.status()).resolves.toEqual({
      online: true,
      coverOpen: false,
      paperEnd: false,
      paperNearEnd: false,
    });
    await printer.print(receipt());
    expect(printedText(device, 0)).toContain('MERCHANT COPY');
    expect(device.pages[0]!.rasters).toHaveLength(1);
  });
});

describe('ReceiptPrinter on a USB printer-class device file', () => {
  it('writes the job as is, with no status on a one-way link', async () => {
    // A pseudo-terminal stands in for /dev/usb/lp0: a device node, which the transport requires.
    const pair = await new PtyPair().start();
    const received: Buffer[] = [];
    const reading = createReadStream(pair.device);
    reading.on('data', (chunk) => received.push(Buffer.from(chunk)));
    // The far end reads EIO once socat is stopped: the test is over by then.
    reading.on('error', () => undefined);
    try {
      const printer = new ReceiptPrinter(new DeviceFileTransport(pair.host), { realtimeStatus: false });
      await printer.open();
      const bytes = receipt();
      await printer.print(bytes);
      await printer.print(bytes);
      await printer.close();
      const expected = Buffer.concat([Buffer.from(bytes), Buffer.from(bytes)]);
      await until(() => Buffer.concat(received).length >= expected.length, 'both jobs arrived');
      expect(Buffer.concat(received).equals(expected)).toBe(true);
      await expect(printer.status()).rejects.toMatchObject({ kind: 'no-status' });
      await expect(
        new ReceiptPrinter(new DeviceFileTransport('/nonexistent/lp0'), { realtimeStatus: false }).print(bytes),
      ).rejects.toMatchObject({
        kind: 'unreachable',
        message: expect.stringMatching(/Cannot open \/nonexistent\/lp0/),
      });
    } finally {
      reading.destroy();
      await pair.stop();
    }
  });
});
