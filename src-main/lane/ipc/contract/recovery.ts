/**
 * Payments whose outcome was lost: the recovery queue, what recovery found for someone to see,
 * settling a lost refund by hand, and the journal's refusal to sell.
 */
import { z } from 'zod';
import type { JournalEntryView } from './history';
import { managerPin, noArgs } from './schemas';
import { command, event } from './spec';

/** An entry the recovery queue still works on, or one waiting for a person. */
export interface RecoveryItem {
  readonly entryId: number;
  readonly operation: JournalEntryView['operation'];
  readonly orderId: string;
  readonly amountMinor: number;
  readonly maskedPan: string | null;
  readonly since: number;
  readonly note: string | null;
  /** True when only a person can settle it (a refund whose answer was lost). */
  readonly needsPerson: boolean;
}

/**
 * What recovery decided for a payment whose outcome nobody saw (found at start after a crash, or
 * settled in the background after a lost answer), kept until a signed-in person acknowledges it.
 */
export interface RecoveryFinding {
  readonly entryId: number;
  readonly operation: JournalEntryView['operation'];
  readonly orderId: string;
  /** What the payment moved: for a partial approval the approved amount, not the amount asked. */
  readonly amountMinor: number;
  readonly maskedPan: string | null;
  /** start: after a restart; background: while the lane ran. */
  readonly source: 'start' | 'background';
  readonly foundAt: number;
  /**
   * approved / not-charged for a payment (unclear when the gateway refused the safety void, so a
   * person looks first); applied / not-applied for a capture, void or refund; offline-declined
   * for a payment stored offline that the gateway did not approve when it was sent (ADR 074): the
   * customer has left with the goods, so a manager calls them or writes it off.
   */
  readonly outcome:
    | 'approved'
    | 'not-charged'
    | 'unclear'
    | 'applied'
    | 'not-applied'
    | 'offline-declined'
    /** Stored offline when the lane stopped mid-sale: taken, to be sent; found at start (ADR 074). */
    | 'stored';
  readonly authcode: string | null;
  readonly retref: string | null;
  /** What it became and what to do, in the cashier's words: "Approved: authcode 123456, hand over the goods". */
  readonly message: string;
  /** Whether there is a receipt to print (an approval found later). */
  readonly receipt: boolean;
  /**
   * Who left the sale while its outcome was unknown (`terminal.newSale` with `leaveUnknown`):
   * the counter shows such a finding as a banner that stays until acknowledged. Absent or null otherwise.
   */
  readonly leftBy?: string | null;
}

/**
 * Why the lane refuses to sell because of its journal: it `missing` (deleted), `emptied` (cut
 * to 0 bytes), `replaced` (another file in its place), `behind` (an older copy of the lane's own
 * journal: entries the lane wrote are not in it), `damaged`, `newer-schema` (a newer
 * Lanepoint wrote it; never downgraded), or `unreadable`. `message` names the file and the
 * cause in plain words; `acknowledgeable` says whether a manager's `journal.acknowledge` lets
 * the lane sell again (a new journal, the damaged one kept aside; or the file in place accepted).
 */
export interface JournalRefusal {
  readonly cause: 'missing' | 'emptied' | 'replaced' | 'behind' | 'damaged' | 'newer-schema' | 'unreadable';
  readonly file: string;
  readonly message: string;
  readonly acknowledgeable: boolean;
}

export const recoveryCommands = {
  'terminal.recoveryQueue': command<RecoveryItem[]>()(
    'Entries whose outcome is not known yet, checked again in the background.',
    noArgs,
  ),
  'terminal.settleByHand': command<RecoveryItem[]>()(
    'Records what a person found for an entry only a person can settle (a refund whose answer was lost): whether it took effect. Returns the queue.',
    z
      .object({ entryId: z.number().int().min(1), applied: z.boolean(), note: z.string().min(1).max(200), managerPin })
      .strict(),
  ),
  'terminal.recover': command<{ readonly settled: number; readonly open: number }>()(
    'Checks the recovery queue with the gateway now.',
    noArgs,
  ),
  'terminal.findings': command<RecoveryFinding[]>()('What recovery settled that nobody has acknowledged yet.', noArgs),
  'terminal.acknowledgeFinding': command<RecoveryFinding[]>()(
    'The signed-in person saw what recovery found for an entry; returns what is left to acknowledge. An offline decline is a manager\u2019s to act on: a cashier gives `managerPin`.',
    z.object({ entryId: z.number().int().min(1), managerPin: managerPin.optional() }).strict(),
  ),
  'terminal.printFinding': command<{
    readonly printed: boolean;
    readonly problem: string | null;
    readonly png: string;
  }>()(
    'Prints the receipt of an approval recovery found later (the customer never got one).',
    z.object({ entryId: z.number().int().min(1) }).strict(),
  ),
  'journal.refusal': command<JournalRefusal | null>()(
    'Why the lane refuses to sell because of its journal, or null when it is in order.',
    noArgs,
  ),
  'journal.acknowledge': command<JournalRefusal | null>()(
    'A manager has seen the journal refusal: a new journal is started (a damaged one kept aside) or the replacement accepted, and the lane sells again. A manager\u2019s: a cashier gives `managerPin`.',
    z.object({ managerPin }).strict(),
  ),
} as const;

export const recoveryEvents = {
  'terminal.recoveryQueue': event<RecoveryItem[]>('The recovery queue changed: an entry joined it, or was settled.'),
  'terminal.findings': event<RecoveryFinding[]>(
    'Recovery settled an entry nobody saw settle, or a finding was acknowledged.',
  ),
  'journal.refusal': event<JournalRefusal | null>(
    'The lane started refusing to sell because of its journal, or a manager\u2019s acknowledgement ended it.',
  ),
} as const;
