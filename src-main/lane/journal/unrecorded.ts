/** What the journal could not write after a request had left, held in memory until it can. */
import { JournalError } from './card-data';
import type { JournalOutcome } from './entry';

/** A money-moving request that left, whose outcome the journal could not write (a full disk, an I/O error). */
export interface UnrecordedOutcome {
  readonly entryId: number;
  readonly orderId: string;
  /** What was asked, in minor units (negative for a forced credit, as the row has it). */
  readonly amountMinor: number;
  /** The gateway's answer when one came; null when it was lost too, so recovery asks the gateway by order id. */
  readonly outcome: JournalOutcome | null;
  /** Why the write failed, in the journal's words. */
  readonly problem: string;
}

/**
 * The outcomes held (ARCHITECTURE.md, principle 10): a request that left is never "not sent",
 * so an answer the journal refused is kept here, oldest first, until `recordHeld` writes it.
 * Meanwhile its row stays pending in the file, so a restart still recovers it with the gateway;
 * and while anything is held the lane takes no new sale, since the customer may have been charged.
 */
export class UnrecordedOutcomes {
  readonly #held = new Map<number, UnrecordedOutcome>();

  hold(outcome: UnrecordedOutcome): void {
    this.#held.set(outcome.entryId, outcome);
  }

  list(): UnrecordedOutcome[] {
    return [...this.#held.values()];
  }

  release(entryId: number): void {
    this.#held.delete(entryId);
  }
}

/**
 * Runs a journal write made after the request left. When the journal refuses it, the outcome is
 * held (with the journal's words) and the error returned rather than thrown: the caller reports
 * the outcome as unknown, never as "nothing was sent". Any other error goes on as it is.
 */
export function writeAfterSending<T>(
  journal: { readonly unrecorded: UnrecordedOutcomes },
  held: Omit<UnrecordedOutcome, 'problem'>,
  write: () => T,
): { readonly written: T } | { readonly refused: JournalError } {
  try {
    return { written: write() };
  } catch (error) {
    if (!(error instanceof JournalError)) throw error;
    journal.unrecorded.hold({ ...held, problem: error.message });
    return { refused: error };
  }
}

/** How the note of an outcome written from memory begins. */
export const recordedLateNote = 'the journal could not record the answer when it came';

/**
 * The part of the journal that writes held outcomes: the journal itself (journal.ts), named here by
 * shape so this file does not import the journal that holds its outcomes.
 */
export interface HeldOutcomesJournal {
  readonly unrecorded: UnrecordedOutcomes;
  get(id: number): { readonly state: string } | undefined;
  resolve(id: number, note: string, outcome: JournalOutcome, finding: 'background'): void;
  markUnknown(id: number, note: string): void;
}

/**
 * Writes what is held, now that the journal may take it: an answer as resolved and as a finding
 * (the screen said the outcome was unknown, so a person must see what it was), a lost answer as
 * unknown for recovery to ask the gateway. What the journal still refuses stays held; a row that
 * was settled meanwhile (a restart's recovery asked the gateway) is let go.
 */
export function recordHeld(journal: HeldOutcomesJournal): { recorded: UnrecordedOutcome[]; held: UnrecordedOutcome[] } {
  const recorded: UnrecordedOutcome[] = [];
  for (const held of journal.unrecorded.list()) {
    const state = journal.get(held.entryId)?.state;
    if (state !== 'pending' && state !== 'unknown') {
      journal.unrecorded.release(held.entryId);
      continue;
    }
    try {
      if (held.outcome)
        journal.resolve(held.entryId, `${recordedLateNote} (${held.problem})`, held.outcome, 'background');
      else
        journal.markUnknown(
          held.entryId,
          `the answer was lost and the journal could not record it then (${held.problem}): the gateway is asked`,
        );
      journal.unrecorded.release(held.entryId);
      recorded.push(held);
    } catch (error) {
      if (!(error instanceof JournalError)) throw error;
    }
  }
  return { recorded, held: journal.unrecorded.list() };
}
