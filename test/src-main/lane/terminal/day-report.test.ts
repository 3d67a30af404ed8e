import { describe, expect, it } from 'vitest';
import type { CashMovement, JournalEntry, Shift } from '../../../../src-main/lane/journal/journal';
import { receiptAsText } from '../../../../src-main/lane/receipt/escpos';
import { dayReportDocument } from '../../../../src-main/lane/terminal/day-desk';
import { dayTotals } from '../../../../src-main/lane/terminal/day-report';

let nextId = 1;
const entry = (fields: Partial<JournalEntry> & Pick<JournalEntry, 'operation' | 'amountMinor'>): JournalEntry => ({
  id: nextId++,
  orderId: `LANE01-261128-${String(nextId).padStart(5, '0')}`,
  state: 'completed',
  createdAt: 0,
  updatedAt: 0,
  note: null,
  cashier: '1001',
  outcome: { respstat: 'A', retref: '343005123105', amountMinor: fields.amountMinor },
  ...fields,
});
const cash = (fields: Partial<CashMovement> & Pick<CashMovement, 'kind' | 'amountMinor'>): CashMovement => ({
  id: nextId++,
  shiftId: 1,
  orderId: 'LANE01-261128-00099',
  tenderedMinor: null,
  changeMinor: null,
  cashier: '1002',
  approvedBy: null,
  reason: null,
  createdAt: 0,
  ...fields,
});

