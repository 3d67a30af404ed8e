import Database from 'better-sqlite3';
import { preparePrivateDatabase } from '../../platform/private-file';
import { boundPageCache } from '../../platform/sqlite-memory';
import type { EmulatedMerchant } from './config';
import type { EmulatorContext } from './emulator-context';
import type { EmulatedTransaction, Ledger } from './ledger';
import type { ProfileAccount } from './profiles';
import type { SettledBatch } from './settled-batch';

/** What besides transactions a training day needs back after a restart. */
export interface EmulatorState {
  readonly openBatches: Array<[string, string]>;
  /** Absent in files written before settlestatByBatchSource. */
  readonly batchSources?: Array<[string, string]>;
  readonly settledBatches: SettledBatch[];
  readonly nextSettlementAt: number;
  readonly profiles: Array<[string, { merchid: string; accounts: Array<ProfileAccount | null> }]>;
  /** Absent in files written before the funding service. */
  readonly fundingsReturned?: string[];
  /** Merchants the boarding emulator boarded; absent in files written before it could. */
  readonly boardedMerchants?: EmulatedMerchant[];
  /** The token key (hex), so a card keeps its token across restarts. */
  readonly tokenSecret: string;
}

export interface EmulatorDatabase {
  readonly ledger: Ledger;
  /** The state saved last time, or undefined for a new file. */
  readonly restored: EmulatorState | undefined;
  /** Writes batches, profiles and the next cut-off (transactions are written as they change). */
  saveState(context: EmulatorContext, tokenSecret: Buffer): void;
  close(): void;
}

/**
 * How many transactions the SQLite ledger keeps parsed in memory: the most recently used, which
 * is what a lane touches next (its own sale's capture, void, inquire or recovery). Every other
 * lookup reads the file, by an index, so memory stays flat over a long training day.
 */
export const defaultResidentTransactions = 128;

/** Columns the ledger's lookups use, read out of the record so older files gain them too. */
const lookupColumns = [
  { name: 'batchid', path: '$.batchid', index: 'transactions_batchid' },
  { name: 'refund_of', path: '$.refundOf', index: 'transactions_refund_of' },
] as const;

function addLookupColumns(db: Database.Database): void {
  const present = new Set((db.pragma('table_xinfo(transactions)') as Array<{ name: string }>).map((c) => c.name));
  for (const column of lookupColumns) {
    if (!present.has(column.name))
      db.exec(
        `ALTER TABLE transactions ADD COLUMN ${column.name} TEXT AS (json_extract(record, '${column.path}')) VIRTUAL`,
      );
    db.exec(`CREATE INDEX IF NOT EXISTS ${column.index} ON transactions (${column.name})`);
  }
}

/**
 * The transactions table as a Ledger: written on every change, with a bounded cache of the
 * most recently used records in front. A cached record is the one callers change, so the cache
 * always holds what was last written for it.
 */
