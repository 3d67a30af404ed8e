import { describe, expect, it } from 'vitest';
import { EmulatedReceiptPrinter } from '../../../src-main/stand-ins/devices/receipt-printer-peer';
import { ReceiptPrinter } from '../../../drivers/printer/receipt-printer';
import { createMemoryPair } from '../../../drivers/transport/memory';
import { loadPrinterProfiles } from '../../../src-main/lane/receipt/profiles';
import { ManualClock } from '../../support/manual-clock';

const profile = loadPrinterProfiles('assets/printers').get('escpos-80mm')!;

/** Lets the code under test run up to its next real wait, without giving the loop a turn. */
async function runMicrotasks(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/** A ReceiptPrinter on a memory pair, its status timeout on a clock the test moves. */
async function printerOnLink(withPeer: boolean) {
  const clock = new ManualClock();
  const { host, device } = createMemoryPair('status deadline link');
  const emulated = new EmulatedReceiptPrinter(profile);
  if (withPeer) emulated.attach(device);
  await device.open();
  const printer = new ReceiptPrinter(host, { realtimeStatus: true, statusTimeoutMs: 1000, clock });
  await printer.open();
  return { clock, printer };
}

describe('the printer status deadline', () => {
  it('reads the answer that waits in the queue when a stalled loop lets the deadline pass first', async () => {
    const { clock, printer } = await printerOnLink(true);
    const status = printer.status();
    await runMicrotasks();
    // The request is written and the deadline is set; the printer's answer has not been
    // delivered yet (it crosses the link on the next loop turn).
    expect(clock.pending).toBe(1);
    // A stall: the loop comes back after the deadline, and due timers run before the answer.
    clock.advance(1500);
    await expect(status).resolves.toEqual({ online: true, coverOpen: false, paperEnd: false, paperNearEnd: false });
    expect(clock.pending).toBe(0);
  });

  it('still rejects with no-status when the printer never answers', async () => {
    const { clock, printer } = await printerOnLink(false);
    const status = printer.status();
    const settled = status.then(
      () => 'answered',
      () => 'rejected',
    );
    await runMicrotasks();
    clock.advance(999);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await Promise.race([settled, Promise.resolve('waiting')])).toBe('waiting');
    clock.advance(1);
    await expect(status).rejects.toMatchObject({
      kind: 'no-status',
      message: 'the printer did not answer a status request within 1000 ms',
    });
  });
});
