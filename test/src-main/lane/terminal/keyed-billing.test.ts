import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTestCards } from '../../../../src-main/stand-ins/devices/test-cards';
import { KeyedEntry } from '../../../../src-main/lane/terminal/keyed-entry';
import { ManualClock } from '../../../support/manual-clock';

const visa = loadTestCards(join(process.cwd(), 'assets')).find((card) => card.id === 'visa-approve')!;

/** A keyed entry with the card typed and checked (Enter on the CVV): the cursor is on the postal code. */
function cardTyped(askStreet = false) {
  const entry = new KeyedEntry(() => new Date(Date.UTC(2026, 10, 23)), new ManualClock().setTimer);
  const read = entry.read(new AbortController().signal, { askStreet });
  const type = (keys: string | readonly string[]) => [...keys].map((key) => entry.key(key)).at(-1)!;
  type([...visa.pan, 'Enter', ...'1228', 'Enter', ...'123', 'Enter']);
  return { entry, read, type };
}

describe('a keyed card’s billing address', () => {
  it('asks the postal code after the card, and refuses to send without it', () => {
    const { entry, type } = cardTyped();
    expect(entry.view()).toMatchObject({ field: 'postal', fields: ['account', 'expiry', 'cvv', 'postal'] });
    expect(type(['Enter'])).toMatchObject({
      field: 'postal',
      problem: 'Postal code: type the card’s billing ZIP or postal code.',
    });
    expect(type('1935')).toMatchObject({ problem: null, checks: { postal: { fine: true } } });
    expect(type(['Enter'])).toMatchObject({
      field: 'postal',
      problem: 'Postal code: a US ZIP code is 5 or 9 digits.',
    });
  });

  it('takes letters only in the billing fields: a letter in the card number is ignored', () => {
    const entry = new KeyedEntry(() => new Date(Date.UTC(2026, 10, 23)), new ManualClock().setTimer);
    void entry.read(new AbortController().signal);
    expect(entry.key('4')).toMatchObject({ account: '4' });
    expect(entry.key('x')).toMatchObject({ account: '4' });
  });

  it('sends a 9-digit ZIP without its dash', async () => {
    const { read, type } = cardTyped();
    type([...'19355-1234', 'Enter']);
    await expect(read).resolves.toMatchObject({ keyed: { billing: { postal: '193551234' } } });
  });

  it('asks the country of a postal code with a letter, and refuses US for it', async () => {
    const { entry, read, type } = cardTyped();
    expect(type('k1a 0b1')).toMatchObject({ fields: ['account', 'expiry', 'cvv', 'postal', 'country'] });
    expect(type(['Enter', 'Enter'])).toMatchObject({
      field: 'country',
      problem: 'Country: the two letters of the card’s billing country, e.g. CA or GB.',
    });
    expect(type('us')).toMatchObject({ country: 'US' });
    expect(type(['Enter'])).toMatchObject({ field: 'postal', problem: 'Postal code: a US ZIP code is 5 or 9 digits.' });
    type(['Enter', 'Backspace', 'Backspace', ...'ca', 'Enter']);
    expect(entry.view().active).toBe(false);
    await expect(read).resolves.toMatchObject({ keyed: { billing: { postal: 'K1A 0B1', country: 'CA' } } });
  });

  it('asks the street where the merchant wants it, and refuses to send without it', async () => {
    const { read, type } = cardTyped(true);
    expect(type([...'19355', 'Enter'])).toMatchObject({
      field: 'street',
      fields: ['account', 'expiry', 'cvv', 'postal', 'street'],
    });
    expect(type(['Enter'])).toMatchObject({
      field: 'street',
      problem: 'Street: type the card’s billing street address.',
    });
    type([...'1000 Continental Dr.', 'Enter']);
    await expect(read).resolves.toMatchObject({
      keyed: { billing: { postal: '19355', address: '1000 Continental Dr.' } },
    });
  });

  it('still checks the card on the last Enter: a card changed after the CVV is refused there', () => {
    const { entry, type } = cardTyped();
    type([...'19355', 'Backspace', 'Backspace', 'Backspace', 'Backspace', 'Backspace', 'Backspace']);
    expect(entry.view().field).toBe('cvv');
    type(['Backspace', 'Tab', ...'19355', 'Enter']);
    expect(entry.view()).toMatchObject({ field: 'cvv', problem: 'CVV: enter the 3 digits on the card.' });
  });
});
