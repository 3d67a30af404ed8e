import { describe, expect, it } from 'vitest';
import type { ReceiptOutboxView } from '../../../../src-main/lane/ipc/contract';
import { ok } from '../../../support/test-core';
import { until } from '../../../support/until';
import { mailboxes } from '../../../support/mailbox';
import { call, cardSale, emulatorForEachTest, laneAgainst } from '../terminal/support';

const { emulator, cores } = emulatorForEachTest();
const newMailbox = mailboxes();

describe('receipts.email over the contract', () => {
  it('queues an order from History, the mail arrives with its total, and the outbox shows it sent with no address', async () => {
    const { port, received } = await newMailbox();
    const { core, lines } = laneAgainst(emulator(), cores, {
      receiptMail: { host: '127.0.0.1', port, security: 'none', from: 'receipts@corner.example' },
    });
    const sale = await cardSale(core, 'amex-approve', 1234);

    expect(await call(core, 'receipts.email', { orderId: sale.orderId, address: 'pat@example' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', field: 'address', message: expect.stringContaining('"pat@example"') },
    });
    expect(await call(core, 'receipts.email', { orderId: 'NOPE-1', address: 'pat@example.com' })).toMatchObject({
      ok: false,
      error: { field: 'orderId', message: expect.stringContaining('no receipt to email') },
    });
    ok(await call(core, 'receipts.email', { orderId: sale.orderId, address: 'pat@example.com' }));
    await until(() => core.receiptMail.state().finished.length === 1);
    const outbox = ok(await call<ReceiptOutboxView>(core, 'receipts.outbox', {}));
    expect(outbox).toMatchObject({ waiting: [], finished: [{ orderId: sale.orderId, state: 'sent' }] });
    expect(JSON.stringify(outbox)).not.toContain('@');
    expect(received[0]?.text).toMatch(/TOTAL +\$12\.34/);
    expect(received[0]?.text).toContain('TRAINING');
    expect(lines.join('\n')).not.toContain('pat@example');
  });
});

describe('receipts.sms over the contract', () => {
  it('names the phone field of a number a text cannot go to, and says texts are off without a gateway', async () => {
    const { core } = laneAgainst(emulator(), cores, { receiptSms: { url: 'http://127.0.0.1:9/messages' } });
    const sale = await cardSale(core, 'amex-approve', 1234);
    expect(await call(core, 'receipts.sms', { orderId: sale.orderId, phone: '555-1234' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', field: 'phone', message: expect.stringContaining('10') },
    });
    ok(await call(core, 'receipts.sms', { orderId: sale.orderId, phone: '555-234-5678' }));
    expect(core.receiptMail.state().waiting).toMatchObject([{ orderId: sale.orderId, channel: 'sms' }]);
    const off = laneAgainst(emulator(), cores).core;
    expect(await call(off, 'receipts.sms', { orderId: sale.orderId, phone: '555-234-5678' })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('receiptSms.url') },
    });
  });
});
