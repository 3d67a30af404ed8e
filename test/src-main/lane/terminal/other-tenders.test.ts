import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { achConsentWords } from '../../../../src-main/lane/gateway/ach';
import type { FollowUpSummary, SaleSummary, TerminalState } from '../../../../src-main/lane/ipc/contract';
import { Journal } from '../../../../src-main/lane/journal/journal';
import { buildReceipt } from '../../../../src-main/lane/receipt/model';
import { receiptFactsForOrder } from '../../../../src-main/lane/terminal/reprint';
import { systemClock } from '../../../../src-main/platform/clock';
import { receiptText } from '../../../support/receipts';
import { recordingRelay } from '../../../support/recording-relay';
import { ok } from '../../../support/test-core';
import { call, cardSale, devicesConnected, emulatorForEachTest, laneAgainst, merchid } from './support';

/**
 * Issue 37, the counter's other tenders: a forced sale on the issuer's voice authorization code,
 * an electronic check taken at the counter (PPD, ecomind B), and an authorization to capture
 * later. The training core over the contract, the gateway emulator over real HTTP, the journal a
 * real SQLite file; each crosses the joins (the words, the journal's row, the gateway's ledger).
 */
const { emulator, cores, settle } = emulatorForEachTest();

/** The journal's authorization rows of an order, as the file holds them. */
function authRows(journalPath: string, orderId: string) {
  const db = new Database(journalPath, { readonly: true });
  try {
    return (
      db
        .prepare("SELECT amount_minor, detail, state, outcome FROM entries WHERE order_id = ? AND operation = 'auth'")
        .all(orderId) as Array<{ amount_minor: number; detail: string | null; state: string; outcome: string | null }>
    ).map((row) => ({
      amountMinor: row.amount_minor,
      state: row.state,
      detail: row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : null,
      outcome: row.outcome ? (JSON.parse(row.outcome) as Record<string, unknown>) : null,
    }));
  } finally {
    db.close();
  }
}

const ledgerOf = (orderId: string) =>
  emulator()
    .context.ledger.all()
    .filter((transaction) => transaction.orderid === orderId);

/** The order's receipt as the journal reprints it (the customer copy, or the merchant's), as text. */
function reprintedText(journalPath: string, orderId: string, copy: 'customer' | 'merchant' = 'customer'): string {
  const journal = Journal.open(journalPath, { clock: systemClock, terminalId: 'LANE-01' });
  try {
    const facts = receiptFactsForOrder(journal, { merchid, terminalId: 'LANE-01' }, orderId)!;
    return receiptText(
      buildReceipt(facts, { copy, training: true, duplicate: true, printedAt: new Date(0), columns: 48 }),
    ).join('\n');
  } finally {
    journal.close();
  }
}

