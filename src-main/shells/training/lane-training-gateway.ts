import { renameSync } from 'node:fs';
import { z } from 'zod';
import { LaneError } from '../../lane/errors';
import { systemClock, type Clock } from '../../platform/clock';
import { basicAuthorization, createOutboundSender, type HttpMethod } from '../../platform/http/outbound';
import { readAnswer } from '../../platform/http/outbound-answer';
import { gatewayHooks } from '../../stand-ins/boarding-emulator/gateway-link';
import { startBoardingEmulator, type RunningBoardingEmulator } from '../../stand-ins/boarding-emulator/server';
import type { TrainingGateway } from '../../lane/core/training-kit';
import { startEmulator, type RunningEmulator } from '../../stand-ins/gateway-emulator/server';
import { createGatewayClient } from '../../lane/gateway/client';
import type { TokenizerSetup } from '../../stand-ins/tokenizer/tokenizer-endpoint';
import { KindedError } from '../../platform/errors';

/** The emulator's test merchant and its site credentials: public, and only ever on loopback. */
/** The merchant id training sells under when the lane's settings name none. */
export const trainingMerchant = '496160873888';
export const trainingCredentials = { username: 'testing', password: 'testing123' } as const;

/**
 * Where the lane's gateway is while the DNS-failure fault lasts: a host under `.invalid`, which
 * RFC 6761 reserves so that it never resolves; https, so the client takes it, and nothing leaves.
 */
export const unresolvableGatewayUrl = 'https://gateway.lanepoint-training.invalid/cardconnect/rest';

/** A training fault's length, checked before anything changes. */
function faultSeconds(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 600)
    throw new LaneError('invalid', `seconds: a training fault lasts from 1 to 600 seconds, not ${seconds}`);
  return seconds;
}

/** The built-in emulator, or one outside the lane (which has no in-process boarding entry). */
type TrainingEmulator = Pick<RunningEmulator, 'url'> & {
  readonly boarding?: RunningEmulator['boarding'];
  /** The built-in emulator's network switch; an external one's network is not the lane's to restore. */
  readonly network?: RunningEmulator['network'];
  close(): Promise<void>;
};

/**
 * Training's gateway: the emulator in this process on a loopback port, keeping its day in
 * `databasePath` so a restart can still recover. The lane reaches it over real HTTP, as it
 * would reach the live gateway. With `externalUrl` (the `gateway.url` setting, which training
 * allows only on loopback) it is an emulator running outside the lane instead, reached with the
 * same public test credentials: one that outlives the lane, as the random-kills test needs
 * (docs/adr/020-training-on-a-loopback-emulator.md).
 */
