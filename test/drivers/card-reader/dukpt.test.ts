import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ansiTestBdk,
  dukptDecrypt,
  dukptEncrypt,
  initialKey,
  ksnCounter,
  ksnWithCounter,
  transactionKey,
} from '../../../drivers/card-reader/dukpt';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').toUpperCase();

// ANSI X9.24-1:2009 Annex A.4.2 ("initial sequence"): the test BDK, KSN FFFF9876543210E0000n,
// and the data "4012345678909D987" encrypted with the data (request) variant.
// Rows: KSN, transaction key, encrypted data.
const annexA = [
  ['FFFF9876543210E00001', '042666B49184CFA368DE9628D0397BC9', 'FC0D53B7EA1FDA9EE68AAF2E70D9B9506229BE2AA993F04F'],
  ['FFFF9876543210E00002', 'C46551CEF9FD24B0AA9AD834130D3BC7', 'A2B4E70F846E63D68775B7215EB4563DFD3037244C61CC13'],
  ['FFFF9876543210E00003', '0DF3D9422ACA56E547676D07AD6BADFA', 'BD751E65F10E75B6C1D5B1D283496A36C2DE21D993C387A7'],
  ['FFFF9876543210E00004', '279C0F6AEED0BE652B2C733E1383AE91', '1118F50947441BBDA3C8C70220021A12EC31CC473F7215F4'],
  ['FFFF9876543210E00005', '5F8DC6D2C845C125508DDC048093B83F', '9FD7BD1EC28845ACA93367A9DA9317BD555C6B33AE22D365'],
] as const;

describe('DUKPT (ANSI X9.24-1 TDES)', () => {
  it('derives the initial key of the Annex A reader', () => {
    expect(hex(initialKey(ansiTestBdk, 'FFFF9876543210E00000'))).toBe('6AC292FAA1315B4D858AB3A3D7D5933A');
    // The counter bits do not change the initial key.
    expect(hex(initialKey(ansiTestBdk, 'FFFF9876543210E00005'))).toBe('6AC292FAA1315B4D858AB3A3D7D5933A');
  });

  it.each(annexA)('matches Annex A for %s', (ksn, key, data) => {
    expect(hex(transactionKey(ansiTestBdk, ksn))).toBe(key);
    expect(hex(dukptEncrypt(ansiTestBdk, ksn, Buffer.from('4012345678909D987')))).toBe(data);
    expect(dukptDecrypt(ansiTestBdk, ksn, Buffer.from(data, 'hex')).subarray(0, 17).toString()).toBe(
      '4012345678909D987',
    );
  });

  it('decrypts a published swipe encrypted with the PIN variant (KSN counter 8)', () => {
    const encrypted = Buffer.from(
      'C25C1D1197D31CAA87285D59A892047426D9182EC11353C051ADD6D0F072A6CB3436560B3071FC1FD11D9F7E74886742D9BEE0CFD1EA1064C213BB55278B2F12',
      'hex',
    );
    const plain = dukptDecrypt(ansiTestBdk, 'FFFF9876543210E00008', encrypted, 'pin').toString('latin1');
    expect(plain.replace(/\0+$/, '')).toBe('%B5452300551227189^HOGAN/PAUL      ^08043210000000725000000?');
  });

  it('reads and sets the 21-bit counter without touching the rest of the KSN', () => {
    expect(ksnCounter('FFFF9876543210E00008')).toBe(8);
    expect(ksnCounter('FFFF9876543210FFFFFF')).toBe(0x1fffff);
    expect(ksnWithCounter('FFFF9876543210E00008', 0x12345)).toBe('FFFF9876543210E12345');
    expect(() => ksnWithCounter('FFFF9876543210E00008', 0x200000)).toThrow(RangeError);
    expect(() => ksnCounter('FFFF98')).toThrow('KSN must be 20 hex digits');
  });

  it('round-trips any data under any counter, and a wrong KSN does not decrypt it', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 80 }),
        fc.integer({ min: 1, max: 0x1ffffe }),
        (data, counter) => {
          const ksn = ksnWithCounter('FFFF9876543210E00000', counter);
          const encrypted = dukptEncrypt(ansiTestBdk, ksn, data);
          expect(encrypted.length % 8).toBe(0);
          expect([...dukptDecrypt(ansiTestBdk, ksn, encrypted).subarray(0, data.length)]).toEqual([...data]);
          const other = ksnWithCounter(ksn, counter + 1);
          expect(hex(dukptDecrypt(ansiTestBdk, other, encrypted))).not.toBe(
            hex(dukptDecrypt(ansiTestBdk, ksn, encrypted)),
          );
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses ciphertext that is not whole blocks', () => {
    expect(() => dukptDecrypt(ansiTestBdk, 'FFFF9876543210E00001', Buffer.alloc(7))).toThrow('not a multiple of 8');
  });
});
