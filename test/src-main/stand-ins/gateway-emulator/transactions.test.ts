import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { call, fnorMerchant, freshEmulatorPerTest, rpctMerchant, sale, saleAnswer, siteAuth } from './support';

let emulator: RunningEmulator;
freshEmulatorPerTest((started) => (emulator = started));

async function authorized(fields: Record<string, unknown> = {}) {
  const json = await saleAnswer(emulator, fields);
  expect(json.respstat).toBe('A');
  return json.retref as string;
}
const inquire = async (retref: string, merchid = rpctMerchant) =>
  (await call(emulator, 'GET', `inquire/${retref}/${merchid}`)).json;

describe('the settlement state table', () => {
  it('none → Authorized on an approval; voidable, not yet refundable', async () => {
    const retref = await authorized({ orderid: 'ORDER-1' });
    expect(await inquire(retref)).toMatchObject({
      setlstat: 'Authorized',
      voidable: 'Y',
      refundable: 'N',
      amount: '12.34',
      orderId: 'ORDER-1',
      authdate: '20261122',
      lastfour: '1443',
    });
  });

  it('none → Declined on a decline', async () => {
    const json = await saleAnswer(emulator, { account: '4387751111111038' });
    expect(await inquire(json.retref as string)).toMatchObject({ setlstat: 'Declined', voidable: 'N', respstat: 'C' });
  });

  it('Authorized → Queued for Capture by capture, with a batch id', async () => {
    const retref = await authorized();
    const { json } = await call(emulator, 'PUT', 'capture', { merchid: rpctMerchant, retref });
    expect(json).toMatchObject({ setlstat: 'Queued for Capture', amount: '12.34', retref });
    expect(json.batchid).toBeTruthy();
    expect(await inquire(retref)).toMatchObject({
      setlstat: 'Queued for Capture',
      voidable: 'Y',
      batchid: json.batchid,
    });
  });

  it('capture may exceed the authorization only when the merchant is entitled', async () => {
    const retref = await authorized();
    expect(
      (await call(emulator, 'PUT', 'capture', { merchid: rpctMerchant, retref, amount: '15.00' })).json,
    ).toMatchObject({ amount: '15.00' });
    const other = await authorized({ merchid: fnorMerchant });
    const refused = await call(emulator, 'PUT', 'capture', { merchid: fnorMerchant, retref: other, amount: '15.00' });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ message: expect.stringContaining('amount'), errorcode: 43 });
  });

  it('capture of an unknown retref answers setlstat Txn not found', async () => {
    expect(
      (await call(emulator, 'PUT', 'capture', { merchid: rpctMerchant, retref: '999999999999' })).json,
    ).toMatchObject({ setlstat: 'Txn not found' });
  });

  it('Authorized: a partial void reduces the authorization and answers the remainder', async () => {
    const retref = await authorized({ amount: '10.00' });
    const { json } = await call(emulator, 'PUT', 'void', { merchid: rpctMerchant, retref, amount: '4.00' });
    expect(json).toMatchObject({ respstat: 'A', authcode: 'REVERS', amount: '6.00' });
    expect(await inquire(retref)).toMatchObject({ setlstat: 'Authorized', amount: '6.00' });
  });

  it('Authorized → Voided by a full void: amount 0.00, authcode REVERS', async () => {
    const retref = await authorized();
    const { json } = await call(emulator, 'PUT', 'void', { merchid: rpctMerchant, retref });
    expect(json).toMatchObject({ respstat: 'A', authcode: 'REVERS', amount: '0.00', currency: 'USD' });
    expect(await inquire(retref)).toMatchObject({ setlstat: 'Voided', voidable: 'N' });
  });

  it('Queued for Capture → Voided by a full void; a partial void is refused', async () => {
    const retref = await authorized({ capture: 'Y', amount: '10.00' });
    const partial = await call(emulator, 'PUT', 'void', { merchid: rpctMerchant, retref, amount: '1.00' });
    expect(partial.json).toMatchObject({ respstat: 'C', respproc: 'PPS', respcode: '24' });
    expect(partial.json).not.toHaveProperty('authcode');
    const full = await call(emulator, 'PUT', 'void', { merchid: rpctMerchant, retref });
    expect(full.json).toMatchObject({ respstat: 'A', authcode: 'REVERS', amount: '0.00' });
    expect(await inquire(retref)).toMatchObject({ setlstat: 'Voided' });
  });

  // No authcode on a failure: voidByOrderIdResponse types authcode a string, never null (gateway-openapi.yaml).
  it('void of an unknown retref: the PPS failure shape', async () => {
    expect((await call(emulator, 'PUT', 'void', { merchid: rpctMerchant, retref: '1' })).json).toEqual({
      merchid: rpctMerchant,
      respstat: 'C',
      respcode: '29',
      respproc: 'PPS',
      resptext: 'Txn not found',
    });
  });

  it('refund needs a settled sale, unless the merchant may refund unsettled ones', async () => {
    const retref = await authorized({ capture: 'Y' });
    expect((await call(emulator, 'PUT', 'refund', { merchid: rpctMerchant, retref })).json).toMatchObject({
      respstat: 'C',
      respcode: '28',
    });
    const unsettled = await authorized({ merchid: fnorMerchant, capture: 'Y', amount: '10.00' });
    expect(await inquire(unsettled, fnorMerchant)).toMatchObject({ refundable: 'Y' });
    const first = await call(emulator, 'PUT', 'refund', { merchid: fnorMerchant, retref: unsettled, amount: '4.00' });
    expect(first.json).toMatchObject({ respstat: 'A', amount: '4.00' });
    expect(first.json.retref).not.toBe(unsettled);
    const rest = await call(emulator, 'PUT', 'refund', { merchid: fnorMerchant, retref: unsettled });
    expect(rest.json).toMatchObject({ respstat: 'A', amount: '6.00' });
    expect(
      (await call(emulator, 'PUT', 'refund', { merchid: fnorMerchant, retref: unsettled, amount: '0.01' })).json,
    ).toMatchObject({ respstat: 'C', respcode: '43' });
  });
});

