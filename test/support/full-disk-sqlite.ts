import type Database from 'better-sqlite3';

/**
 * The switch of an injected full disk: `full` fails every write statement as SQLite does when the
 * disk is full (SQLITE_FULL); `fillsOnAnswer` turns `full` on at the journal's first update of a
 * row, the write that records an answer, so the row written before the request still lands.
 */
export interface DiskSwitch {
  full: boolean;
  fillsOnAnswer: boolean;
}

const writes = /^\s*(INSERT|UPDATE|DELETE)\b/i;
const recordsAnswer = /^\s*UPDATE entries\b/i;

/**
 * better-sqlite3 with a full disk that can be switched on (for `vi.mock`): statements are the real
 * ones, over the real file, and reads keep working as they do on a full disk.
 */
export function fullDiskSqlite(real: { default: typeof Database }, disk: DiskSwitch): { default: typeof Database } {
  const Real = real.default;
  const failing = (source: string, statement: Database.Statement) =>
    new Proxy(statement, {
      get(target, key, receiver) {
        if (key === 'run') {
          if (disk.fillsOnAnswer && recordsAnswer.test(source)) disk.full = true;
          if (disk.full)
            return () => {
              throw new Real.SqliteError('database or disk is full', 'SQLITE_FULL');
            };
        }
        const value = Reflect.get(target, key, receiver) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  // A constructor that hands back the real database with its prepare wrapped; statics (SqliteError) inherited.
  function FullDiskDatabase(...args: ConstructorParameters<typeof Database>): Database.Database {
    const db = new Real(...args);
    const prepare = db.prepare.bind(db);
    db.prepare = ((source: string) => {
      const statement = prepare(source);
      return writes.test(source) ? failing(source, statement) : statement;
    }) as typeof db.prepare;
    return db;
  }
  Object.setPrototypeOf(FullDiskDatabase, Real);
  return { default: FullDiskDatabase as unknown as typeof Database };
}
