import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../../src-main/shells/cli/main';
import { startEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { containsCardNumber } from '../../../../src-main/lane/journal/journal';
import { fakeIo } from '../../../support/cli-io';
import { trainingJournalEntries } from '../../../support/test-core';

let home: string;
const saved = process.env['LANEPOINT_HOME'];
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'sale-cli-'));
  process.env['LANEPOINT_HOME'] = home;
});
afterEach(() => {
  if (saved === undefined) delete process.env['LANEPOINT_HOME'];
  else process.env['LANEPOINT_HOME'] = saved;
});

const journalEntries = () => trainingJournalEntries(home);

describe('lanepoint sale (training, headless)', () => {
  it('reads the deck’s card, takes the signature the rules ask for, authorizes through the journal and prints', async () => {
    const { io, out, err } = fakeIo();
    expect(await runCli(['sale', '30.00', '--card', 'visa-signature'], io)).toBe(0);
    expect(out[0]).toMatch(/^APPROVED \$30\.00 {2}auth \w+ {2}order LANE01-\d{6}-\d{5}$/);
    expect(out[1]).toBe('card 4788********1443 chip, signature required');
    expect(out.join('\n')).toContain('CUSTOMER COPY');
    expect(err).toEqual([
      'awaiting-card: Insert, tap or swipe the card',
      'card-read: VISA 1443',
      'signature: Waiting for the signature',
      'authorizing: Authorizing',
      expect.stringMatching(/^approved: Approved, code \w+$/),
      'printing: Printing the receipt',
    ]);
    expect(journalEntries()).toEqual([
      expect.objectContaining({
        state: 'completed',
        amountMinor: 3000,
        maskedPan: '4788********1443',
        entryMode: 'chip',
        outcome: expect.objectContaining({ respstat: 'A' }),
      }),
    ]);
    expect(containsCardNumber(out.join('\n') + err.join('\n'))).toBe(false);
  });

  it('reports a decline and a partial approval as what they are', async () => {
    const declined = fakeIo();
    expect(await runCli(['sale', '12.00', '--card', 'visa-decline'], declined.io)).toBe(1);
    expect(declined.out[0]).toMatch(/^DECLINED: /);
    const partial = fakeIo();
    expect(await runCli(['sale', '100.00', '--card', 'visa-partial'], partial.io)).toBe(0);
    expect(partial.out[0]).toMatch(/^PARTIALLY APPROVED \$\d+\.\d\d /);
    expect(partial.out.join('\n')).toMatch(/PARTIAL APPROVAL[\s\S]*Balance due/);
    expect(journalEntries().map((entry) => entry.state)).toEqual(['completed', 'completed']);
  });

  it('recovers a lost answer from an outside gateway: one charge, recorded', async () => {
    const emulator = await startEmulator({ realism: false });
    try {
      await fetch(`${emulator.url.replace('/rest', '')}/__emulator/faults`, {
        method: 'PUT',
        headers: {
          Authorization: `Basic ${Buffer.from('testing:testing123').toString('base64')}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ endpoint: 'auth', kind: 'drop-after' }),
      });
      const journal = join(home, 'lane.sqlite');
      const sale = fakeIo();
      process.env['LANEPOINT_TRAINING'] = '1';
      expect(
        await runCli(
          ['sale', '20.00', '--gateway', emulator.url, '--journal', journal, '--card', 'mastercard-approve'],
          sale.io,
        ),
      ).toBe(0);
      expect(sale.out[0]).toMatch(/^APPROVED \$20\.00/);
      expect(sale.err).toContain('resolving: Checking the outcome with the gateway');
      const charges = emulator.context.ledger.all().filter((transaction) => transaction.respstat === 'A');
      expect(charges).toHaveLength(1);
    } finally {
      delete process.env['LANEPOINT_TRAINING'];
      await emulator.close();
    }
  });

  it('names what is wrong', async () => {
    expect(await runCli(['sale'], fakeIo().io)).toBe(2);
    expect(await runCli(['sale', '12,34'], fakeIo().io)).toBe(2);
    expect(await runCli(['sale', '0'], fakeIo().io)).toBe(2);
    const unknown = fakeIo();
    expect(await runCli(['sale', '5.00', '--card', 'gold-card'], unknown.io)).toBe(2);
    expect(unknown.err.join('\n')).toMatch(/no test card "gold-card"; the deck has visa-approve/);
  });
});
