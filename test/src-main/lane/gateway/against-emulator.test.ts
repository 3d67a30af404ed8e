import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GatewayClient } from '../../../../src-main/lane/gateway/client';
import { RetryableError } from '../../../../src-main/lane/gateway/errors';
import { answerWindowMs, resolveLostAuthorization } from '../../../../src-main/lane/gateway/recovery';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { emulatorClient, keyedSale } from '../../../support/gateway-emulator';

/** Asked after the gateway's answer window since the request was sent: a "not found" is final. */
const pastTheWindow = { sentAt: 0, now: answerWindowMs };

// The gateway client over real HTTP against the gateway emulator: the two are written from the
// same spec by different code, so each checks the other.
let emulator: RunningEmulator;
let client: GatewayClient;
const merchid = '496160873888';

beforeEach(async () => {
  emulator = await startEmulator();
  client = emulatorClient(emulator.url);
});
afterEach(async () => {
  await emulator.close();
});

describe('gateway client against the emulator', () => {
  it('passes the credential test and finds its merchant', async () => {
    await expect(client.credentialTest()).resolves.toMatchObject({
      message: 'CardConnect REST Servlet',
    });
    await expect(client.inquireMerchant({ merchid })).resolves.toMatchObject({
      status: 'boarded',
      cardproc: 'RPCT',
      enabled: true,
    });
  });

  it('authorizes, captures with Level 3 data, inquires and voids a sale', async () => {
    const auth = await client.auth(keyedSale({ amount: 1304, orderid: 'IT-1', receipt: true }));
    expect(auth).toMatchObject({ outcome: 'approved', amount: 1304, receipt: { dba: 'Lanepoint Training Store' } });
    const capture = await client.capture({
      merchid,
      retref: auth.retref!,
      ponumber: 'PO-1',
      taxamnt: 104,
      items: [
        { description: 'Widget', quantity: 2, netamnt: 1000, taxamnt: 80 },
        { description: 'Gadget', quantity: 1, netamnt: 300, taxamnt: 24, discamnt: 100 },
      ],
      amount: 1304,
    });
    expect(capture).toMatchObject({ found: true, setlstat: 'Queued for Capture', amount: 1304 });
    expect(await client.inquire({ merchid, retref: auth.retref! })).toMatchObject({
      setlstat: 'Queued for Capture',
      voidable: true,
      orderId: 'IT-1',
    });
    expect(await client.void({ merchid, retref: auth.retref! })).toMatchObject({
      outcome: 'approved',
      authcode: 'REVERS',
      amount: 0,
    });
  });

  it.each([
    ['112', 'M'],
    ['111', 'N'],
    ['222', 'P'],
    ['333', 'U'],
  ])('sends the CVV as cvv2, and reads the guides\u2019 answer to %s as cvvresp %s', async (cvv, cvvresp) => {
    const auth = await client.auth(keyedSale({ amount: 1200, cvv }));
    expect(auth).toMatchObject({ outcome: 'approved', cvvresp });
  });

  it('reads a decline as a result and a processor timeout as RetryableError', async () => {
    await expect(client.auth(keyedSale({ amount: 500, account: '4387751111111038' }))).resolves.toMatchObject({
      outcome: 'declined',
      respcode: '100',
    });
    await expect(client.auth(keyedSale({ amount: 500, account: '4999006200620062' }))).rejects.toThrow(RetryableError);
  });

  it('resolves a lost authorization by order id', async () => {
    await client.auth(keyedSale({ amount: 700, account: '5454545454545454', orderid: 'LOST-7' }));
    await expect(
      resolveLostAuthorization(client, { merchid, orderid: 'LOST-7' }, pastTheWindow),
    ).resolves.toMatchObject({ kind: 'found', approved: true, record: { amount: 700 } });
    await expect(resolveLostAuthorization(client, { merchid, orderid: 'NEVER-SENT' }, pastTheWindow)).resolves.toEqual({
      kind: 'not-processed',
    });
  });

  it('reads settlement batches after the emulator settles, then Null Batches as an empty list', async () => {
    const auth = await client.auth(keyedSale({ amount: 900, capture: true }));
    const settle = await fetch(`${emulator.url.replace('/rest', '')}/__emulator/settle`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('testing:testing123').toString('base64')}` },
      body: '{}',
    });
    expect(settle.status).toBe(200);
    const batches = await client.settlementStatus({ merchid });
    expect(batches).toEqual([
      expect.objectContaining({
        hoststat: 'GB',
        txns: [expect.objectContaining({ retref: auth.retref, setlamount: 900, setlstat: 'Y' })],
      }),
    ]);
    await expect(client.settlementStatus({ merchid })).resolves.toEqual([]);
  });
});
