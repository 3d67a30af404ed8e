import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';

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

/**
 * Makes `folder` (and any missing parents) with 0700, so a new user's app-data folder exists
 * before the first file the lane writes there. An existing folder open to group or others is
 * tightened to 0700: it holds the journal and the secrets. Skipped on Windows, where the user
 * profile's ACLs protect it.
 */
export function ensurePrivateFolder(folder: string, platform: NodeJS.Platform = process.platform): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (platform === 'win32') return;
  const mode = statSync(folder).mode & 0o777;
  if ((mode & 0o077) !== 0) chmodSync(folder, 0o700);
}

/**
 * Tightens an existing `file` open to group or others to 0600 (a settings.json an installer
 * wrote 0644). Returns the mode it had when it was tightened, for the log; undefined when the
 * file is missing, already private, or on Windows (no modes).
 */
export function tightenPrivateFile(file: string, platform: NodeJS.Platform = process.platform): number | undefined {
  if (platform === 'win32') return undefined;
  const mode = statSync(file, { throwIfNoEntry: false })?.mode;
  if (mode === undefined || (mode & 0o077) === 0) return undefined;
  chmodSync(file, 0o600);
  return mode & 0o777;
}

/**
 * Readies a SQLite file the lane writes: its folder 0700, the file created 0600 when missing
 * (SQLite would create it 0644, and gives its -wal and -shm files the database file's mode),
 * and an existing file, WAL or SHM left looser by an older version tightened to 0600.
 */
export function preparePrivateDatabase(file: string, platform: NodeJS.Platform = process.platform): void {
  ensurePrivateFolder(dirname(file), platform);
  closeSync(openSync(file, 'a', 0o600));
  if (platform === 'win32') return;
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    const mode = statSync(path, { throwIfNoEntry: false })?.mode;
    if (mode !== undefined && (mode & 0o077) !== 0) chmodSync(path, 0o600);
  }
}

/** What `writeFileAtomic` names its temporary files: `<file>.<pid>-<12 hex>.tmp`. */
const temporaryName = /^.+\.\d+-[0-9a-f]{12}\.tmp$/;

/**
 * Removes the temporary files a save killed mid-write left in `folder` (a `secrets.json.*.tmp`
 * holds the old passwords, and nothing else would ever remove it). Call at start, before any
 * save of this process can be under way. Returns the names removed, for the log.
 */
export function removeStaleTemporaryFiles(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const stale = names.filter((name) => temporaryName.test(name));
  for (const name of stale) rmSync(join(folder, name), { force: true });
  return stale;
}
