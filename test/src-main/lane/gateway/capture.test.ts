import { noWaitClock } from '../../../support/no-wait-clock';
import { afterEach, describe, expect, it } from 'vitest';
import { authorizationToWire } from '../../../../src-main/lane/gateway/auth-request';
import { captureToWire, parseCapture, type CaptureRequest } from '../../../../src-main/lane/gateway/capture';
import type { LineItem } from '../../../../src-main/lane/gateway/capture-details';
import { createGatewayClient } from '../../../../src-main/lane/gateway/client';
import { ProtocolError } from '../../../../src-main/lane/gateway/errors';
import { scriptedGateway } from '../../../support/scripted-gateway';
import { rejectedField } from '../../../support/validation';

const widget: LineItem = {
  lineno: 1,
  description: 'Widget',
  upc: '012345678905',
  quantity: 2,
  uom: 'EA',
  unitcost: 500,
  netamnt: 1000,
  taxamnt: 80,
};
const gadget: LineItem = {
  lineno: 2,
  description: 'Gadget',
  quantity: 1.5,
  uom: 'LB',
  netamnt: 300,
  taxamnt: 24,
  discamnt: 100,
};
// 1000 + 80 + 300 + 24 - 100 = 1304
const level3: CaptureRequest = {
  merchid: '496160873888',
  retref: '343005123105',
  authcode: 'PPS568',
  amount: 1304,
  ponumber: 'PO-7781',
  taxamnt: 104,
  orderdate: '20261122',
  shiptozip: '55555',
  shipfromzip: '554321234',
  shiptocountry: 'US',
  items: [widget, gadget],
};

describe('captureToWire', () => {
  it('sends Level 2/3 data with decimal money and string quantities', () => {
    expect(captureToWire(level3)).toEqual({
      merchid: '496160873888',
      retref: '343005123105',
      authcode: 'PPS568',
      amount: '13.04',
      ponumber: 'PO-7781',
      taxamnt: '1.04',
      orderdate: '20261122',
      shiptozip: '55555',
      shipfromzip: '554321234',
      shiptocountry: 'US',
      items: [
        {
          lineno: '1',
          description: 'Widget',
          upc: '012345678905',
          quantity: '2',
          uom: 'EA',
          unitcost: '5.00',
          netamnt: '10.00',
          taxamnt: '0.80',
        },
        {
          lineno: '2',
          description: 'Gadget',
          quantity: '1.5',
          uom: 'LB',
          netamnt: '3.00',
          taxamnt: '0.24',
          discamnt: '1.00',
        },
      ],
    });
  });

  it("sends a tax-exempt line's flag as the reference's one letter, Y or N", () => {
    const exempt = captureToWire({
      ...level3,
      amount: undefined,
      taxamnt: 24,
      items: [
        { ...widget, taxexempt: true, taxamnt: 0 },
        { ...gadget, taxexempt: false },
      ],
    });
    expect((exempt.items as Array<Record<string, string>>).map((item) => item.taxexempt)).toEqual(['Y', 'N']);
  });

  it('accepts a merchant id with letters, as the reference allows', () => {
    expect(captureToWire({ merchid: 'MID-LANEPOINT-01', retref: '343005123105' }).merchid).toBe('MID-LANEPOINT-01');
  });

  it('captures the authorized amount when none is given', () => {
    expect(captureToWire({ merchid: '496160873888', retref: '343005123105' })).toEqual({
      merchid: '496160873888',
      retref: '343005123105',
    });
  });

  const withItem = (change: Partial<LineItem>): CaptureRequest => ({
    ...level3,
    amount: undefined,
    taxamnt: (change.taxamnt ?? 80) + 24,
    items: [{ ...widget, ...change }, gadget],
  });

  // One accepted and one refused request per rule, with the field the refusal names.
  it.each<[string, CaptureRequest, CaptureRequest, string]>([
    ['retref required', level3, { ...level3, retref: '' }, 'retref'],
    ['retref digits', level3, { ...level3, retref: '3430051231O5' }, 'retref'],
    ['merchid length', { ...level3, merchid: '1'.repeat(16) }, { ...level3, merchid: '1'.repeat(17) }, 'merchid'],
    ['ponumber length', { ...level3, ponumber: 'P'.repeat(36) }, { ...level3, ponumber: 'P'.repeat(37) }, 'ponumber'],
    [
      'invoiceid length',
      { ...level3, invoiceid: 'I'.repeat(12) },
      { ...level3, invoiceid: 'I'.repeat(13) },
      'invoiceid',
    ],
    ['orderdate', level3, { ...level3, orderdate: '20261131' }, 'orderdate'],
    ['shiptozip US', level3, { ...level3, shiptozip: '5555' }, 'shiptozip'],
    ['shipfromzip US', level3, { ...level3, shipfromzip: '55432-1234' }, 'shipfromzip'],
    [
      'shiptozip abroad',
      { ...level3, shiptocountry: 'CA', shiptozip: 'K1A 0B1', shipfromzip: 'K1A 0B2' },
      { ...level3, shiptocountry: 'CA', shiptozip: 'K1A_0B1' },
      'shiptozip',
    ],
    ['shiptocountry', level3, { ...level3, shiptocountry: 'USA' }, 'shiptocountry'],
    ['freight never negative', { ...level3, frtamnt: 0 }, { ...level3, frtamnt: -1 }, 'frtamnt'],
    ['Level 3 needs Level 2 tax', level3, { ...level3, taxamnt: undefined }, 'taxamnt'],
    ['description required', level3, withItem({ description: '' }), 'items[0].description'],
    [
      'description length',
      withItem({ description: 'D'.repeat(26) }),
      withItem({ description: 'D'.repeat(27) }),
      'items[0].description',
    ],
    ['upc not all zeros', withItem({ upc: '000000000001' }), withItem({ upc: '000000000000' }), 'items[0].upc'],
    ['upc digits', withItem({ upc: '12345678901234' }), withItem({ upc: '1234567890123X' }), 'items[0].upc'],
    ['quantity three decimals', withItem({ quantity: 1.125 }), withItem({ quantity: 1.1255 }), 'items[0].quantity'],
    ['quantity positive', withItem({ quantity: 1 }), withItem({ quantity: 0 }), 'items[0].quantity'],
    ['uom length', withItem({ uom: 'U'.repeat(8) }), withItem({ uom: 'U'.repeat(9) }), 'items[0].uom'],
    [
      'material length',
      withItem({ material: 'M'.repeat(12) }),
      withItem({ material: 'M'.repeat(13) }),
      'items[0].material',
    ],
    ['lineno length', withItem({ lineno: 9999 }), withItem({ lineno: 10000 }), 'items[0].lineno'],
    ['netamnt never negative', withItem({ netamnt: 0 }), withItem({ netamnt: -100 }), 'items[0].netamnt'],
    ['item taxes sum to the order tax', level3, { ...level3, taxamnt: 105 }, 'items'],
    ['net + tax - discount is the amount', level3, { ...level3, amount: 1305 }, 'items'],
    [
      'tax-exempt line has no tax',
      withItem({ taxexempt: true, taxamnt: 0 }),
      withItem({ taxexempt: true, taxamnt: 80 }),
      'items[0].taxamnt',
    ],
    [
      'tax-exempt order sends zero tax',
      { ...level3, amount: undefined, taxamnt: 0, items: [{ ...widget, taxexempt: true, taxamnt: undefined }] },
      {
        ...level3,
        amount: undefined,
        taxamnt: 80,
        items: [
          { ...widget, taxexempt: true, taxamnt: undefined },
          { ...gadget, taxexempt: true, taxamnt: undefined },
        ],
      },
      'items',
    ],
  ])('%s', (_rule, accepted, refused, field) => {
    expect(rejectedField(() => captureToWire(accepted))).toBeNull();
    expect(rejectedField(() => captureToWire(refused))).toBe(field);
  });
});

