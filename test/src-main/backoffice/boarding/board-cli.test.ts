import { describe, expect, it } from 'vitest';
import { runCli } from '../../../../src-main/shells/cli/main';
import { fakeIo } from '../../../support/cli-io';
import { createBoardingClient } from '../../../../src-main/backoffice/boarding/client';
import { createGatewayClient } from '../../../../src-main/lane/gateway/client';
import { servingIo } from '../../../support/cli-serving-io';
import {
  frontEndMidOf,
  minimalMerchant,
  moveBoardingClock,
  sampleOrder,
  signedApplication,
  type BoardingPair,
} from '../../../support/boarding';
import { boardingPairPerTest } from '../../../support/boarding-pair-per-test';
import { until } from '../../../support/until';

const startPair = boardingPairPerTest();

function boardingEnv(current: BoardingPair): NodeJS.ProcessEnv {
  const { username, password, clientId, clientSecret } = current.emulator.credentials;
  return {
    LANEPOINT_BOARDING_URL: current.emulator.url,
    LANEPOINT_BOARDING_USER: username,
    LANEPOINT_BOARDING_PASSWORD: password,
    LANEPOINT_BOARDING_CLIENT_ID: clientId,
    LANEPOINT_BOARDING_CLIENT_SECRET: clientSecret,
  };
}

describe('lanepoint board', () => {
  it('prints the status, the signing link and the orders of a merchant', async () => {
    const pair = await startPair({ clock: { now: () => Date.now() } });
    const merchantId = await pair.client.merchants.create(999, minimalMerchant());
    await pair.client.customFields.update(merchantId, [{ userFieldNumber: 1, customFieldValue: '12' }]);
    const link = await pair.client.signature.request(merchantId);
    await pair.client.orders.create(sampleOrder(merchantId));
    const status = fakeIo(boardingEnv(pair));
    expect(await runCli(['board', 'status', merchantId], status.io)).toBe(0);
    expect(status.out[0]).toBe(`merchant ${merchantId}: OFS, gateway NOT_BOARDED`);
    const signature = fakeIo(boardingEnv(pair));
    expect(await runCli(['board', 'signature', merchantId], signature.io)).toBe(0);
    expect(signature.out).toEqual([`merchant ${merchantId}: signature PENDING`, link]);
    const orders = fakeIo(boardingEnv(pair));
    expect(await runCli(['board', 'orders', merchantId], orders.io)).toBe(0);
    expect(orders.out[0]).toBe(`merchant ${merchantId}: 1 order`);
    expect(orders.out[1]).toMatch(/NEW\s+equipment 101 x2/);
    const everything = [...status.out, ...signature.out, ...orders.out, ...status.err].join('\n');
    expect(everything).not.toContain(pair.emulator.credentials.clientSecret);
  });

  it('fails with exit 1 and the service\u2019s words for a merchant it does not know', async () => {
    const pair = await startPair({ clock: { now: () => Date.now() } });
    const { io, err } = fakeIo(boardingEnv(pair));
    expect(await runCli(['board', 'status', '123'], io)).toBe(1);
    expect(err[0]).toContain('Merchant 123 not found');
  });

  /** Settings that pass the checks but reach no service: for the usage errors, which come first. */
  const placeholderEnv: NodeJS.ProcessEnv = {
    LANEPOINT_BOARDING_URL: 'http://127.0.0.1:9',
    LANEPOINT_BOARDING_USER: 'u',
    LANEPOINT_BOARDING_PASSWORD: 'p',
    LANEPOINT_BOARDING_CLIENT_SECRET: 's',
  };

  it.each([
    [['board'], 'board takes a subcommand: status, signature, orders'],
    [['board', 'launch', '1'], 'board takes a subcommand'],
    [['board', 'status'], 'board status takes a merchant id'],
    [['board', 'status', '12ab'], '"12ab" is not a merchant id'],
    [['board', 'status', '1', '2'], 'board takes one merchant id, not "2"'],
    [['board', 'status', '1', '--secret', 'x'], "Unknown option '--secret'"],
  ])('%j is a usage error (exit 2)', async (argv, message) => {
    const { io, err } = fakeIo({ ...placeholderEnv });
    expect(await runCli(argv, io)).toBe(2);
    expect(err[0]).toContain(message);
    expect(err[1]).toContain('usage: lanepoint');
  });

  it.each([
    ['LANEPOINT_BOARDING_URL', 'the boarding URL'],
    ['LANEPOINT_BOARDING_USER', 'the API user'],
    ['LANEPOINT_BOARDING_PASSWORD', 'the API password'],
    ['LANEPOINT_BOARDING_CLIENT_SECRET', 'the client secret'],
  ])('names %s when it is missing', async (name, what) => {
    const env: NodeJS.ProcessEnv = { ...placeholderEnv };
    delete env[name];
    const { io, err } = fakeIo(env);
    expect(await runCli(['board', 'status', '1'], io)).toBe(2);
    expect(err[0]).toContain(`board needs ${what}: set ${name}`);
  });

  it('refuses a plain-http URL that is not loopback as a usage error', async () => {
    const { io, err } = fakeIo({ ...placeholderEnv, LANEPOINT_BOARDING_URL: 'http://boarding.example.com' });
    expect(await runCli(['board', 'status', '1'], io)).toBe(2);
    expect(err[0]).toContain('apiUrl: http is allowed only for loopback addresses');
  });
});

