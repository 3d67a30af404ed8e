import { describe, expect, it } from 'vitest';
import { splitStanding } from '../../../../src-main/lane/terminal/split-sale';
import { ManualClock } from '../../../support/manual-clock';
import { journalLanes } from '../../../support/journal-lane';
import { approvingPan, chipSale, offlineOf } from './offline-lane';

const lanes = journalLanes('split-stored-');

describe('a card part of a split sale stored offline (real SQLite journal)', () => {
  it('is linked to the open sale as it is stored and pays its part: the sale owes the rest', async () => {
    const lane = await lanes(new ManualClock(Date.UTC(2026, 10, 28, 15)));
    const { book } = await offlineOf(lane);
    const sale = lane.journal.split.begin({ totalMinor: 3000 });
    const { entryId } = book.store(chipSale(approvingPan, 1000), { maskedPan: '478825******1443', entryMode: 'chip' });
    const standing = splitStanding(lane.journal, lane.journal.split.rows(sale.id));
    expect(standing.cards).toEqual([
      expect.objectContaining({ stored: true, approvedMinor: 1000, standingMinor: 1000 }),
    ]);
    expect(standing.cards[0]!.entry.id).toBe(entryId);
    expect(standing.dueMinor).toBe(2000);
  });

  it('withdrawn (the sale cancelled), it leaves the store in one transaction and can never be forwarded', async () => {
    const lane = await lanes(new ManualClock(Date.UTC(2026, 10, 28, 15)));
    const { book } = await offlineOf(lane);
    const sale = lane.journal.split.begin({ totalMinor: 3000 });
    const { entryId } = book.store(chipSale(approvingPan, 1000), { maskedPan: '478825******1443', entryMode: 'chip' });
    expect(lane.journal.offline.withdraw(entryId, 'the sale was cancelled')).toBe(true);
    expect(lane.journal.get(entryId)).toMatchObject({ state: 'not-sent' });
    expect(lane.journal.offline.sealedOf(entryId)).toBeUndefined();
    expect(lane.journal.offline.stored()).toEqual([]);
    expect(lane.journal.offline.outstanding()).toMatchObject({ count: 0, minor: 0 });
    // The forwarder takes only stored rows: a withdrawn one is never sent.
    expect(lane.journal.offline.beginForwarding(entryId)).toBe(false);
    // Withdrawn twice, or once it was sent: refused, nothing changed.
    expect(lane.journal.offline.withdraw(entryId, 'again')).toBe(false);
    const standing = splitStanding(lane.journal, lane.journal.split.rows(sale.id));
    expect(standing.cards).toEqual([]);
    expect(standing.dueMinor).toBe(3000);
  });
});
