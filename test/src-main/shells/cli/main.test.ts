import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ecV1TokenizeRequest } from '../../../../src-main/lane/wallet/device-data';
import {
  createTrainingWalletKeys,
  loadOrCreateTrainingWalletKeys,
  trainingKeysFile,
} from '../../../../src-main/stand-ins/training-wallet/training-keys';
import { trainingWalletPayment } from '../../../../src-main/stand-ins/training-wallet/training-wallet';
import { runCli } from '../../../../src-main/shells/cli/main';
import { pinMatches } from '../../../../src-main/lane/session/pin-hash';
import { fakeIo } from '../../../support/cli-io';
import { servingIo } from '../../../support/cli-serving-io';

describe('lanepoint command line', () => {
  it('prints help and exits 0 for --help', async () => {
    const { io, out } = fakeIo();
    expect(await runCli(['--help'], io)).toBe(0);
    expect(out.join('\n')).toMatch(/usage: lanepoint <command>/);
    expect(out.join('\n')).toMatch(/host \[--port N\]/);
  });

  it('prints the version', async () => {
    const { io, out } = fakeIo();
    expect(await runCli(['--version'], io)).toBe(0);
    expect(out[0]).toMatch(/^\d+\.\d+\.\d+/);
  });

  it.each([
    [[], /usage/],
    [['frobnicate'], /unknown command "frobnicate"/],
    [['host', '--port', 'abc'], /--port must be an integer/],
    [['host', '--port', '70000'], /--port must be an integer/],
    [['host', '--bogus'], /Unknown option '--bogus'/],
    [['host', 'extra'], /host takes no argument "extra"/],
    [['start', '--port', '1'], /Unknown option '--port'/],
    [['bench'], /unknown command "bench"/],
  ])('exits 2 with the usage line for %j', async (argv, reason) => {
    const { io, err } = fakeIo();
    expect(await runCli(argv, io)).toBe(2);
    expect(err.join('\n')).toMatch(reason);
    expect(err.join('\n')).toContain('usage: lanepoint');
  });

  it('exits 1 naming the setting when the settings are wrong', async () => {
    const { io, err } = fakeIo({ LANEPOINT_HOME: '/nonexistent-lanepoint', LANEPOINT_MODE: 'drive-thru' });
    expect(await runCli(['host', '--port', '0'], io)).toBe(1);
    expect(err.join('\n')).toContain('LANEPOINT_MODE');
  });
});

describe('lanepoint pin-hash', () => {
  it('prints the hash of the PIN on standard input, which matches it and does not hold it', async () => {
    const { io, out } = fakeIo({}, '4821\n');
    expect(await runCli(['pin-hash'], io)).toBe(0);
    expect(out[0]).toMatch(/^scrypt\$/);
    expect(out[0]).not.toContain('4821');
    expect(pinMatches('4821', out[0]!)).toBe(true);
  });

  it('refuses anything but 4 to 8 digits, saying how to pipe one in', async () => {
    const { io, err } = fakeIo({}, '12ab');
    expect(await runCli(['pin-hash'], io)).toBe(2);
    expect(err.join('\n')).toMatch(/printf 4821 \| lanepoint pin-hash/);
  });
});

describe('lanepoint emulator', () => {
  it('prints its URL, credentials and merchants, serves, and stops on request', async () => {
    const { io, out, stop } = servingIo();
    const running = runCli(['emulator', '--port', '0'], io);
    await expect.poll(() => out.length, { timeout: 5000 }).toBeGreaterThan(3);
    const url = out[0]!.slice(out[0]!.indexOf('http://'));
    expect(out.join('\n')).toContain('testing / testing123   (site level)');
    expect(out.join('\n')).toContain('496160873888  RPCT  site fts');
    const answer = await fetch(`${url}/inquireMerchant/496160873888`, {
      headers: { Authorization: `Basic ${Buffer.from('testing:testing123').toString('base64')}` },
    });
    expect(await answer.json()).toMatchObject({ merchid: '496160873888', cardproc: 'RPCT' });
    stop('SIGTERM');
    expect(await running).toBe(0);
  });

  it('with --wallet-keys, tokenizes phone payments signed with a training lane\u2019s keys and refuses others', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'lanepoint-wallet-keys-'));
    const { io, out, stop } = servingIo();
    const running = runCli(['emulator', '--port', '0', '--plain', '--wallet-keys', folder], io);
    await expect
      .poll(() => out.join('\n'), { timeout: 5000 })
      .toContain(`The tokenizer trusts the training wallet keys in ${folder}`);
    // The keys are made in the folder as a lane makes them (0600), and the lane reads the same ones.
    expect(statSync(join(folder, trainingKeysFile)).mode & 0o777).toBe(0o600);
    const lanes = loadOrCreateTrainingWalletKeys(folder, Date.now());
    const root = /(http:\/\/\S+)\/rest/.exec(out[0]!)![1]!;
    const tokenize = async (keys: typeof lanes) => {
      const card = { account: '4788250000121443', expiration: '301231', amount: 1000, currencyCode: '840' };
      const token = trainingWalletPayment(card, keys.merchant.certificate, keys.signer, new Date());
      const answer = await fetch(`${root}/cardsecure/api/v1/ccn/tokenize`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(ecV1TokenizeRequest(token, { walletApiVersion: 3 })),
      });
      return (await answer.json()) as { errorcode: number; token?: string };
    };
    try {
      expect(await tokenize(lanes)).toMatchObject({ errorcode: 0, token: expect.stringMatching(/^947\d{9}1443$/) });
      expect((await tokenize(createTrainingWalletKeys(Date.now()))).errorcode).not.toBe(0);
    } finally {
      stop('SIGTERM');
    }
    expect(await running).toBe(0);
  });

  it('refuses a bad port with the usage line', async () => {
    const { io, err } = fakeIo();
    expect(await runCli(['emulator', '--port', 'x'], io)).toBe(2);
    expect(err.join('\n')).toContain('usage: lanepoint');
  });
});

describe('lanepoint settle', () => {
  it('settles a running emulator\u2019s open batches and prints them', async () => {
    const { startEmulator } = await import('../../../../src-main/stand-ins/gateway-emulator/server');
    const emulator = await startEmulator({ realism: false });
    try {
      const authorization = `Basic ${Buffer.from('testing:testing123').toString('base64')}`;
      const auth = await fetch(`${emulator.url}/auth`, {
        method: 'PUT',
        headers: { Authorization: authorization, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          merchid: '496160873888',
          account: '4788250000121443',
          expiry: '1228',
          amount: '3.00',
          capture: 'Y',
        }),
      });
      const { retref } = (await auth.json()) as { retref: string };
      const { io, out } = fakeIo();
      expect(await runCli(['settle', '--emulator', emulator.url, '--reject', retref], io)).toBe(0);
      // Its only transaction rejected: BB, "all orders were rejected" (developer-guides.md, hoststat).
      expect(out.join('\n')).toMatch(/Settled batch \d+ of merchant 496160873888: BB, 1 transaction/);
      const again = fakeIo();
      expect(await runCli(['settle', '--emulator', emulator.url], again.io)).toBe(0);
      expect(again.out).toEqual(['No open batches to settle.']);
    } finally {
      await emulator.close();
    }
  });

  it('says plainly when no emulator answers', async () => {
    const { io, err } = fakeIo();
    expect(await runCli(['settle', '--emulator', 'http://127.0.0.1:9/rest'], io)).toBe(1);
    expect(err.join('\n')).toContain('No emulator answered');
  });
});
