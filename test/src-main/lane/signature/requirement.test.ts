import { describe, expect, it } from 'vitest';
import { decodeCvmResults } from '../../../../drivers/card-reader/emv';
import { signatureRequirement, type SignatureQuestion } from '../../../../src-main/lane/signature/requirement';

const signature = decodeCvmResults('5E0300');
const pin = decodeCvmResults('440302');
const pinAndSignature = decodeCvmResults('030002');
const noCvm = decodeCvmResults('1F0302');

/** A Visa chip sale of 25.00 whose card asked for a signature, under network rules, but for `overrides`. */
const answer = (overrides: Partial<SignatureQuestion>) =>
  signatureRequirement({
    network: 'visa',
    amountMinor: 2500,
    entryMode: 'chip',
    cvm: signature,
    policy: 'network-rules',
    ...overrides,
  });
const ask = (overrides: Partial<SignatureQuestion>) => answer(overrides).required;

describe('signatureRequirement', () => {
  it.each([
    // network, amount, CVM, entry → required
    ['visa', 2499, signature, 'chip', false],
    ['visa', 2500, signature, 'chip', true],
    ['visa', 4999, signature, 'contactless', true],
    ['mastercard', 2500, signature, 'chip', false],
    ['mastercard', 4999, signature, 'chip', false],
    ['mastercard', 5000, signature, 'chip', true],
    ['discover', 4999, signature, 'chip', false],
    ['discover', 5000, signature, 'chip', true],
    ['amex', 4999, signature, 'chip', false],
    ['amex', 5000, signature, 'chip', true],
    ['jcb', 100, signature, 'chip', true],
    ['visa', 100_000, pin, 'chip', false],
    ['mastercard', 100_000, noCvm, 'contactless', false],
    ['visa', 2499, pinAndSignature, 'chip', false],
    ['visa', 2500, pinAndSignature, 'chip', true],
  ] as const)('%s %i with %o on %s: %s', (network, amountMinor, cvm, entryMode, required) => {
    expect(ask({ network, amountMinor, cvm, entryMode })).toBe(required);
  });

  it.each([
    ['swipe', 'visa', 2499, false],
    ['swipe', 'visa', 2500, true],
    ['fallback-swipe', 'amex', 4999, false],
    ['fallback-swipe', 'amex', 5000, true],
    ['keyed', 'discover', 4999, false],
    ['keyed', 'discover', 5000, true],
  ] as const)('%s on %s at %i follows network rules: %s', (entryMode, network, amountMinor, required) => {
    expect(ask({ entryMode, network, amountMinor, cvm: null })).toBe(required);
  });

  it('lets the merchant policy override everything, and says why', () => {
    expect(ask({ policy: 'always', cvm: pin, amountMinor: 1 })).toBe(true);
    expect(ask({ policy: 'never', amountMinor: 1_000_000 })).toBe(false);
    expect(answer({ amountMinor: 9000, cvm: pin })).toEqual({ required: false, reason: 'the PIN was verified' });
    expect(answer({}).reason).toBe('the card asks for a signature and visa requires one at this amount');
  });
});

describe('signatureRequirement for a payment stored offline (ADR 078)', () => {
  // Enciphered PIN verified online (02), its result left to the issuer (00); a CVM that failed; one not known.
  const onlinePin = decodeCvmResults('020300');
  const failed = decodeCvmResults('3F0001');
  it.each([
    // CVM, amount, entry → required offline (online, each of these asks nothing)
    [onlinePin, 2500, 'chip', true],
    [onlinePin, 2499, 'chip', false],
    [failed, 3000, 'chip', true],
  ] as const)(
    'asks by the threshold when no issuer can complete the CVM now: %o %i %s',
    (cvm, amountMinor, entryMode, required) => {
      expect(ask({ cvm, amountMinor, entryMode, offline: true })).toBe(required);
      expect(ask({ cvm, amountMinor, entryMode })).toBe(false);
      if (required) expect(answer({ cvm, amountMinor, entryMode, offline: true }).reason).toContain('stored offline');
    },
  );

  it('keeps what the card completed itself: an offline PIN it verified, no CVM, a signature CVM by the threshold', () => {
    expect(ask({ cvm: pin, amountMinor: 9000, offline: true })).toBe(false);
    expect(ask({ cvm: noCvm, amountMinor: 1500, entryMode: 'contactless', offline: true })).toBe(false);
    expect(ask({ cvm: signature, amountMinor: 2500, offline: true })).toBe(true);
    expect(ask({ cvm: signature, amountMinor: 2499, offline: true })).toBe(false);
  });
});
