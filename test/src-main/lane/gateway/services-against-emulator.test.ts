import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthorizationRequest } from '../../../../src-main/lane/gateway/auth-request';
import type { GatewayClient } from '../../../../src-main/lane/gateway/client';
import { AuthenticationError, GatewayError, ValidationError } from '../../../../src-main/lane/gateway/errors';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { encodeSignature } from '../../../../src-main/lane/signature/codec';
import { emulatorClient, emulatorSiteLogin, keyedSale } from '../../../support/gateway-emulator';
import { drawnSignature } from '../../../support/strokes';

// The client's service methods over real HTTP against the emulator, which reads the reference on
// its own: each side checks the other.
let emulator: RunningEmulator;
let client: GatewayClient;
let now = Date.UTC(2026, 10, 22, 12, 0, 0);
const merchid = '496160873888';
const otherMerchant = '820000000001';
const signature = encodeSignature(drawnSignature(200, 60, '10,40 60,10 120,50 190,20')).value;

beforeEach(async () => {
  now = Date.UTC(2026, 10, 22, 12, 0, 0);
  emulator = await startEmulator({ clock: { now: () => now } });
  client = emulatorClient(emulator.url);
});
afterEach(async () => {
  await emulator.close();
});

const approvedSale = async (fields: Partial<AuthorizationRequest> = {}) => {
  const auth = await client.auth(keyedSale(fields));
  expect(auth.outcome).toBe('approved');
  return auth;
};

describe('sigcap', () => {
  it('adds the signature to an approved sale: saved, and inquire returns it', async () => {
    const sale = await approvedSale();
    expect(await client.sigcap({ merchid, retref: sale.retref!, signature })).toMatchObject({
      saved: true,
      retref: sale.retref,
      respcode: '00',
    });
    expect((await client.inquire({ merchid, retref: sale.retref! })).signature).toBe(signature);
  });

  it('reads an unknown retref as not saved, not as an error', async () => {
    expect(await client.sigcap({ merchid, retref: '999999999999', signature })).toMatchObject({
      saved: false,
      respcode: '29',
    });
  });

  it('refuses before sending what is not a gzipped 1-bit BMP, naming the field', async () => {
    const retref = '123456789012';
    const refused = (value: string) =>
      client.sigcap({ merchid, retref, signature: value }).catch((error: unknown) => error);
    expect(await refused('not base64!')).toMatchObject({ name: 'ValidationError', field: 'signature' });
    expect(await refused(Buffer.from('plain bytes, not gzip').toString('base64'))).toMatchObject({
      field: 'signature',
      rule: expect.stringContaining('not gzip'),
    });
    // A gzipped 24-bit BMP header: the gateway shows only 1-bit images.
    const header = Buffer.alloc(54);
    header.write('BM', 0, 'latin1');
    header.writeUInt16LE(24, 28);
    expect(await refused(gzipSync(header).toString('base64'))).toMatchObject({
      field: 'signature',
      rule: 'a 1-bit BMP image, gzipped',
    });
    expect(await refused('QUFB'.repeat(1537))).toMatchObject({
      field: 'signature',
      rule: expect.stringContaining('at most 6144'),
    });
    await expect(client.sigcap({ merchid, retref: 'R-1', signature })).rejects.toMatchObject({ field: 'retref' });
    await expect(client.sigcap({ merchid: '', retref, signature })).rejects.toThrow(ValidationError);
  });
});

