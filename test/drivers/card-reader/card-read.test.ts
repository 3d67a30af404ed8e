import { describe, expect, it } from 'vitest';
import {
  cardReadFromClearSwipe,
  maskCardNumber,
  networkForPan,
  normalizeMaskedPan,
} from '../../../drivers/card-reader/card-read';
import { describeCardRead } from '../../../drivers/card-reader/types';

describe('networkForPan', () => {
  it.each(
    [
      ['4788250000121443', 'visa'],
      ['5454545454545454', 'mastercard'],
      ['2223000048400011', 'mastercard'],
      ['371449635398431', 'amex'],
      ['6011000995500000', 'discover'],
      ['6510000000000133', 'discover'],
      ['36438999960016', 'diners'],
      ['3528000000000007', 'jcb'],
      ['6011********6668', 'discover'],
      ['9601000000000000', 'unknown'],
      ['', 'unknown'],
    ].map(([pan, network]) => [pan!.slice(-4) || '(none)', network!, pan!]),
  )(
    // Titled by the last four: the test report must not hold card numbers either.
    'the number ending %s is %s',
    (_lastFour, network, pan) => expect(networkForPan(pan)).toBe(network),
  );
});

describe('masking', () => {
  it('keeps first six and last four', () => {
    expect(maskCardNumber('4788250000121443')).toBe('478825******1443');
    expect(maskCardNumber('371449635398431')).toBe('371449*****8431');
    expect(maskCardNumber('123456789012')).toBe('********9012');
  });

  it('normalizes a reader mask and never shows more than six and four', () => {
    expect(normalizeMaskedPan('6510CCCCCCCC0133')).toBe('6510********0133');
    expect(normalizeMaskedPan('6011********6668')).toBe('6011********6668');
    expect(normalizeMaskedPan('4788250000121443')).toBe('478825******1443');
    expect(() => normalizeMaskedPan('60^1')).toThrow('masked card number has an unexpected shape');
  });
});

describe('cardReadFromClearSwipe', () => {
  const swipe = '%B4788250000121443^TEST/VISA^28121011000000000000?;4788250000121443=28121011000000000000?';

  it('reads both tracks and passes the text through unchanged', () => {
    const read = cardReadFromClearSwipe(swipe);
    expect(read).toMatchObject({
      entryMode: 'swipe',
      track: swipe,
      maskedPan: '478825******1443',
      lastFour: '1443',
      network: 'visa',
      name: 'TEST/VISA',
      expiry: '1228',
      cvm: null,
      encrypted: false,
      chipCard: false,
    });
  });

  it('marks a chip card by its service code and keeps the fallback entry mode', () => {
    const chip = ';5454545454545454=28122011000000000000?';
    expect(cardReadFromClearSwipe(chip, 'fallback-swipe')).toMatchObject({
      chipCard: true,
      entryMode: 'fallback-swipe',
      name: null,
    });
  });

  it('describes a read without its track', () => {
    const summary = describeCardRead(cardReadFromClearSwipe(swipe));
    expect(JSON.stringify(summary)).not.toContain('4788250000121443');
    expect(summary).not.toHaveProperty('track');
  });
});