describe('dayTotals', () => {
  it('counts each kind of row once, where it belongs, and unknown outcomes apart', () => {
    const shift: Shift = {
      id: 1,
      openedBy: '1001',
      openedAt: 0,
      floatMinor: 10_000,
      closed: { by: '1001', at: 1, countedMinor: 10_950, expectedMinor: 11_000, overShortMinor: -50 },
    };
    const totals = dayTotals({
      entries: [
        entry({ operation: 'auth', amountMinor: 2000, maskedPan: '478825******1443', detail: { tender: 'sale' } }),
        // A surcharged sale: $24.99 and a $0.75 fee, charged together.
        entry({
          operation: 'auth',
          amountMinor: 2499,
          maskedPan: '545454******5454',
          detail: { tender: 'sale' },
          outcome: { respstat: 'A', amountMinor: 2574, feeMinor: 75 },
        }),
        // Authorized only, then captured with a tip: a sale once, at the capture.
        entry({ operation: 'auth', amountMinor: 5000, maskedPan: '478825******1443', detail: { tender: 'authorize' } }),
        entry({
          operation: 'capture',
          amountMinor: 5600,
          detail: { tipMinor: 600 },
          outcome: { setlstat: 'Queued for Capture', amountMinor: 5600 },
        }),
        entry({ operation: 'void', amountMinor: 2000 }),
        entry({ operation: 'refund', amountMinor: 300 }),
        entry({ operation: 'auth', amountMinor: 900, state: 'unknown', outcome: null }),
        entry({ operation: 'auth', amountMinor: 400, outcome: { respstat: 'C', amountMinor: 0 } }),
      ],
      movements: [
        cash({ kind: 'sale', amountMinor: 1235, tenderedMinor: 2000, changeMinor: 765 }),
        cash({ kind: 'refund', amountMinor: -235 }),
        cash({ kind: 'no-sale', amountMinor: 0, orderId: null, approvedBy: '9001', reason: 'change' }),
      ],
      shifts: [shift],
    });
    expect(totals).toEqual({
      sales: { count: 4, minor: 2000 + 2499 + 5600 + 1235 },
      byTender: {
        card: { count: 3, minor: 2000 + 2574 + 5600 - 2000 - 300 },
        cash: { count: 2, minor: 1000 },
        outside: { count: 0, minor: 0 },
      },
      byBrand: { visa: { count: 1, minor: 2000 }, mastercard: { count: 1, minor: 2499 } },
      byCashier: { '1001': { count: 3, minor: 2000 + 2499 + 5600 }, '1002': { count: 1, minor: 1235 } },
      refunds: { count: 2, minor: 535 },
      voids: { count: 1, minor: 2000 },
      noSales: 1,
      tipsMinor: 600,
      surchargesMinor: 75,
      shifts: [
        {
          id: 1,
          openedBy: '1001',
          floatMinor: 10_000,
          countedMinor: 10_950,
          expectedMinor: 11_000,
          overShortMinor: -50,
        },
      ],
      overShortMinor: -50,
      unknown: 1,
      offline: { stored: { count: 0, minor: 0 }, forwarded: { count: 0, minor: 0 }, declined: { count: 0, minor: 0 } },
    });
  });

  it('counts a sale paid in parts once, card and cash, its money as each part paid it', () => {
    const part = entry({
      operation: 'auth',
      amountMinor: 1000,
      maskedPan: '478825******1443',
      detail: { tender: 'sale' },
    });
    const rest = cash({ kind: 'sale', amountMinor: 1500, tenderedMinor: 2000, changeMinor: 500, cashier: '1001' });
    const alone = cash({ kind: 'sale', amountMinor: 1435, tenderedMinor: 2000, changeMinor: 565, cashier: '1001' });
    const totals = dayTotals({
      entries: [part],
      movements: [rest, alone],
      shifts: [],
      splitOf: { entries: new Map([[part.id, 7]]), movements: new Map([[rest.id, 7]]) },
    });
    expect(totals.sales).toEqual({ count: 2, minor: 1000 + 1500 + 1435 });
    expect(totals.byCashier).toEqual({ '1001': { count: 2, minor: 3935 } });
    // The tenders still count each part they took.
    expect(totals.byTender.card).toEqual({ count: 1, minor: 1000 });
    expect(totals.byTender.cash).toEqual({ count: 2, minor: 2935 });
  });

  it('takes a voided sale and a cancelled split sale out of the sales, the brands, the cashiers and the fees', () => {
    // A surcharged sale voided in full: the void's row keeps the amount voided (the answer's amount is what is left: 0).
    const surcharged = entry({
      operation: 'auth',
      amountMinor: 2499,
      maskedPan: '545454******5454',
      detail: { tender: 'sale' },
      outcome: { respstat: 'A', amountMinor: 2574, feeMinor: 75 },
    });
    const voided = entry({
      operation: 'void',
      orderId: surcharged.orderId,
      amountMinor: 2574,
      outcome: { respstat: 'A', amountMinor: 0 },
    });
    // A split sale of $12.00 cancelled with paid parts: $5.00 on a card voided, $3.00 cash handed back.
    const cardPart = entry({
      operation: 'auth',
      amountMinor: 500,
      maskedPan: '422222******2204',
      detail: { tender: 'sale' },
    });
    const cardBack = entry({
      operation: 'void',
      orderId: cardPart.orderId,
      amountMinor: 500,
      outcome: { respstat: 'A', amountMinor: 0 },
    });
    const cashPart = cash({
      kind: 'sale',
      orderId: 'LANE01-261128-C0007',
      amountMinor: 300,
      tenderedMinor: 300,
      changeMinor: 0,
    });
    const cashBack = cash({ kind: 'returned', orderId: 'LANE01-261128-C0007', amountMinor: -300 });
    // And one sale that stands.
    const kept = entry({
      operation: 'auth',
      amountMinor: 2000,
      maskedPan: '478825******1443',
      detail: { tender: 'sale' },
    });
    const totals = dayTotals({
      entries: [surcharged, voided, cardPart, cardBack, kept],
      movements: [cashPart, cashBack],
      shifts: [],
      splitOf: { entries: new Map([[cardPart.id, 9]]), movements: new Map([[cashPart.id, 9]]) },
    });
    expect(totals.sales).toEqual({ count: 1, minor: 2000 });
    expect(totals.byCashier).toEqual({ '1001': { count: 1, minor: 2000 } });
    expect(totals.byBrand).toEqual({ visa: { count: 1, minor: 2000 } });
    expect(totals.voids).toEqual({ count: 2, minor: 2574 + 500 });
    expect(totals.surchargesMinor).toBe(0);
    expect(totals.byTender.card).toEqual({ count: 1, minor: 2000 });
    expect(totals.byTender.cash).toEqual({ count: 0, minor: 0 });
  });
});

