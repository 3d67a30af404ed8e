import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { boundPageCache, pageCacheKib, pageCacheLimitKib } from '../../../src-main/platform/sqlite-memory';

describe('the SQLite page cache bound', () => {
  it('brings a connection down from better-sqlite3 default (16 MB) to 2 MB, read back in KiB however it was set', () => {
    const db = new Database(join(mkdtempSync(join(tmpdir(), 'sqlite-memory-')), 'file.sqlite'));
    try {
      expect(pageCacheLimitKib(db)).toBe(16_000);
      boundPageCache(db);
      expect(pageCacheLimitKib(db)).toBe(pageCacheKib);
      expect(pageCacheKib).toBe(2000);
      // A bound given in pages is converted with the page size (4 KiB).
      db.pragma('cache_size = 100');
      expect(pageCacheLimitKib(db)).toBe(400);
    } finally {
      db.close();
    }
  });
});
