import { describe, expect, it } from 'vitest';
import { authorizationToWire, type AuthorizationRequest } from '../../../src-main/gateway/auth-request';
import { ValidationError } from '../../../src-main/gateway/errors';

const card: AuthorizationRequest = {
  merchid: '496160873888',
  amount: 1234,
  account: '4788250000121443',
  expiry: '1228',
  currency: 'USD',
};

const ach: AuthorizationRequest = {
  merchid: '496160873888',
  amount: 2500,
  account: '1234567890',
  bankaba: '036001808',
  accttype: 'ECHK',
  ecomind: 'E',
  name: 'Pat Doe',
};

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

  // Each rule: one request it accepts, one it refuses, and the field the refusal names.
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
    ['termid length', { termid: 'T'.repeat(8) }, { termid: 'T'.repeat(9) }, 'termid'],
    ['accttype letters', { accttype: 'PPAL' }, { accttype: 'PP4L' }, 'accttype'],
    ['ecomind values', { ecomind: 'R' }, { ecomind: 'X' as 'E' }, 'ecomind'],
    ['signature length', { signature: 'A'.repeat(6144) }, { signature: 'A'.repeat(6145) }, 'signature'],
    [
      'clear track length',
      { account: undefined, track: `;4788250000121443=28121010000000000000?` },
      { account: undefined, track: `%B4788250000121443^DOE/J^${'1'.repeat(60)}?` },
      'track',
    ],
    [
      'reader record length',
      { account: undefined, track: '02'.padEnd(900, 'A') },
      { account: undefined, track: '02'.padEnd(4001, 'A') },
      'track',
    ],
    [
      'track ASCII',
      { account: undefined, track: ';4788250000121443=2812?' },
      { account: undefined, track: ';4788250000121443=2812?\u0001' },
      'track',
    ],
    [
      'account, track or profile',
      { account: undefined, track: ';4788250000121443=2812?' },
      { account: undefined },
      'account',
    ],
    [
      'profile in use',
      { account: undefined, profile: '12345678901234567890/1' },
      { account: undefined, profile: '1234567890/1' },
      'profile',
    ],
    [
      'profile account id',
      { account: undefined, profile: '12345678901234567890/123' },
      { account: undefined, profile: '12345678901234567890/1234' },
      'profile',
    ],
    [
      'no account with a profile',
      { account: undefined, profile: '12345678901234567890/1' },
      { profile: '12345678901234567890/1' },
      'account',
    ],
    ['profile Y needs an account', { profile: 'Y' }, { account: undefined, profile: 'Y' }, 'account'],
    [
      'userfields object',
      { userfields: { lane: '3' } },
      { userfields: { lane: 3 as unknown as string } },
      'userfields.lane',
    ],
    [
      'userfields array of pairs',
      { userfields: [{ lane: '3' }, { shift: 'am' }] },
      { userfields: [{ lane: '3', shift: 'am' }] },
      'userfields[0]',
    ],
    [
      'userfields 4000 bytes',
      { userfields: { note: 'n'.repeat(3980) } },
      { userfields: { note: 'n'.repeat(4000) } },
      'userfields',
    ],
    [
      'custommerchant',
      { userfields: { custommerchant: 'CORNER STORE' } },
      { userfields: { custommerchant: 'CORNER STORE!' } },
      'userfields.custommerchant',
    ],
    [
      'customproduct',
      { userfields: { customproduct: 'GROCERIES' } },
      { userfields: { customproduct: 'GROCERIES & MORE' } },
      'userfields.customproduct',
    ],
    [
      'customphone',
      { userfields: { customphone: '8005551234' } },
      { userfields: { customphone: '800-555-1234' } },
      'userfields.customphone',
    ],
  ])('%s', (_rule, accepted, rejected, field) => {
    expect(() => authorizationToWire({ ...card, ...accepted })).not.toThrow();
    const error = rejection({ ...card, ...rejected });
    expect(error.field).toBe(field);
    expect(error.message.startsWith(`${field}: `)).toBe(true);
  });

  describe('ACH', () => {
    it('accepts checking with account, routing number and ecomind', () => {
      expect(authorizationToWire(ach)).toMatchObject({ accttype: 'ECHK', bankaba: '036001808', ecomind: 'E' });
    });

    it.each<[Partial<AuthorizationRequest>, string]>([
      [{ accttype: undefined }, 'accttype'],
      [{ accttype: 'VISA' }, 'accttype'],
      [{ account: undefined }, 'account'],
      [{ bankaba: undefined }, 'bankaba'],
      [{ ecomind: undefined }, 'ecomind'],
      [{ amount: 0 }, 'amount'],
      [{ bankaba: '03600180' + 'x' }, 'bankaba'],
    ])('refuses %j naming %s', (change, field) => {
      expect(rejection({ ...ach, ...change }).field).toBe(field);
    });
  });
});
