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
 * `lanepoint hub [--port N] [--host ADDRESS] [--database URL] [--admin-key]`: the store hub (ADR 901)
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
  let hub;
  try {
    hub = await startHub({
      home,
      port,
      clock: io.clock,
      ...(options.host ? { host: options.host } : {}),
      ...(databaseUrl ? { databaseUrl } : {}),
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