function sqliteLedger(db: Database.Database, residentLimit: number): Ledger {
  const insert = db.prepare('INSERT INTO transactions (retref, orderid, record) VALUES (?, ?, ?)');
  const upsert = db.prepare(
    'INSERT INTO transactions (retref, orderid, record) VALUES (?, ?, ?) ON CONFLICT(retref) DO UPDATE SET record = excluded.record',
  );
  const byRetref = db.prepare('SELECT record FROM transactions WHERE retref = ?').pluck();
  const byOrder = db.prepare('SELECT retref, record FROM transactions WHERE orderid = ? ORDER BY rowid');
  const byBatch = db.prepare(
    "SELECT retref, record FROM transactions WHERE batchid = ? AND json_extract(record, '$.merchid') = ? ORDER BY rowid",
  );
  const byRefundOf = db.prepare('SELECT retref, record FROM transactions WHERE refund_of = ? ORDER BY rowid');
  const everything = db.prepare('SELECT retref, record FROM transactions ORDER BY rowid');
  const highest = db.prepare('SELECT COALESCE(MAX(CAST(retref AS INTEGER)), 0) FROM transactions').pluck();
  const cache = new Map<string, EmulatedTransaction>();

  const remember = (transaction: EmulatedTransaction) => {
    cache.delete(transaction.retref);
    cache.set(transaction.retref, transaction);
    // Map keeps insertion order: the first key is the least recently used.
    while (cache.size > residentLimit) cache.delete(cache.keys().next().value as string);
    return transaction;
  };
  // A record already cached is returned as that object, so a change to it is never lost to a copy.
  const records = (rows: unknown[]) =>
    (rows as Array<{ retref: string; record: string }>).map(
      ({ retref, record }) => cache.get(retref) ?? (JSON.parse(record) as EmulatedTransaction),
    );

  return {
    add(transaction) {
      try {
        insert.run(transaction.retref, transaction.orderid ?? null, JSON.stringify(transaction));
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
          throw new Error(`retref ${transaction.retref} is already in the ledger`, { cause: error });
        throw error;
      }
      remember(transaction);
    },
    save(transaction) {
      upsert.run(transaction.retref, transaction.orderid ?? null, JSON.stringify(transaction));
      remember(transaction);
    },
    get(retref) {
      const cached = cache.get(retref);
      if (cached) return remember(cached);
      const record = byRetref.get(retref) as string | undefined;
      return record === undefined ? undefined : remember(JSON.parse(record) as EmulatedTransaction);
    },
    byOrderId: (orderid) => records(byOrder.all(orderid)).filter((t) => t.kind !== 'refund'),
    inBatch: (merchid, batchid) => records(byBatch.all(batchid, merchid)),
    refundsOf: (retref) => records(byRefundOf.all(retref)),
    highestRetref: () => Number(highest.get()),
    all: () => records(everything.all()),
    resident: () => cache.size,
  };
}

/**
 * A SQLite file (WAL) holding the emulator's transactions and state, so a training day
 * survives a restart. Transactions are written on every change; only the most recently used
 * (`residentTransactions`) are kept in memory as well.
 */
export function openEmulatorDatabase(
  path: string,
  options: { residentTransactions?: number | undefined } = {},
): EmulatorDatabase {
  const resident = options.residentTransactions ?? defaultResidentTransactions;
  if (!Number.isSafeInteger(resident) || resident < 0)
    throw new Error(`residentTransactions: expected a whole number of transactions, 0 or more, not ${resident}`);
  preparePrivateDatabase(path);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  boundPageCache(db);
  db.exec(`
    CREATE TABLE IF NOT EXISTS transactions (retref TEXT PRIMARY KEY, orderid TEXT, record TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS transactions_orderid ON transactions (orderid);
    CREATE TABLE IF NOT EXISTS state (id INTEGER PRIMARY KEY CHECK (id = 1), value TEXT NOT NULL);
  `);
  addLookupColumns(db);
  const ledger = sqliteLedger(db, resident);
  const stateRow = db.prepare('SELECT value FROM state WHERE id = 1').get() as { value: string } | undefined;

  const saveStatement = db.prepare(
    'INSERT INTO state (id, value) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET value = excluded.value',
  );
  return {
    ledger,
    restored: stateRow ? (JSON.parse(stateRow.value) as EmulatorState) : undefined,
    saveState(context, tokenSecret) {
      const state: EmulatorState = {
        tokenSecret: tokenSecret.toString('hex'),
        openBatches: [...context.openBatches],
        batchSources: [...context.batchSources],
        settledBatches: context.settledBatches,
        nextSettlementAt: context.nextSettlementAt.value,
        profiles: context.profiles.entries(),
        fundingsReturned: [...context.fundingsReturned],
        boardedMerchants: [...context.boardedMerchants.values()],
      };
      saveStatement.run(JSON.stringify(state));
    },
    close: () => db.close(),
  };
}
