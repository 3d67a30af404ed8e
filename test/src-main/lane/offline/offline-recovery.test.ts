import { describe, expect, it } from 'vitest';
import { answerWindowMs } from '../../../../src-main/lane/gateway/recovery';
import { recoverJournal } from '../../../../src-main/lane/journal/journaled';
import { systemClock } from '../../../../src-main/platform/clock';
import { journalLanes, laneMerchid } from '../../../support/journal-lane';
import { approvingPan, chipSale, offlineOf } from './offline-lane';

const lanes = journalLanes('offline-recovery-');

describe('recovery and stored offline payments', () => {
  it('leaves a stored payment alone at start: it is not lost, and nothing is asked of the gateway', async () => {
    const lane = await lanes();
    const { book } = await offlineOf(lane);
    const stored = book.store(chipSale(approvingPan, 1200), { entryMode: 'chip' });
    expect(await recoverJournal(lane.journal, lane.client, laneMerchid, 'start')).toEqual([]);
    expect(lane.journal.get(stored.entryId)?.state).toBe('stored');
    expect(lane.journal.findings()).toEqual([]);
    expect(book.requestOf(stored.entryId)).toBeDefined();
  });

  it('stores again a forward the gateway never processed (a crash before it left), measured from when it was forwarded', async () => {
    let skew = 0;
    const lane = await lanes({ ...systemClock, now: () => Date.now() + skew });
    const { book } = await offlineOf(lane);
    const stored = book.store(chipSale(approvingPan, 1300), { entryMode: 'chip' });
    // Stored long ago; the forwarder took it just now and the lane died before the request left.
    skew += 10 * answerWindowMs;
    expect(lane.journal.offline.beginForwarding(stored.entryId)).toBe(true);
    const early = await recoverJournal(lane.journal, lane.client, laneMerchid, 'start');
    // Inside the answer window of the forward, "not found" is not final yet: it stays open.
    expect(early.map((result) => result.kind === 'authorization' && result.outcome.kind)).toEqual(['unresolved']);
    skew += answerWindowMs + 1000;
    await recoverJournal(lane.journal, lane.client, laneMerchid, 'start');
    expect(lane.journal.get(stored.entryId)).toMatchObject({
      state: 'stored',
      note: expect.stringContaining('stored again'),
    });
    expect(lane.journal.offline.get(stored.entryId)).toMatchObject({ attempts: 1, sealed: true });
    expect(lane.journal.findings()).toEqual([]);
  });
});
