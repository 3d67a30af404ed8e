import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../src-main/lane/journal/journal';
import { journalAgainstLedger, type LedgerTransaction } from '../support/ledger-agreement';

/** The journal-against-ledger check the soak and the random-kills test share: each way it must fail. */
let nextId = 0;
const row = (
  orderId: string,
  state: JournalEntry['state'],
  outcome: JournalEntry['outcome'],
  note: string | null = null,
): JournalEntry => ({
  id: ++nextId,
  operation: 'auth',
  orderId,
  amountMinor: 800,
  state,
  outcome,
  note,
  createdAt: 0,
  updatedAt: 0,
});
const approval = (
  retref: string,
  orderid: string,
  amount = 800,
  setlstat = 'Queued for Capture',
): LedgerTransaction => ({ retref, orderid, amount, respstat: 'A', setlstat, kind: 'sale' });

describe('journal against ledger', () => {
  it('agrees on answered, recovered, voided and not-sent sales', () => {
    const rows = [
      row('A-1', 'completed', { respstat: 'A', retref: '1', amountMinor: 800 }),
      row('A-2', 'completed', { respstat: 'A', retref: '2', amountMinor: 500 }),
      row('A-3', 'resolved', { respstat: 'A', retref: '3' }, 'answer lost; the gateway has it approved'),
      row(
        'A-4',
        'resolved',
        { respstat: 'A' },
        'answer lost and the gateway did not answer the inquiry; voided by order id',
      ),
      row('A-5', 'resolved', null, 'answer lost; the gateway never processed it'),
      row('A-6', 'not-sent', null, 'canceled at the signature: nothing was sent'),
    ];
    const ledger = [
      approval('1', 'A-1'),
      approval('2', 'A-2', 500),
      approval('3', 'A-3'),
      approval('4', 'A-4', 800, 'Voided'),
    ];
    expect(journalAgainstLedger(rows, ledger)).toEqual({
      disagreements: [],
      doubleCharges: [],
      journalRows: 6,
      ledgerRows: 4,
    });
  });

  it('names a row left open, an approval the journal does not know, a live approval settled as not charged, and a double charge', () => {
    const rows = [
      row('B-1', 'pending', null),
      row('B-2', 'resolved', null, 'answer lost; the gateway never processed it'),
      row('B-3', 'completed', { respstat: 'A', retref: '31', amountMinor: 800 }),
    ];
    const ledger = [approval('21', 'B-2'), approval('31', 'B-3'), approval('32', 'B-3'), approval('99', 'B-9')];
    const { disagreements, doubleCharges } = journalAgainstLedger(rows, ledger);
    expect(disagreements).toEqual([
      'order B-1: journal state pending',
      'order B-2: the journal settled it as not charged (answer lost; the gateway never processed it), the gateway holds a live approval',
      'retref 21 (order B-2, respstat A): the gateway recorded it, the journal does not know it',
      'retref 32 (order B-3, respstat A): the gateway recorded it, the journal does not know it',
      'retref 99 (order B-9, respstat A): the gateway recorded it, the journal does not know it',
    ]);
    expect(doubleCharges).toEqual(['order B-3: 2 live approvals']);
  });

  it('names a different amount or outcome, and a recovered row when only completed ones are expected', () => {
    const rows = [
      row('C-1', 'completed', { respstat: 'A', retref: '41', amountMinor: 800 }),
      row('C-2', 'resolved', { respstat: 'C', retref: '42' }, 'answer lost; the gateway has it declined'),
    ];
    const ledger = [
      approval('41', 'C-1', 700),
      { retref: '42', orderid: 'C-2', amount: 800, respstat: 'C', setlstat: 'Declined', kind: 'sale' },
    ];
    expect(journalAgainstLedger(rows, ledger).disagreements).toEqual([
      'order C-1: the gateway authorized 700, the journal 800',
    ]);
    expect(journalAgainstLedger(rows, ledger, { completedOnly: true }).disagreements).toEqual([
      'order C-1: the gateway authorized 700, the journal 800',
      'order C-2: journal state resolved',
    ]);
  });
});
