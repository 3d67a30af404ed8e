import type { Capture } from '../gateway/capture';
import type { Reversal } from '../gateway/reversal';
import type { TransactionRecord } from '../gateway/transaction-record';
import { refundReasonWords, type FollowUpSummary, type RefundReason, type VoidReason } from '../ipc/contract';
import { LaneError, nothingSent } from '../errors';
import { formatMinorUnits } from '../../platform/money';
import { journaledFollowUp, type FollowUpOperation } from '../journal/follow-ups';
import type { Journal, JournalEntry } from '../journal/journal';
import { factsFromJournal } from '../receipt/facts';
import { buildReceipt, type ReceiptFacts, type ReceiptKind } from '../receipt/model';
import { printReceipts } from '../receipt/sale-receipts';
import type { OperationDependencies } from './lane-dependencies';
import { orderMoney, refundableMinor, voidedWords, type OrderMoney } from './order-money';

const moneyText = (minor: number) => formatMinorUnits(minor);

/** The journal's approved authorization for an order id, or a failure that names it. */
function authorizationOf(
  journal: Journal,
  orderId: string,
): JournalEntry & { outcome: NonNullable<JournalEntry['outcome']> } {
  const entry = journal.authorization(orderId);
  if (!entry || !entry.outcome) {
    throw new LaneError(
      'refused',
      `No approved sale or authorization has order id ${orderId} in this lane's journal.`,
      'orderId',
    );
  }
  return entry as JournalEntry & { outcome: NonNullable<JournalEntry['outcome']> };
}

/** The authorization's record now: voidable, refundable, what it still holds. Nothing is sent when this fails. */
async function currentRecord(deps: OperationDependencies, retref: string): Promise<TransactionRecord> {
  try {
    return await deps.client.inquire({ merchid: deps.merchid, retref });
  } catch (error) {
    throw nothingSent(error, 'The gateway could not be asked how the sale stands, so nothing was sent; try again');
  }
}

/**
 * What the cashier reads when a capture, void or refund left and the journal could not record what
 * followed (never "nothing was sent"): the gateway's answer when one came, and not to send it again.
 */
export function unrecordedWords(operation: FollowUpOperation, answer: Capture | Reversal | undefined): string {
  const approved = answer && ('respstat' in answer ? answer.respstat === 'A' : answer.found);
  const answered = approved
    ? `The gateway approved the ${operation}`
    : answer
      ? `The gateway answered the ${operation}`
      : `The ${operation} was sent to the gateway`;
  return `${answered}, but the journal could not record it (the disk may be full), so the lane's record of this sale is unknown. Do not send it again: the lane sends nothing new until the journal records it. Free disk space or call support.`;
}

/** A capture, void or refund as the core is asked for it. */
export interface FollowUpArgs {
  readonly orderId: string;
  /**
   * Capture: the final amount before the tip (absent: what is held). Void and refund: how much (a
   * refund's is always given from the screen; absent means all that is left).
   */
  readonly amountMinor?: number;
  readonly tipMinor?: number;
  /** A refund's reason (into the journal and onto the slip), or a void's (into the journal; required by the contract). */
  readonly reason?: RefundReason | VoidReason;
  /**
   * Who may do it, asked once the order's state allows it and before anything is sent, with the
   * amount that would move: a refusal that needs no manager comes before any PIN is asked for.
   */
  readonly approve?: (amountMinor: number) => void;
}

/** A refusal that names how the sale stands and the one thing that can be done. */
const refuse = (message: string, field: 'orderId' | 'amountMinor' = 'orderId') =>
  new LaneError('refused', message, field);

/**
 * A forced sale went on the issuer's voice authorization code and the gateway never voids one
 * (PPS 70 "Voice authorization cannot be voided"): the money goes back by a refund.
 */
export const voiceVoidWords =
  'A forced sale (voice authorization) cannot be voided: refund it instead, once it has settled.';

/** The gateway's own refusal to void a voice authorization (response-codes.md, PPS 70). */
const voiceVoidRefused = (answer: { respproc?: string | undefined; respcode?: string | undefined }) =>
  answer.respproc === 'PPS' && answer.respcode === '70';

/** Why a void cannot go, from the journal's and the gateway's view of the order; undefined when it can. */
function voidRefusal(money: OrderMoney, record: TransactionRecord, forced: boolean): LaneError | undefined {
  if (money.fullyVoided || record.setlstat === 'Voided') return refuse(voidedWords('void'));
  // Settled, it is refunded as any sale (below); before that, the gateway keeps it from a void.
  if (forced && record.refundable !== true) return refuse(voiceVoidWords);
  if (record.voidable === true) return undefined;
  if (record.refundable === true) {
    const left = refundableMinor(money, record.amount ?? money.capturedMinor);
    return refuse(
      left > 0
        ? 'This sale has settled, so it can no longer be voided: refund it instead.'
        : 'This sale has settled and was refunded in full: nothing is left to void or refund.',
    );
  }
  return refuse(
    `This sale is ${record.setlstat ?? 'in a state the gateway did not say'}: it cannot be voided. Look it up under Gateway status.`,
  );
}

