import { describe, expect, it } from 'vitest';
import { authorizationToWire, type AuthorizationRequest } from '../../../../src-main/lane/gateway/auth-request';
import { ValidationError } from '../../../../src-main/lane/gateway/errors';
import { achSale } from '../../../support/gateway-requests';

const card: AuthorizationRequest = {
  merchid: '496160873888',
  amount: 1234,
  account: '4788250000121443',
  expiry: '1228',
  currency: 'USD',
};

const clearTrack2 = ';4788250000121443=2812?';
// Clear track data is held to 76 characters: a full track 2 (39) passes, this track 1 (86) does not.
const fullClearTrack2 = ';4788250000121443=28121010000000000000?';
const overlongClearTrack1 = `%B4788250000121443^DOE/J^${'1'.repeat(60)}?`;
const profileid = '12345678901234567890';
/** A stored profile's account 1, as profile names it: profileid/acctid. */
const firstAccount = `${profileid}/1`;

function rejection(request: AuthorizationRequest): ValidationError {
  try {
    authorizationToWire(request);
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('authorizationToWire', () => {
  it('sends money as a decimal string and flags as Y/N, leaving out what was not given', () => {
    expect(authorizationToWire({ ...card, capture: true, tokenize: false, receipt: true })).toEqual({
      merchid: '496160873888',
      amount: '12.34',
      account: '4788250000121443',
      expiry: '1228',
      currency: 'USD',
      capture: 'Y',
      tokenize: 'N',
      receipt: 'Y',
    });
  });

  // The gateway's field is cvv2 (FACTS.md, "The real service behind the specs"); a cvv field
  // would be ignored and the card's code never checked.
  it('sends the keyed CVV as cvv2, never as cvv', () => {
    const wire = authorizationToWire({ ...card, cvv: '112' });
    expect(wire.cvv2).toBe('112');
    expect(wire).not.toHaveProperty('cvv');
  });

  it('sends a 50-character order id and a merchant id with letters as given', () => {
    const wire = authorizationToWire({ ...card, merchid: 'MID-LANEPOINT-01', orderid: 'O'.repeat(50) });
    expect(wire).toMatchObject({ merchid: 'MID-LANEPOINT-01', orderid: 'O'.repeat(50) });
  });

  it('sends a forced credit as a negative amount and a verification as zero', () => {
    expect(authorizationToWire({ ...card, amount: -500 }).amount).toBe('-5.00');
    expect(authorizationToWire({ ...card, amount: 0 }).amount).toBe('0.00');
  });

  /** Each rule: one request it accepts, one it refuses, and the field the refusal names. */
  function expectRule(accepted: AuthorizationRequest, rejected: AuthorizationRequest, field: string) {
    expect(() => authorizationToWire(accepted)).not.toThrow();
    const error = rejection(rejected);
    expect(error.field).toBe(field);
    expect(error.message.startsWith(`${field}: `)).toBe(true);
  }

  it.each<[string, Partial<AuthorizationRequest>, Partial<AuthorizationRequest>, string]>([
    ['merchid required', {}, { merchid: '' }, 'merchid'],
    ['merchid a string, not only digits', { merchid: 'MID-LANEPOINT-01' }, { merchid: 'MID-LANEPOINT-012' }, 'merchid'],
    ['merchid length', { merchid: '1'.repeat(16) }, { merchid: '1'.repeat(17) }, 'merchid'],
    ['amount whole minor units', { amount: 1 }, { amount: 12.5 }, 'amount'],
    ['account digits', { account: '9418594164541111' }, { account: '4788-2500-0012-1443' }, 'account'],
    ['account length', { account: '1'.repeat(19) }, { account: '1'.repeat(20) }, 'account'],
    ['expiry MMYY', { expiry: '0129' }, { expiry: '1329' }, 'expiry'],
    ['expiry YYYYMMDD', { expiry: '20290228' }, { expiry: '20290230' }, 'expiry'],
    ['expiry four or eight digits', { expiry: '0130' }, { expiry: '202902' }, 'expiry'],
    ['expiry digits', { expiry: '20301231' }, { expiry: '12/28' }, 'expiry'],
    ['currency length', { currency: 'CAD' }, { currency: 'USDX' }, 'currency'],
    ['cvv digits', { cvv: '112' }, { cvv: '11a' }, 'cvv'],
    ['cvv 3 or 4 digits', { cvv: '1234' }, { cvv: '12345' }, 'cvv'],
    ['cvv at least 3 digits', { cvv: '123' }, { cvv: '12' }, 'cvv'],
    ['name length', { name: 'N'.repeat(30) }, { name: 'N'.repeat(31) }, 'name'],
    ['name ASCII', { name: "Pat O'Doe-Smith" }, { name: 'Zoë Müller' }, 'name'],
    ['address length', { address: 'A'.repeat(30) }, { address: 'A'.repeat(31) }, 'address'],
    ['city length', { city: 'C'.repeat(30) }, { city: 'C'.repeat(31) }, 'city'],
    ['region length', { region: 'R'.repeat(20) }, { region: 'R'.repeat(21) }, 'region'],
    ['US postal 5 digits', { postal: '55555' }, { postal: '5555' }, 'postal'],
    ['US postal 9 digits', { postal: '555551234' }, { postal: '55555-123' }, 'postal'],
    ['postal defaults to US rules', { postal: '12345' }, { postal: 'K1A0B1' }, 'postal'],
    ['foreign postal', { country: 'CA', postal: 'K1A 0B1' }, { country: 'CA', postal: 'K1A_0B1' }, 'postal'],
    ['country two letters', { country: 'CA' }, { country: 'C1' }, 'country'],
    ['phone length', { phone: '1'.repeat(15) }, { phone: '1'.repeat(16) }, 'phone'],
    ['email shape', { email: 'pat@example.com' }, { email: 'pat.example.com' }, 'email'],
    ['email length', { email: `${'e'.repeat(116)}@example.com` }, { email: `${'e'.repeat(117)}@example.com` }, 'email'],
    ['orderid length', { orderid: 'O'.repeat(50) }, { orderid: 'O'.repeat(51) }, 'orderid'],
    ['authcode length', { authcode: 'A12345' }, { authcode: 'A123456' }, 'authcode'],
    // The OpenAPI file's termid: exactly 8 characters, the last 5 digits (FACTS.md's 12 is older).
    ['termid length', { termid: 'LAN00001' }, { termid: 'LAN000001' }, 'termid'],
    ['termid too short', { termid: '21341324' }, { termid: 'LN00001' }, 'termid'],
    ['termid last five digits', { termid: 'ABC12345' }, { termid: 'ABCD1234' }, 'termid'],
    ['termid FACTS.md 12', { termid: 'TID00001' }, { termid: 'T'.repeat(7) + '00001' }, 'termid'],
    ['accttype letters', { accttype: 'PPAL' }, { accttype: 'PP4L' }, 'accttype'],
    ['ecomind values', { ecomind: 'R' }, { ecomind: 'X' as 'E' }, 'ecomind'],
    ['signature length', { signature: 'A'.repeat(6144) }, { signature: 'A'.repeat(6145) }, 'signature'],
    ['no account with a profile', { account: undefined, profile: firstAccount }, { profile: firstAccount }, 'account'],
    ['profile Y needs an account', { profile: 'Y' }, { account: undefined, profile: 'Y' }, 'account'],
  ])('%s', (_rule, accepted, rejected, field) => expectRule({ ...card, ...accepted }, { ...card, ...rejected }, field));

  // Without an account of its own, a request reads the card from a track or a stored profile.
  it.each<[string, Partial<AuthorizationRequest>, Partial<AuthorizationRequest>, string]>([
    ['clear track length', { track: fullClearTrack2 }, { track: overlongClearTrack1 }, 'track'],
    ['reader record length', { track: '02'.padEnd(900, 'A') }, { track: '02'.padEnd(4001, 'A') }, 'track'],
    ['track ASCII', { track: clearTrack2 }, { track: `${clearTrack2}\u0001` }, 'track'],
    ['account, track or profile', { track: clearTrack2 }, {}, 'account'],
    ['profile in use', { profile: firstAccount }, { profile: '1234567890/1' }, 'profile'],
    ['profile account id', { profile: `${profileid}/123` }, { profile: `${profileid}/1234` }, 'profile'],
  ])('%s', (_rule, accepted, rejected, field) => {
    const cardless = { ...card, account: undefined };
    expectRule({ ...cardless, ...accepted }, { ...cardless, ...rejected }, field);
  });

  it.each<[string, AuthorizationRequest['userfields'], AuthorizationRequest['userfields']]>([
    ['userfields.lane', { lane: '3' }, { lane: 3 as unknown as string }],
    ['userfields[0]', [{ lane: '3' }, { shift: 'am' }], [{ lane: '3', shift: 'am' }]],
    ['userfields', { note: 'n'.repeat(3980) }, { note: 'n'.repeat(4000) }],
    ['userfields.custommerchant', { custommerchant: 'CORNER STORE' }, { custommerchant: 'CORNER STORE!' }],
    ['userfields.customproduct', { customproduct: 'GROCERIES' }, { customproduct: 'GROCERIES & MORE' }],
    ['userfields.customphone', { customphone: '8005551234' }, { customphone: '800-555-1234' }],
  ])('userfields refused at %s', (field, accepted, rejected) =>
    expectRule({ ...card, userfields: accepted }, { ...card, userfields: rejected }, field),
  );

  describe('ACH', () => {
    it('accepts checking with account, routing number and ecomind', () => {
      expect(authorizationToWire(achSale)).toMatchObject({ accttype: 'ECHK', bankaba: '036001808', ecomind: 'E' });
    });

    it.each<[Partial<AuthorizationRequest>, string]>([
      [{ accttype: undefined }, 'accttype'],
      [{ accttype: 'VISA' }, 'accttype'],
      [{ account: undefined }, 'account'],
      [{ bankaba: undefined }, 'bankaba'],
      [{ ecomind: undefined }, 'ecomind'],
      [{ amount: 0 }, 'amount'],
      [{ bankaba: '03600180' + 'x' }, 'bankaba'],
      [{ ecomind: 'R' }, 'ecomind'],
    ])('refuses %j naming %s', (change, field) => {
      expect(rejection({ ...achSale, ...change }).field).toBe(field);
    });

    it('takes B (PPD, written consent) for ACH, and the guide\u2019s T and E', () => {
      for (const ecomind of ['B', 'T', 'E'] as const)
        expect(authorizationToWire({ ...achSale, ecomind })).toMatchObject({ ecomind });
    });
  });

  describe('ecomind by the kind of payment', () => {
    it('refuses B for a card: PPD is an ACH origin', () => {
      const refused = rejection({ ...card, ecomind: 'B' });
      expect(refused.field).toBe('ecomind');
      expect(refused.message).toContain('ACH payments only');
    });

    it('refuses any ecomind with a card read at the lane (card present), and takes the card without it', () => {
      const present = { ...card, account: undefined, track: clearTrack2 };
      for (const ecomind of ['T', 'R', 'E'] as const) {
        const refused = rejection({ ...present, ecomind });
        expect(refused.field).toBe('ecomind');
        expect(refused.message).toContain('card-present');
      }
      expect(authorizationToWire(present)).not.toHaveProperty('ecomind');
    });

    it('sends a voice authorization code with a captured card sale, at most 6 characters', () => {
      expect(authorizationToWire({ ...card, authcode: 'AB12C9', capture: true })).toMatchObject({
        authcode: 'AB12C9',
        capture: 'Y',
      });
      expect(rejection({ ...card, authcode: 'AB12C90' }).field).toBe('authcode');
    });
  });
});
