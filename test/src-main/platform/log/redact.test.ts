import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isRemovedKey,
  maskPan,
  redactRecord,
  redactText,
  redactValue,
  removedKeys,
  uuidShape,
} from '../../../../src-main/platform/log/redact';

// 13 or more digits, optionally single-separated: what must never survive redaction.
const clearDigitRun = /\d(?:[ -]?\d){12}/;

describe('redactText', () => {
  it.each([
    ['a bare card number', 'paid with 4788250000121443 ok', 'paid with 478825******1443 ok'],
    ['spaces', 'card 4788 2500 0012 1443 read', 'card 478825******1443 read'],
    ['dashes', 'card 4788-2500-0012-1443 read', 'card 478825******1443 read'],
    ['Amex grouping', 'card 3714 496353 98431', 'card 371449*****8431'],
    ['13 digits', 'old visa 4222222222222', 'old visa 422222***2222'],
    ['19 digits', 'pan 6011000990139424123', 'pan 601100*********4123'],
    ['a number with digits glued on', 'x47882500001214432812x', 'x478825**********2812x'],
    ['a Luhn-invalid run', 'id 1234567890123', 'id 123456***0123'],
    ['track 1', 'swipe %B4788250000121443^DOE/JOHN^2812101000000000000000? done', 'swipe [track removed] done'],
    ['track 1 with spaces', 'bad track %B4788250000121443^DOE/J^2512101 000 123?', 'bad track [track removed]'],
    ['track 2', 'swipe ;4788250000121443=28121010000000000000? done', 'swipe [track removed] done'],
    ['track 2 without sentinels', 'eq 4788250000121443=2812101123456789', 'eq [track removed]'],
    ['EMV tag 57 (hex, D separator)', '57 4788250000121443D28121010000000000000F', '57 [track removed]'],
    ['a card number after a short number', 'qty 12 4788 2500 0012 1443', 'qty 12 478825******1443'],
    ['URL credentials', 'GET https://user:pa55@gw.example/', 'GET https://[credentials removed]@gw.example/'],
    // A customer's address for an emailed receipt, as a mail server quotes it back (ADR 068).
    ['an email address', '550 <pat.doe+r@mail.example.com>: user unknown', '550 <[email removed]>: user unknown'],
    // A customer's number for a texted receipt, as an SMS gateway quotes it back (ADR 070).
    ['an E.164 phone number', '400 +15552345678 is not reachable', '400 [phone removed] is not reachable'],
    ['a typed US number', 'to (555) 234-5678 now', 'to [phone removed] now'],
    ['a dashed number with +1', 'call +1 555-234-5678', 'call [phone removed]'],
    ['10 bare digits', 'to 5552345678.', 'to [phone removed].'],
    ['a UK number', 'to +44 20 7946 0958', 'to [phone removed]'],
  ])('handles %s', (_what, input, expected) => {
    expect(redactText(input)).toBe(expected);
  });

  it.each([
    ['an amount', 'sale 12.34 approved'],
    ['a retref (12 digits)', 'retref 343005123105'],
    ['a date and time', '2026-11-22 13:43:50'],
    ['an order id', 'AB-20261122-0001'],
    ['the lane\u2019s order id', 'voided LANE01-261124-55533 at the kiosk'],
    ['masked output', '478825******1443'],
    // Sixteen digits joined by dashes, Luhn-valid, a Visa prefix: as a staff call's id once was.
    ['a UUID whose groups run to a card-shaped number', 'call 41111111-1111-4111-9111-a1b2c3d4e5f6 answered'],
    ['a UUID of digits only', 'transactionID 12345678-1234-4123-8123-123456789012'],
  ])('leaves %s alone', (_what, text) => {
    expect(redactText(text)).toBe(text);
  });

  it('leaves every UUID whole, and still masks a card number beside one', () => {
    fc.assert(
      fc.property(fc.uuid(), (uuid) => {
        expect(redactText(`id ${uuid}.`)).toBe(`id ${uuid}.`);
        expect(redactText(`${uuid} 4788250000121443`)).toBe(`${uuid} 478825******1443`);
      }),
      { numRuns: 2000 },
    );
    // A card number is not hidden by dashes that only look like a UUID's start.
    expect(redactText('4111111111111111-1111')).not.toMatch(clearDigitRun);
    expect(redactText('41111111-1111-1111-1111')).not.toMatch(clearDigitRun);
  });

  it('never leaves 13 or more digits in a row, whatever the text', () => {
    const digitHeavy = fc
      .array(
        fc.oneof(fc.constantFrom('0', '4', '9', ' ', '-', '=', ';', '^', '%B', '?', 'D'), fc.string({ maxLength: 3 })),
        {
          maxLength: 80,
        },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(digitHeavy, (text) => {
        expect(redactText(text).replace(uuidShape, '')).not.toMatch(clearDigitRun);
      }),
      { numRuns: 2000 },
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9 \-=;?^%BD/a-z]{0,60}$/), (text) => {
        const once = redactText(text);
        expect(redactText(once)).toBe(once);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('maskPan', () => {
  it('keeps the first six and last four digits', () => {
    expect(maskPan('4788-2500-0012-1443')).toBe('478825******1443');
  });
});

describe('removedKeys', () => {
  it.each([
    ['track and chip data', ['track', 'track1', 'track2', 'tlv', 'emv', 'emvdata']],
    [
      'verification values, expiry and PIN',
      ['cvv', 'cvv2', 'cvc', 'cvd', 'expiry', 'expdate', 'exp', 'pin', 'pinblock'],
    ],
    ['credential', ['authorization', 'proxy-authorization', 'cookie', 'password', 'secret']],
  ])('holds the %s keys of the policy', (_what, keys) => {
    for (const key of keys) expect(removedKeys).toContain(key);
  });

  it('leaves out the gateway token and the account, which are masked instead', () => {
    expect(removedKeys).not.toContain('token');
    expect(removedKeys).not.toContain('account');
  });

  it('drops a wallet payload and its single-use token wherever they are logged', () => {
    const record = redactValue({
      tokenize: { encryptionhandler: 'EC_APPLE_PAY', devicedata: 'AbC+/=&ectype=apple' },
      walletToken: '9545454545455454',
      decrypted: { paymentData: { onlinePaymentCryptogram: 'AMwB' } },
    });
    expect(JSON.stringify(record)).not.toMatch(/AbC|9545454545455454|AMwB/);
  });

  it.each(['CVV2', 'Track_2', 'expDate', 'exp_date', 'PIN-Block', 'Proxy-Authorization', 'EMV Data'])(
    'matches %s without regard to case or separators',
    (key) => {
      expect(isRemovedKey(key)).toBe(true);
    },
  );

  it.each(['token', 'account', 'expected', 'pinpad', 'tracking', 'retref'])('does not match %s', (key) => {
    expect(isRemovedKey(key)).toBe(false);
  });
});

describe('redactValue', () => {
  it('drops removed keys at any depth, in objects, arrays, maps and errors', () => {
    const error = Object.assign(new Error('declined'), { cvv: '123', code: 'E42' });
    const value = {
      request: { headers: { Authorization: 'Basic abc', accept: 'json' }, items: [{ pin: '1234', sku: 'A1' }] },
      map: new Map<string, unknown>([
        ['password', 'x'],
        ['user', 'clerk'],
      ]),
      error,
    };
    expect(redactValue(value)).toEqual({
      request: { headers: { accept: 'json' }, items: [{ sku: 'A1' }] },
      map: { user: 'clerk' },
      error: expect.objectContaining({ type: 'Error', message: 'declined', code: 'E42' }),
    });
    expect(JSON.stringify(redactValue(value))).not.toMatch(/cvv|Basic abc|"pin"|password/);
  });

  it('keeps a gateway token under `token` but masks a card number put there', () => {
    expect(redactValue({ token: '9418594164541111' })).toEqual({ token: '9418594164541111' });
    expect(redactValue({ token: '4788250000121443' })).toEqual({ token: '478825******1443' });
    expect(redactValue({ note: 'token 9418594164541111' })).toEqual({ note: 'token 941859******1111' });
  });

  it('masks an account number instead of dropping it', () => {
    expect(redactValue({ account: '4788250000121443', accttype: 'VISA' })).toEqual({
      account: '478825******1443',
      accttype: 'VISA',
    });
  });

  it('masks card numbers given as numbers, but not ordinary numbers', () => {
    expect(
      redactValue({ pan: 4788250000121443, big: 4788250000121443n, amount: 1234, ratio: 0.1234567890123456 }),
    ).toEqual({
      pan: '478825******1443',
      big: '478825******1443',
      amount: 1234,
      ratio: 0.1234567890123456,
    });
  });

  it('flattens errors, redacting message, stack and cause', () => {
    const error = new Error('card 4788250000121443', { cause: new Error('track ;4788250000121443=2812101?') });
    const redacted = redactValue(error) as Record<string, unknown>;
    expect(redacted.message).toBe('card 478825******1443');
    expect(redacted.stack).toMatch(/^Error: card 478825\*{6}1443\n/);
    expect(redacted.cause).toMatchObject({ message: 'track [track removed]' });
    expect(JSON.stringify(redacted)).not.toContain('4788250000121443');
  });

  it('shows dates and URLs through toJSON, redacted', () => {
    expect(redactValue({ at: new Date(0), url: new URL('https://u:p@gw.example/rest') })).toEqual({
      at: '1970-01-01T00:00:00.000Z',
      url: 'https://[credentials removed]@gw.example/rest',
    });
  });

  it('cuts cycles and deep nesting, keeps shared (non-cyclic) references, and reduces binary data', () => {
    const shared = { sku: 'A1' };
    const loop: Record<string, unknown> = { name: 'loop', shared, again: shared };
    loop.self = loop;
    let deep: Record<string, unknown> = { pan: '4788250000121443' };
    for (let i = 0; i < 20; i++) deep = { deeper: deep };
    const redacted = redactValue({ loop, deep, raw: Buffer.from('4788250000121443') });
    const text = JSON.stringify(redacted);
    expect(redacted).toMatchObject({
      loop: { self: '[circular]', shared: { sku: 'A1' }, again: { sku: 'A1' } },
      raw: '[16 bytes]',
    });
    expect(text).toContain('[too deep]');
    expect(text).not.toContain('4788250000121443');
  });

  it('never throws, whatever it is given', () => {
    const hostile = {
      get boom(): never {
        throw new Error('getter 4788250000121443');
      },
    };
    expect(redactValue({ hostile })).toEqual({ hostile: '[unreadable]' });
    const anything = fc.anything({
      withMap: true,
      withSet: true,
      withDate: true,
      withBigInt: true,
      withTypedArray: true,
    });
    const bigintAsText = (_key: string, item: unknown) => (typeof item === 'bigint' ? String(item) : item);
    fc.assert(
      fc.property(anything, (value) => {
        expect(() => JSON.stringify(redactValue(value), bigintAsText)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});

describe('redactRecord', () => {
  it('keeps a record a plain object of its entries', () => {
    expect(redactRecord({ when: new Date(0), cvv: '1', n: 1 })).toEqual({ when: '1970-01-01T00:00:00.000Z', n: 1 });
    expect(redactRecord(new Date(0))).toEqual({});
  });
});
