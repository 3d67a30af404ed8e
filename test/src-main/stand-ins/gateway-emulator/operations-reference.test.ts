import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { refundAmountCodes } from '../../../conformance/fixtures/refund-amount-codes';
import { call, fnorMerchant, freshEmulatorPerTest, rpctMerchant, sale, saleAnswer, siteAuth } from './support';

let emulator: RunningEmulator;
freshEmulatorPerTest((started) => (emulator = started));

const settleNow = () =>
  fetch(`${emulator.url.replace('/rest', '')}/__emulator/settle`, {
    method: 'POST',
    headers: { Authorization: siteAuth },
    body: '{}',
  });

async function approved(fields: Record<string, unknown> = {}) {
  const json = await saleAnswer(emulator, fields);
  expect(json.respstat).toBe('A');
  return json.retref as string;
}

describe('the documented REST root /cardconnect/rest', () => {
  const at = (path: string, init: RequestInit = {}) =>
    fetch(`${emulator.referenceUrl}/${path}`, {
      ...init,
      headers: { Authorization: siteAuth, 'Content-Type': 'application/json', ...init.headers },
    });

  it('serves every endpoint there as under /rest', async () => {
    expect(emulator.referenceUrl).toMatch(/\/cardconnect\/rest$/);
    const auth = await (await at('auth', { method: 'POST', body: JSON.stringify(sale({ orderid: 'ROOT-1' })) })).json();
    expect(auth).toMatchObject({ respstat: 'A' });
    const retref = String(auth.retref);
    expect(
      await (await at('capture', { method: 'POST', body: JSON.stringify({ merchid: rpctMerchant, retref }) })).json(),
    ).toMatchObject({ setlstat: 'Queued for Capture' });
    expect(await (await at(`inquire/${retref}/${rpctMerchant}`)).json()).toMatchObject({
      retref,
      setlstat: 'Queued for Capture',
    });
    expect(await (await at(`inquireByOrderid/ROOT-1/${rpctMerchant}/1`)).json()).toEqual([
      expect.objectContaining({ retref }),
    ]);
    expect(
      await (
        await at('voidByOrderId', {
          method: 'POST',
          body: JSON.stringify({ merchid: rpctMerchant, orderid: 'ROOT-1' }),
        })
      ).json(),
    ).toMatchObject({ respstat: 'A', retref });
    const other = await approved();
    expect(
      await (
        await at('void', { method: 'POST', body: JSON.stringify({ merchid: rpctMerchant, retref: other }) })
      ).json(),
    ).toMatchObject({ respstat: 'A' });
    expect(
      await (
        await at('refund', { method: 'POST', body: JSON.stringify({ merchid: rpctMerchant, retref: other }) })
      ).json(),
    ).toMatchObject({ respcode: '28' });
    expect(await (await at(`inquireMerchant/${rpctMerchant}`)).json()).toMatchObject({
      merchid: rpctMerchant,
      enabled: true,
    });
    expect(await (await at(`settlestat?merchid=${rpctMerchant}`)).text()).toBe('Null Batches');
    expect(await (await at('')).text()).toBe('CardConnect REST Servlet');
    const missing = await at('nonsense');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ message: expect.any(String), errorcode: expect.any(Number) });
  });

  it('takes an injected fault set for an endpoint under either root', async () => {
    await fetch(`${emulator.url.replace('/rest', '')}/__emulator/faults`, {
      method: 'PUT',
      headers: { Authorization: siteAuth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ endpoint: 'inquire', kind: 'http-500' }),
    });
    expect((await at(`inquire/1/${rpctMerchant}`)).status).toBe(500);
    expect((await at(`inquire/1/${rpctMerchant}`)).status).toBe(200);
  });
});

