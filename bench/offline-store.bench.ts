import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createFileSecretStore } from '../src-main/lane/config/secrets';
import type { AuthorizationRequest } from '../src-main/lane/gateway/auth-request';
import { createGatewayClient } from '../src-main/lane/gateway/client';
import { Journal } from '../src-main/lane/journal/journal';
import { outcomeOf } from '../src-main/lane/journal/journaled';
import { Forwarder } from '../src-main/lane/offline/forwarder';
import type { GatewayLink } from '../src-main/lane/offline/link-state';
import { OfflineBook } from '../src-main/lane/offline/offline-book';
import { RequestSeal } from '../src-main/lane/offline/seal';
import { systemClock } from '../src-main/platform/clock';
import { startEmulator } from '../src-main/stand-ins/gateway-emulator/server';
import type { BenchResult } from './harness';

const sales = 200;
const merchid = '496160873888';
const credentials = { level: 'site', username: 'testing', password: 'testing123' } as const;
const card = { maskedPan: '478825******1443', entryMode: 'chip', brand: 'VISA', lastFour: '1443' };
/** A chip sale as the authorize step sends it (clear track: the seal's worst case, the request whole). */
const chipSale = (amount: number): AuthorizationRequest => ({
  merchid,
  amount,
  capture: true,
  receipt: true,
  track: ';4788250000121443=28121010000000000?',
});
/** Always online: the forwarder's link while the gateway is there. */
const onlineLink: GatewayLink = {
  state: () => 'online',
  noteNeverLeft: () => undefined,
  noteAnswered: () => undefined,
  onChange: () => () => undefined,
  close: () => undefined,
};

const ms = (value: number) => `${value.toFixed(2)} ms`;

/** A row whose figures are in its note too (the table shows a note instead of the times). */
function row(name: string, durations: number[], target: string): BenchResult {
  const sorted = [...durations].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, d) => sum + d, 0) / sorted.length;
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  const note = `mean ${ms(mean)}, p50 ${ms(at(50))}, p99 ${ms(at(99))}, max ${ms(sorted.at(-1)!)}${target ? ` (${target})` : ''}`;
  return { name, samples: sorted.length, opsPerSecond: 1000 / mean, meanMs: mean, p50Ms: at(50), p99Ms: at(99), note };
}

/**
 * Issue 33's store and forward targets, on a real SQLite journal (WAL, synchronous=FULL) and the
 * real emulator over HTTP. (a) What storing adds to a sale: an online journaled sale (pending
 * row, auth at the emulator, completed row) against an offline one, whose whole cost is the
 * store (the request sealed, the row and the sealed bytes in one transaction; target <= 10 ms
 * p99), and the store after a request that never left (the pending row turned stored). (b) The
 * forwarder sending every payment stored in (a), one at a time, oldest first (target >= 20/s).
 */
export async function offlineStoreBenchmarks(): Promise<BenchResult[]> {
  const emulator = await startEmulator({ rateLimit: false });
  const folder = mkdtempSync(join(tmpdir(), 'bench-offline-'));
  const journal = Journal.open(join(folder, 'journal.sqlite'), { clock: systemClock, terminalId: 'BENCH-01' });
  const client = createGatewayClient({ baseUrl: emulator.url, credentials });
  const book = new OfflineBook(journal, await RequestSeal.open(createFileSecretStore(folder)));
  const online: number[] = [];
  const stored: number[] = [];
  const neverLeft: number[] = [];
  const plainRow: number[] = [];
  try {
    for (let sale = 0; sale < sales + 10; sale++) {
      const amount = 100 + sale;
      let started = performance.now();
      const { id, orderId } = journal.beginWithNewOrderId({ operation: 'auth', amountMinor: amount, ...card });
      journal.complete(id, outcomeOf(await client.auth({ ...chipSale(amount), orderid: orderId })));
      const onlineMs = performance.now() - started;
      started = performance.now();
      book.store(chipSale(amount), card);
      const storedMs = performance.now() - started;
      started = performance.now();
      const pending = journal.beginWithNewOrderId({ operation: 'auth', amountMinor: amount, ...card });
      const rowMs = performance.now() - started;
      started = performance.now();
      book.storeNeverLeft(pending.id, { ...chipSale(amount), orderid: pending.orderId }, card, 'connection refused');
      const neverLeftMs = performance.now() - started;
      // The first ten warm the caches, the connection and the statements.
      if (sale < 10) continue;
      online.push(onlineMs);
      stored.push(storedMs);
      neverLeft.push(neverLeftMs);
      plainRow.push(rowMs);
    }
    // Forwarding: every payment stored above (2 per sale), from a standing start.
    const waiting = book.outstanding().count;
    const forwarder = new Forwarder({ journal, book, link: onlineLink, client, merchid, clock: systemClock });
    const started = performance.now();
    const pass = await forwarder.forwardAll();
    const seconds = (performance.now() - started) / 1000;
    await forwarder.close();
    if (pass.stopped !== null || pass.sent !== waiting)
      throw new Error(`the forwarder sent ${pass.sent} of ${waiting}: ${pass.stopped ?? 'it stopped'}`);
    const perPayment = Array.from({ length: pass.sent }, () => (seconds * 1000) / pass.sent);
    const rate = pass.sent / seconds;
    const added = stored.map((storedMs, index) => storedMs - online[index]!);
    return [
      row('offline store: online journaled sale (pending row, auth, completed)', online, 'the baseline'),
      row('offline store: a sale stored offline (sealed, one transaction)', stored, 'target <= 10 ms p99'),
      row('offline store: stored minus online, the same sale in turns', added, 'negative: storing is quicker'),
      row('offline store: a request that never left, stored', neverLeft, 'the pending row turned stored'),
      row('offline store: one plain journal row (fsync), for scale', plainRow, 'what any journaled write costs'),
      {
        ...row('offline forward: stored payments sent to the emulator', perPayment, ''),
        opsPerSecond: rate,
        note: `${pass.sent} in ${seconds.toFixed(2)} s: ${rate.toFixed(0)} payments/s (target >= 20/s)`,
      },
    ];
  } finally {
    journal.close();
    await emulator.close();
  }
}
