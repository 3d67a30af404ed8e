import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { receiptMailSettingsSchema } from '../src-main/lane/config/receipt-mail-settings';
import { Journal } from '../src-main/lane/journal/journal';
import { createReceiptOutbox, type ReceiptOutbox } from '../src-main/lane/receipt-mail/outbox';
import { encodeReceipt, receiptAsText } from '../src-main/lane/receipt/escpos';
import { loadPrinterProfiles } from '../src-main/lane/receipt/profiles';
import { dayReportDocument } from '../src-main/lane/terminal/day-desk';
import { dayTotals } from '../src-main/lane/terminal/day-report';
import { ManualClock } from '../test/support/manual-clock';
import { fullEmvSale } from '../test/support/receipts';
import type { BenchCase } from './harness';

const profile = loadPrinterProfiles('assets/printers').get('escpos-80mm')!;
const payments = 10_000;

/**
 * A journal holding a day of 10,000 payments in one shift: card sales on four brands by three
 * cashiers, every tenth a cash sale with change, every fiftieth a refund, every hundredth voided.
 * Written in one transaction of plain SQL (a real day's rows, without a real day's fsyncs).
 */
function dayJournal(): Journal {
  const path = join(mkdtempSync(join(tmpdir(), 'bench-day-')), 'journal.sqlite');
  const now = Date.UTC(2026, 10, 28, 9, 0, 0);
  Journal.open(path, { clock: { now: () => now }, terminalId: 'LANE-01' }).close();
  const db = new Database(path);
  const pans = ['478825******1443', '545454******5454', '371449*****8431', '601100******0004'];
  db.transaction(() => {
    // The shift is closed (counted): a Z report is refused while one is open.
    db.prepare(
      'INSERT INTO shifts (opened_by, opened_at, float_minor, closed_by, closed_at, counted_minor, expected_minor) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run('1001', now, 20_000, '1001', now + payments * 1000, 20_000, 20_000);
    const entry = db.prepare(
      "INSERT INTO entries (operation, order_id, amount_minor, masked_pan, entry_mode, detail, state, outcome, created_at, updated_at, cashier, shift_id) VALUES (?, ?, ?, ?, 'chip', ?, 'completed', ?, ?, ?, ?, 1)",
    );
    const cash = db.prepare(
      'INSERT INTO cash_movements (shift_id, kind, order_id, amount_minor, tendered_minor, change_minor, cashier, created_at) VALUES (1, ?, ?, ?, ?, ?, ?, ?)',
    );
    for (let i = 0; i < payments; i++) {
      const orderId = `LANE01-261128-${String(i).padStart(5, '0')}`;
      const amount = 100 + ((i * 7919) % 20_000);
      const cashier = ['1001', '1002', '1003'][i % 3]!;
      const at = now + i * 1000;
      if (i % 10 === 9) {
        cash.run('sale', orderId, amount, amount + 500 - (amount % 500), 500 - (amount % 500) || 0, cashier, at);
        continue;
      }
      const operation = i % 100 === 49 ? 'void' : i % 50 === 24 ? 'refund' : 'auth';
      const outcome = JSON.stringify({
        respstat: 'A',
        retref: `34300${String(i).padStart(7, '0')}`,
        amountMinor: amount,
      });
      entry.run(operation, orderId, amount, pans[i % 4], JSON.stringify({ tender: 'sale' }), outcome, at, at, cashier);
    }
  })();
  db.close();
  return Journal.open(path, { clock: { now: () => now }, terminalId: 'LANE-01' });
}

/** The X report's whole work: the rows since the last Z, their totals, the screen's lines and the printer's bytes. */
function xReport(journal: Journal): number {
  const totals = dayTotals(journal.day.sinceLastZ());
  const document = dayReportDocument(
    { kind: 'x', number: null, totals },
    { terminalId: 'LANE-01', training: false, printedAt: new Date(), columns: 48 },
  );
  return receiptAsText(document).length + encodeReceipt(document, profile).length;
}

/** An outbox whose sender never runs (its clock is never advanced): queue() alone is timed. */
function idleOutbox(): ReceiptOutbox {
  return createReceiptOutbox({
    path: join(mkdtempSync(join(tmpdir(), 'bench-outbox-')), 'receipt-outbox.sqlite'),
    clock: new ManualClock(),
    settings: () =>
      receiptMailSettingsSchema.parse({ host: '127.0.0.1', port: 2525, security: 'none', from: 'r@store.example' }),
    password: async () => undefined,
    receiptFacts: (orderId) => ({ ...sale, gateway: { ...sale.gateway, orderId } }),
    training: false,
    logger: { info: () => undefined, warn: () => undefined },
  });
}

let queued = 0;
const sale = fullEmvSale();

/** Issue 32's rows: the day's reports over a day of payments, and an emailed receipt's queueing. */
export const dayBenchmarks: BenchCase[] = [
  {
    name: `day: X report over ${payments.toLocaleString('en-US')} journaled payments, to screen lines and ESC/POS bytes (target < 1 s)`,
    iterations: 10,
    setup: dayJournal,
    run: (journal) => xReport(journal as Journal),
    teardown: (journal) => (journal as Journal).close(),
  },
  {
    name: `day: Z report over ${payments.toLocaleString('en-US')} journaled payments, numbered and kept (target < 1 s)`,
    iterations: 10,
    // Each iteration closes a fresh copy of the day: a Z report over nothing would be no measure.
    setup: () => Array.from({ length: 20 }, dayJournal),
    run: (journals) => {
      const journal = (journals as Journal[]).pop()!;
      const z = journal.day.closeDay('9001', dayTotals);
      const document = dayReportDocument(
        { kind: 'z', number: z.number, totals: z.totals },
        { terminalId: 'LANE-01', training: false, printedAt: new Date(), columns: 48 },
      );
      const size = receiptAsText(document).length + encodeReceipt(document, profile).length;
      journal.close();
      return size;
    },
    teardown: (journals) => (journals as Journal[]).forEach((journal) => journal.close()),
  },
  {
    name: 'receipt mail: queue an emailed receipt (target < 5 ms; the sale never waits on the mail server)',
    iterations: 300,
    setup: idleOutbox,
    run: (outbox) =>
      (outbox as ReceiptOutbox).queue({ orderId: `LANE01-261128-${++queued}`, address: 'jo@example.com' }),
    teardown: (outbox) => (outbox as ReceiptOutbox).close(),
  },
];
