import { describe, expect, it } from 'vitest';
import { decodeSignature, encodeSignature } from '../../../../src-main/lane/signature/codec';
import { receiptFactsFromAnswer } from '../../../../src-main/lane/receipt/from-answer';
import {
  buildReceipt,
  buildSettlementReport,
  maskMerchantId,
  type ReceiptFacts,
  type ReceiptOptions,
} from '../../../../src-main/lane/receipt/model';
import { pairLine } from '../../../../src-main/lane/receipt/escpos';
import { settlementStatusLetters } from '../../../../src-main/lane/gateway/settlement';
import { approvedAnswer, declinedAnswer } from '../../../support/gateway-answers';
import { receiptText } from '../../../support/receipts';

const options: ReceiptOptions = {
  copy: 'merchant',
  training: false,
  duplicate: false,
  printedAt: new Date(2026, 10, 22, 9, 30, 0),
  columns: 48,
};

const sale = receiptFactsFromAnswer(approvedAnswer, { terminalId: 'LANE-01' });
const text = (facts: ReceiptFacts, overrides: Partial<ReceiptOptions> = {}) =>
  receiptText(buildReceipt(facts, { ...options, ...overrides })).join('\n');
const signature = encodeSignature({
  width: 100,
  height: 30,
  strokes: [
    [
      { x: 5, y: 5 },
      { x: 90, y: 25 },
    ],
  ],
}).value;

describe('buildReceipt', () => {
  it('prints an EMV sale as the receipt rules say', () => {
    const printed = text(sale);
    for (const expected of [
      'Corner Store',
      '1 Main St',
      'Springfield, IL',
      '(800) 555-1234',
      pairLine('Date', '11/22/2026 12:13:14', 48),
      pairLine('Merchant', '********3888', 48),
      'SALE',
      pairLine('AMEX 2', '**** 1111', 48),
      pairLine('Entry', 'Chip Read', 48),
      pairLine('TOTAL', '$12.34', 48),
      'APPROVED',
      pairLine('Auth code', 'PPS568', 48),
      pairLine('Response', '00 Approval', 48),
      pairLine('Reference', '343005123105', 48),
      pairLine('AID', 'A000000025010802', 48),
      pairLine('TVR', '0200008000', 48),
      pairLine('TSI', 'E800', 48),
      pairLine('IAD', '06020103A40000', 48),
      pairLine('ARC', '00', 48),
      'VERIFIED BY PIN',
      'Thank you',
      'MERCHANT COPY',
    ]) {
      expect(printed).toContain(expected);
    }
    expect(printed).not.toContain('496160873888');
    expect(printed).not.toContain('TRAINING');
    expect(printed).not.toContain('X____');
  });

  it('prints a signature line on the merchant copy when one is required and none was captured', () => {
    const required = { ...sale, signature: { required: true } };
    expect(text(required)).toMatch(/X_{47}\n\s*PAT DOE\n.*I agree to pay/);
    expect(text(required, { copy: 'customer' })).not.toContain('X____');
    expect(text(required, { copy: 'customer' })).toContain('CUSTOMER COPY');
  });

  it('prints the captured signature image instead of the line', () => {
    const signed = { ...sale, signature: { required: true, image: decodeSignature(signature) } };
    const lines = receiptText(buildReceipt(signed, options)).map((line) => line.trim());
    expect(lines).toContain('[image 384x128]');
    expect(lines).toContain('Signed electronically');
    expect(lines.join('\n')).not.toContain('X____');
  });

  it.each([
    ['authorization', 'AUTHORIZATION ONLY', '$12.34'],
    ['void', 'VOID', '-$12.34'],
    ['refund', 'REFUND', '-$12.34'],
  ] as const)('prints a %s with its title and signed total', (kind, title, total) => {
    const printed = text({ ...sale, kind });
    expect(printed).toContain(title);
    expect(printed).toContain(pairLine('TOTAL', total, 48));
  });

  it('says VOIDED on a void slip, never APPROVED, and prints a refund\u2019s reason', () => {
    const voided = text({ ...sale, kind: 'void' });
    expect(voided).toMatch(/^\s*VOIDED\s*$/m);
    expect(voided).not.toContain('APPROVED');
    expect(text({ ...sale, kind: 'refund', reason: 'Goods returned' })).toContain(
      pairLine('Reason', 'Goods returned', 48),
    );
    expect(text({ ...sale, kind: 'sale', reason: 'Goods returned' })).not.toContain('Reason');
  });

  it('prints a decline with the reason and no auth code or signature', () => {
    const declined = receiptFactsFromAnswer(declinedAnswer, { terminalId: 'LANE-01', brand: 'VISA' });
    expect(declined.kind).toBe('decline');
    const printed = text({ ...declined, signature: { required: true } });
    expect(printed).toContain('DECLINED');
    expect(printed).toContain(pairLine('Response', '05 Do not honor', 48));
    expect(printed).not.toContain('Auth code');
    expect(printed).not.toContain('X____');
  });

  it('prints a partial approval with what was asked, approved and is still due', () => {
    const printed = text({ ...sale, kind: 'partial', amountMinor: 2500, requestedMinor: 5000 });
    expect(printed).toContain('PARTIAL APPROVAL');
    expect(printed).toContain(pairLine('Requested', '$50.00', 48));
    expect(printed).toContain(pairLine('Approved', '$25.00', 48));
    expect(printed).toContain(pairLine('Balance due', '$25.00', 48));
  });

  it('splits out a tip and lists line items', () => {
    const printed = text({
      ...sale,
      tipMinor: 200,
      items: [
        { description: 'Coffee', quantity: 2, totalMinor: 700 },
        { description: 'Muffin', quantity: 1, totalMinor: 334 },
      ],
    });
    expect(printed).toContain(pairLine('2 x Coffee', '$7.00', 48));
    expect(printed).toContain(pairLine('Muffin', '$3.34', 48));
    expect(printed).toContain(pairLine('Amount', '$10.34', 48));
    expect(printed).toContain(pairLine('Tip', '$2.00', 48));
  });

  it('prints a surcharge from the answer\u2019s fee fields: the amount, SURCHARGE with its rate, the total with it', () => {
    const surcharged = receiptFactsFromAnswer(
      { ...approvedAnswer, amount: '25.74', fee_amount: '0.75', fee_type: 'S', fee_format: 'percent', fee_value: '3' },
      { terminalId: 'LANE-01' },
    );
    const printed = text(surcharged);
    expect(printed).toContain(pairLine('Amount', '$24.99', 48));
    expect(printed).toContain(pairLine('SURCHARGE (3%)', '$0.75', 48));
    expect(printed).toContain(pairLine('TOTAL', '$25.74', 48));
    const flat = receiptFactsFromAnswer(
      { ...approvedAnswer, amount: '26.49', fee_amount: '1.50', fee_type: 'S', fee_format: 'flat', fee_value: '1.50' },
      { terminalId: 'LANE-01' },
    );
    expect(text(flat)).toContain(pairLine('SURCHARGE', '$1.50', 48));
  });

  it('prints a receipt without a fee as before: no Amount or SURCHARGE line', () => {
    const printed = text(sale);
    expect(printed).not.toMatch(/SURCHARGE|^Amount/m);
    expect(sale).not.toHaveProperty('surcharge');
  });

  it('stamps TRAINING at the top and bottom, and DUPLICATE on reprints', () => {
    const lines = receiptText(buildReceipt(sale, { ...options, training: true, duplicate: true })).map((line) =>
      line.trim(),
    );
    expect(lines[0]).toBe('*** TRAINING - NO REAL MONEY ***');
    expect(lines.at(-1)).toBe('*** TRAINING - NO REAL MONEY ***');
    expect(lines[1]).toBe('DUPLICATE');
  });

  it('fits every line in 32 columns on 58 mm paper', () => {
    const lines = receiptText(
      buildReceipt(
        { ...sale, merchant: { ...sale.merchant, footer: 'Thank you for shopping with us today, come back soon!' } },
        { ...options, columns: 32 },
      ),
    );
    for (const line of lines) if (!line.startsWith('[image')) expect(line.length).toBeLessThanOrEqual(32);
  });

  it('masks the merchant id', () => {
    expect(maskMerchantId('496160873888')).toBe('********3888');
    expect(maskMerchantId('123')).toBe('123');
  });
});

