import { describe, expect, it } from 'vitest';
import { authorizationToWire } from '../../../../src-main/lane/gateway/auth-request';
import { ValidationError } from '../../../../src-main/lane/gateway/errors';
import { LaneError } from '../../../../src-main/lane/errors';
import { containsCardNumber } from '../../../../src-main/lane/journal/card-data';
import { journaledProfileId, profileIdOf } from '../../../../src-main/lane/journal/journaled';
import {
  cardOnFileNote,
  cardOnFileReceiptLines,
  cardOnFileUseOf,
  saveCardPart,
  storedCardPart,
} from '../../../../src-main/lane/payment/card-on-file';
import { buildReceipt, type ReceiptFacts } from '../../../../src-main/lane/receipt/model';

/** What the counter's consent says (the screen sends its own words; the lane journals what it gets). */
const saveCardConsentWords = 'I agree that this store keeps this card on file and charges it for my future purchases.';

const merchid = '496160873888';
const profile = '12345678901234567890/1';
const consent = { agreed: true, words: saveCardConsentWords } as const;

describe('saving a card on file with the customer\u2019s consent', () => {
  it('sends profile Y and cofpermission Y, and journals who agreed, when and to what', () => {
    const part = saveCardPart(consent, '1001', 1_700_000_000_000);
    expect(part.fields).toEqual({ profile: 'Y', cofpermission: 'Y' });
    expect(part.detail).toEqual({
      cardOnFile: 'saved',
      consentBy: '1001',
      consentAt: 1_700_000_000_000,
      consentWords: saveCardConsentWords,
    });
    const wire = authorizationToWire({
      merchid,
      amount: 2500,
      track: ';4788250000121443=28121011000012300000?',
      ...part.fields,
    });
    expect(wire).toMatchObject({ profile: 'Y', cofpermission: 'Y' });
    expect(wire).not.toHaveProperty('cof');
  });

  it('is refused without the customer\u2019s agreement or a cashier to record it', () => {
    expect(() => saveCardPart(undefined, '1001', 0)).toThrow(LaneError);
    expect(() => saveCardPart({ agreed: false as unknown as true, words: 'yes' }, '1001', 0)).toThrow(
      /only when the customer agrees/,
    );
    expect(() => saveCardPart({ agreed: true, words: '   ' }, '1001', 0)).toThrow(/only when the customer agrees/);
    expect(() => saveCardPart(consent, undefined, 0)).toThrow(
      expect.objectContaining({ kind: 'forbidden', field: 'saveCard' }),
    );
  });

  it('the gateway request refuses a permission without a profile to create, and values the reference does not list', () => {
    const card = { merchid, amount: 100, account: '4788250000121443', expiry: '1228' };
    expect(() => authorizationToWire({ ...card, cofpermission: 'Y' })).toThrow(ValidationError);
    expect(() => authorizationToWire({ ...card, profile: 'Y', cofpermission: 'X' as 'Y' })).toThrow(/cofpermission/);
    expect(() => authorizationToWire({ merchid, amount: 100, profile, cof: 'R' as 'C' })).toThrow(/cof/);
    expect(() => authorizationToWire({ merchid, amount: 100, profile, cofscheduled: 'M' as 'Y' })).toThrow(
      /cofscheduled/,
    );
  });
});

describe('charging a stored card', () => {
  it('customer-initiated: cof C, cofscheduled N, no ecomind', () => {
    const part = storedCardPart(profile, 'customer');
    expect(part.fields).toEqual({ profile, cof: 'C', cofscheduled: 'N' });
    expect(authorizationToWire({ merchid, amount: 1200, ...part.fields })).toEqual({
      merchid,
      amount: '12.00',
      profile,
      cof: 'C',
      cofscheduled: 'N',
    });
  });

  it('scheduled (merchant-initiated): cof M, cofscheduled Y, ecomind R', () => {
    const part = storedCardPart(profile, 'scheduled');
    expect(authorizationToWire({ merchid, amount: 900, ...part.fields })).toEqual({
      merchid,
      amount: '9.00',
      profile,
      cof: 'M',
      cofscheduled: 'Y',
      ecomind: 'R',
    });
  });

  it('an old caller that names no initiator charges as the customer\u2019s own request', () => {
    expect(storedCardPart(profile).fields).toMatchObject({ cof: 'C', cofscheduled: 'N' });
  });
});

describe('the words of a card on file', () => {
  it('on the screen, by kind and outcome', () => {
    expect(cardOnFileNote('saved', true)).toEqual({
      kind: 'saved',
      words: 'Card saved on file with the customer\u2019s consent',
    });
    expect(cardOnFileNote('saved', false).kind).toBe('not-saved');
    expect(cardOnFileNote('customer', true).kind).toBe('customer');
    expect(cardOnFileNote('scheduled', true).words).toMatch(/scheduled payment/);
  });

  it('on the receipt, under an approval only; a reprint reads the use from the journal row', () => {
    const facts: ReceiptFacts = {
      kind: 'sale',
      amountMinor: 900,
      card: { lastFour: '----', brand: 'CARD ON FILE', entryMethod: 'Profile' },
      gateway: { retref: '1', authcode: 'A1' },
      signature: { required: false },
      merchantId: merchid,
      terminalId: 'T1',
      cardOnFile: cardOnFileReceiptLines('scheduled'),
    };
    const options = {
      copy: 'customer',
      training: false,
      duplicate: false,
      printedAt: new Date(0),
      columns: 48,
    } as const;
    const texts = (f: ReceiptFacts) =>
      buildReceipt(f, options).lines.flatMap((line) => (line.kind === 'text' ? [line.text] : []));
    expect(texts(facts)).toEqual(expect.arrayContaining(['Charged to card on file', 'Scheduled payment']));
    expect(texts({ ...facts, kind: 'decline' })).not.toContain('Charged to card on file');
    expect(cardOnFileUseOf({ tender: 'profile', cardOnFile: 'customer' })).toBe('customer');
    expect(cardOnFileUseOf({ tender: 'sale' })).toBeUndefined();
  });
});

describe('a profile id in the journal', () => {
  it('is kept whole: grouped so the card-number guard never takes a run of it for a card number', () => {
    // Twenty digits holding a Luhn-valid Visa number of 16 (4788250000121443).
    const profileid = '4788250000121443' + '0001';
    expect(containsCardNumber(profileid)).toBe(true);
    const kept = journaledProfileId(profileid);
    expect(kept).toBe('4788.2500.0012.1443.0001');
    expect(containsCardNumber(kept)).toBe(false);
    expect(profileIdOf(kept)).toBe(profileid);
  });
});