describe('dayTotals of card payments taken offline (ADR 074)', () => {
  const forwarded = { tender: 'sale', forwardedAt: 5 };
  const totals = () =>
    dayTotals({
      entries: [
        // Still stored: no issuer has seen it, so it is no sale and no card money yet.
        entry({
          operation: 'auth',
          amountMinor: 1500,
          maskedPan: '478825******1443',
          state: 'stored',
          outcome: null,
          detail: { tender: 'sale' },
        }),
        // Forwarded and approved: a card sale like any other, and counted as forwarded.
        entry({ operation: 'auth', amountMinor: 2200, maskedPan: '478825******1443', detail: forwarded }),
        // Forwarded and declined: the customer left with the goods; no sale.
        entry({
          operation: 'auth',
          amountMinor: 900,
          maskedPan: '438775******1020',
          detail: forwarded,
          outcome: { respstat: 'C', amountMinor: 0 },
        }),
        // Forwarded, its answer lost, found by recovery never to have taken effect (voided): a decline too.
        entry({
          operation: 'auth',
          amountMinor: 700,
          state: 'resolved',
          detail: forwarded,
          outcome: { applied: false },
        }),
        // Being forwarded right now: its outcome is unknown, counted there only.
        entry({ operation: 'auth', amountMinor: 300, state: 'pending', outcome: null, detail: forwarded }),
        // An online decline stays out of the offline lines.
        entry({ operation: 'auth', amountMinor: 400, outcome: { respstat: 'C', amountMinor: 0 } }),
      ],
      movements: [],
      shifts: [],
    });

  it('counts a stored payment apart, never in the sales or the card takings', () => {
    const day = totals();
    expect(day.offline.stored).toEqual({ count: 1, minor: 1500 });
    expect(day.sales).toEqual({ count: 1, minor: 2200 });
    expect(day.byTender.card).toEqual({ count: 1, minor: 2200 });
    expect(day.byBrand).toEqual({ visa: { count: 1, minor: 2200 } });
    expect(day.unknown).toBe(1);
  });

  it('counts a forwarded approval as a card sale and on the forwarded line, and offline declines apart', () => {
    const day = totals();
    expect(day.offline.forwarded).toEqual({ count: 1, minor: 2200 });
    expect(day.offline.declined).toEqual({ count: 2, minor: 1600 });
  });

  it('prints the offline lines apart, and a Z report says what becomes of payments still stored', () => {
    const page = { terminalId: 'LANE-01', training: false, printedAt: new Date(2026, 10, 28, 18, 0), columns: 48 };
    const z = receiptAsText(dayReportDocument({ kind: 'z', number: 4, totals: totals() }, page)).join('\n');
    expect(z).toMatch(/Offline stored \(1\) +\$15\.00/);
    expect(z).toMatch(/Offline forwarded \(1\) +\$22\.00/);
    expect(z).toMatch(/Offline declined \(2\) +\$16\.00/);
    expect(z).toContain('Stored payments are not sales yet. They stay in');
    expect(z).toContain('counted in the report of the day they are sent.');
    const x = receiptAsText(dayReportDocument({ kind: 'x', number: null, totals: totals() }, page)).join('\n');
    expect(x).toContain('Stored payments are not sales yet.');
    expect(x).not.toContain('counted in the report of the day they are sent.');
    // A day with nothing offline prints no offline lines.
    const quiet = dayTotals({ entries: [], movements: [], shifts: [] });
    expect(receiptAsText(dayReportDocument({ kind: 'z', number: 5, totals: quiet }, page)).join('\n')).not.toContain(
      'Offline',
    );
  });
});