describe('lanepoint emulator --boarding', () => {
  it('runs the boarding emulator beside the gateway: a merchant boarded through one sells through the other', async () => {
    const { io, out, stop } = servingIo();
    const running = runCli(['emulator', '--boarding', '--plain'], io);
    try {
      // The command starts two servers in the background: it has once it prints the templates.
      await until(() => out.some((line) => line.startsWith('Templates')), 'the emulators listening');
      const gatewayUrl = /^Gateway emulator .* at (http:\/\/127\.0\.0\.1:\d+\/rest)/.exec(out[0]!)![1]!;
      const boardingUrl = /^Boarding emulator at (http:\/\/127\.0\.0\.1:\d+)/.exec(
        out.find((line) => line.startsWith('Boarding emulator'))!,
      )![1]!;
      const env = Object.fromEntries(
        out.filter((line) => line.includes('=')).map((line) => line.trim().split('=') as [string, string]),
      );
      expect(Object.keys(env)).toEqual([
        'LANEPOINT_BOARDING_URL',
        'LANEPOINT_BOARDING_USER',
        'LANEPOINT_BOARDING_PASSWORD',
        'LANEPOINT_BOARDING_CLIENT_ID',
        'LANEPOINT_BOARDING_CLIENT_SECRET',
      ]);
      expect(env.LANEPOINT_BOARDING_URL).toBe(boardingUrl);
      const board = fakeIo(env);
      expect(await runCli(['board', 'orders', '4000000001'], board.io)).toBe(1);
      expect(board.err[0]).toContain('Merchant not found');

      const registration = {
        clientId: env.LANEPOINT_BOARDING_CLIENT_ID!,
        clientSecret: env.LANEPOINT_BOARDING_CLIENT_SECRET!,
      };
      const boarding = createBoardingClient({
        apiUrl: boardingUrl,
        credentials: {
          username: env.LANEPOINT_BOARDING_USER!,
          password: env.LANEPOINT_BOARDING_PASSWORD!,
          ...registration,
        },
      });
      const merchantId = await signedApplication(boarding, 'Command Line Cafe');
      await moveBoardingClock(boardingUrl, registration, 40_000);
      expect((await boarding.merchants.status(merchantId)).gatewayBoardingStatusCd).toBe('BOARDED');
      const merchid = (await frontEndMidOf(boarding, merchantId))!;
      const gateway = createGatewayClient({
        baseUrl: gatewayUrl,
        credentials: { level: 'site', username: 'testing', password: 'testing123' },
      });
      const sale = await gateway.auth({ merchid, amount: 1500, account: '4788250000121443', expiry: '1228' });
      expect(sale).toMatchObject({ outcome: 'approved', merchid });
    } finally {
      stop('SIGTERM');
    }
    expect(await running).toBe(0);
  });

  it('refuses a boarding port without --boarding', async () => {
    const { io, err } = fakeIo();
    expect(await runCli(['emulator', '--boarding-port', '9000'], io)).toBe(2);
    expect(err[0]).toContain('--boarding-port is the port of the boarding emulator: give it with --boarding');
  });
});
