import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authorizationResponseSchema, parseAuthorization } from '../../../../src-main/lane/gateway/auth-response';
import { ProtocolError, RetryableError } from '../../../../src-main/lane/gateway/errors';
import { approvedAnswer, declinedAnswer, timeoutAnswer } from '../../../support/gateway-answers';

const parse = (json: unknown) => parseAuthorization(json, JSON.stringify(json));

// Padding never reuses a documented field's name (a random "emv" or "bin" holding an array
// would be a malformed answer, not padding).
const documented = new Set(Object.keys(authorizationResponseSchema.shape));

/** Shuffles the keys and adds random extra fields, objects and arrays, as the test gateway does. */
const noisy = (answer: Record<string, unknown>) =>
  fc
    .tuple(
      fc.dictionary(
        fc
          .string({ minLength: 1, maxLength: 12 })
          .filter((key) => !(key in answer) && !documented.has(key) && key !== '__proto__'),
        fc.oneof(
          fc.string(),
          fc.integer(),
          fc.array(fc.string(), { maxLength: 3 }),
          fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
        ),
        { maxKeys: 30 },
      ),
      fc.func(fc.integer()),
    )
    .map(([extra, order]) => {
      const entries = [...Object.entries(answer), ...Object.entries(extra)];
      const keyed = entries.map((entry, i) => ({ entry, key: order(i) }));
      keyed.sort((a, b) => a.key - b.key);
      return Object.fromEntries(keyed.map(({ entry }) => entry));
    });

describe('parseAuthorization', () => {
  it('reads an approval by name: amount in minor units, EMV data decoded, receipt kept', () => {
    const result = parse(approvedAnswer);
    expect(result).toMatchObject({
      outcome: 'approved',
      respstat: 'A',
      amount: 1234,
      authcode: 'PPS568',
      retref: '343005123105',
      token: '9418594164541111',
      cvvresp: 'M',
      bintype: 'Purchase',
      entrymode: 'EMVContact',
      receipt: { dba: 'Corner Store', dateTime: '20261122121314', footer: 'Thank you' },
    });
    expect(result.emvTagData).toEqual({
      tvr: '0200008000',
      pin: 'Verified by PIN',
      signature: 'false',
      mode: 'Issuer',
      arc: '00',
      networkLabel: 'AMEX',
      tsi: 'E800',
      aid: 'A000000025010802',
      iad: '06020103A40000',
      entryMethod: 'Chip Read',
      applicationLabel: 'AMEX 2',
    });
  });

  // The guides show emvTagData as a JSON string; the OpenAPI file declares an object. Same reading either way.
  it('reads emvTagData as the object the OpenAPI declares, like the string the guides show', () => {
    const tags = JSON.parse(approvedAnswer.emvTagData as string) as Record<string, unknown>;
    expect(parse({ ...approvedAnswer, emvTagData: tags }).emvTagData).toEqual(parse(approvedAnswer).emvTagData);
    expect(parse({ ...approvedAnswer, emvTagData: { TVR: '0000008000', Unheard: 'x' } }).emvTagData).toEqual({
      tvr: '0000008000',
    });
  });

  it('reads the decline category and the merchant advice of a decline', () => {
    const advice = {
      declineCategory: '1',
      declineCategoryText: 'Do not retry',
      merchAdviceCode: '03',
      merchAdviceText: 'Do not try again',
    };
    expect(parse({ ...declinedAnswer, ...advice })).toMatchObject({ outcome: 'declined', ...advice });
  });

  it('reads binInfo by name, as one object or a list, with subtype, issuer and the BIN range', () => {
    const binInfo = {
      country: 'USA',
      product: 'D',
      bin: '601101',
      cardusestring: 'True credit, No PIN/Signature capability',
      gsa: 'false',
      corporate: false,
      fsa: false,
      purchase: true,
      prepaid: false,
      subtype: 'Consumer Credit - Rewards',
      issuer: 'Example Bank',
      binlo: '601100XXX',
      binhi: '601102XXX',
      dummy: 'ignored',
    };
    const expected = { ...binInfo, gsa: false, dummy: undefined };
    delete (expected as Record<string, unknown>).dummy;
    expect(parse({ ...approvedAnswer, binInfo }).binInfo).toEqual(expected);
    expect(parse({ ...approvedAnswer, binInfo: [binInfo] }).binInfo).toEqual([expected]);
  });

  it('returns a decline as a result, not an error', () => {
    expect(parse(declinedAnswer)).toMatchObject({ outcome: 'declined', respcode: '05', resptext: 'Do not honor' });
    expect(parse(declinedAnswer).authcode).toBeUndefined();
  });

  it('throws RetryableError for respstat B, keeping the processor fields', () => {
    expect(() => parse(timeoutAnswer)).toThrow(RetryableError);
    try {
      parse(timeoutAnswer);
    } catch (error) {
      expect(error).toMatchObject({ respstat: 'B', respcode: '62', respproc: 'PPS' });
    }
  });

  it('keeps values the API adds later instead of failing', () => {
    const result = parse({ ...approvedAnswer, cvvresp: 'X', bintype: 'Fleet', entrymode: 'Biometric' });
    expect(result).toMatchObject({ cvvresp: 'X', bintype: 'Fleet', entrymode: 'Biometric' });
    expect(parse({ ...approvedAnswer, respstat: 'D' }).outcome).toBe('unknown');
  });

  it('accepts codes sent as numbers', () => {
    expect(parse({ ...declinedAnswer, respcode: 5 }).respcode).toBe('5');
  });

  it.each<[string, unknown]>([
    ['no respstat', { ...approvedAnswer, respstat: undefined }],
    ['an amount that is not one', { ...approvedAnswer, amount: 'twelve' }],
    ['emvTagData that is not a JSON object', { ...approvedAnswer, emvTagData: 'TVR=0200008000' }],
    ['emvTagData that is a list', { ...approvedAnswer, emvTagData: ['TVR'] }],
    ['a receipt that is not an object', { ...approvedAnswer, receipt: 'Corner Store' }],
    ['an array body', [approvedAnswer]],
  ])('throws ProtocolError for %s, naming the field', (_what, answer) => {
    expect(() => parse(answer)).toThrow(ProtocolError);
  });

  it('reads the same result whatever the order and whatever extra fields arrive', () => {
    const expected = parse(approvedAnswer);
    fc.assert(
      fc.property(noisy(approvedAnswer), (answer) => {
        expect(parse(JSON.parse(JSON.stringify(answer)))).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps card data out of the raw body it attaches to errors', () => {
    const answer = { ...approvedAnswer, respstat: undefined, account: '4788250000121443' };
    try {
      parse(answer);
      expect.unreachable();
    } catch (error) {
      expect((error as ProtocolError).raw).not.toContain('4788250000121443');
      expect((error as ProtocolError).raw).toContain('478825******1443');
    }
  });
});
