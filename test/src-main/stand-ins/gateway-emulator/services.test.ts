import { afterEach, describe, expect, it } from 'vitest';
import { createEmulatorIds } from '../../../../src-main/stand-ins/gateway-emulator/ids';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { call, fnorMerchant, freshEmulator, merchantAuth, rpctMerchant, sale, saleAnswer } from './support';

let emulator: RunningEmulator;
afterEach(async () => {
  await emulator.close();
});

/** A short real signature payload: Base64 of some bytes (the emulator keeps what it is given). */
const signature = Buffer.from('gzipped 1-bit BMP stands here').toString('base64');

describe('sigcap', () => {
  it('adds a signature to an approved authorization; inquire then returns it', async () => {
    emulator = await freshEmulator();
    const approved = await saleAnswer(emulator);
    const retref = String(approved.retref);
    const { status, json } = await call(emulator, 'POST', 'sigcap', { merchid: rpctMerchant, retref, signature });
    expect(status).toBe(200);
    expect(json).toEqual({ merchid: rpctMerchant, retref, respcode: '00', resptext: 'Approval' });
    expect((await call(emulator, 'GET', `inquire/${retref}/${rpctMerchant}`)).json.signature).toBe(signature);
    // PUT works the same, and a later signature replaces the first.
    const second = Buffer.from('another signature').toString('base64');
    expect(
      (await call(emulator, 'PUT', 'sigcap', { merchid: rpctMerchant, retref, signature: second })).json.respcode,
    ).toBe('00');
    expect((await call(emulator, 'GET', `inquire/${retref}/${rpctMerchant}`)).json.signature).toBe(second);
  });

  it('answers PPS 29 for an unknown or another merchant\u2019s retref, and 94 for a decline', async () => {
    emulator = await freshEmulator();
    const approved = await saleAnswer(emulator);
    expect(
      (await call(emulator, 'POST', 'sigcap', { merchid: rpctMerchant, retref: '999999999999', signature })).json,
    ).toMatchObject({ respcode: '29', resptext: 'Txn not found' });
    expect(
      (await call(emulator, 'POST', 'sigcap', { merchid: fnorMerchant, retref: approved.retref, signature })).json,
    ).toMatchObject({ respcode: '29' });
    const declined = await saleAnswer(emulator, { account: '4387751111111038' });
    expect(declined.respstat).toBe('C');
    expect(
      (await call(emulator, 'POST', 'sigcap', { merchid: rpctMerchant, retref: declined.retref, signature })).json,
    ).toMatchObject({ respcode: '94', resptext: 'No action' });
  });

  it('refuses a missing, oversized or non-Base64 signature with a 400 naming the field', async () => {
    emulator = await freshEmulator();
    const approved = await saleAnswer(emulator);
    const body = { merchid: rpctMerchant, retref: approved.retref };
    for (const [bad, words] of [
      [undefined, 'signature: required'],
      ['A'.repeat(6148), 'signature: at most 6144'],
      ['not base64!', 'signature: Base64'],
    ] as const) {
      const answer = await call(emulator, 'POST', 'sigcap', { ...body, signature: bad });
      expect(answer.status).toBe(400);
      expect(answer.text).toContain(words);
    }
    expect((await call(emulator, 'POST', 'sigcap', { ...body, retref: 'abc', signature })).text).toContain(
      'retref: digits only',
    );
  });

  it('merchant credentials reach only their merchant', async () => {
    emulator = await freshEmulator();
    const answer = await call(
      emulator,
      'POST',
      'sigcap',
      { merchid: fnorMerchant, retref: '1', signature },
      merchantAuth,
    );
    expect(answer.status).toBe(401);
  });
});

describe('bin', () => {
  it('answers every field for a Visa token and country, product, bin for an Amex one', async () => {
    emulator = await freshEmulator();
    const visa = String((await saleAnswer(emulator, { amount: '0' })).token);
    expect((await call(emulator, 'GET', `bin/${rpctMerchant}/${visa}`)).json).toEqual({
      country: 'US',
      product: 'V',
      bin: '478825',
      cardusestring: 'Visa Credit',
      subtype: 'Consumer Credit',
      issuer: 'Emulated Issuing Bank',
      gsa: 'false',
      corporate: false,
      fsa: false,
      purchase: false,
      prepaid: false,
      binlo: '478825XXX',
      binhi: '478825XXX',
    });
    const amex = String((await saleAnswer(emulator, { account: '371449635398431', amount: '0' })).token);
    expect((await call(emulator, 'GET', `bin/${rpctMerchant}/${amex}`)).json).toEqual({
      country: 'US',
      product: 'A',
      bin: '371449',
    });
  });

  it('says no BIN information for a token it did not issue, and refuses one that is not digits', async () => {
    emulator = await freshEmulator();
    expect((await call(emulator, 'GET', `bin/${rpctMerchant}/9123456789011443`)).json).toEqual({
      success: true,
      errormsg: 'No bin information found.',
    });
    expect((await call(emulator, 'GET', `bin/${rpctMerchant}/abc`)).json).toEqual({
      success: false,
      errormsg: 'Invalid token',
    });
  });
});

