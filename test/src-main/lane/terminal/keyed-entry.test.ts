import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadTestCards } from '../../../../src-main/stand-ins/devices/test-cards';
import type { Core } from '../../../../src-main/lane/core/core';
import type { KeyedEntryView, SaleSummary, TerminalState } from '../../../../src-main/lane/ipc/contract';
import { KeyedEntry, maskTyped } from '../../../../src-main/lane/terminal/keyed-entry';
import { ManualClock } from '../../../support/manual-clock';
import { ok, testCore, until } from '../../../support/test-core';

const visa = loadTestCards(join(process.cwd(), 'assets')).find((card) => card.id === 'visa-approve')!;
const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

describe('keying a card', () => {
  it('echoes at most the first six and last four digits while they are typed', () => {
    expect(maskTyped('4788')).toBe('4788');
    expect(maskTyped('4788250000')).toBe('4788 2500 00');
    expect(maskTyped('47882500001')).toBe('4788 25•0 001');
    expect(maskTyped(visa.pan)).toBe(`${visa.pan.slice(0, 4)} ${visa.pan.slice(4, 6)}•• •••• ${visa.pan.slice(-4)}`);
  });

  it('names the field of a refusal and puts the cursor there, then takes the corrected card', async () => {
    const entry = new KeyedEntry(() => new Date(Date.UTC(2026, 10, 23)), new ManualClock().setTimer);
    const views: KeyedEntryView[] = [];
    entry.onChange((view) => views.push(view));
    const read = entry.read(new AbortController().signal);
    const type = (keys: string) => [...keys].forEach((key) => entry.key(key));
    const wrongCheckDigit = `${visa.pan.slice(0, -1)}${(Number(visa.pan.at(-1)) + 1) % 10}`;
    type(wrongCheckDigit);
    entry.key('Enter');
    type('1228');
    entry.key('Tab');
    type('123');
    expect(entry.key('Enter')).toMatchObject({
      field: 'account',
      problem: 'Card number: a digit is wrong (the check digit does not match).',
    });
    entry.key('Backspace');
    type(visa.pan.at(-1)!);
    entry.key('Enter');
    entry.key('Enter');
    // Enter on the CVV checks the card, then asks the billing postal code.
    expect(entry.key('Enter')).toMatchObject({ field: 'postal', problem: null });
    type('19355');
    entry.key('Enter');
    const card = await read;
    expect(card).toMatchObject({ entryMode: 'keyed', lastFour: visa.pan.slice(-4), expiry: '1228' });
    expect(card.keyed?.billing).toEqual({ postal: '19355' });
    expect(JSON.stringify(views)).not.toContain(visa.pan);
    expect(views.at(-1)).toMatchObject({ active: false, account: '' });
  });

  it('checks the number and the expiry as they are typed, in words beside each field, and still refuses them on Enter', async () => {
    // The lane's clock: 23 November 2026.
    const entry = new KeyedEntry(() => new Date(Date.UTC(2026, 10, 23)), new ManualClock().setTimer);
    const read = entry.read(new AbortController().signal);
    const type = (keys: string) => [...keys].map((key) => entry.key(key)).at(-1)!;
    const seen: KeyedEntryView[] = [];
    entry.onChange((view) => seen.push(view));
    expect(entry.view().checks).toEqual({ account: null, expiry: null, postal: null });
    expect(type(visa.pan.slice(0, 15)).checks.account).toEqual({
      words: 'Visa: 15 of 16, 18 or 19 digits.',
      fine: true,
    });
    const wrong = (Number(visa.pan.at(-1)) + 1) % 10;
    expect(type(String(wrong)).checks.account).toEqual({
      words: 'A digit is wrong: the check digit does not match. Check the number on the card.',
      fine: false,
    });
    entry.key('Backspace');
    expect(type(visa.pan.at(-1)!).checks.account).toEqual({ words: 'Visa: the number checks out.', fine: true });
    entry.key('Enter');
    expect(type('13').checks.expiry).toEqual({ words: 'The month is 01 to 12: type the expiry as MMYY.', fine: false });
    entry.key('Backspace');
    expect(type('025').checks.expiry).toEqual({ words: 'This card expired at the end of 10/25.', fine: false });
    // The core still refuses what the words warned of: Enter on the CVV names the expiry and goes back to it.
    entry.key('Enter');
    type('123');
    expect(entry.key('Enter')).toMatchObject({ field: 'expiry', problem: 'Expiry: the card has expired.' });
    // The month now running is still good: a card is good through the end of its month.
    for (let i = 0; i < 4; i += 1) entry.key('Backspace');
    expect(type('1126').checks.expiry).toEqual({ words: 'Good through 11/26.', fine: true });
    entry.key('Enter');
    entry.key('Enter');
    type('19355');
    entry.key('Enter');
    await expect(read).resolves.toMatchObject({ entryMode: 'keyed', expiry: '1126' });
    expect(JSON.stringify(seen)).not.toContain(visa.pan);
    expect(JSON.stringify(seen)).not.toContain(visa.pan.slice(6, 12));
  });

  it('says when no card starts like the number, and when it is too long for its brand', () => {
    const entry = new KeyedEntry(() => new Date(Date.UTC(2026, 10, 23)), new ManualClock().setTimer);
    void entry.read(new AbortController().signal);
    const type = (keys: string) => [...keys].map((key) => entry.key(key)).at(-1)!;
    expect(type('12').checks.account).toEqual({
      words: 'No card number starts like this: check the first digits.',
      fine: false,
    });
    for (let i = 0; i < 2; i += 1) entry.key('Backspace');
    expect(type('3782822463100052').checks.account).toEqual({
      words: 'Too many digits: American Express card numbers have 15.',
      fine: false,
    });
  });

  it('runs a keyed sale over the contract: the keys go to the main process, the sale is approved as keyed', async () => {
    const { core, lines } = testCore();
    cores.push(core);
    core.session.signIn({ cashierId: '1001', pin: '1234' });
    await until(() => core.devices.list().every((device) => device.status === 'connected'));
    const echoes: KeyedEntryView[] = [];
    core.events.subscribe((name, payload) => {
      if (name === 'terminal.keyEntry') echoes.push(payload as KeyedEntryView);
      if (name === 'terminal.state' && (payload as TerminalState).phase === 'awaiting-card') {
        void (async () => {
          // A postal code ending 112: the emulator's address check answers N (the guides' UAT zip codes).
          for (const key of [...visa.pan, 'Enter', ...'1228', 'Enter', ...'123', 'Enter', ...'55112', 'Enter'])
            await core.dispatch('terminal.keyEntry', { key });
        })();
      }
    });
    const sale = ok(await core.dispatch('terminal.sale', { amountMinor: 1500, entry: 'keyed' })) as SaleSummary;
    expect(sale).toMatchObject({ outcome: 'approved', entryMode: 'keyed', maskedPan: expect.stringMatching(/\*{6}/) });
    expect(sale.avs).toEqual({
      code: 'N',
      words: 'Address check: neither ZIP nor street matches (N)',
      match: 'none',
    });
    expect(echoes.some((echo) => echo.active && echo.account.endsWith(visa.pan.slice(-4)))).toBe(true);
    expect(JSON.stringify(echoes) + lines.join('\n')).not.toContain(visa.pan);
    expect(await core.dispatch('terminal.keyEntry', { key: 'Shift' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument' },
    });
  });
});
