/**
 * The hub's storage, one interface over two engines that speak the same SQL: a PostgreSQL server
 * through `pg` (a store or a chain), or PGlite, PostgreSQL compiled to WebAssembly, in a folder
 * of the hub's home (one small store, nothing to install). Every query the hub runs is written
 * once and runs on both (ADR 079). Amounts and times are `bigint` columns read back as numbers:
 * minor units and epoch milliseconds stay far below 2^53.
 */
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import pg from 'pg';
import { HubError } from './errors';
import { migrations } from './migrations';

export interface HubSql {
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<R[]>;
}

export interface HubDatabase extends HubSql {
  readonly engine: 'postgres' | 'embedded';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: HubSql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const bigintOid = 20;
const numericOid = 1700;
const toNumber = (text: string) => Number(text);

/** Opens a PostgreSQL database by URL and brings its schema up to date. */
export async function openPostgres(url: string): Promise<HubDatabase> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 8,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === bigintOid || oid === numericOid
          ? toNumber
          : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client the server dropped (a restart) must not crash the hub: the next query reconnects.
  pool.on('error', () => undefined);
  const database: HubDatabase = {
    engine: 'postgres',
    async query<R>(sql: string, params: readonly unknown[] = []) {
      return (await storageCall(() => pool.query(sql, [...params]))).rows as R[];
    },
    async transaction<T>(work: (tx: HubSql) => Promise<T>) {
      const client = await storageCall(() => pool.connect());
      try {
        await client.query('BEGIN');
        const result = await work({
          async query<R>(sql: string, params: readonly unknown[] = []) {
            return (await storageCall(() => client.query(sql, [...params]))).rows as R[];
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
  await migrate(database, redactUrl(url));
  return database;
}

/** Opens (or creates) the embedded database in `folder` and brings its schema up to date. */
export async function openEmbedded(folder: string): Promise<HubDatabase> {
  const lite = await storageCall(() =>
    PGlite.create(folder, {
      parsers: { [pgliteTypes.INT8]: toNumber, [pgliteTypes.NUMERIC]: toNumber },
    }),
  );
  const database: HubDatabase = {
    engine: 'embedded',
    async query<R>(sql: string, params: readonly unknown[] = []) {
      return (await storageCall(() => lite.query<R>(sql, [...params]))).rows;
    },
    transaction: <T>(work: (tx: HubSql) => Promise<T>) =>
      lite.transaction(async (tx) =>
        work({
          async query<R>(sql: string, params: readonly unknown[] = []) {
            return (await storageCall(() => tx.query<R>(sql, [...params]))).rows;
          },
        }),
      ),
    close: () => lite.close(),
  };
  await migrate(database, folder);
  return database;
}

/**
 * Runs the migrations this hub knows and the database has not seen, each in its own transaction
 * with its version; a database from a newer hub is refused, never written.
 */
async function migrate(database: HubDatabase, where: string): Promise<void> {
  await database.query(
    'CREATE TABLE IF NOT EXISTS hub_schema (version integer PRIMARY KEY, applied_at bigint NOT NULL)',
  );
  const [row] = await database.query<{ version: number | null }>('SELECT max(version) AS version FROM hub_schema');
  const current = row?.version ?? 0;
  if (current > migrations.length)
    throw new HubError(
      'newer-schema',
      `hub: the database at ${where} is from a newer Lanepoint hub (schema ${current}, this one knows ${migrations.length}); run that version`,
    );
  for (let next = current; next < migrations.length; next++) {
    await database.transaction(async (tx) => {
      for (const statement of splitStatements(migrations[next]!)) await tx.query(statement);
      await tx.query('INSERT INTO hub_schema (version, applied_at) VALUES ($1, $2)', [next + 1, Date.now()]);
    });
  }
}

/** A migration's statements, one by one: the extended protocol takes one statement per query. */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '');
}

async function storageCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HubError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new HubError('storage', `hub: the database refused: ${message}`, { cause: error });
  }
}

/** A database URL without its password, for messages and the log. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured database';
  }
}
