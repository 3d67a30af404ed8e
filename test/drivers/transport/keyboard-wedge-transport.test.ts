import { describe, expect, it } from 'vitest';
import { KeyboardWedgeTransport } from '../../../drivers/transport/keyboard-wedge-transport';
import type { Keystroke } from '../../../drivers/transport/keyboard-wedge';
import { ManualClock } from '../../support/manual-clock';
import { publishedSwipeRecord } from '../../support/reader-samples';

/** A wedge on a clock the test moves, and everything it hands out. */
async function openWedge(options: { barcodes?: boolean; maxGapMs?: number } = {}) {
  const clock = new ManualClock();
  const wedge = new KeyboardWedgeTransport({ clock, ...options });
  const chunks: string[] = [];
  const released: string[] = [];
  const codes: string[] = [];
  const unreadable: Array<string | undefined> = [];
  wedge.on('data', (chunk) => chunks.push(Buffer.from(chunk).toString()));
  wedge.onRelease((keys) => released.push(...keys.map((key) => key.key)));
  wedge.onBarcode((code) => codes.push(code));
  wedge.onUnreadable((source) => unreadable.push(source));
  await wedge.open();
  return { clock, wedge, chunks, released, codes, unreadable };
}

/** Lets setImmediate callbacks (the wedge's settling after a silent sender) run. */
const immediate = () => new Promise((resolve) => setImmediate(resolve));

describe('KeyboardWedgeTransport', () => {
  it('emits a burst as one data chunk and releases a person’s keys after the pause', async () => {
    const clock = new ManualClock();
    const wedge = new KeyboardWedgeTransport({ clock, maxGapMs: 30 });
    const chunks: string[] = [];
    const released: string[] = [];
    wedge.on('data', (chunk) => chunks.push(Buffer.from(chunk).toString()));
    wedge.onRelease((keys) => released.push(...keys.map((key) => key.key)));
    expect(wedge.key('1')).toBe(false); // closed: everything passes
    await wedge.open();
    expect(wedge.key('1')).toBe(true);
    clock.advance(29);
    expect(released).toEqual([]);
    clock.advance(10);
    expect(released).toEqual(['1']);
    for (const key of publishedSwipeRecord) {
      expect(wedge.key(key)).toBe(true);
      clock.advance(3);
    }
    expect(wedge.key('Enter')).toBe(true);
    expect(chunks).toEqual([publishedSwipeRecord]);
    await expect(wedge.write()).rejects.toThrow('takes no commands');
    await wedge.close();
  });

  it('hands a scanner’s code to its barcode listeners, never to the card reader', async () => {
    const { clock, wedge, chunks, codes } = await openWedge({ barcodes: true });
    for (const key of [...'012000000133', 'Enter']) {
      expect(wedge.key(key)).toBe(true);
      clock.advance(4);
    }
    expect(codes).toEqual(['012000000133']);
    expect(chunks).toEqual([]);
    await wedge.close();
  });

  it('keeps each source’s keys apart: a key in one window never joins or ends a burst in another', async () => {
    const { wedge, codes, released } = await openWedge({ barcodes: true });
    const at = (key: string, time: number, source: string): Keystroke => ({ key, at: time, source });
    // Two pages whose clocks differ by hours: compared, every key would look like a pause.
    [...'4006381333931'].forEach((key, i) => {
      wedge.feed(at(key, 10 + i * 4, 'page-a'), 'sender');
      wedge.feed(at('7', 9_000_000 + i * 500, 'page-b'), 'sender');
    });
    wedge.feed(at('Enter', 10 + 13 * 4, 'page-a'), 'sender');
    expect(codes).toEqual(['4006381333931']);
    // page-b's sevens, half a second apart, were a person's: each released by the next.
    expect(released).toEqual(Array.from({ length: 12 }, () => '7'));
  });
});

describe('KeyboardWedgeTransport timed by the sender (a browser page)', () => {
  const scan = (wedge: KeyboardWedgeTransport, code: string, start: number) =>
    [...code, 'Enter'].every((key, i) => wedge.feed({ key, at: start + i * 8, source: 'page' }, 'sender'));

  it('never splits a burst when this process stalls between two keys: only the page’s times count', async () => {
    const { clock, wedge, codes, released, unreadable } = await openWedge({ barcodes: true });
    const code = '4006381333931';
    // Half the scan arrives, then this process stalls for 400 ms (its clock and timers run on),
    // then the rest arrives: the page pressed every key 8 ms apart.
    [...code.slice(0, 6)].forEach((key, i) => wedge.feed({ key, at: 100 + i * 8, source: 'page' }, 'sender'));
    clock.advance(400);
    await immediate();
    [...code.slice(6), 'Enter'].forEach((key, i) =>
      wedge.feed({ key, at: 100 + (i + 6) * 8, source: 'page' }, 'sender'),
    );
    expect(codes).toEqual([code]);
    expect(released).toEqual([]);
    expect(unreadable).toEqual([]);
  });

  it('settles a person’s held key when the page reports the pause, not before', async () => {
    const { wedge, released } = await openWedge({ barcodes: true });
    expect(wedge.feed({ key: '5', at: 1000, source: 'page' }, 'sender')).toBe(true);
    expect(wedge.settleAt('page')).toBe(1050);
    // A pause report from before the gap ended changes nothing.
    expect(wedge.pause('page', 1040)).toBe(1050);
    expect(released).toEqual([]);
    expect(wedge.pause('page', 1051)).toBeUndefined();
    expect(released).toEqual(['5']);
    expect(wedge.settleAt('page')).toBeUndefined();
  });

  it('says a scan went wrong when the page reports a pause inside a scanner-fast run', async () => {
    const { wedge, codes, released, unreadable } = await openWedge({ barcodes: true });
    [...'40063813'].forEach((key, i) => wedge.feed({ key, at: i * 8, source: 'page' }, 'sender'));
    wedge.pause('page', 500);
    expect(codes).toEqual([]);
    expect(unreadable).toEqual(['page']);
    expect(released).toEqual([...'40063813']);
  });

  it('settles a silent page’s keys after senderSilenceMs, and a key in time restarts the wait', async () => {
    const { clock, wedge, released } = await openWedge({ barcodes: true });
    wedge.feed({ key: '5', at: 1000, source: 'page' }, 'sender');
    clock.advance(1999);
    await immediate();
    wedge.feed({ key: 'x', at: 1010, source: 'page' }, 'sender');
    clock.advance(1999);
    await immediate();
    expect(released).toEqual([]);
    clock.advance(1);
    // The settling waits for I/O already read: the poll phase comes before setImmediate.
    expect(released).toEqual([]);
    await immediate();
    expect(released).toEqual(['5', 'x']);
  });

  it('takes many scans in a row, each whole, whatever this process’s clock does between keys', async () => {
    const { clock, wedge, codes } = await openWedge({ barcodes: true });
    const barcodes = ['012000000133', '4006381333931', '59012344', 'SKU-42-blue'];
    for (const [n, code] of barcodes.entries()) {
      expect(scan(wedge, code, n * 1000)).toBe(true);
      clock.advance(700);
      await immediate();
    }
    expect(codes).toEqual(barcodes);
  });
});
