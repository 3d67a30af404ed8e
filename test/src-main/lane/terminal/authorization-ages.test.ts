import { describe, expect, it } from 'vitest';
import { achReturnWords } from '../../../../src-main/lane/terminal/ach-return-words';
import { fundingView } from '../../../../src-main/lane/terminal/funding-day';
import { authorizationAge } from '../../../../src-main/lane/terminal/open-authorizations';

describe('the age of an open authorization', () => {
  const ages = { expiryDays: 30, warnDays: 25 };
  it('is fresh before the warning day, warned from it, and expired from the expiry day', () => {
    expect([0, 24, 25, 29, 30, 31].map((days) => authorizationAge(days, ages))).toEqual([
      'fresh',
      'fresh',
      'warning',
      'warning',
      'expired',
      'expired',
    ]);
  });

  it('follows a store\u2019s own figures, and never warns later than the expiry', () => {
    expect([4, 5, 7].map((days) => authorizationAge(days, { expiryDays: 7, warnDays: 5 }))).toEqual([
      'fresh',
      'warning',
      'expired',
    ]);
    expect([6, 7].map((days) => authorizationAge(days, { expiryDays: 7, warnDays: 25 }))).toEqual(['fresh', 'expired']);
  });
});

describe('the funding the end of day shows', () => {
  it('says there is none when the gateway had no deposits', () => {
    expect(fundingView('20261124', undefined)).toMatchObject({ found: false, deposits: [], fundedMinor: 0 });
  });

  it('sums the fees and adjustments a deposit names, and words each ACH return by the guides\u2019 table', () => {
    const view = fundingView('20261124', {
      fundingdate: '20261124',
      fundings: [
        { fundingid: 'F1', netsales: 10_000, interchangefee: -150, fee: -50, adjustment: 25, totalfunding: 9_825 },
        { fundingid: 'F2', netsales: 500, totalfunding: 500 },
      ],
      txns: [
        { retref: 'R1', batchid: '1900', amount: 2_500, achreturncode: 'R01' },
        { retref: 'R2', batchid: '1900', amount: 700, achreturncode: 'R99' },
        { retref: 'R3', batchid: '1901', amount: 8_000 },
      ],
      adjustments: [],
      chargebacks: [{}],
    });
    expect(view.deposits).toEqual([
      {
        fundingid: 'F1',
        currency: null,
        netSalesMinor: 10_000,
        feesMinor: -200,
        adjustmentsMinor: 25,
        reversalsMinor: null,
        totalMinor: 9_825,
      },
      {
        fundingid: 'F2',
        currency: null,
        netSalesMinor: 500,
        feesMinor: null,
        adjustmentsMinor: null,
        reversalsMinor: null,
        totalMinor: 500,
      },
    ]);
    expect(view).toMatchObject({ fundedMinor: 10_325, batchids: ['1900', '1901'], transactions: 3, chargebacks: 1 });
    expect(view.achReturns).toEqual([
      { retref: 'R1', amountMinor: 2_500, code: 'R01', words: 'Insufficient funds' },
      { retref: 'R2', amountMinor: 700, code: 'R99', words: 'a return code the guide does not list' },
    ]);
  });

  it('has every code of the guides\u2019 table', () => {
    expect(Object.keys(achReturnWords)).toHaveLength(65);
    expect(achReturnWords.R83).toBe('Foreign Receiving DFI Unable to Settle');
  });
});
