import { describe, expect, it } from 'vitest';
import type { Authorization } from '../../../../src-main/lane/gateway/auth-response';
import type { TransactionRecord } from '../../../../src-main/lane/gateway/transaction-record';
import { overApprovalWords, readAnswer } from '../../../../src-main/lane/payment/authorize/answer-reading';

const answer = (fields: Partial<Authorization>): Authorization => ({
  outcome: 'approved',
  respstat: 'A',
  retref: '123456789012',
  authcode: 'PPS001',
  ...fields,
});

describe('reading an approval against the amount asked', () => {
  it.each([
    ['the amount asked', 1204, 'approved', 1204],
    ['less than asked', 500, 'partial', 500],
    ['no amount (the amount asked)', undefined, 'approved', 1204],
    ['a forced credit, negative', -1204, 'approved', 1204],
  ] as const)('approved for %s: %s', (_what, amount, kind, approvedMinor) => {
    expect(readAnswer(answer({ amount }), true, 1204)).toEqual({
      kind,
      approvedMinor,
      authcode: 'PPS001',
      retref: '123456789012',
    });
  });

  it.each([
    ['a device, 9,999.99 for 12.04', 999_999],
    ['the gateway, one cent more', 1205],
    ['a forced credit, more money back than asked', -999_999],
  ])('an approval for more than asked is never taken: %s', (_what, amount) => {
    expect(readAnswer(answer({ amount }), true, 1204)).toEqual({
      kind: 'over-approved',
      approvedMinor: Math.abs(amount),
      retref: '123456789012',
    });
  });

  it('reads a found record the same way, and a decline as a decline whatever its amount', () => {
    const record: TransactionRecord = { respstat: 'A', amount: 999_999, retref: '9', userfields: {} };
    expect(readAnswer(record, true, 1204)).toMatchObject({ kind: 'over-approved', approvedMinor: 999_999 });
    expect(readAnswer({ ...record, respstat: 'C', resptext: 'Do not honor', respcode: '05' }, false, 1204)).toEqual({
      kind: 'declined',
      reason: 'Do not honor',
      respcode: '05',
    });
  });

  it('says what was approved, what was asked, and what became of it', () => {
    expect(overApprovalWords.voided(999_999, 1204)).toBe(
      'The card was approved for $9,999.99, more than the $12.04 asked: the lane refused it and voided it, so nothing was charged. Run the card again.',
    );
    expect(overApprovalWords.notVoided(999_999, 1204, 'the gateway answered 05')).toMatch(
      /^The card was approved for \$9,999\.99, more than the \$12\.04 asked, and the lane could not void it \(the gateway answered 05\): the card may still be charged\./,
    );
  });
});

describe('reading a surcharged approval', () => {
  it('takes the fee out of the approved amount: 25.74 with fee 0.75 approves the 24.99 asked', () => {
    expect(readAnswer(answer({ amount: 2574, fee_amount: 75, fee_type: 'S' }), true, 2499)).toEqual({
      kind: 'approved',
      approvedMinor: 2499,
      surchargeMinor: 75,
      authcode: 'PPS001',
      retref: '123456789012',
    });
  });

  it('reads a recovered record by its fee setup (inquire carries no fee_amount)', () => {
    const record = {
      respstat: 'A',
      amount: 2574,
      retref: '123456789012',
      fee_type: 'S',
      fee_format: 'percent',
      fee_value: '3',
    };
    expect(readAnswer(record as TransactionRecord, true, 2499)).toMatchObject({
      kind: 'approved',
      approvedMinor: 2499,
      surchargeMinor: 75,
    });
  });

  it('still refuses more than the amount asked plus the fee', () => {
    expect(readAnswer(answer({ amount: 2600, fee_amount: 75, fee_type: 'S' }), true, 2499)).toMatchObject({
      kind: 'over-approved',
      approvedMinor: 2600,
    });
  });
});
