import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProtocolError, RetryableError } from '../../../../src-main/lane/gateway/errors';
import { parseReversal, reversalToWire, voidByOrderIdToWire } from '../../../../src-main/lane/gateway/reversal';
import { parseTransactionRecord, parseTransactionRecords } from '../../../../src-main/lane/gateway/transaction-record';
import { declinedAnswer, fullVoidAnswer, inquiredRecord, txnNotFoundAnswer } from '../../../support/gateway-answers';
import { rejectedField } from '../../../support/validation';

describe('void and refund requests', () => {
  it('sends a full void without an amount and a partial one as a decimal', () => {
    expect(reversalToWire('void', { merchid: '496160873888', retref: '343005123105' })).toEqual({
      merchid: '496160873888',
      retref: '343005123105',
    });
    expect(reversalToWire('void', { merchid: '496160873888', retref: '343005123105', amount: 500 }).amount).toBe(
      '5.00',
    );
    expect(reversalToWire('refund', { merchid: '496160873888', retref: '343005123105', amount: 1 }).amount).toBe(
      '0.01',
    );
  });

  it.each<[string, () => unknown, string]>([
    ['merchid required', () => reversalToWire('void', { merchid: '', retref: '1' }), 'merchid'],
    ['retref required', () => reversalToWire('void', { merchid: '1', retref: '' }), 'retref'],
    ['retref digits', () => reversalToWire('void', { merchid: '1', retref: '34300512310A' }), 'retref'],
    ['retref length', () => reversalToWire('refund', { merchid: '1', retref: '1'.repeat(15) }), 'retref'],
    ['negative void', () => reversalToWire('void', { merchid: '1', retref: '1', amount: -1 }), 'amount'],
    ['zero refund', () => reversalToWire('refund', { merchid: '1', retref: '1', amount: 0 }), 'amount'],
    ['fractional cents', () => reversalToWire('refund', { merchid: '1', retref: '1', amount: 1.5 }), 'amount'],
    ['orderid required', () => voidByOrderIdToWire({ merchid: '1', orderid: '' }), 'orderid'],
    ['orderid length', () => voidByOrderIdToWire({ merchid: '1', orderid: 'O'.repeat(51) }), 'orderid'],
    ['voidByOrderId merchid length', () => voidByOrderIdToWire({ merchid: '1'.repeat(17), orderid: 'A' }), 'merchid'],
    ['merchid length', () => reversalToWire('refund', { merchid: 'M'.repeat(17), retref: '1' }), 'merchid'],
  ])('refuses %s', (_rule, run, field) => {
    expect(rejectedField(run)).toBe(field);
  });

  it('accepts the edges those rules allow', () => {
    expect(
      rejectedField(() => reversalToWire('void', { merchid: '1'.repeat(16), retref: '1'.repeat(14), amount: 0 })),
    ).toBeNull();
    // The reference's limits: merchid a string of 16 (not always digits), orderid 50.
    expect(rejectedField(() => voidByOrderIdToWire({ merchid: '1'.repeat(16), orderid: 'O'.repeat(50) }))).toBeNull();
    expect(rejectedField(() => voidByOrderIdToWire({ merchid: 'MID-LANEPOINT-01', orderid: 'A' }))).toBeNull();
    expect(rejectedField(() => reversalToWire('void', { merchid: 'MID-LANEPOINT-01', retref: '1' }))).toBeNull();
  });
});

