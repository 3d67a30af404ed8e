import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { writeFileAtomic } from '../../platform/private-file';
import { journalRecordsSchema } from '../config/schema';
import { readSettingsFile, SettingsError } from '../config/settings';
import { JournalError } from './card-data';

/** What the lane knows of one journal file: its identity and the highest entry id seen in it. */
export interface JournalRecord {
  readonly id: string;
  readonly lastEntryId: number;
}

/**
 * A new entry moves the record on only every this many entries (and at open and close), so a sale
 * costs no extra disk write; a restored copy at most this many entries older than the lane's
 * last one can go unnoticed after a crash (ADR 044).
 */
export const recordEvery = 10;

function refused(settingsFile: string, reason: string, cause?: unknown): JournalError {
  return new JournalError(`journal: ${settingsFile}: ${reason}`, { kind: 'refused', cause });
}

function readFile(settingsFile: string): Record<string, unknown> {
  try {
    return readSettingsFile(settingsFile);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    throw refused(settingsFile, error.issues[0]?.reason ?? 'cannot be read', error);
  }
}

/**
 * The lane's record of the journal at `journalPath`, kept in settings.json under `journals`, by
 * the file's name (not its absolute path: a folder moved or restored elsewhere is the same lane).
 * Undefined when the lane has none yet. A record a person damaged is refused, naming it.
 */
export function readJournalRecord(settingsFile: string, journalPath: string): JournalRecord | undefined {
  const name = basename(journalPath);
  const journals = readFile(settingsFile).journals;
  if (journals === undefined) return undefined;
  const parsed = journalRecordsSchema.safeParse(journals);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = ['journals', ...(issue?.path ?? []).map(String)].join('.');
    throw refused(
      settingsFile,
      `${where} is not what the lane wrote (${issue?.message ?? 'invalid'}); restore the file from a backup`,
    );
  }
  return parsed.data[name];
}

/** Writes the record into settings.json (atomically), keeping every setting as the file has it. */
export function writeJournalRecord(settingsFile: string, journalPath: string, record: JournalRecord): void {
  const file = readFile(settingsFile);
  const journals = file.journals && typeof file.journals === 'object' ? (file.journals as Record<string, unknown>) : {};
  const next = { ...file, journals: { ...journals, [basename(journalPath)]: record } };
  writeFileAtomic(settingsFile, `${JSON.stringify(next, null, 2)}\n`);
}

/**
 * What `journal-identity.json` of versions before ADR 044 recorded for this file (keyed by its
 * absolute path), read once so an upgraded lane keeps the check it had; undefined when absent.
 */
export function legacyJournalRecord(identityFile: string, journalPath: string): JournalRecord | undefined {
  let text: string;
  try {
    text = readFileSync(identityFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw refused(identityFile, `cannot be read: ${(error as Error).message}`, error);
  }
  let id: unknown;
  try {
    id = (JSON.parse(text) as Record<string, unknown>)[resolve(journalPath)];
  } catch {
    throw refused(identityFile, 'is damaged; restore it, or delete it to accept the journal as it is');
  }
  return typeof id === 'string' ? { id, lastEntryId: 0 } : undefined;
}