describe('buildSettlementReport', () => {
  const statusNames = Object.fromEntries(
    Object.entries(settlementStatusLetters).map(([name, letter]) => [letter, name]),
  );
  it('totals each batch and the day by status', () => {
    const report = buildSettlementReport(
      [
        {
          batchid: '101',
          hoststat: 'GB',
          txns: [
            { setlamount: 1234, setlstat: 'Y' },
            { setlamount: 500, setlstat: 'Y' },
            { setlamount: -200, setlstat: 'Y' },
          ],
        },
        {
          batchid: '102',
          hoststat: 'MB',
          txns: [
            { setlamount: 1000, setlstat: 'Y' },
            { setlamount: 700, setlstat: 'N' },
          ],
        },
      ],
      {
        title: 'Settlement date 1122',
        merchantId: '496160873888',
        terminalId: 'LANE-01',
        printedAt: new Date(2026, 10, 22, 23, 0, 0),
        columns: 48,
        training: false,
        statusNames,
      },
    );
    const printed = receiptText(report).join('\n');
    expect(printed).toContain(pairLine('Batch 101', 'Accepted', 48));
    expect(printed).toContain(pairLine('  Accepted (3)', '$15.34', 48));
    expect(printed).toContain(pairLine('Batch 102', 'Partly accepted', 48));
    expect(printed).toContain(pairLine('  Rejected (1)', '$7.00', 48));
    expect(printed).toContain(pairLine('Accepted (4)', '$25.34', 48));
    expect(printed).toContain(pairLine('TOTAL (5)', '$32.34', 48));
    expect(printed).toContain('********3888');
  });

  it('says when there is nothing to report', () => {
    const report = buildSettlementReport([], {
      title: 'Today',
      merchantId: '1',
      terminalId: 'T',
      printedAt: new Date(),
      columns: 32,
      training: true,
      statusNames: {},
    });
    expect(receiptText(report).map((line) => line.trim())).toContain('No settled batches');
  });
});
