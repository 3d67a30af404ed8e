import { describe, expect, it } from 'vitest';
import { runSoak } from '../../bench/soak';

/**
 * A short soak (the bench runs 10,000 sales and measures memory): enough sales to pile up more
 * than Node's ten listeners on any emitter a sale forgets to let go of, with an on-screen
 * signature and both receipts each time, and the journal checked row by row against the
 * built-in gateway's ledger. Nothing here is timed.
 */
describe('soak: training sales through the core', () => {
  it('leaves no listener behind and keeps the journal equal to the gateway ledger', async () => {
    const result = await runSoak({ sales: 120, warmup: 20 });
    expect(result.listenerLeaks).toEqual([]);
    expect(result.disagreements).toEqual([]);
    expect(result.journalRows).toBe(120);
    expect(result.ledgerRows).toBe(120);
    // The rotation has one decline in seven: both outcomes went through the journal.
    expect(result.outcomes).toEqual({ approved: 103, declined: 17 });
  }, 300_000);
});