describe('profile service', () => {
  it('creates, adds an account, reads, updates and deletes; the answers carry tokens, never numbers', async () => {
    emulator = await freshEmulator();
    const created = (
      await call(emulator, 'POST', 'profile', {
        merchid: rpctMerchant,
        account: '4788250000121443',
        expiry: '1228',
        name: 'PAT BUYER',
        postal: '19406',
      })
    ).json;
    expect(created).toMatchObject({
      respstat: 'A',
      respcode: '09',
      resptext: 'Profile Saved',
      respproc: 'PPS',
      acctid: '1',
      accttype: 'VISA',
      defaultacct: 'Y',
      postal: '19406',
    });
    const profileid = String(created.profileid);
    expect(profileid).toMatch(/^\d{20}$/);
    expect(JSON.stringify(created)).not.toContain('4788250000121443');
    // A token this emulator issued stands for its card; profileid alone adds an account.
    const token = String((await saleAnswer(emulator, { account: '5454545454545454', amount: '0' })).token);
    const added = (
      await call(emulator, 'PUT', 'profile', {
        merchid: rpctMerchant,
        profile: profileid,
        account: token,
        expiry: '0130',
        defaultacct: 'Y',
      })
    ).json;
    expect(added).toMatchObject({ acctid: '2', accttype: 'MC', token, defaultacct: 'Y' });
    const listed = (await call(emulator, 'GET', `profile/${profileid}//${rpctMerchant}`)).json;
    expect(listed).toEqual([
      expect.objectContaining({
        profileid,
        acctid: '1',
        token: created.token,
        defaultacct: 'N',
        name: 'PAT BUYER',
        expiry: '1228',
      }),
      expect.objectContaining({ profileid, acctid: '2', token, defaultacct: 'Y' }),
    ]);
    // An update with profileupdate Y keeps what it leaves out.
    await call(emulator, 'PUT', 'profile', {
      merchid: rpctMerchant,
      profile: `${profileid}/1`,
      account: '4788250000121443',
      expiry: '1229',
      profileupdate: 'Y',
    });
    expect((await call(emulator, 'GET', `profile/${profileid}/1/${rpctMerchant}`)).json).toEqual([
      expect.objectContaining({ acctid: '1', expiry: '1229', name: 'PAT BUYER', postal: '19406' }),
    ]);
    // The stored card pays by profile.
    expect(
      (await call(emulator, 'PUT', 'auth', sale({ account: undefined, expiry: undefined, profile: `${profileid}/2` })))
        .json,
    ).toMatchObject({ respstat: 'A', token });
    expect((await call(emulator, 'DELETE', `profile/${profileid}/1/${rpctMerchant}`)).json).toEqual({
      respstat: 'A',
      respcode: '08',
      resptext: 'Profile Deleted',
      respproc: 'PPS',
    });
    expect((await call(emulator, 'GET', `profile/${profileid}//${rpctMerchant}`)).json).toEqual([
      expect.objectContaining({ acctid: '2' }),
    ]);
    expect((await call(emulator, 'DELETE', `profile/${profileid}//${rpctMerchant}`)).json.respcode).toBe('08');
    expect((await call(emulator, 'GET', `profile/${profileid}//${rpctMerchant}`)).json).toEqual({
      respstat: 'C',
      respcode: '96',
      resptext: 'Profile not found',
      respproc: 'PPS',
    });
  });

  it('does not create a duplicate: the same account answers the existing profile', async () => {
    emulator = await freshEmulator();
    const request = { merchid: rpctMerchant, account: '4788250000121443', expiry: '1228', name: 'PAT BUYER' };
    const first = (await call(emulator, 'POST', 'profile', request)).json;
    const again = (await call(emulator, 'POST', 'profile', request)).json;
    expect(again).toMatchObject({ profileid: first.profileid, acctid: '1' });
    expect((await call(emulator, 'POST', 'profile', { ...request, name: 'OTHER' })).json.profileid).not.toBe(
      first.profileid,
    );
  });

  it('keeps one merchant\u2019s profiles from another, and answers 96 for an unknown profile or account', async () => {
    emulator = await freshEmulator();
    const created = (
      await call(emulator, 'POST', 'profile', { merchid: rpctMerchant, account: '4788250000121443', expiry: '1228' })
    ).json;
    expect((await call(emulator, 'GET', `profile/${String(created.profileid)}/1/${fnorMerchant}`)).json.respcode).toBe(
      '96',
    );
    expect(
      (await call(emulator, 'DELETE', `profile/${String(created.profileid)}/7/${rpctMerchant}`)).json.respcode,
    ).toBe('96');
    expect(
      (
        await call(emulator, 'PUT', 'profile', {
          merchid: rpctMerchant,
          profile: '12345678901234567890/1',
          account: '4788250000121443',
          expiry: '1228',
        })
      ).json.respcode,
    ).toBe('96');
    expect(
      (await call(emulator, 'GET', `profile/${String(created.profileid)}/1/${fnorMerchant}`, undefined, merchantAuth))
        .status,
    ).toBe(401);
  });

  it('names the broken field: required account and expiry, lengths, and an invalid card or unknown token', async () => {
    emulator = await freshEmulator();
    const base = { merchid: rpctMerchant, account: '4788250000121443', expiry: '1228' };
    expect((await call(emulator, 'POST', 'profile', { ...base, account: undefined })).text).toContain(
      'account: required',
    );
    expect((await call(emulator, 'POST', 'profile', { ...base, expiry: undefined })).text).toContain(
      'expiry: required',
    );
    expect((await call(emulator, 'POST', 'profile', { ...base, name: 'N'.repeat(31) })).text).toContain(
      'name: at most 30',
    );
    expect((await call(emulator, 'POST', 'profile', { ...base, expiry: '12/28' })).text).toContain(
      'expiry: MMYY or YYYYMMDD',
    );
    expect((await call(emulator, 'POST', 'profile', { ...base, account: '4788250000121444' })).json).toMatchObject({
      respstat: 'C',
      respcode: '11',
    });
    expect((await call(emulator, 'POST', 'profile', { ...base, account: '9111111111111443' })).json).toMatchObject({
      respstat: 'C',
      respcode: '98',
    });
    expect((await call(emulator, 'GET', `profile/123/1/${rpctMerchant}`)).status).toBe(400);
  });
});

