import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A real PostgreSQL server for the hub's tests: Debian's `postgresql` binaries (installed by
 * .ci/run), a fresh cluster (initdb) in a temporary folder, on a free port, with its unix socket
 * in that folder and fsync off (nothing here must survive a power cut). PostgreSQL refuses to run
 * as root, so as root (this machine, CI) every command runs as the `postgres` system user the
 * package creates. Start one per test file (about 2 s) and a database per test with `database()`.
 */
export interface PostgresCluster {
  /** A URL of the cluster's first database, `hub`. */
  readonly url: string;
  /** A new empty database on the cluster, by URL. */
  database(name?: string): Promise<string>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

const binDirRoot = '/usr/lib/postgresql';

/** The folder of the newest installed PostgreSQL's binaries; throws naming what to install. */
export function postgresBinaries(): string {
  const versions = existsSync(binDirRoot)
    ? readdirSync(binDirRoot)
        .filter((name) => existsSync(join(binDirRoot, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error(
      `the hub's tests need a PostgreSQL server: no initdb under ${binDirRoot}/*/bin; install Debian's postgresql package (apt-get install postgresql; .ci/run does)`,
    );
  return join(binDirRoot, versions[0]!, 'bin');
}

/** A port nothing listens on now (the server binds it a moment later). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const asRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** argv run as the postgres user when we are root, as ourselves otherwise. */
function command(binary: string, args: readonly string[]): [string, string[]] {
  return asRoot() ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, [...args]];
}

function ownFolder(folder: string): void {
  if (!asRoot()) return;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(folder, uid, gid);
}

/**
 * Starts a fresh cluster; resolves once it accepts connections and `hub` exists. `durable` keeps
 * PostgreSQL's flushes to disk (fsync, synchronous commit) as a store's server has them.
 */
export async function startPostgresCluster(choices: { durable?: boolean } = {}): Promise<PostgresCluster> {
  const bin = postgresBinaries();
  // /tmp, not the suite's TMPDIR: the postgres user must reach the folder (root's worktree may be
  // closed to it), and a unix socket path is limited to about 100 bytes.
  const folder = mkdtempSync(join(asRoot() ? '/tmp' : (process.env.TMPDIR ?? '/tmp'), 'lanepoint-pg-'));
  ownFolder(folder);
  const data = join(folder, 'data');
  const [initdb, initArgs] = command(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'hub',
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  try {
    execFileSync(initdb, initArgs, { stdio: 'pipe' });
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`initdb failed: ${stderr.trim() || (error as Error).message}`, { cause: error });
  }
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${folder}`,
    '-c listen_addresses=127.0.0.1',
    // Tests throw the data away: no flush to disk. The bench measures what a store would run (durable).
    ...(choices.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
  ].join(' ');
  const pgCtl = (args: readonly string[]) => {
    const [binary, ctlArgs] = command(join(bin, 'pg_ctl'), ['-D', data, ...args]);
    execFileSync(binary, ctlArgs, { stdio: 'pipe' });
  };
  try {
    // -w: returns once the server accepts connections (or failed to start).
    pgCtl(['-o', options, '-l', join(folder, 'server.log'), '-w', '-t', '30', 'start']);
  } catch (error) {
    const log = existsSync(join(folder, 'server.log')) ? readFileSync(join(folder, 'server.log'), 'utf8') : '';
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start on port ${port}: ${log.trim().slice(-2000)}`, { cause: error });
  }
  const base = `postgres://hub@127.0.0.1:${port}`;
  const psql = (sql: string) => {
    const [binary, psqlArgs] = command(join(bin, 'psql'), [
      ...['-h', folder, '-p', String(port), '-U', 'hub', '-d', 'postgres'],
      ...['-v', 'ON_ERROR_STOP=1', '-qc', sql],
    ]);
    execFileSync(binary, psqlArgs, { stdio: 'pipe' });
  };
  let count = 0;
  const database = async (name = `hub_${++count}`) => {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a database name: ${name}`);
    psql(`CREATE DATABASE ${name}`);
    return `${base}/${name}`;
  };
  const url = await database('hub');
  return {
    url,
    database,
    async stop() {
      // immediate: the data is thrown away next, nothing needs a checkpoint.
      try {
        pgCtl(['-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}

let createdDatabases = 0;

/**
 * A new empty database on the PostgreSQL server at `url` (a cluster the tests own, e.g. the
 * suite's LANEPOINT_HUB_TEST_POSTGRES): its URL. Named by process and count, so test files
 * running side by side never meet.
 */
export async function createDatabaseOn(url: string): Promise<string> {
  const name = `hub_test_${process.pid}_${++createdDatabases}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}
