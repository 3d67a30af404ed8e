import { afterEach, describe, expect, it } from 'vitest';
import { createEmulatorIds } from '../../../../src-main/stand-ins/gateway-emulator/ids';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { call, freshEmulator, rpctMerchant, saleAnswer, siteAuth } from './support';

let emulator: RunningEmulator;
afterEach(async () => {
  await emulator.close();
});

const settleNow = async (body: unknown = {}) =>
  (
    await fetch(`${emulator.url.replace('/rest', '')}/__emulator/settle`, {
      method: 'POST',
      headers: { Authorization: siteAuth, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json() as Promise<Array<Record<string, unknown>>>;

async function captured(fields: Record<string, unknown> = {}) {
  const json = await saleAnswer(emulator, { capture: 'Y', ...fields });
  return json.retref as string;
}

describe('settlement', () => {
  it('settles queued captures on request: Accepted, with a GB batch in settlestat by date', async () => {
    emulator = await freshEmulator();
    const first = await captured({ orderid: 'S-1' });
    const second = await captured({ amount: '5.00' });
    const batches = await settleNow();
    expect(batches).toEqual([expect.objectContaining({ merchid: rpctMerchant, hoststat: 'GB', txns: 2 })]);
    const { json } = await call(emulator, 'GET', `settlestat?merchid=${rpctMerchant}&date=1122`);
    expect(json).toEqual([
      expect.objectContaining({
        merchid: rpctMerchant,
        hoststat: 'GB',
        respproc: 'RPCT',
        // authcode and cardtype: settlestat's txns as gateway-openapi.yaml declares and exemplifies them.
        txns: [
          {
            retref: first,
            setlamount: '12.34',
            salesdoc: 'S-1',
            setlstat: 'Y',
            authcode: expect.stringMatching(/^\w{6}$/),
            cardtype: 'VISA',
          },
          {
            retref: second,
            setlamount: '5.00',
            setlstat: 'Y',
            authcode: expect.stringMatching(/^\w{6}$/),
            cardtype: 'VISA',
          },
        ],
      }),
    ]);
    expect((await call(emulator, 'GET', `inquire/${first}/${rpctMerchant}`)).json).toMatchObject({
      setlstat: 'Accepted',
      voidable: 'N',
      refundable: 'Y',
      settledate: '20261122120000',
    });
  });

  it('a settled sale can be refunded and no longer voided', async () => {
    emulator = await freshEmulator();
    const retref = await captured();
    await settleNow();
    expect((await call(emulator, 'PUT', 'void', { merchid: rpctMerchant, retref })).json).toMatchObject({
      respstat: 'C',
      respcode: '27',
    });
    expect((await call(emulator, 'PUT', 'refund', { merchid: rpctMerchant, retref })).json).toMatchObject({
      respstat: 'A',
      amount: '12.34',
    });
  });

  // developer-guides.md, hoststat: "BB – The batch transmitted successfully; however all orders were
  // rejected by the processor"; "RB - The batch was rejected by the processor".
  it('marks rejected transactions N and the batch MB, or BB when all are rejected', async () => {
    emulator = await freshEmulator();
    const good = await captured();
    const bad = await captured();
    expect(await settleNow({ reject: [bad] })).toEqual([expect.objectContaining({ hoststat: 'MB' })]);
    const { json } = await call(emulator, 'GET', `settlestat?merchid=${rpctMerchant}&date=1122`);
    expect(json[0]!.txns).toEqual([
      expect.objectContaining({ retref: good, setlstat: 'Y' }),
      expect.objectContaining({ retref: bad, setlstat: 'N' }),
    ]);
    expect((await call(emulator, 'GET', `inquire/${bad}/${rpctMerchant}`)).json.setlstat).toBe('Rejected');
    const only = await captured();
    expect(await settleNow({ reject: [only] })).toEqual([expect.objectContaining({ hoststat: 'BB' })]);
  });

  it('answers RB when the processor rejects the batch itself, every transaction in it N', async () => {
    emulator = await freshEmulator();
    const first = await captured();
    const second = await captured();
    expect(await settleNow({ rejectBatch: true })).toEqual([expect.objectContaining({ hoststat: 'RB', txns: 2 })]);
    const { json } = await call(emulator, 'GET', `settlestat?merchid=${rpctMerchant}&date=1122`);
    expect(json[0]!.txns).toEqual([
      expect.objectContaining({ retref: first, setlstat: 'N' }),
      expect.objectContaining({ retref: second, setlstat: 'N' }),
    ]);
  });

  // developer-guides.md, hoststat: "Blank – Queued for the processor", "SB - The batch was sent to the
  // processor, but not yet confirmed", "ND - ... no confirmation was received within the expected
  // timeout window".
  it('holds a closed batch at blank, SB then ND until the processor confirms it', async () => {
    emulator = await freshEmulator();
    const retref = await captured({ amount: '7.00' });
    const bySettlestat = async () =>
      (await call(emulator, 'GET', `settlestat?merchid=${rpctMerchant}&date=1122`)).json[0] as Record<string, unknown>;
    expect(await settleNow({ hold: 'queued' })).toEqual([expect.objectContaining({ hoststat: '', txns: 1 })]);
    // Closed: not voidable any more, not settled, and no letter for a transaction awaiting the processor.
    expect(await bySettlestat()).toMatchObject({ hoststat: '', txns: [{ retref, setlamount: '7.00' }] });
    expect(((await bySettlestat()).txns as Array<Record<string, unknown>>)[0]).not.toHaveProperty('setlstat');
    expect((await call(emulator, 'GET', `inquire/${retref}/${rpctMerchant}`)).json).toMatchObject({
      setlstat: 'Queued for Capture',
      voidable: 'N',
    });
    expect((await call(emulator, 'PUT', 'void', { merchid: rpctMerchant, retref })).json).toMatchObject({
      respstat: 'C',
      respcode: '27',
    });
    expect(await settleNow({ hold: 'sent' })).toEqual([expect.objectContaining({ hoststat: 'SB' })]);
    expect(await settleNow({ hold: 'unconfirmed' })).toEqual([expect.objectContaining({ hoststat: 'ND' })]);
    expect(await bySettlestat()).toMatchObject({ hoststat: 'ND' });
    // A capture after the hold joins a new batch; the next settlement confirms both.
    const later = await captured({ amount: '2.00' });
    const confirmed = await settleNow();
    expect(confirmed).toEqual([
      expect.objectContaining({ hoststat: 'GB', txns: 1 }),
      expect.objectContaining({ hoststat: 'GB', txns: 1 }),
    ]);
    const { json } = await call(emulator, 'GET', `settlestat?merchid=${rpctMerchant}&date=1122`);
    expect(json).toEqual([
      expect.objectContaining({ hoststat: 'GB', txns: [expect.objectContaining({ retref, setlstat: 'Y' })] }),
      expect.objectContaining({ hoststat: 'GB', txns: [expect.objectContaining({ retref: later, setlstat: 'Y' })] }),
    ]);
    expect((await call(emulator, 'GET', `inquire/${retref}/${rpctMerchant}`)).json.setlstat).toBe('Accepted');
  });

  // gateway-openapi.yaml, txns.setlstat: F Format Error ("did not transmit for settlement"), T Token
  // Decrypt ("not settled"), W Amount under review ("transmitted ... placed under review").
  it('shows F, T and W as the settle control names them, and a batch of F or T alone is empty (EB)', async () => {
    emulator = await freshEmulator();
    const accepted = await captured({ amount: '1.00' });
    const format = await captured({ amount: '2.00' });
    const token = await captured({ amount: '3.00' });
    const review = await captured({ amount: '4.00' });
    const batches = await settleNow({ statuses: { [format]: 'F', [token]: 'T', [review]: 'W' } });
    expect(batches).toEqual([expect.objectContaining({ hoststat: 'GB', txns: 4 })]);
    const { json } = await call(emulator, 'GET', `settlestat?merchid=${rpctMerchant}&date=1122`);
    expect(json[0]!.txns).toEqual([
      expect.objectContaining({ retref: accepted, setlstat: 'Y' }),
      expect.objectContaining({ retref: format, setlstat: 'F' }),
      expect.objectContaining({ retref: token, setlstat: 'T' }),
      expect.objectContaining({ retref: review, setlstat: 'W' }),
    ]);
    expect((await call(emulator, 'GET', `inquire/${review}/${rpctMerchant}`)).json).toMatchObject({
      setlstat: 'Amount under review',
    });
    // Nothing but the accepted sale can be refunded: the others were not settled.
    expect((await call(emulator, 'PUT', 'refund', { merchid: rpctMerchant, retref: format })).json.respstat).toBe('C');
    const untransmitted = await captured();
    expect(await settleNow({ statuses: { [untransmitted]: 'T' } })).toEqual([
      expect.objectContaining({ hoststat: 'EB', txns: 1 }),
    ]);
    // A letter the settlement cannot set (Y is the default, P is Vantiv's) is refused.
    const bad = await fetch(`${emulator.url.replace('/rest', '')}/__emulator/settle`, {
      method: 'POST',
      headers: { Authorization: siteAuth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ statuses: { [untransmitted]: 'P' } }),
    });
    expect(bad.status).toBe(400);
  });

  // settlestat lists what was sent for settlement, with the statuses F, N, P, T, W, Y
  // (gateway-openapi.yaml, txns.setlstat): there is no letter for a void, which never settles.
  it('leaves a voided capture out of the settled batch, which is then empty (EB)', async () => {
    emulator = await freshEmulator();
    const retref = await captured();
    const kept = await captured({ amount: '3.00' });
    await call(emulator, 'PUT', 'void', { merchid: rpctMerchant, retref });
    await settleNow();
    const { json } = await call(emulator, 'GET', `settlestat?merchid=${rpctMerchant}&date=1122`);
    expect(json[0]).toMatchObject({ hoststat: 'GB', txns: [{ retref: kept, setlstat: 'Y', setlamount: '3.00' }] });
    const voidedOnly = await captured();
    await call(emulator, 'PUT', 'void', { merchid: rpctMerchant, retref: voidedOnly });
    expect(await settleNow()).toEqual([expect.objectContaining({ hoststat: 'EB', txns: 0 })]);
  });

  it("names each settled card brand by the guides' test-card prefixes", async () => {
    emulator = await freshEmulator();
    const brands: Record<string, string> = {
      '5454545454545454': 'MC',
      '371449635398431': 'AMEX',
      '6011000995500000': 'DISC',
      '36438999960016': 'DINR',
      '3528000000000007': 'JCB',
    };
    const retrefs = new Map<string, string>();
    for (const account of Object.keys(brands)) retrefs.set(await captured({ account }), brands[account]!);
    await settleNow();
    const { json } = await call(emulator, 'GET', `settlestat?merchid=${rpctMerchant}&date=1122`);
    for (const txn of json[0]!.txns as Array<{ retref: string; cardtype: string }>)
      expect(txn.cardtype).toBe(retrefs.get(txn.retref));
  });

  it('settlestat by batchid, and merchid alone returns each batch once, then Null Batches', async () => {
    emulator = await freshEmulator();
    await captured();
    const [batch] = await settleNow();
    const byBatch = await call(emulator, 'GET', `settlestat?merchid=${rpctMerchant}&batchid=${String(batch!.batchid)}`);
    expect(byBatch.json).toHaveLength(1);
    expect((await call(emulator, 'GET', `settlestat?merchid=${rpctMerchant}`)).json).toHaveLength(1);
    const again = await call(emulator, 'GET', `settlestat?merchid=${rpctMerchant}`);
    expect(again.text).toBe('Null Batches');
    expect((await call(emulator, 'GET', `settlestat?merchid=${rpctMerchant}&date=0101`)).text).toBe('Null Batches');
  });

  it('settles by itself when the injected clock passes the 02:00 cut-off', async () => {
    let now = Date.UTC(2026, 10, 22, 23, 0);
    emulator = await startEmulator({
      clock: { now: () => now },
      ids: createEmulatorIds(Buffer.alloc(32, 1), 343005123100),
    });
    const retref = await captured();
    expect((await call(emulator, 'GET', `inquire/${retref}/${rpctMerchant}`)).json.setlstat).toBe('Queued for Capture');
    now = Date.UTC(2026, 10, 23, 2, 30);
    expect((await call(emulator, 'GET', `inquire/${retref}/${rpctMerchant}`)).json.setlstat).toBe('Accepted');
    expect((await call(emulator, 'GET', `settlestat?merchid=${rpctMerchant}&date=1123`)).json).toHaveLength(1);
  });

  it('keeps the admin controls to site-level credentials', async () => {
    emulator = await freshEmulator();
    const response = await fetch(`${emulator.url.replace('/rest', '')}/__emulator/settle`, {
      method: 'POST',
      body: '{}',
    });
    expect(response.status).toBe(401);
  });
});
