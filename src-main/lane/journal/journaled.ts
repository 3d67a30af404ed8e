import type { Authorization } from '../gateway/auth-response';
import type { GatewayClient } from '../gateway/client';
import { NotFoundYetError } from '../gateway/errors';
import { answerWindowMs, resolveLostAuthorization, type LostAuthorizationOutcome } from '../gateway/recovery';
import type { TransactionRecord } from '../gateway/transaction-record';
import { settleFollowUp, type FollowUpSettlement } from './follow-ups';
import { type FindingSource, type Journal, type JournalEntry, type JournalOutcome } from './journal';

/**
 * A stored profile's id as the journal keeps it: in groups of four digits joined by dots. The id
 * is not card data, but twenty digits often hold a run the journal's card-number guard takes for
 * a card number and masks; grouped, it is kept whole, and `profileIdOf` reads it back.
 */
export function journaledProfileId(profileid: string): string {
  return /^\d+$/.test(profileid) ? (profileid.match(/\d{1,4}/g) ?? []).join('.') : profileid;
}

/** The profile id a journal row keeps (see `journaledProfileId`), as the gateway writes it. */
export function profileIdOf(journaled: string): string {
  return /^\d{1,4}(\.\d{1,4})+$/.test(journaled) ? journaled.replaceAll('.', '') : journaled;
}

/** What the journal keeps of an answer or a record: the gateway's words, never card data. */
export function outcomeOf(answer: Authorization | TransactionRecord): JournalOutcome {
  return {
    ...(answer.respstat ? { respstat: answer.respstat } : {}),
    ...(answer.respcode ? { respcode: answer.respcode } : {}),
    ...(answer.resptext ? { resptext: answer.resptext } : {}),
    ...(answer.retref ? { retref: answer.retref } : {}),
    ...('authcode' in answer && answer.authcode ? { authcode: answer.authcode } : {}),
    ...(answer.batchid ? { batchid: answer.batchid } : {}),
    ...('setlstat' in answer && answer.setlstat ? { setlstat: answer.setlstat } : {}),
    ...(answer.emvTagData ? { emvTagData: JSON.stringify(answer.emvTagData) } : {}),
    ...(answer.receipt ? { receipt: answer.receipt } : {}),
    ...(answer.amount !== undefined ? { amountMinor: answer.amount } : {}),
    ...('fee_amount' in answer && answer.fee_amount ? { feeMinor: answer.fee_amount } : {}),
    // What the slip's fee line says (SURCHARGE (3%)), so a reprint and an email say it too.
    ...(answer.fee_type && answer.fee_type !== 'N' ? { feeType: answer.fee_type } : {}),
    ...(answer.fee_format ? { feeFormat: answer.fee_format } : {}),
    ...(answer.fee_value ? { feeValue: answer.fee_value } : {}),
    ...(answer.profileid ? { profileid: journaledProfileId(answer.profileid) } : {}),
    ...(answer.acctid ? { acctid: answer.acctid } : {}),
    // A blank avsresp is no check at all: not kept.
    ...('avsresp' in answer && answer.avsresp?.trim() ? { avsresp: answer.avsresp.trim() } : {}),
  };
}

/** How the note of an authorization the gateway had no record of yet, inside its answer window, begins. */
export const noRecordYetNote = 'answer lost; the gateway had no record of it yet and may still be processing it';

/**
 * When an open entry can next be settled: an authorization the gateway had no record of yet only
 * once its answer window has passed (its "not found" is final then); any other entry at `now`.
 */
export function settleableAt(entry: JournalEntry, now: number): number {
  return entry.operation === 'auth' && entry.note?.startsWith(noRecordYetNote) ? sentAtOf(entry) + answerWindowMs : now;
}

/**
 * When the entry's request was sent: when it was written, or for an offline payment when the
 * forwarder sent it (`forwardedAt`, ADR 074): its answer window starts then, not when it was stored.
 */
export function sentAtOf(entry: JournalEntry): number {
  const forwardedAt = entry.detail?.forwardedAt;
  return typeof forwardedAt === 'number' ? forwardedAt : entry.createdAt;
}

