import { noWaitClock } from '../../../support/no-wait-clock';
import { afterEach, describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../../../src-main/lane/gateway/client';
import { AuthenticationError, NotFoundYetError, GatewayTransportError } from '../../../../src-main/lane/gateway/errors';
import {
  answerWindowMs,
  resolveLostAuthorization,
  type AnswerWindow,
} from '../../../../src-main/lane/gateway/recovery';
import { fullVoidAnswer, inquiredRecord, txnNotFoundAnswer } from '../../../support/gateway-answers';
import { scriptedGateway, type Step } from '../../../support/scripted-gateway';

const merchid = '496160873888';
const orderid = 'LANE01-000123';
const credentials = { level: 'site' as const, username: 'testing', password: 'testing123' };

const record = (fields: Record<string, unknown>) => ({ ...inquiredRecord, setlstat: 'Authorized', ...fields });
const voidNotFound = { ...txnNotFoundAnswer, orderId: orderid, authcode: null };

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** Asked after the gateway's answer window: a "not found" is final. */
const pastTheWindow: AnswerWindow = { sentAt: 1_000_000, now: 1_000_000 + answerWindowMs };

async function recover(script: Record<string, Step[]>, window: AnswerWindow = pastTheWindow) {
  const gateway = await scriptedGateway(script);
  close = gateway.close;
  const client = createGatewayClient({ baseUrl: gateway.baseUrl, credentials, clock: noWaitClock });
  const outcome = await resolveLostAuthorization(client, { merchid, orderid }, window).catch((error: unknown) => error);
  return { outcome, calls: gateway.seen.map((call) => `${call.method} ${call.url.replace('/rest/', '')}`) };
}

const inquiry = `GET inquireByOrderid/${orderid}/${merchid}/1`;
const voidCall = 'POST voidByOrderId';

describe('resolveLostAuthorization, losing the answer at each step', () => {
  it('found approved: the record is the answer, nothing is voided', async () => {
    const { outcome, calls } = await recover({ inquireByOrderid: [{ answer: [record({})] }] });
    expect(outcome).toMatchObject({ kind: 'found', approved: true, record: { retref: '343005123105', amount: 1234 } });
    expect(calls).toEqual([inquiry]);
  });

  it('found declined: the decline is the answer', async () => {
    const { outcome } = await recover({
      inquireByOrderid: [
        { answer: [record({ respstat: 'C', respcode: '05', resptext: 'Do not honor', setlstat: 'Declined' })] },
      ],
    });
    expect(outcome).toMatchObject({ kind: 'found', approved: false, record: { respcode: '05' } });
  });

  it('a decline and then an approval under one order id: the approval wins', async () => {
    const { outcome } = await recover({
      inquireByOrderid: [{ answer: [record({ respstat: 'C', retref: '1' }), record({ respstat: 'A', retref: '2' })] }],
    });
    expect(outcome).toMatchObject({ kind: 'found', approved: true, record: { retref: '2' } });
  });

  it('PPS 29 "Txn not found": never processed, safe to retry', async () => {
    const { outcome, calls } = await recover({ inquireByOrderid: [{ answer: txnNotFoundAnswer }] });
    expect(outcome).toEqual({ kind: 'not-processed' });
    expect(calls).toEqual([inquiry]);
  });

  it('PPS 29 inside the answer window: unknown, nothing voided, asked again once the window has passed', async () => {
    const { outcome, calls } = await recover(
      { inquireByOrderid: [{ answer: txnNotFoundAnswer }] },
      { sentAt: 1_000_000, now: 1_000_000 + answerWindowMs - 1 },
    );
    expect(outcome).toMatchObject({
      kind: 'unresolved',
      error: { code: 'not-found-yet', finalAt: 1_000_000 + answerWindowMs },
    });
    expect((outcome as { error: unknown }).error).toBeInstanceOf(NotFoundYetError);
    expect((outcome as { error: Error }).error.message).toMatch(
      /no record of order .* yet and may still be processing it/,
    );
    expect(calls).toEqual([inquiry]);
  });

  it('an approval found inside the answer window is still the answer', async () => {
    const { outcome } = await recover(
      { inquireByOrderid: [{ answer: [record({})] }] },
      { sentAt: 1_000_000, now: 1_000_001 },
    );
    expect(outcome).toMatchObject({ kind: 'found', approved: true });
  });

  it('the inquiry goes unanswered (after its own retries): voidByOrderId reverses it', async () => {
    const { outcome, calls } = await recover({
      inquireByOrderid: ['drop', 'drop', 'drop'],
      voidByOrderId: [{ answer: fullVoidAnswer }],
    });
    expect(outcome).toMatchObject({ kind: 'voided', reversal: { authcode: 'REVERS', amount: 0 } });
    expect(calls).toEqual([inquiry, inquiry, inquiry, voidCall]);
  });

  it('the first two voids go unanswered: the third one counts', async () => {
    const { outcome, calls } = await recover({
      inquireByOrderid: ['drop', 'drop', 'drop'],
      voidByOrderId: ['drop', 'drop', { answer: fullVoidAnswer }],
    });
    expect(outcome).toMatchObject({ kind: 'voided' });
    expect(calls.filter((call) => call === voidCall)).toHaveLength(3);
  });

  it('the void answers "not found": reported, not retried', async () => {
    const { outcome, calls } = await recover({
      inquireByOrderid: ['drop', 'drop', 'drop'],
      voidByOrderId: [{ answer: voidNotFound }],
    });
    expect(outcome).toMatchObject({ kind: 'void-refused', reversal: { respcode: '29', outcome: 'declined' } });
    expect(calls.filter((call) => call === voidCall)).toHaveLength(1);
  });

  it('nothing answers, three voids included: unresolved, kept for later', async () => {
    const { outcome, calls } = await recover({
      inquireByOrderid: ['drop', 'drop', 'drop'],
      voidByOrderId: ['drop', 'drop', 'drop'],
    });
    expect(outcome).toMatchObject({ kind: 'unresolved' });
    expect((outcome as { error: unknown }).error).toBeInstanceOf(GatewayTransportError);
    expect(calls.filter((call) => call === voidCall)).toHaveLength(3);
  });

  it('server errors count as no answer too', async () => {
    const { outcome } = await recover({
      inquireByOrderid: [
        { status: 503, answer: {} },
        { status: 503, answer: {} },
        { status: 503, answer: {} },
      ],
      voidByOrderId: [{ answer: fullVoidAnswer }],
    });
    expect(outcome).toMatchObject({ kind: 'voided' });
  });

  it('wrong credentials stop the procedure: a person must fix them', async () => {
    const { outcome, calls } = await recover({ inquireByOrderid: [{ status: 401, answer: {} }] });
    expect(outcome).toBeInstanceOf(AuthenticationError);
    expect(calls).toEqual([inquiry]);
  });
});
