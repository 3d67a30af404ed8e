import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Replaces `file` with `data` so that a reader (or a crash) sees either the old file or the
 * whole new one, never a part. The temporary file is created fresh (O_EXCL) with `mode`, so it
 * is never readable by others even for a moment, and a stale temporary file cannot lend it
 * looser permissions. The folder is created with 0700 when missing.
 */
export function writeFileAtomic(
  file: string,
  data: string | Uint8Array,
  mode = 0o600,
  platform: NodeJS.Platform = process.platform,
): void {
  const folder = dirname(file);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  try {
    const fd = openSync(temporary, 'wx', mode);
    try {
      writeSync(fd, typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  if (platform !== 'win32') syncFolder(folder);
}

// The rename is durable only once the folder's entry is on disk. Some file systems cannot
// fsync a directory; the data itself is already flushed, so those are tolerated.
function syncFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EINVAL' && code !== 'ENOTSUP' && code !== 'EISDIR' && code !== 'EPERM') throw error;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