describe('parseReversal', () => {
  it('reads a declined refund with its decline category', () => {
    const category = { declineCategory: '3', declineCategoryText: 'Fix the request and retry' };
    const answer = { ...declinedAnswer, respcode: '500', resptext: 'Decline', ...category };
    expect(parseReversal('refund', answer, '')).toMatchObject({ outcome: 'declined', ...category });
  });

  it('reads a full void: amount 0.00 remaining, authcode REVERS', () => {
    expect(parseReversal('void', fullVoidAnswer, '')).toMatchObject({
      outcome: 'approved',
      amount: 0,
      authcode: 'REVERS',
    });
  });

  it('reads the PPS failure shape as a refusal, authcode null dropped', () => {
    const result = parseReversal('void', { ...txnNotFoundAnswer, authcode: null }, '');
    expect(result).toMatchObject({ outcome: 'declined', respproc: 'PPS', respcode: '29' });
    expect(result.authcode).toBeUndefined();
  });

  it('throws RetryableError for respstat B and ProtocolError for a body without respstat', () => {
    expect(() => parseReversal('refund', { respstat: 'B', respcode: '62' }, '')).toThrow(RetryableError);
    expect(() => parseReversal('refund', { amount: '1.00' }, '')).toThrow(ProtocolError);
  });
});

describe('transaction records', () => {
  const record = inquiredRecord;

  it('reads every field by name, decoding the flags, EMV data and userfields', () => {
    const { userfield: _raw, ...fields } = record;
    expect(parseTransactionRecord('inquire', record, '')).toEqual({
      ...fields,
      amount: 1234,
      emvTagData: { tvr: '0000008000', signature: 'true', entryMethod: 'Chip Read' },
      userfields: { lane: '3', shift: 'am' },
      voidable: true,
      refundable: false,
    } as unknown as ReturnType<typeof parseTransactionRecord>);
  });

  // inquire's answer in the OpenAPI file spells the order id orderid and adds expiry and the
  // decline fields; its emvTagData is an object there.
  it('reads inquire as the reference declares it: orderid, expiry, decline fields, emvTagData as an object', () => {
    const { orderId, emvTagData: _string, userfield: _raw, ...rest } = record;
    const advice = {
      declineCategory: '2',
      declineCategoryText: 'Wait to retry',
      merchAdviceCode: '21',
      merchAdviceText: 'Payment cancellation',
    };
    const emvTagData = { TVR: '0000008000', Signature: 'true' };
    const answer = { ...rest, orderid: orderId, expiry: '1228', emvTagData, ...advice };
    expect(parseTransactionRecord('inquire', answer, '')).toMatchObject({
      orderId: 'LANE01-000123',
      expiry: '1228',
      emvTagData: { tvr: '0000008000', signature: 'true' },
      ...advice,
    });
    expect(parseTransactionRecord('inquire', answer, '')).not.toHaveProperty('orderid');
    // inquire's receipt points at the one-letter flag in the OpenAPI file: a string is no receipt, not a failure.
    expect(parseTransactionRecord('inquire', { ...answer, receipt: 'Y' }, '')).not.toHaveProperty('receipt');
  });

  it('drops unknown fields and keeps new enumeration values', () => {
    const result = parseTransactionRecord(
      'inquire',
      { ...record, setlstat: 'Pending Review', zz9: [1, 2], dummy: { x: 1 } },
      '',
    );
    expect(result.setlstat).toBe('Pending Review');
    expect(result).not.toHaveProperty('zz9');
    expect(result).not.toHaveProperty('dummy');
  });

  it('reads the inquireByOrderid list, and a single record as a list of one', () => {
    expect(
      parseTransactionRecords('inquireByOrderid', [record, { ...record, retref: '2' }], '').map((r) => r.retref),
    ).toEqual(['343005123105', '2']);
    expect(parseTransactionRecords('inquireByOrderid', record, '')).toHaveLength(1);
  });

  it('is indifferent to field order', () => {
    const expected = parseTransactionRecord('inquire', record, '');
    fc.assert(
      fc.property(fc.shuffledSubarray(Object.entries(record), { minLength: Object.keys(record).length }), (entries) => {
        expect(parseTransactionRecord('inquire', Object.fromEntries(entries), '')).toEqual(expected);
      }),
      { numRuns: 50 },
    );
  });

  it('throws ProtocolError for a record that is not an object', () => {
    expect(() => parseTransactionRecord('inquire', 'Txn not found', '')).toThrow(ProtocolError);
  });
});