describe('openbatch and closebatch', () => {
  it('closebatch settles the open batch now: settlestat reports it, the sale is refundable', async () => {
    emulator = await freshEmulator();
    const json = await saleAnswer(emulator, { capture: 'Y' });
    const batchid = String(json.batchid);
    expect((await call(emulator, 'GET', `closebatch/${rpctMerchant}/${batchid}`)).json).toEqual({
      batchid,
      respcode: 'success',
    });
    expect((await call(emulator, 'GET', `inquire/${String(json.retref)}/${rpctMerchant}`)).json).toMatchObject({
      setlstat: 'Accepted',
      refundable: 'Y',
    });
    expect((await call(emulator, 'GET', `settlestat?merchid=${rpctMerchant}&batchid=${batchid}`)).json).toEqual([
      expect.objectContaining({ batchid, hoststat: 'GB' }),
    ]);
    // Closed already: noBatch, with the text "null" for the id.
    expect((await call(emulator, 'GET', `closebatch/${rpctMerchant}/${batchid}`)).json).toEqual({
      batchid: 'null',
      respcode: 'noBatch',
    });
    expect((await call(emulator, 'GET', `closebatch/${rpctMerchant}`)).json).toEqual({
      batchid: 'null',
      respcode: 'noBatch',
    });
  });

  it('openbatch opens the batch the next captures join; one holding captures must be closed first', async () => {
    emulator = await freshEmulator();
    const opened = (await call(emulator, 'GET', `openbatch/${rpctMerchant}/LANE-1-DAY-1`)).json;
    expect(opened).toEqual({ batchid: expect.stringMatching(/^\d+$/), respcode: 'success' });
    const json = await saleAnswer(emulator, { capture: 'Y' });
    expect(json.batchid).toBe(opened.batchid);
    expect((await call(emulator, 'GET', `openbatch/${rpctMerchant}/LANE-1-DAY-2`)).json).toEqual({
      batchid: 'null',
      respcode: 'noBatch',
    });
    expect((await call(emulator, 'GET', `closebatch/${rpctMerchant}`)).json).toEqual({
      batchid: opened.batchid,
      respcode: 'success',
    });
    const next = (await call(emulator, 'GET', `openbatch/${rpctMerchant}/LANE-1-DAY-2`)).json;
    expect(next.respcode).toBe('success');
    expect(next.batchid).not.toBe(opened.batchid);
    // An empty open batch is simply replaced.
    expect((await call(emulator, 'GET', `openbatch/${rpctMerchant}/LANE-1-DAY-3`)).json.respcode).toBe('success');
  });
});

