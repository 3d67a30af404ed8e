import { noWaitClock } from '../../../support/no-wait-clock';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../../src-main/shells/cli/main';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { createGatewayClient } from '../../../../src-main/lane/gateway/client';
import { Journal } from '../../../../src-main/lane/journal/journal';
import { journaledAuthorize } from '../../../../src-main/lane/payment/authorize/journaled-authorization';
import { fakeIo } from '../../../support/cli-io';

let emulator: RunningEmulator;
let path: string;
const merchid = '496160873888';
beforeEach(async () => {
  emulator = await startEmulator({ realism: false });
  path = join(mkdtempSync(join(tmpdir(), 'journal-cli-')), 'journal.sqlite');
});
afterEach(async () => {
  await emulator.close();
});

describe('lanepoint journal list and recover', () => {
  it('lists entries masked, finds them by last four, and recovers what a crash left pending', async () => {
    const journal = Journal.open(path, { clock: { now: () => Date.now() }, terminalId: 'LANE-01' });
    const client = createGatewayClient({
      baseUrl: emulator.url,
      credentials: { level: 'site', username: 'testing', password: 'testing123' },
      clock: noWaitClock,
    });
    await journaledAuthorize({
      journal,
      client,
      request: { merchid, amount: 1234, account: '4788250000121443', expiry: '1228', orderid: journal.nextOrderId() },
      card: { maskedPan: '478825******1443', entryMode: 'keyed' },
    });
    const pending = journal.nextOrderId();
    await client.auth({ merchid, amount: 500, account: '5454545454545454', expiry: '1228', orderid: pending });
    journal.begin({ operation: 'auth', orderId: pending, amountMinor: 500, maskedPan: '545454******5454' });
    journal.close();

    const list = fakeIo();
    expect(await runCli(['journal', 'list', '--journal', path], list.io)).toBe(0);
    expect(list.out).toHaveLength(2);
    expect(list.out[0]).toMatch(new RegExp(`${pending}\\s+auth\\s+\\$5\\.00\\s+545454\\*{6}5454\\s+pending`));
    expect(list.out[1]).toMatch(/\$12\.34\s+478825\*{6}1443\s+completed\s+A \d+ \w+ retref \d+ auth \w+/);
    expect(list.out.join('\n')).not.toMatch(/4788250000121443|5454545454545454/);
    const byCard = fakeIo();
    expect(await runCli(['journal', 'list', '--journal', path, '--last-four', '5454'], byCard.io)).toBe(0);
    expect(byCard.out).toHaveLength(1);

    const recover = fakeIo();
    expect(
      await runCli(['recover', '--journal', path, '--gateway', emulator.url, '--merchid', merchid], recover.io),
    ).toBe(0);
    expect(recover.out).toEqual([`${pending}  auth  $5.00  found  answer lost; the gateway has it approved`]);
    const again = fakeIo();
    expect(
      await runCli(['recover', '--journal', path, '--gateway', emulator.url, '--merchid', merchid], again.io),
    ).toBe(0);
    expect(again.out).toEqual(['Nothing to recover: every entry has a known outcome.']);
  });

  // The reference's merchid is a string of up to 16 characters: a merchant id with letters must
  // not stop recovery at the command line.
  it('recovers for a merchant id with letters, and refuses one longer than 16', async () => {
    const empty = join(mkdtempSync(join(tmpdir(), 'journal-cli-')), 'journal.sqlite');
    Journal.open(empty, { clock: { now: () => Date.now() }, terminalId: 'LANE-01' }).close();
    const lettered = fakeIo();
    expect(
      await runCli(
        ['recover', '--journal', empty, '--gateway', emulator.url, '--merchid', 'MID-LANEPOINT-01'],
        lettered.io,
      ),
    ).toBe(0);
    expect(lettered.out).toEqual(['Nothing to recover: every entry has a known outcome.']);
    const long = fakeIo();
    expect(
      await runCli(['recover', '--journal', empty, '--gateway', emulator.url, '--merchid', 'M'.repeat(17)], long.io),
    ).toBe(2);
    expect(long.err.join('\n')).toContain('--merchid');
  });

  it('names what is wrong', async () => {
    expect(await runCli(['journal', 'show'], fakeIo().io)).toBe(2);
    expect(await runCli(['journal', 'list', '--journal', path, '--last-four', '12'], fakeIo().io)).toBe(2);
    expect(await runCli(['recover', '--journal', path], fakeIo().io)).toBe(2);
    const damaged = join(mkdtempSync(join(tmpdir(), 'journal-cli-')), 'bad.sqlite');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(damaged, 'this is not a database, it is a plain text file of some length'.repeat(100));
    const bad = fakeIo();
    expect(await runCli(['journal', 'list', '--journal', damaged], bad.io)).toBe(1);
    expect(bad.err[0]).toMatch(/^lanepoint journal: journal: cannot use .*bad\.sqlite/);
  });
});
