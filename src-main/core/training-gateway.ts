import { startEmulator, type RunningEmulator } from '../emulator/server';
import { createGatewayClient } from '../gateway/client';
import type { GatewayAccess } from '../terminal/terminal';

/** The emulator's test merchant and its site credentials: public, and only ever on loopback. */
const trainingMerchant = '496160873888';
const trainingCredentials = { username: 'testing', password: 'testing123' } as const;

export interface TrainingGateway {
  /** The built-in gateway, started on first use. */
  access(merchantId: string): Promise<GatewayAccess>;
  /** The next authorization is processed but its answer never comes back: the lane's recovery runs. */
  loseNextAnswer(): Promise<void>;
  /** Closes the open batches now, as the processor does overnight: captured sales settle (refundable, no longer voidable). */
  settleBatches(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Training's gateway: the emulator in this process on a loopback port, keeping its day in
 * `databasePath` so a restart can still recover. The lane reaches it over real HTTP, as it
 * would reach the live gateway.
 */
export function createTrainingGateway(databasePath: string | undefined): TrainingGateway {
  let emulator: Promise<RunningEmulator> | undefined;
  const running = () => (emulator ??= startEmulator(databasePath ? { databasePath } : {}));
  /** The emulator's admin endpoints, which trainers use as its tests do. */
  const admin = async (method: string, path: string, body: unknown): Promise<unknown> => {
    const { url } = await running();
    const response = await fetch(`${url.replace(/\/rest\/?$/, '')}/__emulator/${path}`, {
      method,
      headers: { Authorization: `Basic ${Buffer.from(`${trainingCredentials.username}:${trainingCredentials.password}`).toString('base64')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`the training gateway refused ${path}: HTTP ${response.status}`);
    return response.json();
  };
  return {
    async access(merchantId) {
      const { url } = await running();
      const client = createGatewayClient({ baseUrl: url, credentials: { level: 'site', ...trainingCredentials } });
      return { client, merchid: merchantId || trainingMerchant };
    },
    async loseNextAnswer() {
      // Drop the connection after processing: the transaction is made, the answer never arrives.
      await admin('PUT', 'faults', { endpoint: 'auth', kind: 'drop-after', times: 'once' });
    },
    async settleBatches() {
      const batches = (await admin('POST', 'settle', {})) as unknown[];
      return batches.length;
    },
    async close() {
      if (emulator) await (await emulator).close();
    },
  };
}
