import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { JournalError } from './card-data';
import { migrations } from './schema';

/**
 * Checks an opened journal file (`integrity_check`; a schema no newer than this version knows),
 * brings it up to date by `user_version`, and gives a new file its identity. Throws
 * `JournalError` (`damaged`, `newer-schema`) naming the file.
 */
export function checkAndMigrate(db: Database.Database, path: string, now: number): void {
  const check = db.pragma('integrity_check', { simple: true });
  if (check !== 'ok')
    throw new JournalError(
      `journal: ${path} failed its integrity check (${String(check)}); keep the file for support and start with a new one`,
      { kind: 'damaged' },
    );
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > migrations.length)
    throw new JournalError(
      `journal: ${path} is from a newer Lanepoint (schema ${version}, this one knows ${migrations.length}); run that version, which can read it: this one never downgrades a journal`,
      { kind: 'newer-schema' },
    );
  // A migration may rebuild a table others refer to (SQLite's own procedure): foreign keys are
  // off while it runs (the pragma does nothing inside a transaction) and checked before it commits.
  const enforced = db.pragma('foreign_keys', { simple: true }) === 1;
  if (enforced) db.pragma('foreign_keys = OFF');
  try {
    for (let next = version; next < migrations.length; next++) {
      db.transaction(() => {
        db.exec(migrations[next]!);
        const broken = db.pragma('foreign_key_check') as unknown[];
        if (broken.length > 0)
          throw new JournalError(`journal: migration ${next + 1} of ${path} left ${broken.length} broken references`, {
            kind: 'damaged',
          });
        db.pragma(`user_version = ${next + 1}`);
      })();
    }
  } finally {
    if (enforced) db.pragma('foreign_keys = ON');
  }
  db.prepare('INSERT OR IGNORE INTO identity (id, journal_id, created_at) VALUES (1, ?, ?)').run(
    newJournalIdentity(),
    now,
  );
}

/** Letters only: an identity kept in the journal and in settings.json must never read as digits. */
const identityLetters = 'abcdefghjkmnpqrstuvwxyz';

/**
 * A new journal's identity: 29 random letters (about 131 bits). Not a UUID: a UUID's hex digits
 * and dashes can run to thirteen digits that pass the card check, and then the card-data scan of
 * the lane's home (and the journal's own test) read the lane's identity as a card number.
 */
export function newJournalIdentity(): string {
  return [...randomBytes(29)].map((byte) => identityLetters[byte % identityLetters.length]).join('');
}
