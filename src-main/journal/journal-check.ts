import { readFileSync, renameSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeFileAtomic } from '../config/private-file';
import type { JournalRefusal } from '../ipc/contract';
import { Journal, JournalError, type JournalOptions } from './journal';

export type { JournalRefusal };
/** What a refusal is about (see `JournalRefusal` in the contract). */
export type JournalRefusalCause = JournalRefusal['cause'];

/** The file beside settings.json that remembers which journal file is this lane's. */
export function journalIdentityPath(appDataDir: string): string {
  return join(appDataDir, 'journal-identity.json');
}

export interface LaneJournalOptions extends JournalOptions {
  readonly path: string;
  /** `journalIdentityPath(appDataDir)`. */
  readonly identityFile: string;
}

type Recorded = Record<string, string>;

function readRecorded(identityFile: string): Recorded {
  let text: string;
  try {
    text = readFileSync(identityFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new JournalError(`journal: cannot read ${identityFile}: ${(error as Error).message}`, {
      cause: error,
      kind: 'refused',
    });
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Recorded;
  } catch {
    // Falls through: a damaged record is reported below, never silently forgotten.
  }
  throw new JournalError(
    `journal: ${identityFile} is damaged; restore it, or delete it to accept the journal as it is`,
    { kind: 'refused' },
  );
}

function record(identityFile: string, path: string, identity: string): void {
  writeFileAtomic(
    identityFile,
    `${JSON.stringify({ ...readRecorded(identityFile), [resolve(path)]: identity }, null, 2)}\n`,
  );
}

const words: Record<JournalRefusalCause, (file: string) => string> = {
  missing: (file) =>
    `The journal ${file} has disappeared, with the record of this lane's payments. Restore it from a backup and restart, or a manager acknowledges to start a new journal.`,
  emptied: (file) =>
    `The journal ${file} is empty (0 bytes): the record of this lane's payments was cut off. Restore it from a backup and restart, or a manager acknowledges to start a new journal.`,
  replaced: (file) =>
    `The journal ${file} is not the one this lane wrote: it was replaced by another file. Put the lane's own journal back and restart, or a manager acknowledges to use this one.`,
  damaged: (file) =>
    `The journal ${file} is damaged and cannot be read. A manager acknowledges to set it aside for support and start a new journal.`,
  'newer-schema': (file) =>
    `The journal ${file} was written by a newer version of Lanepoint. Run that version: this one never downgrades a journal.`,
  unreadable: (file) => `Lanepoint cannot read ${file}. Check the disk and the file's permissions, then restart.`,
};

function refusal(cause: JournalRefusalCause, file: string, detail?: string): JournalRefusal {
  const acknowledgeable = cause !== 'newer-schema' && cause !== 'unreadable';
  return { cause, file, message: detail ? `${words[cause](file)} (${detail})` : words[cause](file), acknowledgeable };
}

/** A damaged journal is kept for support under a new name, with its WAL and SHM. */
function setAside(path: string, now: number): void {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  for (const suffix of ['', '-wal', '-shm']) {
    try {
      renameSync(`${path}${suffix}`, `${path}.damaged-${stamp}${suffix}`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/**
 * Opens the lane's journal at start and checks it is the one the lane wrote: its identity (made
 * when the file was created) against the one recorded in `identityFile`. A first start records
 * it. A journal that disappeared, was emptied, replaced, damaged, or written by a newer version
 * gives a refusal naming the file and the cause instead, and nothing is created in its place:
 * the lane must not sell until a person has seen it. `acknowledge` is a manager's answer to an
 * acknowledgeable refusal: a new journal (the damaged one set aside), or the replacement accepted.
 */
export function openLaneJournal(
  options: LaneJournalOptions,
  acknowledge = false,
): { journal: Journal } | { refusal: JournalRefusal } {
  const { path, identityFile } = options;
  const recorded = readRecorded(identityFile)[resolve(path)];
  const size = statSync(path, { throwIfNoEntry: false })?.size;
  if (recorded !== undefined && !acknowledge) {
    if (size === undefined) return { refusal: refusal('missing', path) };
    if (size === 0) return { refusal: refusal('emptied', path) };
  }
  let journal: Journal;
  try {
    journal = Journal.open(path, options);
  } catch (error) {
    if (!(error instanceof JournalError)) throw error;
    if (error.kind === 'newer-schema') return { refusal: refusal('newer-schema', path, error.message) };
    if (error.kind !== 'damaged') return { refusal: refusal('unreadable', path, error.message) };
    if (!acknowledge) return { refusal: refusal('damaged', path, error.message) };
    setAside(path, options.clock.now());
    journal = Journal.open(path, options);
  }
  if (recorded !== undefined && recorded !== journal.identity && !acknowledge) {
    journal.close();
    return { refusal: refusal('replaced', path) };
  }
  if (recorded !== journal.identity) record(identityFile, path, journal.identity);
  return { journal };
}