describe('order ids', () => {
  it('inquireByOrderid lists every attempt; set=1 keeps to the merchant, without it the whole site', async () => {
    await call(emulator, 'PUT', 'auth', sale({ orderid: 'SHARED-1', account: '4387751111111038' }));
    await authorized({ orderid: 'SHARED-1' });
    await authorized({ orderid: 'SHARED-1', merchid: fnorMerchant });
    const mine = await call(emulator, 'GET', `inquireByOrderid/SHARED-1/${rpctMerchant}/1`);
    expect(mine.json.map((r) => r.respstat)).toEqual(['C', 'A']);
    const site = await call(emulator, 'GET', `inquireByOrderid/SHARED-1/${rpctMerchant}`);
    expect(site.json).toHaveLength(3);
  });

  it('inquireByOrderid of an unknown order id answers PPS 29', async () => {
    expect((await call(emulator, 'GET', `inquireByOrderid/NOPE/${rpctMerchant}/1`)).json).toMatchObject({
      respproc: 'PPS',
      respcode: '29',
    });
  });

  it('voidByOrderId voids the live authorization and always answers the orderId', async () => {
    const retref = await authorized({ orderid: 'LOST-1' });
    const { json } = await call(emulator, 'PUT', 'voidByOrderId', { merchid: rpctMerchant, orderid: 'LOST-1' });
    expect(json).toMatchObject({ orderId: 'LOST-1', respstat: 'A', authcode: 'REVERS', retref });
    expect(await inquire(retref)).toMatchObject({ setlstat: 'Voided' });
    const again = await call(emulator, 'PUT', 'voidByOrderId', { merchid: rpctMerchant, orderid: 'LOST-1' });
    expect(again.json).toMatchObject({ orderId: 'LOST-1', respstat: 'C', respcode: '25' });
    expect(
      (await call(emulator, 'PUT', 'voidByOrderId', { merchid: rpctMerchant, orderid: 'NEVER' })).json,
    ).toMatchObject({ orderId: 'NEVER', respcode: '29' });
  });

  it('orderId is an empty string when there was none and receipt was Y, absent when receipt was N', async () => {
    const withReceipt = await authorized({ receipt: 'Y' });
    const without = await authorized();
    expect((await inquire(withReceipt)).orderId).toBe('');
    expect(await inquire(without)).not.toHaveProperty('orderId');
  });
});

describe('request checks (operation-fields.ts, from gateway-openapi.yaml)', () => {
  // A broken field is the documented PPS decline (response-codes.md: 34 "Invalid field",
  // 43 "Invalid amount"), with the emulator's note naming the field; capture, whose answer has
  // no respcode, answers the declared HTTP 400 with a JSON {message, errorcode}.
  it.each([
    ['void', { merchid: rpctMerchant, retref: '1'.repeat(15) }, 'retref', '34', 'Invalid field'],
    ['refund', { merchid: '4961608738881234567', retref: '1' }, 'merchid', '34', 'Invalid field'],
    ['voidByOrderId', { merchid: rpctMerchant, orderid: 'O'.repeat(51) }, 'orderid', '34', 'Invalid field'],
    ['void', { merchid: rpctMerchant, retref: '1', amount: 'ten' }, 'amount', '43', 'Invalid amount'],
    ['refund', { merchid: rpctMerchant }, 'retref', '34', 'Invalid field'],
  ])('%s declines a bad %s with PPS %s (case %#)', async (endpoint, body, field, respcode, resptext) => {
    const response = await fetch(`${emulator.url}/${endpoint}`, {
      method: 'POST',
      headers: { Authorization: siteAuth, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ respstat: 'C', respproc: 'PPS', respcode, resptext });
    expect(response.headers.get('x-emulator-problem')).toContain(field);
  });

  it.each([
    [{ merchid: rpctMerchant, retref: '1'.repeat(15) }, 'retref'],
    [{ merchid: rpctMerchant, retref: '1', ponumber: 'P'.repeat(37) }, 'ponumber'],
    [{ merchid: rpctMerchant, retref: '1', amount: '1,00' }, 'amount'],
  ])('capture answers HTTP 400 with a JSON body naming the bad field (case %#)', async (body, field) => {
    const response = await call(emulator, 'PUT', 'capture', body);
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ message: expect.stringContaining(field), errorcode: expect.any(Number) });
  });

  it('takes what the reference allows and the client once refused: a merchid of letters up to 16, an orderid of 50', async () => {
    // Looked up (29, not found), not refused as a field (34): the authorization's own rules are authorize.ts's.
    const orderid = 'O'.repeat(50);
    expect((await call(emulator, 'PUT', 'voidByOrderId', { merchid: rpctMerchant, orderid })).json).toMatchObject({
      orderId: orderid,
      respcode: '29',
    });
    expect((await call(emulator, 'GET', `inquireByOrderid/${orderid}/${rpctMerchant}/1`)).json).toMatchObject({
      respcode: '29',
    });
    // Not a merchant of this emulator, but a well-formed merchid: looked up, not refused as a field.
    expect((await call(emulator, 'PUT', 'void', { merchid: 'MERCHANT-ABC-123', retref: '1' })).json).toMatchObject({
      respcode: '29',
      resptext: 'Txn not found',
    });
  });
});
