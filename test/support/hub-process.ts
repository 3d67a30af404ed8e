import { runLanepoint, type RunningProcess } from '../e2e/support/process';

/** The hub as a real process (`lanepoint hub --port 0`), on its own home and database. */
export interface HubProcess {
  readonly url: string;
  readonly adminKey: string;
  /** SIGKILL: the hub dies mid-whatever, as a power cut. Resolves once it is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the hub closes its server and database. */
  stop(): Promise<void>;
}

/**
 * Starts `lanepoint hub` on `home`, on the PostgreSQL at `databaseUrl` or, without one, the
 * embedded default in the home; `port` keeps the address the lanes were given across a restart;
 * `more` adds to its environment (the gateway it reconciles with).
 */
export async function startHubProcess(
  home: string,
  databaseUrl: string | undefined,
  port = 0,
  more: Readonly<Record<string, string>> = {},
): Promise<HubProcess> {
  const env = { LANEPOINT_HUB_HOME: home, LANEPOINT_LOG_LEVEL: 'warn', ...more };
  const printed = runLanepoint(['hub', '--admin-key'], env);
  if ((await printed.ended()) !== 0) throw new Error(`lanepoint hub --admin-key failed: ${printed.stderr.join('\n')}`);
  const adminKey = printed.stdout.join('').trim();
  const hub: RunningProcess = runLanepoint(
    ['hub', '--port', String(port), ...(databaseUrl ? ['--database', databaseUrl] : [])],
    env,
  );
  const line = await hub.waitForLine(/hub: listening on http:\/\/\S+/);
  const url = /(http:\/\/[^\s]+)/.exec(line)![1]!;
  const pid = hub.child.pid!;
  const gone = new Promise<void>((resolve) => hub.child.once('exit', () => resolve()));
  return {
    url,
    adminKey,
    async kill() {
      if (hub.child.exitCode === null && hub.child.signalCode === null) process.kill(pid, 'SIGKILL');
      await gone;
    },
    async stop() {
      await hub.stop();
    },
  };
}
