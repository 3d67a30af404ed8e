import { describe, expect, it } from 'vitest';
import { terminalTestCards } from '../../../../src-main/stand-ins/terminal-emulator/test-cards';
import { emulatorAdmin } from '../../../support/emulator-admin';
import { until } from '../../../support/until';
import { connect, ingenico, merchantId, post, prompted, standPerTest, type Stand } from './support';

let stand: Stand;
standPerTest((started) => (stand = started));

const body = (extra: Record<string, unknown> = {}) => ({ merchantId, hsn: ingenico, ...extra });
const terminal = () => stand.terminals.terminal(ingenico);
const quickSale = (extra: Record<string, unknown> = {}) =>
  body({ amount: '1000', confirmAmount: false, includeSignature: false, ...extra });

/** The gateway emulator's admin endpoints (faults). */
const gatewayAdmin = () => emulatorAdmin(stand.gateway.url);

describe('faults a trainer sets on a terminal', () => {
  it('offline: ping says not connected, commands answer error code 6, and it comes back', async () => {
    const key = await connect(stand);
    terminal().setConnected(false);
    expect((await post(stand, 'v1/ping', body())).json).toEqual({ connected: false });
    expect((await post(stand, 'v2/ping', body(), { session: key })).json).toEqual({ connected: false });
    expect(await post(stand, 'v2/readCard', body({ amount: '100' }), { session: key })).toMatchObject({
      status: 500,
      json: { errorCode: 6, errorMessage: `Terminal ${ingenico} is not connected to the terminal service` },
    });
    expect((await post(stand, 'v2/connect', body({ force: true }))).json).toMatchObject({ errorCode: 6 });
    expect(() => terminal().pressCancel()).toThrow(/not connected/);
    terminal().setConnected(true);
    expect((await post(stand, 'v2/display', body({ text: 'Back' }), { session: key })).status).toBe(200);
  });

  it('busy: every command is "Terminal in use" (code 7) until the trainer frees it', async () => {
    const key = await connect(stand);
    terminal().setBusy(true);
    expect(await post(stand, 'v2/display', body({ text: 'Hi' }), { session: key })).toMatchObject({
      status: 500,
      json: { errorCode: 7 },
    });
    expect((await post(stand, 'v2/ping', body(), { session: key })).json).toEqual({ connected: true });
    terminal().setBusy(false);
    expect((await post(stand, 'v2/display', body({ text: 'Hi' }), { session: key })).status).toBe(200);
  });

  it('reboot mid-payment: the sale ends as not connected, the session is lost, the terminal returns after a minute', async () => {
    const key = await connect(stand);
    const sale = post(stand, 'v3/authCard', quickSale(), { session: key });
    await prompted(stand, ingenico, 'card');
    stand.terminals.reboot(ingenico);
    expect(await sale).toMatchObject({ status: 500, json: { errorCode: 6 } });
    expect(stand.gateway.context.ledger.all()).toHaveLength(0);
    expect((await post(stand, 'v2/ping', body(), { session: key })).json).toMatchObject({
      errorCode: 1,
      errorMessage: `Session key for hsn ${ingenico} was not valid`,
    });
    expect((await post(stand, 'v1/ping', body())).json).toEqual({ connected: false });
    stand.clock.advance(60_000);
    expect((await post(stand, 'v1/ping', body())).json).toEqual({ connected: true });
    expect((await post(stand, 'v2/connect', body())).status).toBe(200);
  });

  it('answer lost: the sale is authorized at the gateway, and the POS gets no answer', async () => {
    const key = await connect(stand);
    terminal().loseNextAnswer();
    const sale = post(stand, 'v3/authCard', quickSale({ orderId: 'TERM-LOST' }), { session: key });
    await prompted(stand, ingenico, 'card');
    terminal().insertCard(terminalTestCards.visa);
    await expect(sale).rejects.toThrow();
    expect(stand.gateway.context.ledger.byOrderId('TERM-LOST')).toMatchObject([{ respstat: 'A', amount: 1000 }]);
    // Only once: the next sale answers.
    const next = post(stand, 'v3/authCard', quickSale({ orderId: 'TERM-NEXT' }), { session: key });
    await prompted(stand, ingenico, 'card');
    terminal().swipeCard(terminalTestCards.visa);
    expect((await next).json).toMatchObject({ respstat: 'A' });
  });
});

describe('the gateway leg', () => {
  it('the gateway’s answer lost: the terminal service finds the sale by its order id and answers with it', async () => {
    const key = await connect(stand);
    await gatewayAdmin().fault('auth', 'drop-after');
    const sale = post(stand, 'v3/authCard', quickSale({ orderId: 'TERM-RECOVER' }), { session: key });
    await prompted(stand, ingenico, 'card');
    terminal().insertCard(terminalTestCards.visa);
    const answer = await sale;
    const recorded = stand.gateway.context.ledger.byOrderId('TERM-RECOVER');
    expect(recorded).toHaveLength(1);
    expect(answer).toMatchObject({ status: 200, json: { respstat: 'A', retref: recorded[0]?.retref } });
  });

  it('cancel after the authorization left: "Authorization Cancelled" carrying the gateway’s answer', async () => {
    const key = await connect(stand);
    await gatewayAdmin().fault('auth', 'delay', 'once', 5_000);
    const sale = post(stand, 'v3/authCard', quickSale({ orderId: 'TERM-LATE-CANCEL' }), { session: key });
    await prompted(stand, ingenico, 'card');
    const before = stand.clock.pending;
    terminal().insertCard(terminalTestCards.visa);
    // The gateway holds the authorization on the clock (its delay), the service waits for it.
    await until(() => stand.clock.pending >= before + 2, 'the gateway holds the authorization');
    expect((await post(stand, 'v2/cancel', body(), { session: key })).status).toBe(200);
    // The 1:59 request timeout no longer applies once the authorization has left.
    stand.clock.advance(5_000);
    const answer = await sale;
    expect(answer).toMatchObject({
      status: 500,
      json: { errorCode: 8, errorMessage: 'Authorization Cancelled', authResponse: { respstat: 'A' } },
    });
    expect(stand.gateway.context.ledger.byOrderId('TERM-LATE-CANCEL')).toHaveLength(1);
  });
});
