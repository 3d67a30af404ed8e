import { describe, expect, it } from 'vitest';
import { cardReadFromEmvTlv, cardReadFromQuickChip } from '../../../drivers/card-reader/emv-record';
import { encodeTlv, parseTlvHex } from '../../../drivers/card-reader/tlv';
import { publishedQuickChip } from '../../support/reader-samples';

const text = (value: string) => Uint8Array.from(Buffer.from(value, 'latin1'));
const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));

describe('cardReadFromQuickChip', () => {
  it('reads the published encrypted Discover quick-chip record', () => {
    expect(cardReadFromQuickChip(publishedQuickChip)).toEqual({
      entryMode: 'chip',
      track: publishedQuickChip,
      maskedPan: '6510********0133',
      lastFour: '0133',
      network: 'discover',
      name: 'UAT USA/Test Card 15',
      expiry: '1223',
      cvm: { method: 'signature', outcome: 'unknown', signature: true, pinVerified: false },
      aid: 'A0000001523010',
      applicationLabel: 'DISCOVER',
      preferredName: 'Discover',
      encrypted: true,
      chipCard: true,
    });
  });

  it('refuses a record with no card in it', () => {
    expect(() => cardReadFromQuickChip('9F3403020000')).toThrow('has no card number (5A or 57)');
    expect(() => cardReadFromQuickChip('DFEE120AFFFF9876543210E00001')).toThrow('no masked card number');
  });
});

describe('cardReadFromEmvTlv', () => {
  const clear = (entry: string) =>
    encodeTlv([
      { tag: '4F', value: bytes('A0000000041010') },
      { tag: '50', value: text('MASTERCARD') },
      { tag: '57', value: bytes('5454545454545454D28122011000000000000F') },
      { tag: '5F24', value: bytes('281231') },
      { tag: '9F34', value: bytes('420302') },
      { tag: '9F39', value: bytes(entry) },
    ]);

  it('takes the card number from 57 when 5A is absent, and the entry mode from 9F39', () => {
    const record = Buffer.from(clear('07')).toString('hex').toUpperCase();
    const read = cardReadFromQuickChip(record);
    expect(read).toMatchObject({
      entryMode: 'contactless',
      track: record,
      maskedPan: '545454******5454',
      network: 'mastercard',
      expiry: '1228',
      encrypted: false,
      cvm: { method: 'pin', outcome: 'successful', pinVerified: true, signature: false },
    });
    expect(cardReadFromQuickChip(Buffer.from(clear('05')).toString('hex')).entryMode).toBe('chip');
  });

  it('lets the reader say how the card was read', () => {
    const nodes = parseTlvHex(Buffer.from(clear('05')).toString('hex'));
    expect(cardReadFromEmvTlv(nodes, { track: 'record', entryMode: 'contactless' })).toMatchObject({
      entryMode: 'contactless',
      track: 'record',
    });
  });
});
