import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../../src-main/shells/cli/main';
import { lanepointFromSource } from '../../../support/lanepoint-from-source';
import { fakeIo } from '../../../support/cli-io';
import { EmulatedEncryptingReader } from '../../../../src-main/stand-ins/devices/encrypting-reader';
import { publishedQuickChip, publishedSwipeRecord } from '../../../support/reader-samples';

describe('lanepoint card parse', () => {
  it('prints the masked card of the published quick-chip record, never the track', async () => {
    const { io, out } = fakeIo();
    expect(await runCli(['card', 'parse', publishedQuickChip], io)).toBe(0);
    const printed = JSON.parse(out.join('\n')) as Record<string, unknown>;
    expect(printed).toMatchObject({
      kind: 'card',
      format: 'quick-chip',
      entryMode: 'chip',
      maskedPan: '6510********0133',
      network: 'discover',
      applicationLabel: 'DISCOVER',
      cvm: { method: 'signature' },
      encrypted: true,
    });
    expect(printed).not.toHaveProperty('track');
    expect(out.join('\n')).not.toContain('DFEE12');
  });

  it('reads clear tracks without printing the card number', async () => {
    const { io, out } = fakeIo();
    const swipe = '%B4788250000121443^TEST/VISA^28121011000000000000?;4788250000121443=28121011000000000000?';
    expect(await runCli(['card', 'parse', swipe], io)).toBe(0);
    expect(out.join('\n')).not.toContain('4788250000121443');
    expect(JSON.parse(out.join('\n'))).toMatchObject({
      format: 'clear-swipe',
      maskedPan: '478825******1443',
      expiry: '1228',
    });
  });

  it('reports a chip error and explains output it cannot read, without quoting it', async () => {
    const chipError = fakeIo();
    const failed = new EmulatedEncryptingReader().chip(
      {
        pan: '4788250000121443',
        expiry: '1228',
        name: 'A B',
        serviceCode: '201',
        cvm: 'none',
        chip: 'fails',
        aid: 'A0000000031010',
        applicationLabel: 'VISA',
      },
      100,
    );
    expect(await runCli(['card', 'parse', failed], chipError.io)).toBe(0);
    expect(JSON.parse(chipError.out.join('\n'))).toEqual({
      kind: 'chip-error',
      reason: 'the chip could not be read (reader status 0005)',
    });
    const bad = fakeIo();
    expect(await runCli(['card', 'parse', ';4788250000121444=28121011000?'], bad.io)).toBe(1);
    expect(bad.err.join('\n')).toBe(
      'lanepoint card parse: not a card reader output we can read: track 2 card number fails the Luhn check',
    );
  });

  it('refuses a wrong command line with the usage line', async () => {
    for (const args of [['card'], ['card', 'read', 'x'], ['card', 'parse'], ['card', 'parse', 'a', 'b']]) {
      const { io, err } = fakeIo();
      expect(await runCli(args, io)).toBe(2);
      expect(err.join('\n')).toMatch(/usage: lanepoint/);
    }
  });

  it('works as a real process, reading standard input with -', () => {
    const run = spawnSync(process.execPath, [...lanepointFromSource, 'card', 'parse', '-'], {
      input: `${publishedSwipeRecord}\n`,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      format: 'encrypted-swipe',
      maskedPan: '6011********6668',
      name: 'DISCOVER TEST CARD',
    });
  });
});
