import { describe, expect, it } from 'vitest';
import { authorizationToWire } from '../../../../src-main/lane/gateway/auth-request';
import { ValidationError } from '../../../../src-main/lane/gateway/errors';
import { isValidTermid, termidRule } from '../../../../src-main/lane/gateway/termid';
import { settingsSchema } from '../../../../src-main/lane/config/settings';
import { laneUserfields, withLaneUserfields } from '../../../../src-main/lane/payment/authorize/lane-facts';
import { avsAnswer, knownAvsCodes } from '../../../../src-main/lane/payment/avs-words';
import { isForeignPostal, postalCheck } from '../../../../src-main/lane/terminal/keyed-checks';

const card = { merchid: '496160873888', amount: 100, account: '4788250000121443', expiry: '1228' };

describe('termid (ADR 088)', () => {
  it.each(['21341324', 'LAN00001', 'T-000042', 'abc99999'])('takes %s: 8 characters, the last 5 digits', (termid) => {
    expect(isValidTermid(termid)).toBe(true);
    expect(authorizationToWire({ ...card, termid })).toMatchObject({ termid });
  });

  it.each([
    ['7 characters', '2134132'],
    ['9 characters', '213413245'],
    ['FACTS.md’s 12 characters', '000000000001'],
    ['a letter among the last 5', 'LANE0001'],
    ['a space', 'LA 00001'],
    ['empty', ''],
  ])('refuses %s on the wire, naming termid and the rule', (_what, termid) => {
    expect(isValidTermid(termid)).toBe(false);
    const refusal = (() => {
      try {
        authorizationToWire({ ...card, termid });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refusal).toBeInstanceOf(ValidationError);
    expect(refusal).toMatchObject({ field: 'termid', rule: termidRule });
  });

  it('the setting takes empty (not sent) or a valid termid, and refuses another in words naming the rule', () => {
    expect(settingsSchema.parse({}).gateway.termid).toBe('');
    expect(settingsSchema.parse({ gateway: { termid: '21341324' } }).gateway.termid).toBe('21341324');
    const refused = settingsSchema.safeParse({ gateway: { termid: 'LANE-01' } });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({
        path: ['gateway', 'termid'],
        message:
          'expected empty or a Terminal Device ID: exactly 8 characters, the last 5 of them digits (e.g. LAN00001 or 21341324)',
      }),
    ]);
  });
});

describe('the lane’s userfields (ADR 088)', () => {
  it('names the lane, the cashier and the shift in single-pair entries, leaving out what is not there', () => {
    expect(laneUserfields({ terminalId: 'LANE-01', cashier: '1001', shiftId: 12 })).toEqual([
      { lanepoint_lane: 'LANE-01' },
      { lanepoint_cashier: '1001' },
      { lanepoint_shift: '12' },
    ]);
    expect(laneUserfields({ terminalId: 'KIOSK-2' })).toEqual([{ lanepoint_lane: 'KIOSK-2' }]);
  });

  it('keeps a payment’s own userfields after the lane’s, an object’s pairs as entries', () => {
    expect(withLaneUserfields({ terminalId: 'L1' }, { udf1: 'a', udf2: 'b' })).toEqual([
      { lanepoint_lane: 'L1' },
      { udf1: 'a' },
      { udf2: 'b' },
    ]);
    expect(withLaneUserfields({ terminalId: 'L1' }, [{ udf0: 'x' }])).toEqual([
      { lanepoint_lane: 'L1' },
      { udf0: 'x' },
    ]);
  });

  it('holds the whole to the 4000 bytes the gateway takes', () => {
    // A payment's own field fills exactly what the lane's entry leaves of the 4000 bytes, then one byte more.
    const lane = JSON.stringify([{ lanepoint_lane: 'L1' }]).length;
    const fits = 4000 - lane - JSON.stringify([{ n: '' }]).length + 1;
    expect(() => withLaneUserfields({ terminalId: 'L1' }, [{ n: 'x'.repeat(fits) }])).not.toThrow();
    expect(() => withLaneUserfields({ terminalId: 'L1' }, [{ n: 'x'.repeat(fits + 1) }])).toThrow(
      /userfields: at most 4000 bytes encoded, got 4001/,
    );
  });
});

