import { describe, expect, it } from 'vitest';
import { maxSaleMinor } from '../../../../src-main/lane/ipc/cart';
import type { SaleSummary } from '../../../../src-main/lane/ipc/contract';
import { ok, trainingJournalEntries } from '../../../support/test-core';
import { builtInTrainingLane, devicesConnected, lanesClosedAfterEachTest, presentWhenReading } from './support';

const cores = lanesClosedAfterEachTest();

/** Eleven lines at the largest unit price: each line passes the contract, the total does not pass the sale limit. */
const hugeCart = Array.from({ length: 11 }, (_, index) => ({
  description: `Pallet ${index + 1}`,
  quantity: 1,
  unitMinor: 9_999_999,
  taxMinor: 0,
}));

describe('the sale limit (the keypad\u2019s, kept by the core)', () => {
  it('refuses a cart above it before any card is asked for, saying what it came to, and journals nothing', async () => {
    const { core, dir, phases } = builtInTrainingLane(cores);
    await devicesConnected(core);
    const reply = await core.dispatch('terminal.sale', { amountMinor: 109_999_989, cart: hugeCart });
    expect(reply).toEqual({
      ok: false,
      error: {
        code: 'invalid_argument',
        field: 'cart',
        message:
          'The cart comes to $1,099,999.89, more than one sale can take ($999,999.99): check its quantities and prices, or ring it up as two sales.',
      },
    });
    expect(phases.map((state) => state.phase)).not.toContain('awaiting-card');
    const keyed = await core.dispatch('terminal.sale', { amountMinor: maxSaleMinor + 1 });
    expect(keyed).toMatchObject({
      ok: false,
      error: {
        field: 'amountMinor',
        message: '$1,000,000.00 is more than one sale can take ($999,999.99): check the amount.',
      },
    });
    await core.close();
    expect(trainingJournalEntries(dir)).toEqual([]);
  });

  it('takes a cart of exactly the limit', async () => {
    const { core } = builtInTrainingLane(cores);
    await devicesConnected(core);
    presentWhenReading(core, 'visa-approve', 'insert');
    const cart = [{ description: 'Pallet', quantity: 10, unitMinor: 9_999_999, taxMinor: 9 }];
    const summary = ok(await core.dispatch('terminal.sale', { amountMinor: maxSaleMinor, cart })) as SaleSummary;
    expect(summary).toMatchObject({ outcome: 'approved', approvedMinor: maxSaleMinor });
  });
});
