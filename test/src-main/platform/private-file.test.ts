import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import {
  ensurePrivateFolder,
  preparePrivateDatabase,
  removeStaleTemporaryFiles,
  tightenPrivateFile,
  writeFileAtomic,
} from '../../../src-main/platform/private-file';
import { freshFolder, posix } from '../lane/config/folders';

const freshDir = () => freshFolder('private-file');

describe('writeFileAtomic', () => {
  it('creates the folder (0700) and an owner-only file', () => {
    const dir = join(freshDir(), 'a', 'b');
    writeFileAtomic(join(dir, 'x.json'), '{"a":1}');
    expect(readFileSync(join(dir, 'x.json'), 'utf8')).toBe('{"a":1}');
    if (posix) {
      expect(statSync(join(dir, 'x.json')).mode & 0o777).toBe(0o600);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
    }
  });

  it('replaces an existing file whole and leaves no temporary file behind', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'x.json'), 'old content that is longer than the new one');
    writeFileAtomic(join(dir, 'x.json'), Buffer.from('new'));
    expect(readFileSync(join(dir, 'x.json'), 'utf8')).toBe('new');
    expect(readdirSync(dir)).toEqual(['x.json']);
  });

  it.skipIf(!posix)('gives the new file 0600 even when the file it replaces was loose', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'x.json'), 'old', { mode: 0o644 });
    writeFileAtomic(join(dir, 'x.json'), 'new');
    expect(statSync(join(dir, 'x.json')).mode & 0o777).toBe(0o600);
  });

  it('removes its temporary file when the rename fails', () => {
    const dir = freshDir();
    mkdirSync(join(dir, 'taken'));
    writeFileSync(join(dir, 'taken', 'inside'), 'keep');
    expect(() => writeFileAtomic(join(dir, 'taken'), 'new')).toThrow();
    expect(readdirSync(dir)).toEqual(['taken']);
    expect(readFileSync(join(dir, 'taken', 'inside'), 'utf8')).toBe('keep');
  });
});

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe.skipIf(!posix)('private folders and SQLite files', () => {
  it('makes a missing app-data folder and its parents 0700, and tightens an existing loose one', () => {
    const home = freshDir();
    ensurePrivateFolder(join(home, '.config', 'lanepoint'));
    expect([modeOf(join(home, '.config')), modeOf(join(home, '.config', 'lanepoint'))]).toEqual(['700', '700']);
    chmodSync(join(home, '.config', 'lanepoint'), 0o755);
    ensurePrivateFolder(join(home, '.config', 'lanepoint'));
    expect(modeOf(join(home, '.config', 'lanepoint'))).toBe('700');
  });

  it('gives a new SQLite file, its WAL and its SHM 0600, and tightens ones an older version left 0644', () => {
    const dir = join(freshDir(), 'lanepoint');
    const file = join(dir, 'journal.sqlite');
    preparePrivateDatabase(file);
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (x)');
    expect([modeOf(dir), modeOf(file), modeOf(`${file}-wal`), modeOf(`${file}-shm`)]).toEqual([
      '700',
      '600',
      '600',
      '600',
    ]);
    db.close();
    const old = join(freshDir(), 'old.sqlite');
    for (const path of [old, `${old}-wal`, `${old}-shm`]) writeFileSync(path, '', { mode: 0o644 });
    preparePrivateDatabase(old);
    expect([modeOf(old), modeOf(`${old}-wal`), modeOf(`${old}-shm`)]).toEqual(['600', '600', '600']);
  });
});

describe.skipIf(!posix)('tightenPrivateFile', () => {
  it('tightens a file an installer wrote 0644 to 0600 and says what it was; leaves a 0600 or missing one be', () => {
    const file = join(freshDir(), 'settings.json');
    writeFileSync(file, '{}', { mode: 0o644 });
    chmodSync(file, 0o644);
    expect(tightenPrivateFile(file)).toBe(0o644);
    expect(modeOf(file)).toBe('600');
    expect(tightenPrivateFile(file)).toBeUndefined();
    expect(tightenPrivateFile(join(freshDir(), 'missing.json'))).toBeUndefined();
    expect(tightenPrivateFile(file, 'win32')).toBeUndefined();
  });
});

describe('removeStaleTemporaryFiles', () => {
  it('removes what a save killed mid-write left (old passwords included) and nothing else', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'secrets.json'), '{}');
    writeFileSync(join(dir, 'secrets.json.4242-0123456789ab.tmp'), '{"gateway.password":"old"}');
    writeFileSync(join(dir, 'settings.json.17-abcdefabcdef.tmp'), '{}');
    writeFileSync(join(dir, 'notes.tmp'), "a person's file");
    expect(removeStaleTemporaryFiles(dir).sort()).toEqual([
      'secrets.json.4242-0123456789ab.tmp',
      'settings.json.17-abcdefabcdef.tmp',
    ]);
    expect(readdirSync(dir).sort()).toEqual(['notes.tmp', 'secrets.json']);
    expect(removeStaleTemporaryFiles(join(dir, 'missing'))).toEqual([]);
  });
});