/** Words for the journal's note on how a lost answer was settled. */
function describeRecovery(outcome: LostAuthorizationOutcome): string {
  switch (outcome.kind) {
    case 'found':
      return outcome.approved ? 'answer lost; the gateway has it approved' : 'answer lost; the gateway has it declined';
    case 'not-processed':
      return 'answer lost; the gateway never processed it';
    case 'voided':
      return 'answer lost and the gateway did not answer the inquiry; voided by order id';
    case 'void-refused':
      return `answer lost; voidByOrderId answered ${outcome.reversal.respcode ?? ''} ${outcome.reversal.resptext ?? ''}`.trim();
    case 'unresolved':
      if (outcome.error instanceof NotFoundYetError)
        return `${noRecordYetNote}: asked again once its answer window has passed (${outcome.error.message})`;
      return `answer lost; nothing answered yet (${outcome.error.message})`;
  }
}

/** Records what recovery learned; an unresolved entry stays unknown for the next try. */
export function recordRecovery(
  journal: Journal,
  entryId: number,
  outcome: LostAuthorizationOutcome,
  finding?: FindingSource,
): void {
  if (outcome.kind === 'unresolved') journal.markUnknown(entryId, describeRecovery(outcome));
  // An offline payment the gateway never processed is not lost: it waits to be sent again (ADR 074).
  else if (outcome.kind === 'not-processed' && journal.offline.isOffline(entryId))
    journal.offline.backToStored(entryId, `${describeRecovery(outcome)}; stored again to be sent`);
  else
    journal.resolve(
      entryId,
      describeRecovery(outcome),
      outcome.kind === 'found'
        ? outcomeOf(outcome.record)
        : outcome.kind === 'voided' || outcome.kind === 'void-refused'
          ? {
              respstat: outcome.reversal.respstat,
              ...(outcome.reversal.respcode ? { respcode: outcome.reversal.respcode } : {}),
              ...(outcome.reversal.resptext ? { resptext: outcome.reversal.resptext } : {}),
            }
          : null,
      finding,
    );
}

/** What the start-up or background pass made of one open entry. */
export type RecoveredEntry =
  | { readonly entry: JournalEntry; readonly kind: 'authorization'; readonly outcome: LostAuthorizationOutcome }
  | { readonly entry: JournalEntry; readonly kind: 'follow-up'; readonly settlement: FollowUpSettlement };

/** Whether a recovered entry still waits: for the gateway to answer, or for a person. */
export function stillOpen(result: RecoveredEntry): boolean {
  return result.kind === 'authorization' ? result.outcome.kind === 'unresolved' : result.settlement.kind !== 'resolved';
}

/** One word for what became of a recovered entry: the lost-response outcome, or applied / not-applied / unresolved / needs-person. */
export function recoveredKind(result: RecoveredEntry): string {
  if (result.kind === 'authorization') return result.outcome.kind;
  const { settlement } = result;
  return settlement.kind === 'resolved' ? (settlement.applied ? 'applied' : 'not-applied') : settlement.kind;
}

/**
 * The start-up (and background) pass over the journal: every entry whose outcome is not known
 * (written but not answered when the process died, or answered but lost) is settled. An
 * authorization goes through the lost-response procedure; a capture or void is read from its
 * authorization's record; a refund waits for a person. Unresolved ones stay queued. With
 * `finding`, each settled entry is also kept (in the same transaction) as a finding for the next
 * person to acknowledge: nobody at the counter saw it settle.
 */
export async function recoverJournal(
  journal: Journal,
  client: Pick<GatewayClient, 'inquireByOrderid' | 'voidByOrderId' | 'inquire'>,
  merchid: string,
  finding?: FindingSource,
): Promise<RecoveredEntry[]> {
  const results: RecoveredEntry[] = [];
  // An outcome held in memory is written from there (recordHeld), never guessed at by asking or voiding.
  const held = new Set(journal.unrecorded.list().map((outcome) => outcome.entryId));
  for (const entry of journal.unresolved()) {
    if (held.has(entry.id)) continue;
    if (entry.operation === 'auth') {
      const outcome = await resolveLostAuthorization(
        client,
        { merchid, orderid: entry.orderId },
        { sentAt: sentAtOf(entry), now: journal.clock.now() },
      );
      recordRecovery(journal, entry.id, outcome, finding);
      if (journal.offline.isOffline(entry.id)) journal.offline.settleKnown();
      results.push({ entry, kind: 'authorization', outcome });
    } else if (entry.operation === 'capture' || entry.operation === 'void' || entry.operation === 'refund') {
      results.push({
        entry,
        kind: 'follow-up',
        settlement: await settleFollowUp({ journal, client, merchid }, entry, finding),
      });
    }
  }
  return results;
}