describe('profiles', () => {
  it('creates, adds, reads, updates and deletes a customer\u2019s stored cards', async () => {
    const visa = await approvedSale({ amount: 0 });
    const created = await client.saveProfile({
      merchid,
      account: visa.token!,
      expiry: '1228',
      name: 'PAT BUYER',
      postal: '19406',
      cardholderPermission: true,
    });
    expect(created).toMatchObject({
      saved: true,
      account: { acctid: '1', token: visa.token, accttype: 'VISA', isDefault: true, cofpermission: 'Y' },
    });
    const profileid = created.saved ? created.account.profileid : '';
    const mastercard = await approvedSale({ account: '5454545454545454', amount: 0 });
    expect(
      await client.saveProfile({
        merchid,
        profileid,
        account: mastercard.token!,
        expiry: '0130',
        defaultAccount: true,
      }),
    ).toMatchObject({ saved: true, account: { acctid: '2', isDefault: true } });
    const accounts = await client.getProfile({ merchid, profileid });
    expect(accounts.map((a) => [a.acctid, a.token, a.isDefault])).toEqual([
      ['1', visa.token, false],
      ['2', mastercard.token, true],
    ]);
    expect(
      await client.saveProfile({
        merchid,
        profileid,
        acctid: '1',
        account: visa.token!,
        expiry: '1229',
        keepUnsent: true,
      }),
    ).toMatchObject({ saved: true, account: { expiry: '1229', name: 'PAT BUYER' } });
    expect(await client.getProfile({ merchid, profileid, acctid: '1' })).toEqual([
      expect.objectContaining({ acctid: '1', expiry: '1229', postal: '19406' }),
    ]);
    expect(await client.deleteProfile({ merchid, profileid, acctid: '2' })).toEqual({
      deleted: true,
      respcode: '08',
      resptext: 'Profile Deleted',
    });
    expect(await client.getProfile({ merchid, profileid })).toHaveLength(1);
    expect(await client.deleteProfile({ merchid, profileid })).toMatchObject({ deleted: true });
    expect(await client.getProfile({ merchid, profileid })).toEqual([]);
    expect(await client.deleteProfile({ merchid, profileid })).toMatchObject({ deleted: false, respcode: '96' });
  });

  it('reads a refusal as not saved; another merchant\u2019s profile is not found', async () => {
    expect(await client.saveProfile({ merchid, account: '4788250000121444', expiry: '1228' })).toEqual({
      saved: false,
      respcode: '11',
      resptext: 'Invalid card',
    });
    const created = await client.saveProfile({ merchid, account: '4788250000121443', expiry: '1228' });
    const profileid = created.saved ? created.account.profileid : '';
    expect(await client.getProfile({ merchid: otherMerchant, profileid })).toEqual([]);
    expect(
      await client.saveProfile({
        merchid,
        profileid: '12345678901234567890',
        acctid: '1',
        account: '4788250000121443',
        expiry: '1228',
      }),
    ).toMatchObject({ saved: false, respcode: '96' });
  });

  it('refuses bad requests before sending, naming the field', async () => {
    const rejects = (request: Parameters<GatewayClient['saveProfile']>[0]) =>
      client.saveProfile(request).catch((error: unknown) => error);
    expect(await rejects({ merchid, account: '', expiry: '1228' })).toMatchObject({ field: 'account' });
    expect(await rejects({ merchid, account: '4788250000121443' })).toMatchObject({ field: 'expiry' });
    expect(await rejects({ merchid, account: '4788250000121443', expiry: '1328' })).toMatchObject({ field: 'expiry' });
    expect(await rejects({ merchid, account: '4788250000121443', expiry: '1228', name: 'N'.repeat(31) })).toMatchObject(
      { field: 'name' },
    );
    expect(await rejects({ merchid, account: '4788250000121443', expiry: '1228', acctid: '1' })).toMatchObject({
      field: 'profileid',
    });
    expect(await rejects({ merchid, account: '4788250000121443', expiry: '1228', email: 'nobody' })).toMatchObject({
      field: 'email',
    });
    await expect(client.getProfile({ merchid, profileid: '123' })).rejects.toMatchObject({ field: 'profileid' });
    await expect(
      client.deleteProfile({ merchid, profileid: '12345678901234567890', acctid: 'x' }),
    ).rejects.toMatchObject({ field: 'acctid' });
  });

  it('merchant-level credentials reach only their own merchant\u2019s profiles', async () => {
    const lane = emulatorClient(emulator.url, {
      level: 'merchant',
      username: 'lane-merchant',
      password: 'lane-merchant-pw',
    });
    await expect(lane.getProfile({ merchid: otherMerchant, profileid: '12345678901234567890' })).rejects.toThrow(
      AuthenticationError,
    );
  });
});

describe('bin', () => {
  it('reads the BIN fields of a token, and "no information" for an unknown one', async () => {
    const sale = await approvedSale({ amount: 0 });
    expect(await client.bin({ merchid, token: sale.token! })).toMatchObject({
      found: true,
      bin: '478825',
      product: 'V',
      country: 'US',
      prepaid: false,
      gsa: false,
    });
    expect(await client.bin({ merchid, token: '9123456789011443' })).toEqual({
      found: false,
      message: 'No bin information found.',
      failed: false,
    });
    await expect(client.bin({ merchid, token: '4788-2500' })).rejects.toMatchObject({ field: 'token' });
  });
});

describe('openbatch, closebatch and funding', () => {
  it('opens a batch, closes it so it settles, and funding pays it the next afternoon', async () => {
    const opened = await client.openBatch({ merchid, batchsource: 'LANE1-20261122' });
    expect(opened).toMatchObject({ done: true, batchid: expect.stringMatching(/^\d+$/) });
    const sale = await approvedSale({ capture: true, amount: 2500 });
    expect(sale.batchid).toBe(opened.batchid);
    expect(await client.openBatch({ merchid, batchsource: 'LANE1-AGAIN' })).toEqual({
      done: false,
      batchid: undefined,
      respcode: 'noBatch',
    });
    expect(await client.closeBatch({ merchid, batchid: opened.batchid })).toEqual({
      done: true,
      batchid: opened.batchid,
      respcode: 'success',
    });
    expect(await client.closeBatch({ merchid })).toMatchObject({ done: false, batchid: undefined });
    expect(await client.funding({ merchid, date: '1123' })).toBeUndefined();
    now = Date.UTC(2026, 10, 23, 18, 30, 0);
    const report = await client.funding({ merchid, date: '1123' });
    expect(report).toMatchObject({
      merchid,
      fundingdate: '20261123',
      fundings: [expect.objectContaining({ netsales: 2500, totalfunding: 2500, fee: 0 })],
    });
    expect(report?.txns).toEqual([
      expect.objectContaining({ retref: sale.retref, amount: 2500, cardnumber: 'XXXXXXXXXXXX1443', type: 'Sale' }),
    ]);
    expect(await client.funding({ merchid })).toMatchObject({ fundingdate: '20261123' });
    expect(await client.funding({ merchid })).toBeUndefined();
  });

  it('refuses a bad date or batch before sending', async () => {
    await expect(client.funding({ merchid, date: '1332' })).rejects.toMatchObject({ field: 'date' });
    await expect(client.funding({ merchid, date: '2026-11-23' })).rejects.toMatchObject({ field: 'date' });
    await expect(client.openBatch({ merchid, batchsource: 'a/b' })).rejects.toMatchObject({ field: 'batchsource' });
    await expect(client.closeBatch({ merchid, batchid: 'B1' })).rejects.toMatchObject({ field: 'batchid' });
  });

  it('wrong credentials are an AuthenticationError naming the call', async () => {
    client = emulatorClient(emulator.url, { ...emulatorSiteLogin, password: 'wrong' });
    const error = await client.funding({ merchid }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toBeInstanceOf(GatewayError);
    expect(String((error as Error).message)).toMatch(/^funding \(GET \/rest\/funding\)/);
  });
});
