import Database from 'better-sqlite3';
import { preparePrivateDatabase } from '../config/private-file';
import type { EmulatedMerchant } from './config';
import type { EmulatorContext } from './emulator-context';
import type { EmulatedTransaction, Ledger } from './ledger';
import type { ProfileAccount } from './profiles';
import type { SettledBatch } from './settlement';

/** What besides transactions a training day needs back after a restart. */
export interface EmulatorState {
  readonly openBatches: Array<[string, string]>;
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
 * A SQLite file (WAL) holding the emulator's transactions and state, so a training day
 * survives a restart. Transactions are kept in memory too and written on every change.
 */
export function openEmulatorDatabase(path: string): EmulatorDatabase {
  preparePrivateDatabase(path);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`
    CREATE TABLE IF NOT EXISTS transactions (retref TEXT PRIMARY KEY, orderid TEXT, record TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS transactions_orderid ON transactions (orderid);
    CREATE TABLE IF NOT EXISTS state (id INTEGER PRIMARY KEY CHECK (id = 1), value TEXT NOT NULL);
  `);
  const upsert = db.prepare(
    'INSERT INTO transactions (retref, orderid, record) VALUES (?, ?, ?) ON CONFLICT(retref) DO UPDATE SET record = excluded.record',
  );
  const cache = new Map<string, EmulatedTransaction>();
  for (const row of db.prepare('SELECT record FROM transactions ORDER BY rowid').all() as Array<{ record: string }>) {
    const transaction = JSON.parse(row.record) as EmulatedTransaction;
    cache.set(transaction.retref, transaction);
  }
  const write = (t: EmulatedTransaction) => upsert.run(t.retref, t.orderid ?? null, JSON.stringify(t));
  const stateRow = db.prepare('SELECT value FROM state WHERE id = 1').get() as { value: string } | undefined;

  const ledger: Ledger = {
    add(transaction) {
      if (cache.has(transaction.retref)) throw new Error(`retref ${transaction.retref} is already in the ledger`);
      write(transaction);
      cache.set(transaction.retref, transaction);
    },
    save: write,
    get: (retref) => cache.get(retref),
    byOrderId: (orderid) => [...cache.values()].filter((t) => t.orderid === orderid && t.kind !== 'refund'),
    all: () => [...cache.values()],
  };

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
