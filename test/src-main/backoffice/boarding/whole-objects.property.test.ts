import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoardingValidationError } from '../../../../src-main/backoffice/boarding/errors';
import { omittedChildren, wholeUpdate } from '../../../../src-main/backoffice/boarding/whole-objects';
import type { Merchant } from '../../../../src-main/reference/boarding-wire';
import { withoutNulls } from '../../../support/boarding-reference';
import { minimalMerchant, sampleOrder, startBoardingPair, type BoardingPair } from '../../../support/boarding';

let pair: BoardingPair;
beforeAll(async () => {
  pair = await startBoardingPair();
});
afterAll(() => pair.emulator.close());

const text = fc.string({ minLength: 1, maxLength: 12 }).filter((value) => /^[A-Za-z0-9 ]+$/.test(value));
/** A change to some of the objects the guides name, each touching a few of its children. */
const patch = fc.record(
  {
    demographic: fc.record(
      {
        businessAddress: fc.record(
          { address1: text, city: text, zip: fc.constantFrom('80435', '10001') },
          { requiredKeys: [] },
        ),
        websiteAddress: text,
      },
      { requiredKeys: [] },
    ),
    merchantContactInfo: fc.record(
      { contactName: text, contactPhone: fc.constantFrom('555-123-4567', null) },
      { requiredKeys: [] },
    ),
    hierarchy: fc.record(
      { corpLevel: fc.constantFrom('A1', 'B2'), chainLevel: fc.constantFrom('C3', null) },
      { requiredKeys: [] },
    ),
    dbaName: text,
  },
  { requiredKeys: [] },
);

function deepMerge(base: unknown, change: unknown): unknown {
  if (change === null || typeof change !== 'object' || Array.isArray(change)) return change;
  const out: Record<string, unknown> = {
    ...(base !== null && typeof base === 'object' ? (base as Record<string, unknown>) : {}),
  };
  for (const [key, value] of Object.entries(change)) out[key] = deepMerge(out[key], value);
  return out;
}

describe('the partial-update rule (properties)', () => {
  it('a whole update built from any change keeps every child it did not change, on the emulator', async () => {
    await fc.assert(
      fc.asyncProperty(patch, async (change) => {
        const merchantId = await pair.client.merchants.create(999, minimalMerchant());
        const stored = (await pair.client.merchants.get(merchantId)).merchant;
        await pair.client.merchants.update(merchantId, wholeUpdate(stored, change as Merchant));
        const after = (await pair.client.merchants.get(merchantId)).merchant;
        for (const field of ['demographic', 'merchantContactInfo', 'hierarchy', 'bankDetail', 'ownership'] as const) {
          const expected = deepMerge(stored[field] ?? {}, (change as Record<string, unknown>)[field] ?? {});
          // Children the change never named come back as they were; a null reads as never set.
          expect(withoutNulls(after[field] ?? {})).toEqual(withoutNulls(expected));
        }
        expect(after.bankDetail).toEqual(stored.bankDetail);
      }),
      { numRuns: 25 },
    );
  });

  it('any sent object missing a child the stored one has is refused, naming that child', () => {
    fc.assert(
      fc.property(fc.constantFrom('address1', 'address2', 'city', 'stateCd', 'zip', 'countryCd'), (child) => {
        const stored = minimalMerchant();
        const sent = wholeUpdate(stored, { demographic: { businessAddress: { city: 'Dillon' } } });
        const address = (sent.demographic as { businessAddress: Record<string, unknown> }).businessAddress;
        delete address[child];
        expect(omittedChildren(sent, stored)).toEqual([`merchant.demographic.businessAddress.${child}`]);
      }),
    );
  });

  it('the client sends nothing when an object is not whole', async () => {
    const merchantId = await pair.client.merchants.create(999, minimalMerchant('Unchanged'));
    await expect(
      pair.client.merchants.update(merchantId, {
        bankDetail: {
          depositBank: { bankAcctNum: '1', bankRoutingNum: '123456789', bankAcctTypeCd: 'BIZ', bankName: 'X' },
        },
      }),
    ).rejects.toBeInstanceOf(BoardingValidationError);
    expect(pair.emulator.store.merchants.get(merchantId)!.merchant.bankDetail).toEqual(minimalMerchant().bankDetail);
  });
});

describe('paging (property)', () => {
  it('walking the order list page by page yields every order once, with the counters the service promises', async () => {
    const merchantId = await pair.client.merchants.create(999, minimalMerchant('Paged'));
    const created: number[] = [];
    for (let index = 0; index < 23; index++)
      created.push(await pair.client.orders.create(sampleOrder(merchantId, { quantity: index + 1 })));
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 30 }), async (pageSize) => {
        const seen: number[] = [];
        for (let pageNumber = 1; ; pageNumber++) {
          const page = await pair.client.orders.list(merchantId, { pageNumber, pageSize });
          seen.push(...page.rows.map((row) => row.orderId));
          expect(page.totalServerItemsCount).toBe(23);
          expect(page.totalDisplayItemsCount).toBe(seen.length);
          expect(page.moreRowsAvailable).toBe(seen.length < 23);
          if (!page.moreRowsAvailable) break;
        }
        expect(seen).toEqual(created);
      }),
      { numRuns: 20 },
    );
  });
});