/** Why a refund cannot go, and how much is left when it can. */
function refundCheck(
  money: OrderMoney,
  record: TransactionRecord,
  asked: number | undefined,
): { refusal: LaneError } | { leftMinor: number } {
  if (money.fullyVoided || record.setlstat === 'Voided') return { refusal: refuse(voidedWords('refund')) };
  if (record.refundable !== true) {
    if (record.voidable === true)
      return { refusal: refuse('This sale has not settled yet, so there is nothing to refund: void it instead.') };
    return {
      refusal: refuse(
        `This sale is ${record.setlstat ?? 'in a state the gateway did not say'}: it cannot be refunded. Look it up under Gateway status.`,
      ),
    };
  }
  const leftMinor = refundableMinor(money, record.amount ?? money.capturedMinor);
  if (leftMinor === 0) return { refusal: refuse('This sale was refunded in full: nothing is left to refund.') };
  if (asked !== undefined && asked > leftMinor)
    return { refusal: refuse(`Only ${moneyText(leftMinor)} of this sale is left to refund.`, 'amountMinor') };
  return { leftMinor };
}

/**
 * A capture, void or refund of a sale this lane made, by its order id. What the journal knows
 * of the order (voids, refunds) and the sale's record at the gateway are read first, so a
 * refusal says how the sale stands before any manager is asked and before anything is sent;
 * then the call goes through the journal, and a void or refund prints its slips.
 */