describe('capture inside an authorization (capture Y)', () => {
  const auth = { merchid: '496160873888', amount: 1304, account: '4788250000121443', expiry: '1228' };

  it('carries Level 2/3 data when capture is Y', () => {
    const { merchid: _m, retref: _r, authcode: _a, amount: _amount, ...details } = level3;
    expect(authorizationToWire({ ...auth, capture: true, captureDetails: details })).toMatchObject({
      capture: 'Y',
      ponumber: 'PO-7781',
      taxamnt: '1.04',
    });
  });

  it('refuses Level 2/3 data without capture, and tax on a tax-exempt order', () => {
    expect(rejectedField(() => authorizationToWire({ ...auth, captureDetails: { ponumber: 'PO' } }))).toBe(
      'captureDetails',
    );
    expect(
      rejectedField(() =>
        authorizationToWire({ ...auth, capture: true, taxexempt: true, captureDetails: { taxamnt: 5 } }),
      ),
    ).toBe('captureDetails.taxamnt');
  });
});

describe('parseCapture', () => {
  it('reads a queued capture', () => {
    const answer = {
      merchid: '496160873888',
      account: '9418594164541443',
      amount: '13.04',
      retref: '343005123105',
      batchid: '1900941444',
      setlstat: 'Queued for Capture',
    };
    expect(parseCapture(answer, '')).toMatchObject({
      found: true,
      amount: 1304,
      setlstat: 'Queued for Capture',
      batchid: '1900941444',
    });
  });

  it('reads the fields the reference adds: authcode, order id, commercial card, receipt', () => {
    const answer = {
      setlstat: 'Queued for Capture',
      retref: '343005123105',
      authcode: 'PPS568',
      orderid: 'LANE01-000123',
      commcard: 'Y',
      receipt: { dba: 'Lanepoint Training Store', dateTime: '20261122120000' },
      surprise: 'ignored',
    };
    const capture = parseCapture(answer, '');
    expect(capture).toMatchObject({
      authcode: 'PPS568',
      orderId: 'LANE01-000123',
      commcard: 'Y',
      receipt: { dba: 'Lanepoint Training Store' },
    });
    expect(capture).not.toHaveProperty('surprise');
    // The OpenAPI file points capture's receipt at the one-letter flag: a string is no receipt, not a failure.
    expect(parseCapture({ ...answer, receipt: 'Y' }, '')).not.toHaveProperty('receipt');
  });

  it('reads "Txn not found" as a result', () => {
    expect(parseCapture({ setlstat: 'Txn not found', merchid: '496160873888' }, '')).toMatchObject({ found: false });
  });

  it('calls an answer without setlstat a ProtocolError', () => {
    expect(() => parseCapture({ amount: '1.00' }, '')).toThrow(ProtocolError);
  });
});

describe('GatewayClient.capture over HTTP', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
  });

  it('POSTs the capture and reads the answer', async () => {
    const gateway = await scriptedGateway({
      capture: [{ answer: { setlstat: 'Queued for Capture', amount: '13.04', retref: '343005123105' } }],
    });
    close = gateway.close;
    const client = createGatewayClient({
      baseUrl: gateway.baseUrl,
      credentials: { level: 'site', username: 'u', password: 'p' },
      clock: noWaitClock,
    });
    await expect(client.capture(level3)).resolves.toMatchObject({ found: true, amount: 1304 });
    expect(gateway.seen[0]).toMatchObject({
      method: 'POST',
      url: '/rest/capture',
      body: { retref: '343005123105', items: [{}, {}] },
    });
  });
});
