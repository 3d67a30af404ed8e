import type Database from 'better-sqlite3';

/**
 * The most of its file one SQLite connection keeps in memory (its page cache), in KiB: SQLite's
 * own default. better-sqlite3 raises the default to 16 MB a connection, and a page once read or
 * written stays cached until that is full, so memory grew with the file all day (about 3 MB per
 * 1,000 training sales over the journal and the training gateway's ledger) before levelling off
 * at 32 MB. What the lane reads back (the newest rows, one order's rows) is a few pages; the rest
 * comes from the operating system's file cache.
 */
export const pageCacheKib = 2000;

/** Bounds `db`'s page cache to `pageCacheKib`; every SQLite file the program opens goes through it. */
export function boundPageCache(db: Database.Database): void {
  db.pragma(`cache_size = -${pageCacheKib}`);
}

/** The connection's page cache bound in KiB, whichever way it was set (pages or KiB). */
export function pageCacheLimitKib(db: Database.Database): number {
  const size = db.pragma('cache_size', { simple: true }) as number;
  return size < 0 ? -size : (size * (db.pragma('page_size', { simple: true }) as number)) / 1024;
}

/** A ceiling on `db`'s file (SQLite's max_page_count): past it, writes fail as on a full disk. */
export function limitFileSize(db: Database.Database, maxBytes: number): void {
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.pragma(`max_page_count = ${Math.max(1, Math.floor(maxBytes / pageSize))}`);
}
