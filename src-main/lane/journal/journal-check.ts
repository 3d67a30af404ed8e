import { renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { JournalRefusal } from '../ipc/contract';
import { Journal, JournalError, type JournalOptions } from './journal';
import {
  legacyJournalRecord,
  readJournalRecord,
  recordEvery,
  writeJournalRecord,
  type JournalRecord,
} from './lane-record';

export type { JournalRefusal };
/** What a refusal is about (see `JournalRefusal` in the contract). */
export type JournalRefusalCause = JournalRefusal['cause'];

/** Where versions before ADR 044 kept the journal's identity, keyed by absolute path; read once to adopt it. */
export function journalIdentityPath(appDataDir: string): string {
  return join(appDataDir, 'journal-identity.json');
}

export interface LaneJournalOptions extends JournalOptions {
  readonly path: string;
  /** The lane's settings.json: where it keeps its record of the journal (lane-record.ts). */
  readonly settingsFile: string;
  /** `journalIdentityPath(appDataDir)`: an older version's record, adopted when settings.json has none. */
  readonly legacyIdentityFile?: string;
  /** Told when the record cannot be written (a read-only settings.json): the lane sells on, unchecked next time. */
  readonly warn?: (message: string) => void;
}

const startNew = 'start a new journal: a manager acknowledges it here, or store IT runs "lanepoint journal new"';
const accept = 'a manager acknowledges to use this one (store IT: "lanepoint journal accept")';

const words: Record<JournalRefusalCause, (file: string) => string> = {
  missing: (file) =>
    `The journal ${file} has disappeared, with the record of this lane's payments. Restore it from a backup and restart, or ${startNew}.`,
  emptied: (file) =>
    `The journal ${file} is empty (0 bytes): the record of this lane's payments was cut off. Restore it from a backup and restart, or ${startNew}.`,
  replaced: (file) =>
    `The journal ${file} is not the one this lane wrote: it was replaced by another file. Put the lane's own journal back and restart, or ${accept}.`,
  behind: (file) =>
    `The journal ${file} is an older copy of this lane's journal: the payments written after it are not in it. Put the newest copy back and restart, or ${accept}, then check those payments against the gateway's report.`,
  damaged: (file) =>
    `The journal ${file} is damaged and cannot be read. A manager acknowledges to set it aside for support and start a new journal (store IT: "lanepoint journal new").`,
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
 * Keeps the lane's record of an open journal: written at open, then moved on every `recordEvery`
 * entries and at close, never in a sale's way (a failed write is told to `warn`, not thrown).
 */
function recordKeeper(options: LaneJournalOptions, known: JournalRecord | undefined) {
  let recorded = known;
  /** Set once the journal passed its checks: a refused one closes without touching the record. */
  let identity: string | undefined;
  const write = (lastEntryId: number) => {
    if (identity === undefined || (recorded?.id === identity && recorded.lastEntryId === lastEntryId)) return;
    const next = { id: identity, lastEntryId };
    try {
      writeJournalRecord(options.settingsFile, options.path, next);
      recorded = next;
    } catch (error) {
      options.warn?.(
        `the lane could not record its journal in ${options.settingsFile} (${(error as Error).message}): a journal deleted or replaced now would not be noticed; give the lane write access to the file`,
      );
    }
  };
  return {
    accept(journalIdentity: string, lastEntryId: number) {
      identity = journalIdentity;
      write(lastEntryId);
    },
    progress(lastEntryId: number, closing: boolean) {
      if (closing || lastEntryId >= (recorded?.lastEntryId ?? 0) + recordEvery) write(lastEntryId);
    },
  };
}

/**
 * Opens the lane's journal at start and checks it is the one the lane wrote, against the lane's
 * record in settings.json (lane-record.ts): its identity (made when the file was created and kept
 * inside it) and the highest entry id the lane saw in it. A lane without a record (a first start,
 * or an upgrade) records what it finds. A journal that disappeared, was emptied, replaced by
 * another file or by an older copy, damaged, or written by a newer version gives a refusal naming
 * the file and the cause instead, and nothing is created in its place: the lane must not sell
 * until a person has seen it. `acknowledge` is a person's answer to an acknowledgeable refusal
 * (a manager on the lane, store IT with `lanepoint journal new`): a new journal (a damaged one set
 * aside), or the file in place accepted as the lane's own.
 */
export function openLaneJournal(
  options: LaneJournalOptions,
  acknowledge = false,
): { journal: Journal } | { refusal: JournalRefusal } {
  const { path, settingsFile, legacyIdentityFile } = options;
  const inSettings = readJournalRecord(settingsFile, path);
  const recorded = inSettings ?? (legacyIdentityFile ? legacyJournalRecord(legacyIdentityFile, path) : undefined);
  const size = statSync(path, { throwIfNoEntry: false })?.size;
  if (recorded !== undefined && !acknowledge) {
    if (size === undefined) return { refusal: refusal('missing', path) };
    if (size === 0) return { refusal: refusal('emptied', path) };
  }
  const keeper = recordKeeper(options, inSettings);
  const journalOptions: JournalOptions = { ...options, onProgress: keeper.progress };
  let journal: Journal;
  try {
    journal = Journal.open(path, journalOptions);
  } catch (error) {
    if (!(error instanceof JournalError)) throw error;
    if (error.kind === 'newer-schema') return { refusal: refusal('newer-schema', path, error.message) };
    if (error.kind !== 'damaged') return { refusal: refusal('unreadable', path, error.message) };
    if (!acknowledge) return { refusal: refusal('damaged', path, error.message) };
    setAside(path, options.clock.now());
    journal = Journal.open(path, journalOptions);
  }
  const identity = journal.identity;
  const last = journal.lastEntryId;
  if (recorded !== undefined && !acknowledge) {
    const found =
      recorded.id !== identity
        ? refusal('replaced', path)
        : last < recorded.lastEntryId
          ? refusal(
              'behind',
              path,
              `it holds entries up to ${last}, but this lane had written up to ${recorded.lastEntryId}`,
            )
          : undefined;
    if (found) {
      journal.close();
      return { refusal: found };
    }
  }
  keeper.accept(identity, last);
  return { journal };
}