describe('refund amount-driven codes (developer-guides.md, "Testing Refund Authorizations")', () => {
  it.each(['RPCT', 'FNOR'] as const)('walks every %s row of the fixture over HTTP', async (platform) => {
    const merchid = platform === 'RPCT' ? rpctMerchant : fnorMerchant;
    // Step 1 of the guide: a captured sale of 2000.00 or more (here enough for every approving row).
    const retref = await approved({ merchid, amount: '500000.00', capture: 'Y' });
    // RPCT's merchant may not refund before settlement; FNOR's may (config.ts).
    if (platform === 'RPCT') await settleNow();
    const rows = refundAmountCodes.filter((row) => row.platform === platform);
    expect(rows.length).toBeGreaterThan(platform === 'RPCT' ? 200 : 20);
    for (const row of rows) {
      const { json } = await call(emulator, 'PUT', 'refund', { merchid, retref, amount: row.amount });
      const expected =
        row.respstat === 'A'
          ? { respstat: 'A', respproc: platform, amount: row.amount }
          : {
              respstat: row.respstat,
              respcode: row.respcode,
              resptext: row.resptext,
              respproc: platform,
              amount: '0.00',
            };
      expect({ table: row.table, ...json }).toMatchObject({ table: row.table, ...expected });
    }
  });

  it('a declined refund refunds nothing: the whole sale is still refundable after it', async () => {
    const retref = await approved({ merchid: fnorMerchant, amount: '2000.00', capture: 'Y' });
    expect(
      (await call(emulator, 'PUT', 'refund', { merchid: fnorMerchant, retref, amount: '1005.00' })).json,
    ).toMatchObject({ respstat: 'C', respcode: '05', resptext: 'Do not honor' });
    expect((await call(emulator, 'PUT', 'refund', { merchid: fnorMerchant, retref })).json).toMatchObject({
      respstat: 'A',
      amount: '2000.00',
    });
  });
});

describe('voidByOrderId with an amount (voidByOrderIdRequest: a part only while Authorized)', () => {
  it('voids that amount of an Authorized sale and answers what remains', async () => {
    const retref = await approved({ orderid: 'PART-1', amount: '10.00' });
    const { json } = await call(emulator, 'PUT', 'voidByOrderId', {
      merchid: rpctMerchant,
      orderid: 'PART-1',
      amount: '4.00',
    });
    expect(json).toMatchObject({ respstat: 'A', authcode: 'REVERS', amount: '6.00', orderId: 'PART-1', retref });
    expect((await call(emulator, 'GET', `inquire/${retref}/${rpctMerchant}`)).json).toMatchObject({
      setlstat: 'Authorized',
      amount: '6.00',
    });
  });

  it('refuses a part of a captured sale, and voids the whole with no amount', async () => {
    await approved({ orderid: 'PART-2', amount: '10.00', capture: 'Y' });
    expect(
      (await call(emulator, 'PUT', 'voidByOrderId', { merchid: rpctMerchant, orderid: 'PART-2', amount: '4.00' })).json,
    ).toMatchObject({ respstat: 'C', respcode: '24' });
    expect(
      (await call(emulator, 'PUT', 'voidByOrderId', { merchid: rpctMerchant, orderid: 'PART-2' })).json,
    ).toMatchObject({ respstat: 'A', amount: '0.00' });
  });

  it('ignores a declined attempt under the same order id (changelog: voidByOrderId ignores declined transactions)', async () => {
    await call(emulator, 'PUT', 'auth', sale({ orderid: 'RETRY-1', account: '4387751111111038' }));
    const retref = await approved({ orderid: 'RETRY-1' });
    await call(emulator, 'PUT', 'void', { merchid: rpctMerchant, retref });
    // The approval is already voided; the decline before it is not a candidate.
    expect(
      (await call(emulator, 'PUT', 'voidByOrderId', { merchid: rpctMerchant, orderid: 'RETRY-1' })).json,
    ).toMatchObject({ respstat: 'C', respcode: '25', retref });
  });
});

describe('fields the reference shows', () => {
  it('capture answers authcode, orderid, commcard, and the receipt when asked', async () => {
    const auth = await saleAnswer(emulator, { orderid: 'CAP-1' });
    const { json } = await call(emulator, 'PUT', 'capture', {
      merchid: rpctMerchant,
      retref: auth.retref,
      receipt: 'y',
    });
    expect(json).toMatchObject({
      authcode: auth.authcode,
      orderid: 'CAP-1',
      commcard: 'N',
      receipt: expect.objectContaining({ dba: 'Lanepoint Training Store' }),
    });
  });

  it.each([
    ['1228', '1228'],
    ['202812', '1228'],
    ['20281231', '1228'],
    ['20283', '0328'],
  ])('inquire answers the expiry %s as MMYY %s', async (expiry, mmyy) => {
    const retref = await approved({ expiry });
    expect((await call(emulator, 'GET', `inquire/${retref}/${rpctMerchant}`)).json).toMatchObject({ expiry: mmyy });
  });
});
