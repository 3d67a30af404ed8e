import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { receiptMailSettingsSchema } from '../../../../src-main/lane/config/receipt-mail-settings';
import { authorizePayment } from '../../../../src-main/lane/payment/authorize/authorize';
import { pairLine } from '../../../../src-main/lane/receipt/escpos';
import { buildReceipt } from '../../../../src-main/lane/receipt/model';
import { createReceiptOutbox } from '../../../../src-main/lane/receipt-mail/outbox';
import { receiptFactsForOrder } from '../../../../src-main/lane/terminal/reprint';
import type { SaleSummary } from '../../../../src-main/lane/ipc/contract';
import { createLogger } from '../../../../src-main/platform/log/logger';
import { emulatorAdmin } from '../../../support/emulator-admin';
import { journalLanes } from '../../../support/journal-lane';
import { mailboxes } from '../../../support/mailbox';
import { ManualClock } from '../../../support/manual-clock';
import { receiptText } from '../../../support/receipts';
import { ok } from '../../../support/test-core';
import { until } from '../../../support/until';
import { call, devicesConnected, emulatorForEachTest, laneAgainst, presentWhenReading } from '../terminal/support';

const { emulator, cores } = emulatorForEachTest();
const mailbox = mailboxes();
const openLane = journalLanes('lanepoint-history-email-');

describe('a receipt emailed from History', () => {
  it('carries the signature the sale was signed with (inline and attached), read back from the gateway', async () => {
    const box = await mailbox();
    const { core, lines } = laneAgainst(emulator(), cores, {
      receiptMail: { host: '127.0.0.1', port: box.port, security: 'none', from: 'receipts@corner.example' },
    });
    await devicesConnected(core);
    presentWhenReading(core, 'visa-signature', 'insert');
    const stop = core.events.subscribe((name, payload) => {
      if (name === 'signature.session' && (payload as { state: string }).state === 'capturing') {
        stop();
        void core.signature.replay('initials-short').then(() => core.signature.accept());
      }
    });
    const sale = ok(await call<SaleSummary>(core, 'terminal.sale', { amountMinor: 3000 }));
    expect(sale).toMatchObject({ outcome: 'approved', signatureRequired: true });

    // History: only the order id and the address, as OrderDetail sends them.
    ok(await call(core, 'receipts.email', { orderId: sale.orderId, address: 'pat@example.com' }));
    await until(() => core.receiptMail.state().finished.length === 1);
    expect(core.receiptMail.state().finished).toMatchObject([{ state: 'sent', channel: 'email' }]);
    const mail = box.received[0]!;
    const png = mail.attachments.find((attachment) => attachment.filename === 'signature.png');
    expect(png).toMatchObject({ contentType: 'image/png', cid: 'signature@lanepoint' });
    expect(png?.content.subarray(1, 4).toString()).toBe('PNG');
    expect(String(mail.html)).toMatch(/alt="Signature"/);
    expect(mail.text).toContain('Signed electronically');
    expect(lines.join('\n')).not.toContain('pat@example.com');
  });

  it('goes without an image when the sale had no signature', async () => {
    const box = await mailbox();
    const { core } = laneAgainst(emulator(), cores, {
      receiptMail: { host: '127.0.0.1', port: box.port, security: 'none', from: 'receipts@corner.example' },
    });
    await devicesConnected(core);
    presentWhenReading(core, 'amex-approve', 'insert');
    const sale = ok(await call<SaleSummary>(core, 'terminal.sale', { amountMinor: 1234 }));
    ok(await call(core, 'receipts.email', { orderId: sale.orderId, address: 'pat@example.com' }));
    await until(() => core.receiptMail.state().finished.length === 1);
    expect(box.received[0]?.attachments).toEqual([]);
  });
});

// The emulator's surcharging merchant (3% on credit cards).
const surcharging = '820000000003';

describe('a surcharged sale, from the journal', () => {
  for (const lost of [false, true]) {
    it(`prints SURCHARGE on the reprint and says it in the email (${lost ? 'answer lost, found by inquiry' : 'live answer'})`, async () => {
      const lane = await openLane();
      if (lost) await emulatorAdmin(lane.emulator.url).fault('auth', 'drop-after');
      const { outcome } = await authorizePayment(
        { journal: lane.journal, client: lane.client, merchid: surcharging, terminalId: 'LANE-01' },
        {
          amountMinor: 2499,
          credit: false,
          capture: true,
          fields: { account: '4788250000121443', expiry: '1228' },
          card: { maskedPan: '478825******1443', entryMode: 'keyed' },
          detail: { tender: 'sale' },
          signatureRequired: false,
          onPhase: () => undefined,
        },
      );
      expect(outcome).toMatchObject({ kind: 'approved', surchargeMinor: 75 });
      const facts = receiptFactsForOrder(
        lane.journal,
        { merchid: surcharging, terminalId: 'LANE-01' },
        outcome.orderId,
      )!;
      const reprinted = receiptText(
        buildReceipt(facts, {
          copy: 'customer',
          training: false,
          duplicate: true,
          printedAt: new Date(0),
          columns: 48,
        }),
      ).join('\n');
      expect(reprinted).toContain(pairLine('Amount', '$24.99', 48));
      expect(reprinted).toContain(pairLine('SURCHARGE (3%)', '$0.75', 48));
      expect(reprinted).toContain(pairLine('TOTAL', '$25.74', 48));

      const box = await mailbox();
      const clock = new ManualClock(Date.UTC(2026, 10, 22, 12));
      const outbox = createReceiptOutbox({
        path: ':memory:',
        clock,
        settings: () =>
          receiptMailSettingsSchema.parse({
            host: '127.0.0.1',
            port: box.port,
            security: 'none',
            from: 'r@corner.example',
          }),
        password: async () => undefined,
        receiptFacts: (orderId) =>
          receiptFactsForOrder(lane.journal, { merchid: surcharging, terminalId: 'LANE-01' }, orderId),
        training: false,
        logger: createLogger({
          level: 'info',
          destination: new Writable({ write: (_chunk, _encoding, done) => done() }),
        }),
      });
      try {
        outbox.queue({ orderId: outcome.orderId, address: 'pat@example.com' });
        clock.advance(0);
        await outbox.settled();
        expect(box.received[0]?.text).toContain(pairLine('SURCHARGE (3%)', '$0.75', 48));
        expect(box.received[0]?.text).toContain(pairLine('TOTAL', '$25.74', 48));
      } finally {
        await outbox.close();
      }
    });
  }
});
