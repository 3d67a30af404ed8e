import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubDatabase } from '../../../../src-main/hub/database';
import { emptyTotals, laneDayTotals } from '../../../../src-main/hub/manager/day-totals';
import type { Journal } from '../../../../src-main/lane/journal/journal';
import { addLane, addStore, hubEngines, journalEvents, projectAll } from '../../../support/hub-journal';
import { cardSale, followUp, laneTotals, openLaneJournal } from './lane-day';

const noon = Date.UTC(2026, 10, 28, 12, 0, 0);
const amount = fc.integer({ min: 1, max: 50_000 });
const step = fc.oneof(
  fc.record({ kind: fc.constant('sale' as const), amount, answer: fc.constantFrom('A', 'C', 'partial', 'fee') }),
  fc.record({ kind: fc.constant('authorize' as const), amount, tip: fc.integer({ min: 0, max: 2000 }) }),
  fc.record({ kind: fc.constantFrom('void' as const, 'partial-void' as const, 'refund' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constantFrom('unknown' as const, 'stored' as const, 'forwarded' as const, 'declined-later' as const),
    amount,
  }),
  fc.record({ kind: fc.constantFrom('cash' as const, 'cash-refund' as const, 'no-sale' as const), amount }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

/** Writes the steps through the Journal API; a follow-up picks one of the sales so far. */
function play(journal: Journal, steps: readonly Step[]) {
  const sales: Array<{ orderId: string; retref: string; amount: number }> = [];
  const card = { brand: 'visa', lastFour: '1443' };
  journal.day.openShift({ openedBy: '1001', floatMinor: 5000 });
  for (const s of steps) {
    if (s.kind === 'sale') {
      const outcome =
        s.answer === 'C'
          ? { respstat: 'C', amountMinor: 0 }
          : s.answer === 'partial'
            ? { amountMinor: Math.ceil(s.amount / 2) }
            : s.answer === 'fee'
              ? { amountMinor: s.amount + 25, feeMinor: 25 }
              : {};
      const sale = cardSale(journal, s.amount, outcome);
      if (s.answer !== 'C') sales.push({ ...sale, amount: s.amount });
    } else if (s.kind === 'authorize') {
      const held = cardSale(journal, s.amount, {}, 'authorize');
      followUp(
        journal,
        'capture',
        held,
        s.amount + s.tip,
        { setlstat: 'Accepted', amountMinor: s.amount + s.tip },
        { tipMinor: s.tip },
      );
      sales.push({ ...held, amount: s.amount + s.tip });
    } else if (s.kind === 'void' || s.kind === 'partial-void' || s.kind === 'refund') {
      const sale = sales[s.pick % Math.max(1, sales.length)];
      if (!sale) continue;
      if (s.kind === 'void') followUp(journal, 'void', sale, sale.amount, { respstat: 'A', amountMinor: 0 });
      else if (s.kind === 'refund') followUp(journal, 'refund', sale, 1, { respstat: 'A', amountMinor: 1 });
      else if (sale.amount > 1) {
        const left = Math.floor(sale.amount / 2);
        followUp(
          journal,
          'void',
          sale,
          sale.amount - left,
          { respstat: 'A', amountMinor: left },
          { expectedRemainderMinor: left },
        );
      }
    } else if (s.kind === 'unknown') {
      journal.markUnknown(journal.beginWithNewOrderId({ operation: 'auth', amountMinor: s.amount }).id, 'lost');
    } else if (s.kind === 'stored' || s.kind === 'forwarded' || s.kind === 'declined-later') {
      const stored = journal.offline.store({ operation: 'auth', amountMinor: s.amount }, Buffer.from('s'), card);
      if (s.kind === 'stored') continue;
      journal.offline.beginForwarding(stored.id);
      journal.complete(
        stored.id,
        s.kind === 'forwarded' ? { respstat: 'A', amountMinor: s.amount } : { respstat: 'C' },
      );
    } else if (s.kind === 'cash') {
      journal.day.recordCashSale({
        orderId: journal.nextOrderId(),
        tenderedMinor: s.amount + 10,
        changeMinor: 10,
        cashier: '1001',
      });
    } else if (s.kind === 'cash-refund') {
      journal.day.recordCashOut({ kind: 'refund', orderId: 'LANE01-X', amountMinor: s.amount, cashier: '1001' });
    } else journal.day.recordNoSale({ cashier: '1001', approvedBy: '9001', reason: 'change' });
  }
}

describe.each(hubEngines)('random lane days on $name', (engine) => {
  let db: HubDatabase;
  beforeAll(async () => {
    db = await engine.open();
    await addStore(db, 'store-r', 'UTC');
  });
  afterAll(() => db.close());

  it("totals every random day as the lane's dayTotals does (seeded)", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
        // Each run is its own store day, so runs never see each other's rows.
        const day = new Date(noon + run * 86_400_000).toISOString().slice(0, 10);
        const lane = { id: `lane-r${run++}`, storeId: 'store-r', merchantId: 'm', timeZone: 'UTC' };
        await addLane(db, lane);
        const cashier = { current: '1001' };
        const { journal } = openLaneJournal(Date.parse(`${day}T12:00:00Z`), cashier);
        play(journal, steps);
        const expected = laneTotals(journal);
        await projectAll(db, lane, journalEvents(journal.path));
        journal.close();
        const hub = (await laneDayTotals(db, 'store-r', day)).get(lane.id) ?? emptyTotals();
        expect(hub).toEqual(expected);
      }),
      { seed: 34, numRuns: 60 },
    );
  });
});
