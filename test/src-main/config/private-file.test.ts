import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../src-main/config/private-file';

const freshDir = () => mkdtempSync(join(tmpdir(), 'lanepoint-private-file-'));
const posix = process.platform !== 'win32';

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
