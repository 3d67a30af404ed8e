import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { call, fnorMerchant, freshEmulatorPerTest, sale, saleAnswer } from './support';

let emulator: RunningEmulator;
freshEmulatorPerTest((started) => (emulator = started));

describe('stored profiles', () => {
  it('profile Y creates a 20-digit profile with account 1; <profile>/<account> pays with it', async () => {
    const created = await call(emulator, 'PUT', 'auth', sale({ amount: '0', profile: 'Y' }));
    expect(created.json).toMatchObject({ respstat: 'A', acctid: '1' });
    expect(created.json.profileid).toMatch(/^\d{20}$/);
    const reference = `${String(created.json.profileid)}/1`;
    const paid = await call(
      emulator,
      'PUT',
      'auth',
      sale({ account: undefined, expiry: undefined, profile: reference, amount: '20.00' }),
    );
    expect(paid.json).toMatchObject({
      respstat: 'A',
      amount: '20.00',
      token: created.json.token,
      entrymode: 'Recurring',
    });
    const record = (await call(emulator, 'GET', `inquire/${String(paid.json.retref)}/496160873888`)).json;
    expect(record).toMatchObject({ profileid: created.json.profileid, acctid: '1' });
    expect((await call(emulator, 'GET', `inquire/${String(created.json.retref)}/496160873888`)).json).toMatchObject({
      profileid: created.json.profileid,
    });
  });

  it('keeps cofpermission from the auth that stores the card (GET profile shows it, N when not sent) and the cof flags a stored-card charge carried', async () => {
    const consented = await call(emulator, 'PUT', 'auth', sale({ profile: 'Y', cofpermission: 'Y' }));
    const silent = await call(emulator, 'PUT', 'auth', sale({ profile: 'Y' }));
    const profileOf = async (created: typeof consented) =>
      (await call(emulator, 'GET', `profile/${String(created.json.profileid)}/1/496160873888`)).json;
    expect(await profileOf(consented)).toMatchObject([{ cofpermission: 'Y' }]);
    expect(await profileOf(silent)).toMatchObject([{ cofpermission: 'N' }]);
    const reference = `${String(consented.json.profileid)}/1`;
    const charge = (flags: Record<string, string>) =>
      call(emulator, 'PUT', 'auth', sale({ account: undefined, expiry: undefined, profile: reference, ...flags }));
    const customer = await charge({ cof: 'C', cofscheduled: 'N' });
    const scheduled = await charge({ cof: 'M', cofscheduled: 'Y', ecomind: 'R' });
    // The answer returns cof "if included in the authorization request" (authResponse).
    expect(customer.json).toMatchObject({ respstat: 'A', cof: 'C' });
    expect(scheduled.json).toMatchObject({ respstat: 'A', cof: 'M' });
    expect(consented.json).not.toHaveProperty('cof');
    const kept = (answer: typeof customer) => emulator.context.ledger.get(String(answer.json.retref));
    expect(kept(customer)).toMatchObject({ cof: 'C', cofscheduled: 'N' });
    expect(kept(scheduled)).toMatchObject({ cof: 'M', cofscheduled: 'Y' });
    expect(kept(consented)).not.toHaveProperty('cof');
  });

  it('declines an unknown profile, or another merchant\u2019s, with PPS 96', async () => {
    const created = await call(emulator, 'PUT', 'auth', sale({ amount: '0', profile: 'Y' }));
    const reference = `${String(created.json.profileid)}/1`;
    const missing = await call(
      emulator,
      'PUT',
      'auth',
      sale({ account: undefined, profile: '12345678901234567890/1' }),
    );
    expect(missing.json).toMatchObject({
      respstat: 'C',
      respproc: 'PPS',
      respcode: '96',
      resptext: 'Profile not found',
    });
    const foreign = await call(
      emulator,
      'PUT',
      'auth',
      sale({ merchid: fnorMerchant, account: undefined, profile: reference }),
    );
    expect(foreign.json).toMatchObject({ respcode: '96' });
    const secondAccount = await call(
      emulator,
      'PUT',
      'auth',
      sale({ account: undefined, profile: `${String(created.json.profileid)}/2` }),
    );
    expect(secondAccount.json).toMatchObject({ respcode: '96' });
  });

  it('creates no profile for a declined authorization', async () => {
    const declined = await call(emulator, 'PUT', 'auth', sale({ account: '4387751111111038', profile: 'Y' }));
    expect(declined.json).not.toHaveProperty('profileid');
  });
});

describe('BIN lookup', () => {
  it.each(
    [
      ['4788250000121443', '478825', 'V', '400000XXX', '499999XXX'],
      ['5454545454545454', '545454', 'M', '510000XXX', '559999XXX'],
      ['371449635398431', '371449', 'A', '370000XXX', '379999XXX'],
    ].map(([account, bin, product, binlo, binhi]) => [bin!, account!, product!, binlo!, binhi!]),
  )('answers the binInfo object for BIN %s when bin is Y (any case)', async (bin, account, product, binlo, binhi) => {
    const json = await saleAnswer(emulator, { account, bin: 'y' });
    // The OpenAPI authResponse has binInfo as an object with bin inside it, and no top-level bin.
    expect(json).not.toHaveProperty('bin');
    expect(json.binInfo).toEqual(
      expect.objectContaining({
        bin,
        product,
        country: 'USA',
        subtype: '',
        issuer: '',
        binlo,
        binhi,
        cardusestring: 'True credit, No PIN/Signature capability',
      }),
    );
  });

  it('leaves them out when bin is not Y', async () => {
    expect(await saleAnswer(emulator)).not.toHaveProperty('binInfo');
  });
});

// The guides' "UAT Test Zip Codes" table (the whole table is walked in test/conformance/avs-cvv.test.ts).
describe('AVS by the last three characters of the postal code', () => {
  it.each([
    ['55112', 'N'],
    ['55111', 'A'],
    ['55113', 'Z'],
    ['19406', 'Y'],
    ['55555', 'Y'],
  ])('postal %s answers avsresp %s', async (postal, avsresp) => {
    expect((await saleAnswer(emulator, { postal, address: '1 Main St' })).avsresp).toBe(avsresp);
  });

  it('answers no AVS without a postal code', async () => {
    expect(await saleAnswer(emulator)).not.toHaveProperty('avsresp');
  });
});