describe('funding', () => {
  it('pays a settled day the next afternoon: a funding master with its transactions, net of refunds', async () => {
    let now = Date.UTC(2026, 10, 22, 12, 0, 0);
    emulator = await startEmulator({
      realism: false,
      clock: { now: () => now },
      ids: createEmulatorIds(Buffer.alloc(32, 7), 343005123100),
    });
    const first = await saleAnswer(emulator, { capture: 'Y', amount: '20.00' });
    const second = (
      await call(emulator, 'PUT', 'auth', sale({ capture: 'Y', amount: '5.00', account: '5454545454545454' }))
    ).json;
    const rejected = await saleAnswer(emulator, { capture: 'Y', amount: '7.00' });
    await fetch(`${emulator.url.replace('/rest', '')}/__emulator/settle`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from('testing:testing123').toString('base64')}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ reject: [rejected.retref] }),
    });
    const refund = (
      await call(emulator, 'PUT', 'refund', { merchid: rpctMerchant, retref: first.retref, amount: '2.50' })
    ).json;
    expect((await call(emulator, 'GET', `funding?merchid=${rpctMerchant}&date=1123`)).json).toEqual({
      errormsg: 'No deposits match your request',
    });
    now = Date.UTC(2026, 10, 23, 18, 0, 0);
    const funding = (await call(emulator, 'GET', `funding?merchid=${rpctMerchant}&date=1123`)).json;
    expect(funding).toMatchObject({
      merchid: rpctMerchant,
      fundingdate: '20261123',
      fundings: [expect.objectContaining({ netsales: '25.00', totalfunding: '25.00', fee: '0.00', currency: 'USD' })],
    });
    expect(funding.txns).toEqual([
      expect.objectContaining({
        retref: first.retref,
        amount: '20.00',
        type: 'Sale',
        cardtype: 'VISA',
        cardnumber: 'XXXXXXXXXXXX1443',
        date: '20261122',
      }),
      expect.objectContaining({ retref: second.retref, amount: '5.00', cardtype: 'MC' }),
    ]);
    // The refund settled at the next cut-off (run by the call above) and is funded on its own day, as money back.
    now = Date.UTC(2026, 10, 25, 18, 0, 0);
    const later = (await call(emulator, 'GET', `funding?merchid=${rpctMerchant}&date=20261124`)).json;
    expect(later.txns).toEqual([expect.objectContaining({ retref: refund.retref, amount: '-2.50', type: 'Refund' })]);
    expect(later.fundings).toEqual([expect.objectContaining({ netsales: '-2.50' })]);
  });

  it('without a date returns each funding day once, then no deposits', async () => {
    let now = Date.UTC(2026, 10, 22, 12, 0, 0);
    emulator = await startEmulator({ realism: false, clock: { now: () => now } });
    await call(emulator, 'PUT', 'auth', sale({ capture: 'Y' }));
    expect((await call(emulator, 'GET', `closebatch/${rpctMerchant}`)).json.respcode).toBe('success');
    now = Date.UTC(2026, 10, 23, 19, 0, 0);
    expect((await call(emulator, 'GET', `funding?merchid=${rpctMerchant}`)).json.fundingdate).toBe('20261123');
    expect((await call(emulator, 'GET', `funding?merchid=${rpctMerchant}`)).json).toEqual({
      errormsg: 'No deposits match your request',
    });
    // By date it is still there.
    expect((await call(emulator, 'GET', `funding?merchid=${rpctMerchant}&date=1123`)).json.fundingdate).toBe(
      '20261123',
    );
    expect((await call(emulator, 'GET', `funding?merchid=${rpctMerchant}&date=11-23`)).status).toBe(400);
    expect((await call(emulator, 'GET', 'funding')).text).toContain('merchid: required');
  });
});
