import { LaneError } from '../errors';
import { achAccountWords, achConsentWords } from '../gateway/ach';
import { forcedSaleNotes } from '../ipc/tenders';
import type { Journal, JournalEntry } from '../journal/journal';
import { factsFromJournal } from '../receipt/facts';
import { buildReceipt, type ReceiptDocument, type ReceiptFacts, type ReceiptKind } from '../receipt/model';
import { receiptPng } from '../receipt/preview';
import { printReceipts } from '../receipt/sale-receipts';
import type { OperationDependencies } from './lane-dependencies';
import { orderMoney } from './order-money';

/** Approved for less than asked: the sale's own receipt said so (requested, approved, balance due), and so does its reprint. */
const partlyApproved = (entry: JournalEntry): boolean =>
  entry.outcome?.respstat === 'A' &&
  entry.outcome.amountMinor !== undefined &&
  Math.abs(entry.outcome.amountMinor) < entry.amountMinor &&
  entry.detail?.tender !== 'forced-credit';

const receiptKindOf = (entry: JournalEntry): ReceiptKind =>
  entry.outcome?.respstat !== 'A'
    ? 'decline'
    : entry.detail?.tender === 'authorize'
      ? 'authorization'
      : entry.detail?.tender === 'forced-credit'
        ? 'refund'
        : partlyApproved(entry)
          ? 'partial'
          : 'sale';

/**
 * The receipt facts of an order's answered sale as the journal has them (a voided sale's are its
 * void's): what a reprint prints and an emailed receipt says. Undefined when the journal has no
 * answered sale with that order id.
 */
export function receiptFactsForOrder(
  journal: Pick<Journal, 'list'>,
  lane: { merchid: string; terminalId: string },
  orderId: string,
): ReceiptFacts | undefined {
  const entry = journal
    .list({ orderId, operation: 'auth' })
    .find((candidate) => candidate.outcome?.respstat === 'A' || candidate.outcome?.respstat === 'C');
  if (!entry) return undefined;
  // A voided sale's slip is its void: an APPROVED sale slip would say money moved that did not.
  const money = orderMoney(orderId, journal.list({ orderId, limit: 1000 }));
  const voided = entry.outcome?.respstat === 'A' && money.fullyVoided;
  const facts = factsFromJournal(entry, lane);
  return {
    ...facts,
    kind: voided ? 'void' : receiptKindOf(entry),
    ...(voided ? { amountMinor: money.voidedMinor } : {}),
    ...(!voided && partlyApproved(entry) ? { requestedMinor: entry.amountMinor } : {}),
    ...paperOf(entry, facts.card),
  };
}

/** What a forced sale's and an electronic check's receipts print besides the card's facts, again on a reprint. */
function paperOf(entry: JournalEntry, card: ReceiptFacts['card']): Partial<ReceiptFacts> {
  const authcode = entry.outcome?.authcode;
  if (entry.detail?.tender === 'forced-sale' && authcode) return { notes: forcedSaleNotes(authcode) };
  if (entry.detail?.tender === 'ach') {
    const accountType = entry.detail['accountType'];
    return {
      agreement: achConsentWords,
      signature: { required: true },
      card: { ...card, brand: achAccountWords(typeof accountType === 'string' ? accountType : undefined) },
    };
  }
  return {};
}

/**
 * A sale's receipt again, marked DUPLICATE (unless `duplicate` is false: the first print of an
 * approval recovery found later): printed when a printer is there, and as a PNG for the screen.
 */
export async function reprint(
  deps: OperationDependencies,
  request: { orderId: string; copy?: 'merchant' | 'customer'; duplicate?: boolean },
): Promise<{ printed: boolean; problem: string | null; png: string }> {
  const facts = receiptFactsForOrder(deps.journal, deps, request.orderId);
  if (!facts)
    throw new LaneError(
      'refused',
      `No answered sale has order id ${request.orderId} in this lane's journal, so there is no receipt to print.`,
      'orderId',
    );
  const profile = deps.printer?.profile ?? deps.previewProfile;
  const document: ReceiptDocument = buildReceipt(facts, {
    copy: request.copy ?? 'customer',
    training: deps.training,
    duplicate: request.duplicate ?? true,
    printedAt: new Date(deps.now()),
    columns: profile.columns,
  });
  const png = `data:image/png;base64,${receiptPng(document, profile).toString('base64')}`;
  if (!deps.printer) return { printed: false, problem: 'no printer is configured', png };
  const printed = await printReceipts(deps.printer, [document]);
  return { printed: printed.ok, problem: printed.problem ?? null, png };
}
