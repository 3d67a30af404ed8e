import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decryptReaderOutput } from '../../../../drivers/card-reader/decrypt';
import { ansiTestBdk } from '../../../../drivers/card-reader/dukpt';
import { parseEnhancedSwipeBinary, parseEnhancedSwipeText } from '../../../../drivers/card-reader/idtech-swipe';
import { parseReaderOutput } from '../../../../drivers/card-reader/reader-output';
import { EmulatedEncryptingReader, type EmulatedCard } from '../../../../src-main/stand-ins/devices/encrypting-reader';
import { emulatedVisa, withLuhnDigit } from '../../../support/cards';
import { deckCard } from '../../../support/driver-deck';

const visa: EmulatedCard = emulatedVisa;
const amex: EmulatedCard = deckCard('amex-pin');

describe('EmulatedEncryptingReader', () => {
  it('types a swipe record the keyboard driver reads, masked and encrypted', () => {
    const reader = new EmulatedEncryptingReader({ ksn: 'FFFF9876543210E00000' });
    const record = reader.swipe(visa);
    expect(record).not.toContain('4788250000121443');
    const output = parseReaderOutput(record);
    expect(output).toMatchObject({
      kind: 'card',
      format: 'encrypted-swipe',
      read: {
        entryMode: 'swipe',
        track: record,
        maskedPan: '4788********1443',
        network: 'visa',
        name: 'TEST/VISA',
        encrypted: true,
      },
    });
    expect(parseEnhancedSwipeText(record).ksn).toBe('FFFF9876543210E00001');
  });

  it('encrypts so that only the right key recovers the tracks, with a new KSN each read', () => {
    const reader = new EmulatedEncryptingReader();
    const first = reader.swipe(visa);
    const second = reader.swipe(visa);
    expect(decryptReaderOutput(first, ansiTestBdk)).toEqual({
      kind: 'swipe',
      ksn: 'FFFF9876543210E00001',
      track1: '%B4788250000121443^TEST/VISA^28122011000000000000?',
      track2: ';4788250000121443=28122011000000000000?',
    });
    expect(decryptReaderOutput(second, ansiTestBdk)).toMatchObject({ ksn: 'FFFF9876543210E00002' });
    expect(() => decryptReaderOutput(first, 'FEDCBA98765432100123456789ABCDEF')).toThrow('wrong key?');
  });

  it('sends the same record as binary in HID mode', () => {
    const hid = new EmulatedEncryptingReader().swipeBinary(amex);
    const keyboard = new EmulatedEncryptingReader().swipe(amex);
    const fromHid = parseEnhancedSwipeBinary(hid);
    const fromKeyboard = parseEnhancedSwipeText(keyboard);
    expect(fromHid.maskedTracks).toEqual(fromKeyboard.maskedTracks);
    expect(fromHid.encrypted).toEqual(fromKeyboard.encrypted);
  });

  it('builds quick-chip records for insert and tap that parse and decrypt', () => {
    const reader = new EmulatedEncryptingReader();
    const inserted = reader.chip(visa, 2500);
    const output = parseReaderOutput(inserted);
    expect(output).toMatchObject({
      kind: 'card',
      format: 'quick-chip',
      read: {
        entryMode: 'chip',
        maskedPan: '4788********1443',
        network: 'visa',
        aid: 'A0000000031010',
        applicationLabel: 'VISA CREDIT',
        preferredName: 'Visa Credit',
        expiry: '1228',
        cvm: { method: 'signature', signature: true },
        encrypted: true,
        chipCard: true,
      },
    });
    expect(decryptReaderOutput(inserted, ansiTestBdk)).toMatchObject({ kind: 'chip', pan: '4788250000121443' });
    const tapped = parseReaderOutput(reader.chip(amex, 900, 'contactless'));
    expect(tapped).toMatchObject({ read: { entryMode: 'contactless', network: 'amex', cvm: { method: 'none' } } });
    expect(parseReaderOutput(reader.chip(amex, 900))).toMatchObject({
      read: { cvm: { method: 'pin', pinVerified: true } },
    });
  });

  it('reports a chip that cannot be read', () => {
    const output = parseReaderOutput(new EmulatedEncryptingReader().chip({ ...visa, chip: 'fails' }, 100));
    expect(output).toEqual({ kind: 'chip-error', reason: 'the chip could not be read (reader status 0005)' });
  });

  it('also sends clear tracks, with or without LRC characters', () => {
    expect(parseReaderOutput(EmulatedEncryptingReader.clearSwipe(visa, true))).toMatchObject({
      format: 'clear-swipe',
      read: { maskedPan: '478825******1443', chipCard: true, encrypted: false },
    });
  });

  it('round-trips any card: parse gives the masked card, decryption gives the tracks', () => {
    const digits = (min: number, max: number) =>
      fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(''));
    fc.assert(
      fc.property(
        digits(12, 18).map((body) => withLuhnDigit(`4${body}`.slice(0, 18))),
        fc.stringMatching(/^[A-Z][A-Z /]{1,25}$/),
        fc.constantFrom('101', '201', '601'),
        (pan, name, serviceCode) => {
          const card = { ...visa, pan, name, serviceCode };
          const reader = new EmulatedEncryptingReader();
          const record = reader.swipe(card);
          const output = parseReaderOutput(record);
          expect(output).toMatchObject({ kind: 'card', read: { lastFour: pan.slice(-4), name: name.trim() || null } });
          const clear = decryptReaderOutput(record, ansiTestBdk);
          expect(clear).toMatchObject({ track2: `;${pan}=2812${serviceCode}1000000000000?` });
          expect(decryptReaderOutput(reader.chip(card, 100), ansiTestBdk)).toMatchObject({ pan });
        },
      ),
      { numRuns: 60 },
    );
  });
});