describe('the address check in words (ADR 088)', () => {
  // Every avsresp code of the reference: response-codes.md's First Data tables and the
  // developer guides' "UAT Test Zip Codes" (All Other Processors, and Chase Paymentech).
  const referenceCodes = [
    ['Y', 'ZIP and street match', 'full'],
    ['X', 'ZIP (9 digits) and street match', 'full'],
    ['F', 'postal code and street match (UK card)', 'full'],
    ['D', 'postal code and street match (international card)', 'full'],
    ['M', 'postal code and street match (international card)', 'full'],
    ['A', 'street matches, ZIP does not', 'partial'],
    ['Z', 'ZIP matches, street does not', 'partial'],
    ['W', 'ZIP (9 digits) matches, street does not', 'partial'],
    ['P', 'postal code matches, street not checked (incompatible format)', 'partial'],
    ['B', 'street matches, postal code not checked (incompatible format)', 'partial'],
    ['C', 'neither street nor postal code checked (incompatible formats)', 'not-checked'],
    ['N', 'neither ZIP nor street matches', 'none'],
    ['R', 'not checked: the issuer’s system is unavailable, try again', 'not-checked'],
    ['S', 'not checked: the issuer does not support it', 'not-checked'],
    ['U', 'not checked: the issuer has no address for this card', 'not-checked'],
    ['G', 'not checked: the issuer does not take part (international card)', 'not-checked'],
    ['I', 'not checked: the issuer does not verify international addresses', 'not-checked'],
    ['E', 'not checked: error at the processor', 'not-checked'],
    ['Q', 'not checked: the billing address did not pass the processor’s edit checks', 'not-checked'],
    ['I1', 'address matches (Paymentech)', 'full'],
    ['I4', 'address matches (Paymentech)', 'full'],
    ['I5', 'address does not match (Paymentech)', 'none'],
    ['I8', 'address does not match (Paymentech)', 'none'],
  ] as const;

  it.each(referenceCodes)('%s reads “%s”', (code, words, match) => {
    expect(avsAnswer(code)).toEqual({ code, words: `Address check: ${words} (${code})`, match });
  });

  it('knows every code of the reference and no other', () => {
    const listed = new Set<string>(referenceCodes.map(([code]) => code));
    for (const code of ['I2', 'I3', 'I6', 'I7']) listed.add(code);
    expect(new Set(knownAvsCodes)).toEqual(listed);
  });

  it('gives nothing for a blank answer (no check was attempted), and an unknown code as it came', () => {
    expect(avsAnswer('')).toBeUndefined();
    expect(avsAnswer(' ')).toBeUndefined();
    expect(avsAnswer(undefined)).toBeUndefined();
    expect(avsAnswer('9')).toEqual({
      code: '9',
      words: 'Address check: a code the lane does not know: see the gateway’s report (9)',
      match: 'not-checked',
    });
  });
});

describe('the billing postal code as typed', () => {
  it.each([
    ['1935', { words: 'US ZIP code: 5 or 9 digits.', fine: true }],
    ['19355', { words: 'US ZIP code, 5 digits.', fine: true }],
    ['19355-1234', { words: 'US ZIP code, 9 digits.', fine: true }],
    ['1935512', { words: 'US ZIP code: 5 or 9 digits.', fine: true }],
    ['1935512345', { words: 'A US ZIP code is 5 or 9 digits.', fine: false }],
    ['K1A 0B1', { words: 'Postal code outside the US: the country follows.', fine: true }],
    ['SW1A 1AA12', { words: 'At most 9 characters: the gateway takes no more.', fine: false }],
    ['K1A_0B1', { words: 'Letters, digits, spaces and dashes only.', fine: false }],
  ])('%s', (typed, check) => {
    expect(postalCheck(typed)).toEqual(check);
  });

  it('reads a code with a letter as another country’s', () => {
    expect(isForeignPostal('K1A 0B1')).toBe(true);
    expect(isForeignPostal('19355-1234')).toBe(false);
  });
});
