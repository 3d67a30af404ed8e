import { defaultHubHome, defaultHubPort, startHub } from '../../hub/hub';
import { loadOrCreateAdminKey } from '../../hub/lane-keys';
import { ensurePrivateFolder } from '../../platform/private-file';
import { KindedError } from '../../platform/errors';
import type { CliIo } from './io';

export interface HubCommandOptions {
  readonly port?: number;
  /** The address to listen on (default 127.0.0.1; 0.0.0.0 for lanes on other machines). */
  readonly host?: string;
  /** A postgres:// URL (else LANEPOINT_HUB_DATABASE, else the embedded database in the hub home). */
  readonly database?: string;
  /** Print the admin key and exit. */
  readonly adminKey?: boolean;
}

/**
 * `lanepoint hub [--port N] [--host ADDRESS] [--database URL] [--admin-key]`: the store hub (ADR 080)
 * until Ctrl+C or SIGTERM; with --admin-key, the manager's key only (made at the first start).
 */
export async function runHubCommand(io: CliIo, options: HubCommandOptions): Promise<number> {
  const home = defaultHubHome(io.env);
  if (options.adminKey) {
    ensurePrivateFolder(home);
    io.stdout((await loadOrCreateAdminKey(home)).key);
    return 0;
  }
  const databaseUrl = options.database ?? (io.env.LANEPOINT_HUB_DATABASE || undefined);
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new KindedError('invalid', '--database takes a postgres:// URL (or leave it out for the embedded database)');
  const port = options.port ?? defaultHubPort;
  const gateway = reportingGatewayFrom(io.env);
  let hub;
  try {
    hub = await startHub({
      home,
      port,
      clock: io.clock,
      ...(options.host ? { host: options.host } : {}),
      ...(databaseUrl ? { databaseUrl } : {}),
      ...(gateway ? { gateway } : {}),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new KindedError(
        'busy',
        `Port ${port} is already in use: stop the other program, or pass --port 0 for any free port.`,
        { cause: error },
      );
    throw error;
  }
  io.stdout(`hub: listening on ${hub.url} (${hub.engine})`);
  const signal = await io.stopRequested;
  io.stderr(`${signal}: stopping the hub`);
  await hub.close();
  return 0;
}

/**
 * The gateway the end of day is reconciled with: LANEPOINT_HUB_GATEWAY_URL with site-level
 * reporting credentials in LANEPOINT_HUB_GATEWAY_USERNAME and _PASSWORD (the service's own
 * process environment, never a file in the repository); none of them: no reconciliation.
 */
function reportingGatewayFrom(env: NodeJS.ProcessEnv): { url: string; username: string; password: string } | undefined {
  const url = env.LANEPOINT_HUB_GATEWAY_URL ?? '';
  if (url === '') return undefined;
  if (!URL.canParse(url))
    throw new KindedError('invalid', `LANEPOINT_HUB_GATEWAY_URL: expected an absolute URL, got "${url}"`);
  const username = env.LANEPOINT_HUB_GATEWAY_USERNAME ?? '';
  const password = env.LANEPOINT_HUB_GATEWAY_PASSWORD ?? '';
  if (username === '' || password === '')
    throw new KindedError(
      'invalid',
      'LANEPOINT_HUB_GATEWAY_URL is set without LANEPOINT_HUB_GATEWAY_USERNAME and LANEPOINT_HUB_GATEWAY_PASSWORD (the site\u2019s reporting credentials)',
    );
  return { url, username, password };
}
