import { describe, expect, it } from 'vitest';
import { GatewayTransportError } from '../../../../src-main/lane/gateway/errors';
import type { TransactionRecord } from '../../../../src-main/lane/gateway/transaction-record';
import { Journal } from '../../../../src-main/lane/journal/journal';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authorizePayment, type AuthorizationAsked } from '../../../../src-main/lane/payment/authorize/authorize';
import { emulatorAdmin } from '../../../support/emulator-admin';
import { journalLanes, laneMerchid } from '../../../support/journal-lane';

/** The partial-approval card of the training deck: it approves 5.00 of anything from 6.00 up. */
const partialCard = { account: '4387750101010101', expiry: '1228' };

const asked = (amountMinor: number): AuthorizationAsked => ({
  amountMinor,
  credit: false,
  capture: true,
  fields: partialCard,
  card: { maskedPan: '438775******0101', entryMode: 'keyed' },
  detail: { tender: 'sale' },
  signatureRequired: false,
  onPhase: () => undefined,
});

describe('a lost answer the gateway has as a partial approval', () => {
  const openLane = journalLanes('lanepoint-recovered-partial-');

  it('is read as the live answer would be: partial, 5.00 of 29.50, 24.50 due, with its reference on the receipt', async () => {
    const lane = await openLane();
    const lanePart = { journal: lane.journal, client: lane.client, merchid: laneMerchid, terminalId: 'LANE-01' };
    // The emulator processes the authorization and drops the connection before it answers.
    await emulatorAdmin(lane.emulator.url).fault('auth', 'drop-after');
    const { outcome, facts } = await authorizePayment(lanePart, asked(2950));

    const [held] = lane.emulator.context.ledger.byOrderId(outcome.orderId);
    expect(held).toMatchObject({ respstat: 'A', amount: 500, remaining: 500, setlstat: 'Queued for Capture' });
    // The published inquire record has no authcode, and the emulator answers as published: the
    // reference is what identifies this approval (a gateway that adds the code: the next test).
    expect(outcome).toEqual({
      kind: 'partial',
      orderId: outcome.orderId,
      approvedMinor: 500,
      authcode: undefined,
      retref: held?.retref,
    });
    // The slip says what the live answer's would: the approved amount, what was asked, and the reference.
    expect(facts).toMatchObject({
      amountMinor: 500,
      requestedMinor: 2950,
      gateway: { retref: held?.retref, orderId: outcome.orderId },
    });
    const [row] = lane.journal.list({ orderId: outcome.orderId });
    expect(row).toMatchObject({
      operation: 'auth',
      state: 'resolved',
      amountMinor: 2950,
      note: 'answer lost; the gateway has it approved',
      outcome: expect.objectContaining({ respstat: 'A', amountMinor: 500, retref: held?.retref }),
    });
  });
});

describe('a found record that carries more than the published inquire answer', () => {
  it('keeps its authorization code for the screen, the receipt and the journal, as a live answer does', async () => {
    const journal = Journal.open(join(mkdtempSync(join(tmpdir(), 'lanepoint-recovered-code-')), 'journal.sqlite'), {
      clock: { now: () => Date.now() },
      terminalId: 'LANE-01',
    });
    const record: TransactionRecord = {
      respstat: 'A',
      respcode: '10',
      respproc: 'RPCT',
      resptext: 'Partial Approval',
      retref: '123456789012',
      authcode: 'PPS123',
      amount: 500,
      setlstat: 'Queued for Capture',
      userfields: {},
    };
    const refused = () => Promise.reject(new Error('not called'));
    const client = {
      auth: () => Promise.reject(new GatewayTransportError('socket hang up', { requestSent: true })),
      inquireByOrderid: () => Promise.resolve([record]),
      voidByOrderId: refused,
      void: refused,
      inquire: refused,
      capture: refused,
      refund: refused,
    };
    try {
      const lane = { journal, client, merchid: laneMerchid, terminalId: 'LANE-01' };
      const { outcome, facts } = await authorizePayment(lane, asked(2950));
      expect(outcome).toMatchObject({
        kind: 'partial',
        approvedMinor: 500,
        authcode: 'PPS123',
        retref: '123456789012',
      });
      expect(facts?.gateway).toMatchObject({ authcode: 'PPS123', retref: '123456789012' });
      const [row] = journal.list({ orderId: outcome.orderId });
      expect(row?.outcome).toMatchObject({ authcode: 'PPS123', amountMinor: 500 });
    } finally {
      journal.close();
    }
  });
});
