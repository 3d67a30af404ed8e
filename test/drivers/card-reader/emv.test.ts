import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CardReaderError } from '../../../drivers/card-reader/errors';
import { decodeCvmResults, decodeEmvText, decodeExpiryDate, networkForAid } from '../../../drivers/card-reader/emv';

describe('networkForAid', () => {
  it.each([
    ['A0000000031010', 'visa'],
    ['A0000000980840', 'visa'],
    ['A0000000041010', 'mastercard'],
    ['A0000000042203', 'mastercard'],
    ['A000000025010801', 'amex'],
    ['A0000001523010', 'discover'],
    ['A0000001524010', 'discover'],
    ['A0000003241010', 'diners'],
    ['A0000000651010', 'jcb'],
    ['A000000333010101', 'unionpay'],
    ['A0000002771010', 'interac'],
    ['a0000000031010', 'visa'],
    ['A0000009991010', 'unknown'],
    ['', 'unknown'],
  ])('%s → %s', (aid, network) => {
    expect(networkForAid(aid)).toBe(network);
  });
});

describe('decodeCvmResults (9F34)', () => {
  it.each([
    ['1E0300', { method: 'signature', signature: true, pinVerified: false, outcome: 'unknown' }],
    ['5E0300', { method: 'signature', signature: true }],
    ['1F0302', { method: 'none', signature: false, pinVerified: false, outcome: 'successful' }],
    ['010002', { method: 'pin', pinVerified: true, signature: false }],
    ['020002', { method: 'pin', pinVerified: true }],
    ['420300', { method: 'pin', pinVerified: true }],
    ['040002', { method: 'pin', pinVerified: true }],
    ['030002', { method: 'pin-and-signature', signature: true, pinVerified: true }],
    ['050002', { method: 'pin-and-signature', signature: true }],
    ['010001', { method: 'pin', pinVerified: false, outcome: 'failed' }],
    ['3F0000', { method: 'unknown', signature: false }],
    ['000001', { method: 'failed', signature: false, pinVerified: false }],
  ])('%s', (hex, expected) => {
    expect(decodeCvmResults(hex)).toMatchObject(expected);
  });

  it('refuses anything but three bytes of hex', () => {
    for (const bad of ['1E03', '1E030000', 'ZZ0300', '']) expect(() => decodeCvmResults(bad)).toThrow(CardReaderError);
  });

  it('treats bit 0x40 as "apply next rule": the method is the same with or without it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x3f }), fc.integer({ min: 0, max: 255 }), (code, result) => {
        const hex = (first: number) =>
          `${first.toString(16).padStart(2, '0')}00${result.toString(16).padStart(2, '0')}`;
        expect(decodeCvmResults(hex(code | 0x40)).method).toBe(decodeCvmResults(hex(code)).method);
      }),
    );
  });
});

describe('decodeExpiryDate (5F24)', () => {
  it('turns YYMMDD into MMYY', () => {
    expect(decodeExpiryDate('281231')).toBe('1228');
    expect(decodeExpiryDate('250131')).toBe('0125');
  });

  it.each(['281331', '280031', '2812', 'AB1231'])('refuses %s', (hex) => {
    expect(() => decodeExpiryDate(hex)).toThrow(CardReaderError);
  });
});

describe('decodeEmvText', () => {
  it('reads names and labels, dropping trailing spaces', () => {
    expect(decodeEmvText(Buffer.from('DOE/PAT      ').toString('hex'), '5F20')).toBe('DOE/PAT');
    expect(decodeEmvText('5649534120435245444954', '50')).toBe('VISA CREDIT');
  });

  it('refuses control characters and odd hex', () => {
    expect(() => decodeEmvText('0A41', '50')).toThrow(/printable/);
    expect(() => decodeEmvText('414', '50')).toThrow(CardReaderError);
  });
});
