import type { CoreOptions } from './core-options';
import type { Clock } from '../../platform/clock';
import { LaneError } from '../errors';
import { Journal, JournalError } from '../journal/journal';
import { openLaneJournal, type JournalRefusal } from '../journal/journal-check';

/**
 * The lane's journal, opened and checked at start: a damaged or replaced journal is seen before
 * anyone sells, and refuses sales until a manager acknowledges it.
 */
export interface LaneJournal {
  /** Why the lane refuses to sell because of its journal, or null when the journal is in order. */
  refusal(): JournalRefusal | null;
  /** The journal to write to; refused while the journal is. Tests without a file get one in memory. */
  current(): Journal;
  /** A manager has seen the refusal: opened again, the damage set aside; the refusal that remains, if any. */
  acknowledge(): JournalRefusal | null;
  close(): void;
}

/**
 * `cashier` names who is signed in when a row is written (the session is made after the journal,
 * so it is asked then, not now).
 */
export function setupJournal(options: CoreOptions, clock: Clock, cashier: () => string | undefined): LaneJournal {
  const { settings, logger } = options;
  let journal: Journal | undefined;
  let refusal: JournalRefusal | null = null;
  const open = (acknowledge: boolean) => {
    if (!options.journalPath || !options.journalRecordFile) return;
    const opened = openLaneJournal(
      {
        path: options.journalPath,
        settingsFile: options.journalRecordFile,
        ...(options.legacyJournalIdentityFile ? { legacyIdentityFile: options.legacyJournalIdentityFile } : {}),
        clock,
        terminalId: settings.terminalId,
        cashier,
        warn: (message) => logger.warn(message),
      },
      acknowledge,
    );
    if ('journal' in opened) {
      journal = opened.journal;
      refusal = null;
    } else {
      refusal = opened.refusal;
      logger.error(
        { cause: opened.refusal.cause, file: opened.refusal.file },
        'the journal is refused: no sales until it is dealt with',
      );
    }
  };
  // Opened now, not at the first sale: a damaged or replaced journal is seen before anyone sells.
  open(false);
  return {
    refusal: () => refusal,
    current() {
      if (refusal) throw new JournalError(refusal.message, { kind: 'refused' });
      return (journal ??= Journal.open(options.journalPath ?? ':memory:', {
        clock,
        terminalId: settings.terminalId,
        cashier,
      }));
    },
    acknowledge() {
      const seen = refusal;
      if (!seen) throw new LaneError('refused', 'The journal is in order: there is nothing to acknowledge.');
      if (!seen.acknowledgeable) throw new LaneError('refused', seen.message);
      open(true);
      return refusal;
    },
    close: () => journal?.close(),
  };
}