export function createTrainingGateway(
  databasePath: string | undefined,
  externalUrl?: string,
  /** Training's wallet keys (the app-data folder's), so the tokenizer decrypts what the emulated phone signs. */
  wallet?: () => TokenizerSetup,
  /** Times the DNS-failure fault (the lane's clock). */
  clock: Pick<Clock, 'now'> = systemClock,
): TrainingGateway {
  /** Until when (clock ms) the gateway's host does not resolve. */
  let dnsFailsUntil = 0;
  const currentUrl = async () => (clock.now() < dnsFailsUntil ? unresolvableGatewayUrl : (await running()).url);
  let emulator: Promise<TrainingEmulator> | undefined;
  let boarding: Promise<RunningBoardingEmulator> | undefined;
  /** The boarding emulator is linked to one gateway: it goes when that gateway goes. */
  const closeBoarding = async () => {
    const current = boarding;
    boarding = undefined;
    await current?.then((running) => running.close()).catch(() => undefined);
  };
  const running = (): Promise<TrainingEmulator> =>
    (emulator ??= (
      externalUrl
        ? Promise.resolve({ url: externalUrl.replace(/\/$/, ''), close: async () => undefined })
        : startEmulator({ ...(databasePath ? { databasePath } : {}), ...(wallet ? { wallet: wallet() } : {}) })
    ).catch((error: unknown) => {
      // The store is a file on disk that can be cut short or overwritten: say which, and the way out.
      throw new LaneError(
        'refused',
        `The training gateway's store ${databasePath ?? ''} cannot be read (${(error as Error).message}). Reset training to start the practice day afresh; the old file is kept for support.`,
      );
    }));
  /** The emulator's admin endpoints, which trainers use as its tests do. */
  const admin = async (method: HttpMethod, path: string, body: unknown): Promise<unknown> => {
    const { url } = await running();
    const result = await createOutboundSender({ clock: systemClock }).send({
      operation: `emulator ${path}`,
      method,
      url: new URL(`${url.replace(/\/rest\/?$/, '')}/__emulator/${path}`),
      headers: {
        Authorization: basicAuthorization(trainingCredentials.username, trainingCredentials.password),
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
      timeoutMs: 30_000,
    });
    // Its network may be down on purpose (networkDown): the trainer reads why, not "failed unexpectedly".
    if (result.outcome !== 'answered')
      throw new LaneError(
        'refused',
        `The training gateway did not answer ${path}: ${result.problem}. If its network was taken down, it is back by itself when the time is up.`,
      );
    if (result.status < 200 || result.status > 299)
      throw new KindedError('refused', `the training gateway refused ${path}: HTTP ${result.status}`);
    return readAnswer(`emulator ${path}`, result, z.unknown());
  };
  return {
    async access(merchantId, link) {
      const url = await currentUrl();
      const client = createGatewayClient({
        baseUrl: url,
        credentials: { level: 'site', ...trainingCredentials },
        ...(link ? { link } : {}),
      });
      return { client, merchid: merchantId || trainingMerchant };
    },
    async loseNextAnswer() {
      // Drop the connection after processing: the transaction is made, the answer never arrives.
      await admin('PUT', 'faults', { endpoint: 'auth', kind: 'drop-after', times: 'once' });
    },
    async networkDown(seconds) {
      await admin('PUT', 'network', { down: true, seconds: faultSeconds(seconds) });
    },
    async failDns(seconds) {
      dnsFailsUntil = clock.now() + faultSeconds(seconds) * 1000;
    },
    async networkBack() {
      dnsFailsUntil = 0;
      const current = await running();
      if (!current.network)
        throw new LaneError(
          'refused',
          `Training uses the gateway at ${externalUrl ?? 'another address'} (setting gateway.url): its network comes back by itself when the time is up.`,
        );
      await current.network.restore();
    },
    gatewayUrl: currentUrl,
    async reset() {
      // Another program's store: the lane neither owns nor may move it.
      if (externalUrl)
        throw new LaneError(
          'refused',
          `Training uses the gateway at ${externalUrl} (setting gateway.url): reset it there, or clear the setting to use the built-in one.`,
        );
      await closeBoarding();
      const current = emulator;
      emulator = undefined;
      await current?.then((running) => running.close()).catch(() => undefined);
      if (!databasePath) return;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      for (const suffix of ['', '-wal', '-shm']) {
        try {
          renameSync(`${databasePath}${suffix}`, `${databasePath}.reset-${stamp}${suffix}`);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    },
    async settleBatches() {
      const batches = (await admin('POST', 'settle', {})) as unknown[];
      return batches.length;
    },
    async boarding() {
      if (externalUrl)
        throw new LaneError(
          'refused',
          `Training's boarding service boards merchants onto the built-in gateway, and training uses the gateway at ${externalUrl} (setting gateway.url): run \`lanepoint emulator --boarding\` there instead.`,
        );
      const started = (boarding ??= running().then((gateway) => {
        if (!gateway.boarding) throw new LaneError('refused', 'The training gateway takes no boarded merchants.');
        return startBoardingEmulator({ hooks: gatewayHooks(gateway.boarding) });
      }));
      // A failed start is not kept: the next call tries again.
      started.catch(() => {
        if (boarding === started) boarding = undefined;
      });
      const { url, credentials } = await started;
      return { url, credentials };
    },
    async tokenizerUrl() {
      // An emulator outside the lane tokenizes training's phone payments when it was started with
      // this lane's wallet keys (`lanepoint emulator --wallet-keys <app-data folder>`); otherwise
      // its tokenizer refuses the phone's payload as signed by keys it does not trust.
      const { url } = await running();
      return url.replace(/\/rest$/, '');
    },
    async close() {
      await closeBoarding();
      // A store that could not be opened has nothing to close.
      if (emulator) await (await emulator.catch(() => undefined))?.close();
    },
  };
}
