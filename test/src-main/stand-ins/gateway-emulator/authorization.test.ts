import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import {
  call,
  fnorMerchant,
  freshEmulatorPerTest,
  merchantAuth,
  rpctMerchant,
  sale,
  saleAnswer,
  siteAuth,
} from './support';

let emulator: RunningEmulator;
freshEmulatorPerTest((started) => (emulator = started));

describe('authentication', () => {
  it.each([
    ['no credentials', undefined],
    ['wrong password', `Basic ${Buffer.from('testing:wrong').toString('base64')}`],
    ['not Basic', 'Bearer abc'],
  ])('answers 401 for %s', async (_what, authorization) => {
    const response = await fetch(`${emulator.url}/auth`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', ...(authorization ? { Authorization: authorization } : {}) },
      body: JSON.stringify(sale()),
    });
    expect(response.status).toBe(401);
  });

  it('site credentials pass the GET credential test; merchant ones must PUT their own merchid', async () => {
    expect((await call(emulator, 'GET', '')).status).toBe(200);
    expect((await call(emulator, 'GET', '', undefined, merchantAuth)).status).toBe(401);
    expect((await call(emulator, 'PUT', '', { merchid: rpctMerchant }, merchantAuth)).status).toBe(200);
    expect((await call(emulator, 'PUT', '', { merchid: fnorMerchant }, merchantAuth)).status).toBe(401);
  });

  it('answers a passed credential test with the message the reference names', async () => {
    // api-overview.md, "Testing Your API Credentials": "the response returns the message "CardConnect REST Servlet.""
    for (const [method, body, auth] of [
      ['PUT', { merchid: rpctMerchant }, merchantAuth],
      ['GET', undefined, undefined],
    ] as const) {
      const answer = await fetch(`${emulator.url}/`, {
        method,
        headers: { Authorization: auth ?? siteAuth, 'Content-Type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe('CardConnect REST Servlet');
    }
  });

  it('the REST root answers GET without credentials as the live service does, under both roots (the health probe)', async () => {
    for (const root of [emulator.url, emulator.referenceUrl]) {
      const response = await fetch(`${root}/`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('CardConnect REST Servlet');
    }
    // A wrong password is still refused, and nothing else is served without credentials.
    expect(
      (await call(emulator, 'GET', '', undefined, `Basic ${Buffer.from('testing:wrong').toString('base64')}`)).status,
    ).toBe(401);
    expect((await fetch(`${emulator.url}/inquireMerchant/${rpctMerchant}`)).status).toBe(401);
  });

  it('merchant-level credentials authorize only for their own merchant', async () => {
    expect((await call(emulator, 'PUT', 'auth', sale(), merchantAuth)).json.respstat).toBe('A');
    expect((await call(emulator, 'PUT', 'auth', sale({ merchid: fnorMerchant }), merchantAuth)).status).toBe(401);
  });
});

describe('inquireMerchant', () => {
  it.each([
    // inquireMerchantSuccess (gateway-openapi.yaml) types enabled a boolean and avs, cvv, echeck, acctupdater Y/N.
    [
      rpctMerchant,
      {
        site: 'fts',
        cardproc: 'RPCT',
        enabled: true,
        merchid: rpctMerchant,
        avs: 'Y',
        cvv: 'Y',
        echeck: 'Y',
        acctupdater: 'N',
        fee_type: 'N',
        fee_merchid: '',
      },
    ],
    ['820000000099', { message: 'contact support - merchant not on site' }],
    ['123456789012', { message: 'Invalid merchant' }],
  ])('%s', async (merchid, expected) => {
    expect((await call(emulator, 'GET', `inquireMerchant/${merchid}`)).json).toEqual(expected);
  });
});

describe('authorization outcomes (FACTS.md test environment)', () => {
  it.each([
    ['Visa', '4788250000121443'],
    ['Mastercard', '5454545454545454'],
    ['Amex', '371449635398431'],
    ['Discover', '6011000995500000'],
    ['Diners', '36438999960016'],
    ['JCB', '3528000000000007'],
  ])('approves the %s test card with a token, authcode and RPCT code 000', async (_brand, account) => {
    const json = await saleAnswer(emulator, { account });
    // The guides' RPCT test-card table answers resptext "Approval" (response-codes.md's list says "Approve").
    expect(json).toMatchObject({
      respstat: 'A',
      respcode: '000',
      respproc: 'RPCT',
      resptext: 'Approval',
      amount: '12.34',
    });
    expect(json.authcode).toMatch(/^PPS\d{3}$/);
    expect(json.token).toMatch(new RegExp(`^9\\d{11}${account.slice(-4)}$`));
    expect(json.account).toBe(json.token);
  });

  it.each(
    [
      ['4387751111111020', '107', 'Call for authorization'],
      ['4387751111111038', '100', 'Do not honor'],
      ['4387751111111046', '101', 'Expired card'],
      ['4387751111111053', '500', 'Decline'],
    ].map(([account, respcode, resptext]) => [account!.slice(-4), respcode!, resptext!, account!]),
  )('declines the card ending %s with %s %s', async (_lastFour, respcode, resptext, account) => {
    const json = await saleAnswer(emulator, { account });
    expect(json).toMatchObject({ respstat: 'C', respcode, resptext, amount: '0.00' });
    expect(json.authcode).toBeUndefined();
  });

  it('approves the partial-approval card for 5.00 from 6.00 up', async () => {
    const partial = await call(emulator, 'PUT', 'auth', sale({ account: '4387750101010101', amount: '6.00' }));
    expect(partial.json).toMatchObject({ respstat: 'A', respcode: '002', amount: '5.00' });
    const full = await call(emulator, 'PUT', 'auth', sale({ account: '4387750101010101', amount: '5.99' }));
    expect(full.json).toMatchObject({ respstat: 'A', amount: '5.99' });
  });

  it.each(
    ['4999006200620062', '5111006200620062', '6465006200620062'].map((account) => [account.slice(-8, -4), account]),
  )('times out the card with %s before its last four: PPS 62 respstat B', async (_middle, account) => {
    expect(await saleAnswer(emulator, { account })).toMatchObject({ respstat: 'B', respcode: '62', respproc: 'PPS' });
  });

  // developer-guides.md, "Testing CardPointe Gateway Timeouts": the example answer (200, "Timed out",
  // PPS 62, respstat B, the amount asked), on RPCT and FNOR, and "You can also tokenize the card
  // number and use the token in the auth request". Its "setlstat":"Declined" is left out: authResponse
  // does not declare it (docs/reference-notes/gateway-emulator.md).
  it.each([rpctMerchant, fnorMerchant])(
    'answers a timeout card as the guide shows, by token too, for %s',
    async (merchid) => {
      const first = await call(
        emulator,
        'PUT',
        'auth',
        sale({ merchid, account: '4999006200620062', amount: '5.00', capture: 'y' }),
      );
      expect(first.status).toBe(200);
      const documented = {
        amount: '5.00',
        resptext: 'Timed out',
        respcode: '62',
        merchid,
        respproc: 'PPS',
        respstat: 'B',
      };
      expect(first.json).toMatchObject({ ...documented, token: expect.stringMatching(/^9\d{15}$/) });
      expect(first.json).not.toHaveProperty('setlstat');
      expect((await call(emulator, 'GET', `inquire/${String(first.json.retref)}/${merchid}`)).json).toMatchObject({
        setlstat: 'Declined',
      });
      const again = await call(emulator, 'PUT', 'auth', sale({ merchid, account: first.json.token, amount: '5.00' }));
      expect(again.json).toMatchObject(documented);
    },
  );

  it.each([
    ['1332.00', '332', 'C'],
    ['1000.00', '000', 'A'],
    ['1116.00', '116', 'C'],
    ['1999.99', '000', 'A'],
    ['1920.00', '920', 'B'],
    ['1963.00', '963', 'C'],
    ['999.99', '000', 'A'],
    ['2000.00', '000', 'A'],
  ])('answers %s with amount-driven code %s on RPCT', async (amount, respcode, respstat) => {
    expect(await saleAnswer(emulator, { amount })).toMatchObject({ respcode, respstat });
  });

  it('drives FNOR codes by amount too, with a leading 0 for its 2-digit codes', async () => {
    expect(await saleAnswer(emulator, { merchid: fnorMerchant, amount: '1051.00' })).toMatchObject({
      respstat: 'C',
      respcode: '51',
      respproc: 'FNOR',
    });
    expect(await saleAnswer(emulator, { merchid: fnorMerchant, amount: '1332.00' })).toMatchObject({
      respstat: 'A',
      respcode: '00',
      respproc: 'FNOR',
    });
  });

  it.each([
    ['112', 'M'],
    ['111', 'N'],
    ['222', 'P'],
    ['333', 'U'],
    ['123', 'M'],
  ])('answers cvv2 %s with cvvresp %s', async (cvv2, cvvresp) => {
    expect((await saleAnswer(emulator, { cvv2 })).cvvresp).toBe(cvvresp);
  });

  it('takes the CVV from cvv2 only: the spec\u2019s cvv is not a field of the real API', async () => {
    expect(await saleAnswer(emulator, { cvv: '111' })).not.toHaveProperty('cvvresp');
  });

  it('verifies an account with amount 0 (Zero Amount), but not for ACH', async () => {
    const verified = await call(emulator, 'PUT', 'auth', sale({ amount: '0' }));
    expect(verified.json).toMatchObject({ respstat: 'A', amount: '0.00' });
    const inquiry = await call(emulator, 'GET', `inquire/${verified.json.retref}/${rpctMerchant}`);
    expect(inquiry.json.setlstat).toBe('Zero Amount');
    const ach = await call(emulator, 'PUT', 'auth', {
      merchid: rpctMerchant,
      account: '1234567890',
      bankaba: '036001808',
      accttype: 'ECHK',
      ecomind: 'E',
      amount: '0',
    });
    expect(ach.json).toMatchObject({ respstat: 'C', respproc: 'PPS', respcode: '43' });
  });

  it('takes ACH where the merchant may, and refuses it where not', async () => {
    const ach = {
      account: '1234567890',
      bankaba: '036001808',
      accttype: 'ECHK',
      ecomind: 'E',
      expiry: undefined,
      amount: '25.00',
    };
    expect(await saleAnswer(emulator, ach)).toMatchObject({ respstat: 'A' });
    expect(await saleAnswer(emulator, { ...ach, merchid: fnorMerchant })).toMatchObject({
      respstat: 'C',
      respcode: '48',
    });
  });

  it('allows a forced credit (negative amount) only where enabled', async () => {
    expect(await saleAnswer(emulator, { amount: '-5.00' })).toMatchObject({ respstat: 'A', amount: '-5.00' });
    expect(await saleAnswer(emulator, { merchid: fnorMerchant, amount: '-5.00' })).toMatchObject({
      respstat: 'C',
      respcode: '45',
    });
  });

  it('declines a number that fails Luhn, and answers a disabled or unknown merchant', async () => {
    expect(await saleAnswer(emulator, { account: '4788250000121444' })).toMatchObject({
      respstat: 'C',
      respproc: 'PPS',
    });
    expect(await saleAnswer(emulator, { merchid: '820000000002' })).toMatchObject({
      respcode: '97',
      resptext: 'Merchant disabled',
    });
    expect(await saleAnswer(emulator, { merchid: '123456789012' })).toMatchObject({
      respcode: '21',
      resptext: 'Invalid merchant',
    });
  });

  it.each([
    ['a field too long', sale({ name: 'N'.repeat(31) }), 'name'],
    ['a merchant id over 16 characters', sale({ merchid: '49616087388812345' }), 'merchid'],
    ['a number where the reference declares a string', sale({ capture: 1 }), 'capture'],
    ['no account at all', sale({ account: undefined }), 'account'],
  ])('answers HTTP 400 with a JSON error body for %s', async (_what, body, field) => {
    const response = await call(emulator, 'PUT', 'auth', body);
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ message: expect.stringContaining(field), errorcode: 34 });
  });

  it('answers the masked number instead of the token when tokenize is Y', async () => {
    expect((await saleAnswer(emulator, { tokenize: 'Y' })).account).toBe('************1443');
  });

  it('declines track data it cannot read with PPS 12 Invalid track', async () => {
    const { json } = await call(
      emulator,
      'PUT',
      'auth',
      sale({ account: undefined, track: ';4788250000121444=2812101?' }),
    );
    expect(json).toMatchObject({ respstat: 'C', respproc: 'PPS', respcode: '12', resptext: 'Invalid track' });
  });

  it('reads track 2 alone', async () => {
    const { json } = await call(
      emulator,
      'PUT',
      'auth',
      sale({ account: undefined, expiry: undefined, track: ';5454545454545454=28121010000000000?' }),
    );
    expect(json).toMatchObject({ respstat: 'A', entrymode: 'Swipe(Non EMV)' });
    expect(String(json.token).slice(-4)).toBe('5454');
  });

  it('reads the PAN, expiry and name from clear track data, with entry mode on RPCT', async () => {
    const { json } = await call(
      emulator,
      'PUT',
      'auth',
      sale({
        account: undefined,
        expiry: undefined,
        track: '%B4788250000121443^DOE/PAT^2812101000000000000000?',
        receipt: 'Y',
      }),
    );
    expect(json).toMatchObject({ respstat: 'A', entrymode: 'Swipe(Non EMV)', receipt: { nameOnCard: 'DOE/PAT' } });
    expect(String(json.token).slice(-4)).toBe('1443');
  });

  it('builds the receipt from merchant properties, userfields overrides, orderNote and items', async () => {
    const userfields = [{ receiptFooter: 'See you soon' }, { orderNote: 'Gift wrap' }, { items: '2 x Widget' }];
    const json = await saleAnswer(emulator, { receipt: 'Y', userfields });
    expect(json.receipt).toEqual({
      header: 'Training receipt: no real money moved',
      footer: 'See you soon',
      dba: 'Lanepoint Training Store',
      address1: '100 Practice Ave',
      address2: 'Springfield, IL 62701',
      phone: '2175550100',
      dateTime: '20261122120000',
      nameOnCard: '',
      orderNote: 'Gift wrap',
      items: '2 x Widget',
    });
  });

  it('captures at once with capture Y, into a batch', async () => {
    const json = await saleAnswer(emulator, { capture: 'Y' });
    expect(json.batchid).toBeTruthy();
    expect((await call(emulator, 'GET', `inquire/${json.retref}/${rpctMerchant}`)).json.setlstat).toBe(
      'Queued for Capture',
    );
  });
});
