import { join } from 'node:path';
import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';
import { systemClock, type Clock } from '../platform/clock';
import { createLogger, type Logger } from '../platform/log/logger';
import { ensurePrivateFolder } from '../platform/private-file';
import { defaultAppDataDir } from '../lane/config/settings';
import { openEmbedded, openPostgres, redactUrl, type HubDatabase } from './database';
import { loadOrCreateAdminKey } from './lane-keys';
import type { HubRoute } from './routes';
import { createGatewayClient } from '../lane/gateway/client';
import { gatewayMerchants, type MerchantGateway } from './manager/reconciliation';
import { startHubServer } from './server';

/**
 * The hub's composition root: its home (the admin key; the embedded database), the database
 * (PostgreSQL by URL, else PGlite in `<home>/db`), and the HTTP server over both (ADR 080).
 */

/** The hub's default port, beside the lane's 8710, the emulator's 8711 and the back office's 8712. */
export const defaultHubPort = 8713;

/**
 * The hub's home: LANEPOINT_HUB_HOME, else a folder beside the lane's app-data folder (as the back
 * office's), `lanepoint-hub` (`Lanepoint Hub` on Windows and macOS).
 */
export function defaultHubHome(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (env.LANEPOINT_HUB_HOME) return env.LANEPOINT_HUB_HOME;
  const path = platform === 'win32' ? win32 : posix;
  const lane = defaultAppDataDir({ ...env, LANEPOINT_HOME: '' }, platform, home);
  return path.join(
    path.dirname(lane),
    platform === 'win32' || platform === 'darwin' ? 'Lanepoint Hub' : 'lanepoint-hub',
  );
}

export interface HubOptions {
  readonly home: string;
  /** A postgres:// URL; without it the embedded database in `<home>/db`. */
  readonly databaseUrl?: string;
  readonly port?: number;
  readonly host?: string;
  readonly clock?: Clock;
  readonly logger?: Logger;
  readonly routes?: readonly HubRoute[];
  /**
   * The gateway the store's merchants settle through, with site-level reporting credentials: the
   * end of day is then reconciled with its settlement (`settlestat`) and funding per merchant id.
   */
  readonly gateway?: { readonly url: string; readonly username: string; readonly password: string };
}

export interface RunningHub {
  readonly url: string;
  readonly port: number;
  readonly engine: HubDatabase['engine'];
  readonly adminKey: string;
  readonly database: HubDatabase;
  /** Stops taking requests, then closes the database. */
  close(): Promise<void>;
}

export async function startHub(options: HubOptions): Promise<RunningHub> {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger({ level: 'info', base: { app: 'lanepoint-hub' } });
  ensurePrivateFolder(options.home);
  const adminKey = await loadOrCreateAdminKey(options.home);
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openEmbedded(join(options.home, 'db'));
  let server;
  try {
    server = await startHubServer({
      database,
      clock,
      logger,
      adminKey,
      ...(options.gateway ? { gateway: reportingGateway(options.gateway) } : {}),
      ...(options.port === undefined ? {} : { port: options.port }),
      ...(options.host ? { host: options.host } : {}),
      ...(options.routes ? { routes: options.routes } : {}),
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  const where = options.databaseUrl ? redactUrl(options.databaseUrl) : join(options.home, 'db');
  logger.info({ url: server.url, engine: database.engine, database: where }, 'hub: started');
  const running = server;
  return {
    url: running.url,
    port: running.port,
    engine: database.engine,
    adminKey: adminKey.key,
    database,
    async close() {
      try {
        await running.close();
      } finally {
        await database.close();
      }
    },
  };
}

/** Read-only gateway calls for reconciliation: one client, site-level credentials, any merchant id. */
function reportingGateway(gateway: NonNullable<HubOptions['gateway']>): MerchantGateway {
  const client = createGatewayClient({
    baseUrl: gateway.url,
    credentials: { level: 'site', username: gateway.username, password: gateway.password },
  });
  return gatewayMerchants(() => client);
}