describe('a forced sale (voice authorization)', () => {
  it('sends the code as keyed, is captured, journaled as a forced sale, and its receipt says so', async () => {
    const { core, journalPath } = laneAgainst(emulator(), cores);
    const sale = await cardSale(core, 'visa-approve', 4200, 'forced-sale', { voiceAuthcode: 'VC4821' });
    expect(sale).toMatchObject({ outcome: 'approved', tender: 'forced-sale', approvedMinor: 4200, authcode: 'VC4821' });

    const [row] = authRows(journalPath, sale.orderId);
    expect(row).toMatchObject({ amountMinor: 4200, state: 'completed', detail: { tender: 'forced-sale' } });
    expect(row!.outcome).toMatchObject({ respstat: 'A', authcode: 'VC4821' });

    expect(ledgerOf(sale.orderId)).toEqual([
      expect.objectContaining({
        authcode: 'VC4821',
        respproc: 'PPS',
        respcode: '01',
        resptext: 'VoiceAuth Approved',
        captured: 4200,
        setlstat: 'Queued for Capture',
      }),
    ]);
    const text = reprintedText(journalPath, sale.orderId);
    expect(text).toContain('FORCED SALE');
    expect(text).toContain('Voice authorization VC4821');
  });

  it('is a manager\u2019s: a cashier without a manager\u2019s PIN is refused before any card is read', async () => {
    const { core } = laneAgainst(emulator(), cores, {}, { cashierId: '1001' });
    expect(
      await call(core, 'terminal.sale', { amountMinor: 4200, tender: 'forced-sale', voiceAuthcode: '123456' }),
    ).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(emulator().context.ledger.all()).toEqual([]);
    const sale = await cardSale(core, 'visa-approve', 4200, 'forced-sale', {
      voiceAuthcode: '123456',
      managerPin: '9999',
    });
    expect(sale).toMatchObject({ outcome: 'approved', authcode: '123456' });
  });

  it('takes a keyed card: the code and the keyed number go together, and the receipt says Keyed', async () => {
    const { core, journalPath } = laneAgainst(emulator(), cores);
    await devicesConnected(core);
    core.events.subscribe((name, payload) => {
      if (name === 'terminal.state' && (payload as TerminalState).phase === 'awaiting-card')
        void (async () => {
          for (const key of [
            ...'4788250000121443',
            'Enter',
            ...'1228',
            'Enter',
            ...'123',
            'Enter',
            ...'55555',
            'Enter',
          ])
            await core.dispatch('terminal.keyEntry', { key });
        })();
    });
    const sale = ok(
      await call<SaleSummary>(core, 'terminal.sale', {
        amountMinor: 1800,
        tender: 'forced-sale',
        entry: 'keyed',
        voiceAuthcode: '7Q2',
      }),
    );
    expect(sale).toMatchObject({ outcome: 'approved', entryMode: 'keyed', authcode: '7Q2' });
    expect(ledgerOf(sale.orderId)).toEqual([
      expect.objectContaining({ authcode: '7Q2', respcode: '01', captured: 1800, lastfour: '1443' }),
    ]);
    const text = reprintedText(journalPath, sale.orderId, 'merchant');
    expect(text).toContain('Voice authorization 7Q2');
    expect(text).not.toContain('4788250000121443');
  });

  it('needs the code, and only a forced sale carries one', async () => {
    const { core } = laneAgainst(emulator(), cores);
    expect(await call(core, 'terminal.sale', { amountMinor: 4200, tender: 'forced-sale' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', field: 'voiceAuthcode' },
    });
    expect(await call(core, 'terminal.sale', { amountMinor: 4200, voiceAuthcode: '123456' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', field: 'voiceAuthcode' },
    });
    expect(
      await call(core, 'terminal.sale', { amountMinor: 4200, tender: 'forced-sale', voiceAuthcode: '12-456' }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_argument', field: 'voiceAuthcode' } });
  });

  it('is never voided: the lane says a refund is the way back, and nothing changes at the gateway', async () => {
    const { core } = laneAgainst(emulator(), cores);
    const sale = await cardSale(core, 'visa-approve', 4200, 'forced-sale', { voiceAuthcode: 'VC4821' });
    expect(await call(core, 'terminal.void', { orderId: sale.orderId, reason: 'paid-another-way' })).toMatchObject({
      ok: false,
      error: {
        message: 'A forced sale (voice authorization) cannot be voided: refund it instead, once it has settled.',
      },
    });
    expect(ledgerOf(sale.orderId)).toEqual([expect.objectContaining({ setlstat: 'Queued for Capture' })]);
    await settle();
    const refunded = ok(
      await call<FollowUpSummary>(core, 'terminal.refund', {
        orderId: sale.orderId,
        amountMinor: 4200,
        reason: 'returned',
      }),
    );
    expect(refunded).toMatchObject({ operation: 'refund', outcome: 'approved', amountMinor: 4200 });
  });
});

describe('an electronic check at the counter', () => {
  it('goes as PPD (ecomind B) from checking (ECHK), captured, with the consent words and a signature line', async () => {
    const tap = await recordingRelay(emulator().url);
    const { core, journalPath } = laneAgainst({ ...emulator(), url: tap.baseUrl }, cores, { payments: { ach: true } });
    const check = ok(
      await call<SaleSummary>(core, 'terminal.achSale', {
        amountMinor: 2500,
        routing: '036001808',
        account: '1234567890',
        accountType: 'checking',
        name: 'Pat Doe',
      }),
    );
    await core.close();
    await tap.close();
    expect(tap.recorded.filter((call) => call.url.endsWith('/auth')).map((call) => call.body)).toEqual([
      expect.objectContaining({ ecomind: 'B', accttype: 'ECHK', bankaba: '036001808', capture: 'Y', amount: '25.00' }),
    ]);
    expect(check).toMatchObject({ outcome: 'approved', tender: 'ach', maskedPan: '****7890' });
    const [transaction] = ledgerOf(check.orderId);
    expect(transaction).toMatchObject({ captured: 2500, setlstat: 'Queued for Capture', lastfour: '7890' });
    expect(authRows(journalPath, check.orderId)).toEqual([
      expect.objectContaining({
        state: 'completed',
        detail: expect.objectContaining({ tender: 'ach', accountType: 'checking' }),
      }),
    ]);
    const merchantCopy = reprintedText(journalPath, check.orderId, 'merchant');
    expect(merchantCopy).toContain('CHECKING ACCOUNT');
    expect(merchantCopy).toContain('**** 7890');
    expect(merchantCopy.replace(/\s+/g, ' ')).toContain(achConsentWords);
    expect(merchantCopy).not.toContain('card issuer agreement');
    // The customer signs the merchant copy under the words; the customer's copy keeps the words, no line.
    expect(merchantCopy).toContain(`X${'_'.repeat(47)}`);
    const customerCopy = reprintedText(journalPath, check.orderId);
    expect(customerCopy).not.toContain(`X${'_'.repeat(47)}`);
    expect(customerCopy.replace(/\s+/g, ' ')).toContain(achConsentWords);
  });
});

describe('an authorization to capture later', () => {
  it('is journaled authorized and not captured, and the gateway holds it Authorized', async () => {
    const { core, journalPath } = laneAgainst(emulator(), cores);
    const held = await cardSale(core, 'visa-approve', 3100, 'authorize');
    expect(held).toMatchObject({ outcome: 'approved', tender: 'authorize', approvedMinor: 3100 });
    expect(authRows(journalPath, held.orderId)).toEqual([
      expect.objectContaining({ state: 'completed', detail: expect.objectContaining({ tender: 'authorize' }) }),
    ]);
    expect(ledgerOf(held.orderId)).toEqual([
      expect.objectContaining({ setlstat: 'Authorized', captured: null, amount: 3100 }),
    ]);
    expect(reprintedText(journalPath, held.orderId)).toContain('AUTHORIZATION ONLY');
  });
});