export async function followUp(
  deps: OperationDependencies,
  operation: FollowUpOperation,
  request: FollowUpArgs,
): Promise<FollowUpSummary> {
  const auth = authorizationOf(deps.journal, request.orderId);
  const retref = auth.outcome.retref!;
  const money = orderMoney(request.orderId, deps.journal.list({ orderId: request.orderId, limit: 1000 }));
  // What the journal alone knows is said without asking the gateway.
  if (operation !== 'capture' && money.fullyVoided) throw refuse(voidedWords(operation));
  if (operation === 'refund' && money.refundsInDoubt > 0)
    throw refuse('A refund of this sale lost its answer: settle it in the recovery list before refunding again.');
  const record = await currentRecord(deps, retref);
  const held = record.amount ?? auth.outcome.amountMinor ?? auth.amountMinor;
  let amountMinor: number | undefined;
  let journalAmountMinor: number;
  let detail: Record<string, number | string> | undefined;
  let tipMinor: number | undefined;
  if (operation === 'capture') {
    if (record.setlstat !== 'Authorized')
      throw refuse(`This sale cannot be captured: the gateway has it ${record.setlstat ?? 'in an unknown state'}.`);
    const tip = request.tipMinor ?? 0;
    if (tip > 0 && !deps.tips)
      throw new LaneError('refused', 'This merchant does not take tips: capture without one.', 'tipMinor');
    // The final amount may be less than held (the rest is let go) or more, where the gateway allows the merchant.
    const finalMinor = request.amountMinor ?? held;
    amountMinor = finalMinor + tip;
    journalAmountMinor = amountMinor;
    detail = {
      ...(finalMinor !== held ? { heldMinor: held } : {}),
      ...(tip > 0 ? { tipMinor: tip } : {}),
    };
    if (tip > 0) tipMinor = tip;
    if (Object.keys(detail).length === 0) detail = undefined;
  } else if (operation === 'void') {
    const refusal = voidRefusal(money, record, auth.detail?.tender === 'forced-sale');
    if (refusal) throw refusal;
    if (request.amountMinor !== undefined && request.amountMinor > held)
      throw refuse(`Only ${moneyText(held)} of this sale is left to void.`, 'amountMinor');
    if (request.amountMinor !== undefined && request.amountMinor < held && record.setlstat !== 'Authorized') {
      throw refuse(
        'Part of a captured sale cannot be voided: void all of it, or refund part once it has settled.',
        'amountMinor',
      );
    }
    // A void of the whole amount is sent without one, as the gateway prefers.
    amountMinor = request.amountMinor !== undefined && request.amountMinor < held ? request.amountMinor : undefined;
    journalAmountMinor = amountMinor ?? held;
    // Why the sale goes back is kept with the void, as a refund keeps its reason.
    if (request.reason) detail = { reason: request.reason };
  } else {
    const checked = refundCheck(money, record, request.amountMinor);
    if ('refusal' in checked) throw checked.refusal;
    // The amount is always sent: the gateway's "all of it" is not what the lane checked.
    amountMinor = request.amountMinor ?? checked.leftMinor;
    journalAmountMinor = amountMinor;
    if (request.reason) detail = { reason: request.reason };
  }
  request.approve?.(journalAmountMinor);
  let result;
  try {
    result = await journaledFollowUp(deps.journal, deps.client, {
      operation,
      merchid: deps.merchid,
      orderId: request.orderId,
      retref,
      ...(amountMinor !== undefined ? { amountMinor } : {}),
      journalAmountMinor,
      ...(auth.maskedPan ? { maskedPan: auth.maskedPan } : {}),
      ...(operation === 'capture' && auth.outcome.authcode ? { capture: { authcode: auth.outcome.authcode } } : {}),
      ...(operation === 'void' ? { priorAmountMinor: held } : {}),
      ...(detail ? { detail } : {}),
    });
  } catch (error) {
    throw nothingSent(error, 'Nothing was sent');
  }
  const base = {
    operation,
    orderId: request.orderId,
    amountMinor: journalAmountMinor,
    remainingMinor: null,
    retref: null,
    printed: false,
    printProblem: null,
  } as const;
  // Approved, now or as recovery found: the slips are printed and the summary says how that went.
  const finishApproved = (changes: Partial<Pick<FollowUpSummary, 'amountMinor' | 'remainingMinor' | 'retref'>>) =>
    finish(deps, {
      auth,
      operation,
      summary: { ...base, outcome: 'approved', reason: null, ...changes },
      tipMinor,
      reason: request.reason,
    });
  switch (result.kind) {
    case 'retry':
      return {
        ...base,
        outcome: 'retry',
        reason: `${result.error.resptext ?? 'The processor did not answer'}: try again.`,
      };
    case 'unknown':
      return {
        ...base,
        outcome: 'unknown',
        reason:
          operation === 'refund'
            ? 'The answer was lost: check the settlement report before refunding again.'
            : 'The answer was lost and the gateway has not answered since: it is queued and checked again.',
      };
    case 'unrecorded': {
      deps.logger?.error(
        { orderId: request.orderId, entryId: result.entryId, operation, err: result.error },
        `the journal could not record a ${operation} after it was sent: its outcome is held in memory until the journal records it, and the lane sends nothing new until then`,
      );
      return { ...base, outcome: 'unknown', reason: unrecordedWords(operation, result.answer) };
    }
    case 'refused':
      return {
        ...base,
        outcome: 'declined',
        reason: `The gateway refused the ${operation}, so nothing changed: ${result.words}.`,
      };
    case 'recovered':
      if (!result.applied)
        return {
          ...base,
          outcome: 'not-applied',
          reason: 'The answer was lost and the gateway shows nothing changed: try again.',
        };
      return finishApproved({ remainingMinor: operation === 'void' ? (result.record.amount ?? null) : null });
    case 'answered': {
      const answer = result.answer;
      const approved = 'respstat' in answer ? answer.respstat === 'A' : answer.found;
      if (!approved) {
        const reason =
          'resptext' in answer
            ? voiceVoidRefused(answer)
              ? voiceVoidWords
              : (answer.resptext ?? 'Declined')
            : `The gateway has no sale with this reference (${'setlstat' in answer ? answer.setlstat : 'not found'})`;
        return { ...base, outcome: 'declined', reason };
      }
      const remainingMinor = operation === 'void' ? (answer.amount ?? null) : null;
      const amount = operation === 'void' ? held - (remainingMinor ?? 0) : (answer.amount ?? journalAmountMinor);
      return finishApproved({
        amountMinor: amount,
        remainingMinor,
        retref: operation === 'refund' ? (answer.retref ?? null) : null,
      });
    }
  }
}

/** Prints the slips of an approved void or refund, and of a capture with a tip. */
async function finish(
  deps: OperationDependencies,
  done: {
    auth: JournalEntry;
    operation: FollowUpOperation;
    summary: FollowUpSummary;
    tipMinor: number | undefined;
    reason: RefundReason | VoidReason | undefined;
  },
): Promise<FollowUpSummary> {
  const { auth, operation, summary, tipMinor, reason } = done;
  if (operation === 'capture' && !tipMinor) return summary;
  if (!deps.printer) return { ...summary, printProblem: 'no printer is configured' };
  const kind: ReceiptKind = operation === 'capture' ? 'sale' : operation;
  const facts: ReceiptFacts = {
    ...factsFromJournal(auth, deps),
    kind,
    amountMinor: summary.amountMinor,
    ...(tipMinor ? { tipMinor } : {}),
    ...(operation === 'refund' && reason && reason in refundReasonWords
      ? { reason: refundReasonWords[reason as RefundReason] }
      : {}),
    ...(summary.retref ? { gateway: { ...factsFromJournal(auth, deps).gateway, retref: summary.retref } } : {}),
  };
  const documents = (['merchant', 'customer'] as const).map((copy) =>
    buildReceipt(facts, {
      copy,
      training: deps.training,
      duplicate: false,
      printedAt: new Date(deps.now()),
      columns: deps.printer!.profile.columns,
    }),
  );
  deps.onPrinting?.();
  const printed = await printReceipts(deps.printer, documents);
  return { ...summary, printed: printed.ok, printProblem: printed.problem ?? null };
}
