import { describe, expect, it } from 'vitest';
import { judgeOrder, type OrderFacts, type OrderVerdict } from '../../../../src-main/lane/terminal/settlement-verdict';

const order = (facts: Partial<OrderFacts>): OrderFacts => ({
  laneMinor: 0,
  gatewayMinor: null,
  rejected: false,
  unknownToJournal: false,
  unsettled: [],
  ...facts,
});

/** Each row: a day's order as the end of day sees it, and what the report says of it. */
const cases: Array<[string, OrderFacts, OrderVerdict]> = [
  ['a sale settled in the batch', order({ laneMinor: 2000, gatewayMinor: 2000 }), { difference: null, later: [] }],
  ['a sale voided before the batch: nothing on either side', order({}), { difference: null, later: [] }],
  [
    'a partial void, then a capture of the rest, settled',
    order({ laneMinor: 1000, gatewayMinor: 1000 }),
    { difference: null, later: [] },
  ],
  [
    'a refund of a settled sale, queued for the next batch',
    order({
      laneMinor: 834,
      gatewayMinor: 1234,
      unsettled: [{ operation: 'refund', amountMinor: -400, setlstat: 'Queued for Capture', batchid: '5002' }],
    }),
    {
      difference: null,
      later: [
        {
          amountMinor: -400,
          batchid: '5002',
          pending: true,
          why: 'a refund of 4.00 is pending, in the next batch (batch 5002)',
        },
      ],
    },
  ],
  [
    'a capture after the day\u2019s last settlement: not "settled nothing"',
    order({
      laneMinor: 1000,
      gatewayMinor: null,
      unsettled: [{ operation: 'capture', amountMinor: 1000, setlstat: 'Queued for Capture', batchid: '5002' }],
    }),
    {
      difference: null,
      later: [
        {
          amountMinor: 1000,
          batchid: '5002',
          pending: true,
          why: 'a capture of 10.00 is pending, in the next batch (batch 5002)',
        },
      ],
    },
  ],
  [
    'a refund that settled in a batch not reported (the next day\u2019s)',
    order({
      laneMinor: 834,
      gatewayMinor: 1234,
      unsettled: [{ operation: 'refund', amountMinor: -400, setlstat: 'Accepted', batchid: '5003' }],
    }),
    {
      difference: null,
      later: [
        {
          amountMinor: -400,
          batchid: '5003',
          pending: false,
          why: 'a refund of 4.00 settled in batch 5003, not among these',
        },
      ],
    },
  ],
  [
    'a refund the gateway does not hold anywhere is a difference',
    order({
      laneMinor: 834,
      gatewayMinor: 1234,
      unsettled: [{ operation: 'refund', amountMinor: -400, setlstat: null, batchid: null }],
    }),
    { difference: 'the lane has 8.34; the gateway settled 12.34', later: [] },
  ],
  [
    'a sale the gateway never settled and cannot find',
    order({
      laneMinor: 999,
      unsettled: [{ operation: 'sale', amountMinor: 999, setlstat: 'Txn not found', batchid: null }],
    }),
    { difference: 'the lane has 9.99 for it; the gateway settled nothing of it in these batches', later: [] },
  ],
  [
    'a pending refund does not hide a batch that settled too little',
    order({
      laneMinor: 734,
      gatewayMinor: 1034,
      unsettled: [{ operation: 'refund', amountMinor: -400, setlstat: 'Queued for Capture', batchid: '5002' }],
    }),
    {
      difference: 'the lane has 11.34 in these batches; the gateway settled 10.34',
      later: [
        {
          amountMinor: -400,
          batchid: '5002',
          pending: true,
          why: 'a refund of 4.00 is pending, in the next batch (batch 5002)',
        },
      ],
    },
  ],
  [
    'a sale the processor rejected',
    order({ laneMinor: 2000, gatewayMinor: 0, rejected: true }),
    { difference: 'the processor rejected it: the lane has 20.00, the gateway settled 0.00', later: [] },
  ],
  [
    'a sale under this lane\u2019s order id the journal never wrote',
    order({ gatewayMinor: 777, unknownToJournal: true }),
    { difference: 'the gateway settled 7.77; this lane\u2019s journal has no sale under this order id', later: [] },
  ],
];

describe('end of day: the rules that judge one order against the settled batches', () => {
  it.each(cases)('%s', (_name, facts, verdict) => {
    expect(judgeOrder(facts)).toEqual(verdict);
  });
});
