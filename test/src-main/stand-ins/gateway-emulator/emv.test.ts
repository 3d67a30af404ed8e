import { describe, expect, it } from 'vitest';
import { EmulatedEncryptingReader, type EmulatedCard } from '../../../../src-main/stand-ins/devices/encrypting-reader';
import type { RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { signatureRequired } from '../../../../src-main/stand-ins/gateway-emulator/emv-tags';
import { emulatedVisa } from '../../../support/cards';
import { publishedQuickChip, publishedSwipeRecord } from '../../../support/reader-samples';
import { call, fnorMerchant, freshEmulatorPerTest, rpctMerchant } from './support';

let emulator: RunningEmulator;
freshEmulatorPerTest((started) => (emulator = started));

const card = (overrides: Partial<EmulatedCard> = {}): EmulatedCard => ({ ...emulatedVisa, ...overrides });

const authorize = (track: string, amount: string, merchid = rpctMerchant, extra: Record<string, unknown> = {}) =>
  call(emulator, 'PUT', 'auth', { merchid, amount, currency: 'USD', track, receipt: 'Y', ...extra });

const tags = (answer: Record<string, unknown>) => JSON.parse(String(answer.emvTagData)) as Record<string, string>;

describe('the encrypting reader’s output in track', () => {
  it('decrypts an encrypted swipe record and authorizes the card in it', async () => {
    const record = new EmulatedEncryptingReader().swipe(card({ pan: '4387751111111053', name: 'TEST/DECLINE' }));
    const { json } = await authorize(record, '12.00');
    expect(json).toMatchObject({ respstat: 'C', entrymode: 'Swipe(Non EMV)' });
    const approved = await authorize(new EmulatedEncryptingReader().swipe(card()), '12.00');
    expect(approved.json).toMatchObject({ respstat: 'A', amount: '12.00', entrymode: 'Swipe(Non EMV)' });
    expect(approved.json.receipt).toMatchObject({ nameOnCard: 'TEST/VISA' });
    // RPCT answers emvTagData for non-EMV cards too: no CVM, so the signature is unknown.
    expect(tags(approved.json)).toEqual({ PIN: 'None', Signature: 'unknown', Mode: 'Issuer', 'Network Label': 'VISA' });
  });

  it('builds emvTagData from a quick-chip record, with the signature threshold applied', async () => {
    const reader = new EmulatedEncryptingReader();
    const below = await authorize(reader.chip(card(), 2499), '24.99');
    expect(below.json).toMatchObject({ respstat: 'A', entrymode: 'EMVContact' });
    expect(tags(below.json)).toEqual({
      TVR: '0000008000',
      PIN: 'None',
      Signature: 'false',
      Mode: 'Issuer',
      ARC: '00',
      'Network Label': 'VISA',
      TSI: 'E800',
      AID: 'A0000000031010',
      IAD: '06010A03A0B000',
      'Entry method': 'Chip Read',
      'Application Label': 'VISA CREDIT',
    });
    expect(tags((await authorize(reader.chip(card(), 2500), '25.00')).json).Signature).toBe('true');
    const mastercard = card({ pan: '5454545454545454', aid: 'A0000000041010', applicationLabel: 'MASTERCARD' });
    expect(tags((await authorize(reader.chip(mastercard, 4999), '49.99')).json).Signature).toBe('false');
    expect(tags((await authorize(reader.chip(mastercard, 5000), '50.00')).json)).toMatchObject({
      Signature: 'true',
      'Network Label': 'MASTERCARD',
    });
  });

  it('says Verified by PIN, and adds the preferred name for contactless', async () => {
    const reader = new EmulatedEncryptingReader();
    const amex = card({
      pan: '371449635398431',
      aid: 'A000000025010801',
      applicationLabel: 'AMERICAN EXPRESS',
      preferredName: 'Amex',
      cvm: 'pin',
    });
    expect(tags((await authorize(reader.chip(amex, 9000), '90.00')).json)).toMatchObject({
      PIN: 'Verified by PIN',
      Signature: 'false',
      'Network Label': 'AMEX',
    });
    const tapped = await authorize(reader.chip(amex, 900, 'contactless'), '9.00');
    expect(tapped.json.entrymode).toBe('Contactless');
    expect(tags(tapped.json)).toMatchObject({
      'Entry method': 'Contactless Chip',
      'Application Preferred Name': 'Amex',
      PIN: 'None',
    });
  });

  it('answers emvTagData for EMV cards on other platforms, and keeps it for inquiries', async () => {
    const reader = new EmulatedEncryptingReader();
    const fnor = await authorize(reader.chip(card(), 1000), '10.00', fnorMerchant, { orderid: 'EMV-ORDER-1' });
    expect(tags(fnor.json)['Entry method']).toBe('Chip Read');
    const keyed = await call(emulator, 'PUT', 'auth', {
      merchid: fnorMerchant,
      amount: '10.00',
      account: '4788250000121443',
      expiry: '1228',
    });
    expect(keyed.json.emvTagData).toBeUndefined();
    const inquiry = await call(emulator, 'GET', `inquire/${String(fnor.json.retref)}/${fnorMerchant}`);
    expect(inquiry.json.emvTagData).toBe(fnor.json.emvTagData);
    const byOrder = await call(emulator, 'GET', `inquireByOrderid/EMV-ORDER-1/${fnorMerchant}`);
    expect(byOrder.json.emvTagData ?? byOrder.json[0]?.emvTagData).toBe(fnor.json.emvTagData);
  });

  it('declines as an invalid track what no key it holds decrypts, such as the gateway’s own published samples', async () => {
    for (const sample of [publishedSwipeRecord, publishedQuickChip]) {
      const { json } = await authorize(sample, '5.00');
      expect(json).toMatchObject({ respstat: 'C', respproc: 'PPS', respcode: '12', resptext: 'Invalid track' });
    }
  });

  it('omits emvTagData when the processor never answered', async () => {
    const timeout = await authorize(
      new EmulatedEncryptingReader().chip(card({ pan: '4999006200620062' }), 1000),
      '10.00',
    );
    expect(timeout.json).toMatchObject({ respstat: 'B' });
    expect(timeout.json.emvTagData).toBeUndefined();
  });
});

describe('signatureRequired', () => {
  it.each([
    ['visa', 2499, false],
    ['visa', 2500, true],
    ['mastercard', 4999, false],
    ['mastercard', 5000, true],
    ['discover', 4999, false],
    ['amex', 5000, true],
    ['jcb', 100, true],
  ] as const)('%s at %i minor units: %s', (network, amount, expected) => {
    expect(signatureRequired(network, amount)).toBe(expected);
  });
});
