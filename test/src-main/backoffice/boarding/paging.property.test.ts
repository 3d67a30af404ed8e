import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../../../src-main/reference/boarding-wire';
import { minimalMerchant, sampleOrder } from '../../../support/boarding';
import { boardingPairPerTest } from '../../../support/boarding-pair-per-test';

// Paging as the client reads it from the emulator over real HTTP: whatever the page size, the
// pages together hold every row once, in order, with the counts the spec's list answers carry.

const startPair = boardingPairPerTest();

/** Every page of a list from the first until the service says no more rows are available. */
async function allPages<Row>(read: (pageNumber: number) => Promise<Page<Row>>): Promise<Page<Row>[]> {
  const pages: Page<Row>[] = [];
  for (let pageNumber = 1; pageNumber <= 100; pageNumber++) {
    const page = await read(pageNumber);
    pages.push(page);
    if (!page.moreRowsAvailable) return pages;
  }
  throw new Error('the list never said its last page');
}

function expectWholeList<Row>(pages: Page<Row>[], pageSize: number, total: number): Row[] {
  const rows = pages.flatMap((page) => page.rows);
  expect(rows).toHaveLength(total);
  expect(pages).toHaveLength(Math.max(1, Math.ceil(total / pageSize)));
  pages.forEach((page, index) => {
    expect(page.totalServerItemsCount).toBe(total);
    expect(page.rows.length).toBeLessThanOrEqual(pageSize);
    // "Rows before and including this page".
    expect(page.totalDisplayItemsCount).toBe(Math.min(total, (index + 1) * pageSize));
    expect(page.moreRowsAvailable).toBe(index < pages.length - 1);
  });
  return rows;
}

describe('paging (properties, against the emulator)', () => {
  it('the catalog: every page size lists each item once, in the same order as one big page', async () => {
    const pair = await startPair();
    const whole = await pair.client.equipment.catalog({ salesCode: 'LPTRAIN', pageSize: 1000 });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 15 }), async (pageSize) => {
        const pages = await allPages((pageNumber) =>
          pair.client.equipment.catalog({ salesCode: 'LPTRAIN', pageSize, pageNumber }),
        );
        const rows = expectWholeList(pages, pageSize, whole.totalServerItemsCount);
        expect(rows.map((row) => row.equipmentId)).toEqual(whole.rows.map((row) => row.equipmentId));
      }),
      { numRuns: 15 },
    );
  });

  it("a merchant's orders: any count and page size give each order once", async () => {
    const pair = await startPair();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 5 }), async (count, pageSize) => {
        const merchantId = await pair.client.merchants.create(999, minimalMerchant());
        const made: number[] = [];
        for (let order = 0; order < count; order++)
          made.push(await pair.client.orders.create(sampleOrder(merchantId, { quantity: order + 1 })));
        const pages = await allPages((pageNumber) => pair.client.orders.list(merchantId, { pageSize, pageNumber }));
        const rows = expectWholeList(pages, pageSize, count);
        expect(new Set(rows.map((row) => row.orderId))).toEqual(new Set(made));
      }),
      { numRuns: 12 },
    );
  });
});
