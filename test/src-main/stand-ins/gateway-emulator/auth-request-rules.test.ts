import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { call, fnorMerchant, freshEmulatorPerTest, rpctMerchant, sale, saleAnswer } from './support';

let emulator: RunningEmulator;
freshEmulatorPerTest((started) => (emulator = started));

describe('the authorization request, read by the reference', () => {
  it('reads flags in any case, as the guides\u2019 examples send them', async () => {
    const { json } = await call(
      emulator,
      'PUT',
      'auth',
      sale({ capture: 'y', tokenize: 'y', receipt: 'y', profile: 'y' }),
    );
    expect(json).toMatchObject({
      respstat: 'A',
      account: '************1443',
      receipt: expect.objectContaining({ dba: 'Lanepoint Training Store' }),
    });
    expect(json.batchid).toBeTruthy();
    expect(json.profileid).toMatch(/^\d{20}$/);
  });

  it('takes an order id of 50 characters and a merchant id that is not all digits', async () => {
    const orderid = 'O'.repeat(50);
    expect(await saleAnswer(emulator, { orderid, receipt: 'Y' })).toMatchObject({ respstat: 'A', orderId: orderid });
    expect((await call(emulator, 'PUT', 'auth', sale({ orderid: `${orderid}1` }))).status).toBe(400);
    expect(await saleAnswer(emulator, { merchid: 'RCTST1000084487' })).toMatchObject({
      respproc: 'PPS',
      respcode: '21',
      resptext: 'Invalid merchant',
    });
  });

  it('echoes orderId only with a receipt, as the OpenAPI says', async () => {
    expect(await saleAnswer(emulator, { orderid: 'A-1' })).not.toHaveProperty('orderId');
    expect((await saleAnswer(emulator, { receipt: 'Y' })).orderId).toBe('');
  });

  it.each([
    ['an amount that is not one', { amount: 'twelve' }, '43', 'Invalid amount'],
    ['a currency that is not three letters', { currency: 'US1' }, '31', 'Invalid currency'],
    ['another currency than the merchant\u2019s', { currency: 'CAD' }, '32', 'Wrong currency for merch'],
    ['a non-numeric expiry', { expiry: '12/28' }, '15', 'Non-numeric expiry'],
    ['a non-numeric cvv2', { cvv2: '1a2' }, '14', 'Non-numeric CVV'],
    ['a US postal code of 4 digits', { postal: '1940' }, '17', 'Invalid zip'],
    ['a number outside every brand range', { account: '7000000000000005' }, '33', 'Unknown card type'],
    ['a token this emulator never issued', { account: '9418594164541443' }, '98', 'Invalid token'],
  ])('declines %s with the documented PPS code, respstat C', async (_what, fields, respcode, resptext) => {
    const response = await call(emulator, 'PUT', 'auth', sale(fields));
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ respstat: 'C', respproc: 'PPS', respcode, resptext });
  });

  it('approves a 2-series Mastercard, which the guides\u2019 table predates', async () => {
    expect(await saleAnswer(emulator, { account: '2223000048400011' })).toMatchObject({ respstat: 'A' });
  });

  it('does not judge the expiry date itself ("does not validate the expiration date")', async () => {
    expect((await saleAnswer(emulator, { expiry: '0101' })).respstat).toBe('A');
  });

  it('accepts an alphanumeric postal code with its country', async () => {
    expect(await saleAnswer(emulator, { postal: 'K1A1A6', country: 'CA' })).toMatchObject({
      respstat: 'A',
      avsresp: 'N',
    });
  });

  it('lets a token it issued pay in place of the card', async () => {
    const first = await call(emulator, 'PUT', 'auth', sale({ account: '4387751111111038' }));
    const again = await call(emulator, 'PUT', 'auth', sale({ account: first.json.token }));
    expect(again.json).toMatchObject({ respstat: 'C', respcode: '100', token: first.json.token });
  });
});

describe('fields the reference shows on declines', () => {
  it.each(
    // The test's name shows the card's last four only: the card-data scan reads test reports too.
    (
      [
        [rpctMerchant, '4387751111111046', '3', 'Fix the request and retry'],
        [fnorMerchant, '4387751111111046', '3', 'Fix the request and retry'],
        [rpctMerchant, '4387751111111053', '4', ''],
      ] as const
    ).map(([merchid, account, category, text]) => [merchid, account.slice(-4), account, category, text] as const),
  )(
    'a Visa decline on %s for the card ending %s',
    async (merchid, _lastFour, account, declineCategory, declineCategoryText) => {
      expect(await saleAnswer(emulator, { merchid, account })).toMatchObject({
        respstat: 'C',
        declineCategory,
        declineCategoryText,
      });
    },
  );

  it('a Mastercard decline carries none', async () => {
    expect(await saleAnswer(emulator, { account: '5442981111111049' })).not.toHaveProperty('declineCategory');
  });
});

describe('independence from the client', () => {
  const emulatorDir = join(__dirname, '../../../../src-main/stand-ins/gateway-emulator');
  const authorizationSide = [
    'authorize.ts',
    'auth-fields.ts',
    'outcomes.ts',
    'processor-response-codes.ts',
    'bin-lookup.ts',
    'emv-tags.ts',
    'card-brands.ts',
    'uat-test-cards.ts',
    'uat-verification.ts',
    'decline-category.ts',
    'receipt-data.ts',
    'token-vault.ts',
  ];

  it('the authorization side imports nothing from src-main/lane/gateway/ but types', () => {
    expect(readdirSync(emulatorDir)).toEqual(expect.arrayContaining(authorizationSide));
    const offending = authorizationSide.flatMap((file) =>
      readFileSync(join(emulatorDir, file), 'utf8')
        .split('\n')
        .filter((line) => /from '(\.\.\/)+lane\/gateway\//.test(line) && !/^import type /.test(line))
        .map((line) => `${file}: ${line}`),
    );
    expect(offending).toEqual([]);
  });
});
