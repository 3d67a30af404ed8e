import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CardReaderError } from '../../../drivers/card-reader/errors';
import {
  cardReadFromEnhancedSwipe,
  encodeEnhancedSwipeBinary,
  encodeEnhancedSwipeText,
  parseEnhancedSwipeBinary,
  parseEnhancedSwipeText,
} from '../../../drivers/card-reader/idtech-swipe';
import { throwsOnly } from '../../support/driver-fuzz';
import { publishedSwipeRecord } from '../../support/reader-samples';

describe('the enhanced encrypted swipe record', () => {
  it('parses the published keyboard-mode record field by field', () => {
    const record = parseEnhancedSwipeText(publishedSwipeRecord);
    expect(record.encodeType).toBe(0x80);
    expect(record.maskedTracks).toEqual([
      '%*6011********6668^DISCOVER TEST CARD^***************?*',
      ';6011********6668=***************?*',
      '',
    ]);
    expect(record.encrypted.map((part) => part.length)).toEqual([56, 40, 0]);
    expect(record.hashes.map((part) => part.length)).toEqual([20, 20, 0]);
    expect(record.serialNumber).toBe('815T595518');
    expect(record.ksn).toBe('CDCDCD94030006C00106');
  });

  it('writes the published record back byte for byte, and the binary form round-trips', () => {
    const record = parseEnhancedSwipeText(publishedSwipeRecord);
    expect(encodeEnhancedSwipeText(record)).toBe(publishedSwipeRecord);
    const binary = encodeEnhancedSwipeBinary(record);
    expect(binary[0]).toBe(0x02);
    expect(binary.at(-1)).toBe(0x03);
    expect(parseEnhancedSwipeBinary(binary)).toEqual(record);
  });

  it('gives the CardRead of the published Discover swipe with the record as track', () => {
    const read = cardReadFromEnhancedSwipe(`${publishedSwipeRecord}\r\n`);
    expect(read).toEqual({
      entryMode: 'swipe',
      track: publishedSwipeRecord,
      maskedPan: '6011********6668',
      lastFour: '6668',
      network: 'discover',
      name: 'DISCOVER TEST CARD',
      expiry: null,
      cvm: null,
      aid: null,
      applicationLabel: null,
      preferredName: null,
      encrypted: true,
      chipCard: null,
    });
  });

  it.each([
    [publishedSwipeRecord.replace('02A0', '03A0'), 'starts with 02'],
    [publishedSwipeRecord.slice(0, -2), 'ends with 03 (ETX)'],
    [publishedSwipeRecord.replace('02A001', '02A101'), 'says 417 characters of card data but carries 416'],
    [publishedSwipeRecord.replace('DISCOVER', 'DISCOVEr'), 'LRC and checksum 6323 do not match'],
    [`02${'XYZW'}`, 'ends with 03'],
  ])('refuses a damaged record (%#: %s)', (text, message) => {
    expect(() => parseEnhancedSwipeText(text)).toThrow(message);
  });

  it('never throws anything but a CardReaderError on damaged or random input', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: publishedSwipeRecord.length - 1 }),
        fc.string({ minLength: 1, maxLength: 1 }),
        (at, char) => {
          const damaged = publishedSwipeRecord.slice(0, at) + char + publishedSwipeRecord.slice(at + 1);
          throwsOnly(CardReaderError, () => parseEnhancedSwipeText(damaged));
        },
      ),
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) =>
        throwsOnly(CardReaderError, () => parseEnhancedSwipeBinary(bytes)),
      ),
    );
  });
});
