import { describe, expect, it } from 'vitest';
import { SerialBarcodeScanner } from '../../../drivers/barcode-scanner/serial-scanner';
import type { ScanFraming, ScanProblem } from '../../../drivers/barcode-scanner/types';
import type { Backoff } from '../../../drivers/transport/types';
import { serialLinks } from '../../support/driver-serial-links';
import { until } from '../../support/until';

const serial = serialLinks();
const bytes = (text: string) => new TextEncoder().encode(text);

/** A scanner on the host end of a fresh pty pair, opened, with what it reports gathered. */
async function scannerOnLink(framing: ScanFraming, backoff?: Backoff) {
  const link = await serial.link({ baudRate: 9600, ...(backoff ? { backoff } : {}) });
  const scanner = new SerialBarcodeScanner({ transport: link.host, framing });
  const codes: string[] = [];
  const problems: ScanProblem[] = [];
  scanner.on('scan', (code) => codes.push(code));
  scanner.on('problem', (problem) => problems.push(problem));
  scanner.on('linkError', () => undefined);
  return { ...link, scanner, codes, problems };
}

describe('a serial barcode scanner over a real pseudo-terminal', () => {
  it('reads codes as the scanner sends them, with its prefix and suffix, whatever the pacing', async () => {
    const { scanner, device, codes, problems } = await scannerOnLink({ prefix: 'S', suffix: '', timeoutMs: 500 });
    await scanner.open();
    expect(scanner.description).toMatch(/at 9600 baud$/);
    await device.write(bytes('S012000000133\r\nS4006'));
    await device.write(bytes('381333931\r'));
    await device.write(bytes('012000000133\r'));
    await until(() => codes.length === 2 && problems.length === 1);
    expect(codes).toEqual(['012000000133', '4006381333931']);
    expect(problems).toEqual([{ kind: 'malformed', message: 'a 12-byte frame lacks the configured prefix' }]);
    await scanner.close();
  });

  it('drops the half code of a scanner that went silent, and goes on with the next', async () => {
    const { scanner, device, codes, problems } = await scannerOnLink({ prefix: '', suffix: '', timeoutMs: 50 });
    await scanner.open();
    await device.write(bytes('03700'));
    await until(() => problems.length === 1);
    await device.write(bytes('59012344\r'));
    await until(() => codes.length === 1);
    expect(problems[0]?.kind).toBe('incomplete');
    expect(codes).toEqual(['59012344']);
    await scanner.close();
  });

  it('says so when the link goes away, and reads again once it is back', async () => {
    const { host, device, pair } = await serial.link({ baudRate: 9600, backoff: { initialMs: 20, maxMs: 100 } });
    const scanner = new SerialBarcodeScanner({
      transport: host,
      framing: { prefix: '', suffix: '', timeoutMs: 60_000 },
    });
    const codes: string[] = [];
    let disconnected = 0;
    let reopened = 0;
    scanner.on('scan', (code) => codes.push(code));
    scanner.on('disconnected', () => (disconnected += 1));
    scanner.on('open', () => (reopened += 1));
    scanner.on('linkError', () => undefined);
    await scanner.open();
    let received = 0;
    host.on('data', (chunk) => (received += chunk.length));
    await device.write(bytes('0370'));
    await until(() => received === 4);
    await pair.stop(); // the cable is pulled mid-code
    await until(() => disconnected === 1);
    await device.close();
    await pair.restart();
    await until(() => reopened >= 2);
    const again = serial.port(pair.device, { baudRate: 9600 });
    await again.open();
    // The half code from before the pull is gone: only the new one arrives.
    await again.write(bytes('59012344\r'));
    await until(() => codes.length === 1);
    expect(codes).toEqual(['59012344']);
    await scanner.close();
  });
});
