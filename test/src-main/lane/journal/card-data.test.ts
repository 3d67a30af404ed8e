import cardValidator from 'card-validator';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { containsCardNumber, isCardNumber, luhnValid } from '../../../../src-main/lane/journal/card-data';

/** Digits of a card's length, beginning as a brand's numbers do (or anyhow), sometimes made to pass Luhn. */
const cardLikeDigits = fc
  .tuple(
    fc.constantFrom(
      '',
      '4',
      '51',
      '2221',
      '34',
      '37',
      '6011',
      '65',
      '62',
      '620',
      '6221',
      '81',
      '8110',
      '35',
      '36',
      '9',
    ),
    fc.integer({ min: 13, max: 19 }),
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 19, maxLength: 19 }),
    fc.boolean(),
  )
  .map(([head, length, rest, makeLuhnValid]) => {
    const digits = `${head}${rest.join('')}`.slice(0, length);
    if (!makeLuhnValid) return digits;
    const body = digits.slice(0, -1);
    const check = [...'0123456789'].find((digit) => luhnValid(`${body}${digit}`))!;
    return `${body}${check}`;
  });

describe("the journal's card number check", () => {
  it("says what card-validator says of every run of a card's length", () => {
    fc.assert(
      fc.property(cardLikeDigits, (digits) => {
        expect(isCardNumber(digits), digits).toBe(cardValidator.number(digits).isValid);
      }),
      { numRuns: 5000 },
    );
  });

  it('computes the Luhn sum as card-validator does', () => {
    expect(luhnValid('4788250000121443')).toBe(true);
    expect(luhnValid('4788250000121444')).toBe(false);
    // UnionPay numbers that fail the Luhn check are still cards to card-validator, and to the journal.
    expect(luhnValid('6212345678901230')).toBe(false);
    expect(cardValidator.number('6212345678901230').isValid).toBe(true);
    expect(containsCardNumber('footer 6212345678901230')).toBe(true);
  });

  it("reads an answer's token and references without card-validator's brand matching (most of a sale's check)", () => {
    const number = vi.spyOn(cardValidator, 'number');
    try {
      const answer =
        '{"retref":"477046147849","account":"9479921166381443","token":"9479921166381443","batchid":"46146501"}';
      expect(containsCardNumber(answer)).toBe(false);
      // Of the 20 runs of 13 to 16 digits in the two tokens, only those passing Luhn are asked (here one).
      expect(number.mock.calls.length).toBeLessThanOrEqual(2);
      expect(containsCardNumber('x 4788250000121443 y')).toBe(true);
    } finally {
      number.mockRestore();
    }
  });
});
