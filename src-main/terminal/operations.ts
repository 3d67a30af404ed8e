import creditCardType from 'credit-card-type';
import type { GatewayClient } from '../gateway/client';
import { AuthenticationError, GatewayError, ValidationError } from '../gateway/errors';
import type { EmvTagData } from '../gateway/emv-tag-data';
import type { GatewayReceipt } from '../gateway/wire-schema';
import type { TransactionRecord } from '../gateway/transaction-record';
import type { EndOfDayReport, FollowUpSummary, JournalEntryView, LookupResult, RecoveryItem } from '../ipc/contract';
import { CommandFailure } from '../ipc/errors';
import { journaledFollowUp, refundNeedsPerson, type FollowUpOperation } from '../journal/follow-ups';
import type { Journal, JournalEntry } from '../journal/journal';
import { buildReceipt, type ReceiptDocument, type ReceiptFacts, type ReceiptKind } from '../receipt/model';
import { receiptPng } from '../receipt/preview';
import type { PrinterProfile } from '../receipt/profiles';
import type { ReceiptPrinter } from '../../drivers/printer/receipt-printer';
import { printReceipts } from './sale';

/** What the operations after a sale need: the journal, the gateway, the lane, the printer. */
export interface OperationDependencies {
  readonly journal: Journal;
  readonly client: GatewayClient;
  readonly merchid: string;
  readonly terminalId: string;
  readonly training: boolean;
  /** Whether the merchant takes tips (a capture may then exceed the authorization). */
  readonly tips: boolean;
  readonly printer?: { readonly printer: ReceiptPrinter; readonly profile: PrinterProfile };
  /** The profile a reprint is drawn with when no printer is configured. */
  readonly previewProfile: PrinterProfile;
  readonly now: () => number;
  /** Told when the slips go to the printer. */
  readonly onPrinting?: () => void;
}

const money = (minor: number) => `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

/** The journal's approved authorization for an order id, or a failure that names it. */
function authorizationOf(journal: Journal, orderId: string): JournalEntry & { outcome: NonNullable<JournalEntry['outcome']> } {
  const entry = journal.authorization(orderId);
  if (!entry || !entry.outcome) {
    throw new CommandFailure('failed_precondition', `No approved sale or authorization has order id ${orderId} in this lane's journal.`, 'orderId');
  }
  return entry as JournalEntry & { outcome: NonNullable<JournalEntry['outcome']> };
}

/** The authorization's record now: voidable, refundable, what it still holds. Nothing is sent when this fails. */
async function currentRecord(deps: OperationDependencies, retref: string): Promise<TransactionRecord> {
  try {
    return await deps.client.inquire({ merchid: deps.merchid, retref });
  } catch (error) {
    if (error instanceof AuthenticationError) throw new CommandFailure('failed_precondition', `The gateway refused the lane's credentials, so nothing was sent: ${error.message}`);
    if (error instanceof GatewayError) throw new CommandFailure('failed_precondition', `The gateway could not be asked how the sale stands, so nothing was sent: ${error.message}. Try again.`);
    throw error;
  }
}

/**
 * A capture, void or refund of a sale this lane made, by its order id. The sale's state is
 * read from the gateway first, so the cashier hears "settled: refund it instead" before
 * anything is sent; then the call goes through the journal, and a void or refund prints its
 * slips.
 */
export async function followUp(
  deps: OperationDependencies,
  operation: FollowUpOperation,
  request: { orderId: string; amountMinor?: number; tipMinor?: number },
): Promise<FollowUpSummary> {
  const auth = authorizationOf(deps.journal, request.orderId);
  const retref = auth.outcome.retref!;
  const record = await currentRecord(deps, retref);
  const held = record.amount ?? auth.outcome.amountMinor ?? auth.amountMinor;
  let amountMinor: number | undefined;
  let journalAmountMinor: number;
  let detail: Record<string, number> | undefined;
  if (operation === 'capture') {
    if (record.setlstat !== 'Authorized') throw new CommandFailure('failed_precondition', `Order ${request.orderId} cannot be captured: the gateway has it ${record.setlstat ?? 'in an unknown state'}.`, 'orderId');
    const tip = request.tipMinor ?? 0;
    if (tip > 0 && !deps.tips) throw new CommandFailure('failed_precondition', 'This merchant does not take tips: capture without one.', 'tipMinor');
    amountMinor = held + tip;
    journalAmountMinor = amountMinor;
    if (tip > 0) detail = { tipMinor: tip };
  } else if (operation === 'void') {
    if (record.voidable !== true) throw new CommandFailure('failed_precondition', `Order ${request.orderId} can no longer be voided (${record.setlstat ?? 'settled'}): refund it instead.`, 'orderId');
    if (request.amountMinor !== undefined && request.amountMinor > held) throw new CommandFailure('invalid_argument', `The void (${money(request.amountMinor)}) is more than the sale holds (${money(held)}).`, 'amountMinor');
    if (request.amountMinor !== undefined && request.amountMinor < held && record.setlstat !== 'Authorized') {
      throw new CommandFailure('failed_precondition', 'Part of a captured sale cannot be voided: void all of it, or refund part once it has settled.', 'amountMinor');
    }
    // A void of the whole amount is sent without one, as the gateway prefers.
    amountMinor = request.amountMinor !== undefined && request.amountMinor < held ? request.amountMinor : undefined;
    journalAmountMinor = amountMinor ?? held;
  } else {
    if (record.refundable !== true) throw new CommandFailure('failed_precondition', `Order ${request.orderId} cannot be refunded yet: it has not settled. Void it instead.`, 'orderId');
    const original = auth.outcome.amountMinor ?? auth.amountMinor;
    if (request.amountMinor !== undefined && request.amountMinor > original) throw new CommandFailure('invalid_argument', `The refund (${money(request.amountMinor)}) is more than the sale (${money(original)}).`, 'amountMinor');
    amountMinor = request.amountMinor;
    journalAmountMinor = amountMinor ?? original;
  }
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
    if (error instanceof ValidationError) throw new CommandFailure('invalid_argument', `Nothing was sent: ${error.message}`, error.field);
    if (error instanceof GatewayError) throw new CommandFailure('failed_precondition', `Nothing was sent: ${error.message}`);
    throw error;
  }
  const base = { operation, orderId: request.orderId, amountMinor: journalAmountMinor, remainingMinor: null, retref: null, printed: false, printProblem: null } as const;
  switch (result.kind) {
    case 'retry':
      return { ...base, outcome: 'retry', reason: `${result.error.resptext ?? 'The processor did not answer'}: try again.` };
    case 'unknown':
      return { ...base, outcome: 'unknown', reason: operation === 'refund' ? 'The answer was lost: check the settlement report before refunding again.' : 'The answer was lost and the gateway has not answered since: it is queued and checked again.' };
    case 'recovered':
      if (!result.applied) return { ...base, outcome: 'not-applied', reason: 'The answer was lost and the gateway shows nothing changed: try again.' };
      return finish(deps, auth, operation, { ...base, outcome: 'approved', reason: null, remainingMinor: operation === 'void' ? (result.record.amount ?? null) : null }, detail?.tipMinor);
    case 'answered': {
      const answer = result.answer;
      const approved = 'respstat' in answer ? answer.respstat === 'A' : answer.found;
      if (!approved) {
        const reason = 'resptext' in answer ? (answer.resptext ?? 'Declined') : `The gateway has no sale with this reference (${'setlstat' in answer ? answer.setlstat : 'not found'})`;
        return { ...base, outcome: 'declined', reason };
      }
      const remainingMinor = operation === 'void' ? (answer.amount ?? null) : null;
      const amount = operation === 'void' ? held - (remainingMinor ?? 0) : (answer.amount ?? journalAmountMinor);
      return finish(deps, auth, operation, { ...base, outcome: 'approved', reason: null, amountMinor: amount, remainingMinor, retref: operation === 'refund' ? (answer.retref ?? null) : null }, detail?.tipMinor);
    }
  }
}

/** Prints the slips of an approved void or refund, and of a capture with a tip. */
async function finish(deps: OperationDependencies, auth: JournalEntry, operation: FollowUpOperation, summary: FollowUpSummary, tipMinor: number | undefined): Promise<FollowUpSummary> {
  if (operation === 'capture' && !tipMinor) return summary;
  if (!deps.printer) return { ...summary, printProblem: 'no printer is configured' };
  const kind: ReceiptKind = operation === 'capture' ? 'sale' : operation;
  const facts: ReceiptFacts = {
    ...factsFromJournal(auth, deps),
    kind,
    amountMinor: summary.amountMinor,
    ...(tipMinor ? { tipMinor } : {}),
    ...(summary.retref ? { gateway: { ...factsFromJournal(auth, deps).gateway, retref: summary.retref } } : {}),
  };
  const documents = (['merchant', 'customer'] as const).map((copy) => buildReceipt(facts, { copy, training: deps.training, duplicate: false, printedAt: new Date(deps.now()), columns: deps.printer!.profile.columns }));
  deps.onPrinting?.();
  const printed = await printReceipts(deps.printer, documents);
  return { ...summary, printed: printed.ok, printProblem: printed.problem ?? null };
}

const entryMethods: Record<string, string> = { swipe: 'Swiped', chip: 'Chip Read', contactless: 'Contactless', 'fallback-swipe': 'Fallback Swipe', keyed: 'Keyed', ach: 'Electronic check', profile: 'Card on file' };

/** Receipt facts from what the journal kept of an authorization: masked card, the answer, the receipt object. */
export function factsFromJournal(entry: JournalEntry, lane: { merchid: string; terminalId: string }): Omit<ReceiptFacts, 'kind'> {
  const outcome = entry.outcome ?? {};
  let emv: EmvTagData | undefined;
  try {
    emv = outcome.emvTagData ? (JSON.parse(outcome.emvTagData) as EmvTagData) : undefined;
  } catch {
    emv = undefined;
  }
  const digits = (entry.maskedPan ?? '').replace(/\D/g, '');
  const prefix = (entry.maskedPan ?? '').match(/^\d+/)?.[0] ?? '';
  const detected = prefix.length >= 4 ? creditCardType(prefix)[0]?.niceType : undefined;
  const brand = entry.entryMode === 'ach' ? 'CHECK' : (emv?.applicationLabel ?? emv?.networkLabel ?? detected ?? 'CARD').toUpperCase();
  const amount = outcome.amountMinor === undefined ? entry.amountMinor : Math.abs(outcome.amountMinor);
  return {
    amountMinor: amount,
    card: { lastFour: digits.slice(-4) || '----', brand, entryMethod: entryMethods[entry.entryMode ?? ''] ?? 'Unknown' },
    gateway: {
      ...(outcome.retref ? { retref: outcome.retref } : {}),
      ...(outcome.authcode ? { authcode: outcome.authcode } : {}),
      ...(outcome.respcode ? { respcode: outcome.respcode } : {}),
      ...(outcome.resptext ? { resptext: outcome.resptext } : {}),
      ...(outcome.batchid ? { batchid: outcome.batchid } : {}),
      orderId: entry.orderId,
    },
    ...(emv ? { emv } : {}),
    ...(outcome.receipt ? { merchant: outcome.receipt as GatewayReceipt } : {}),
    // The journal keeps no signature image: a reprint shows the line to sign when one was asked for.
    signature: { required: entry.detail?.signatureRequired === true || emv?.signature === 'true' },
    merchantId: lane.merchid,
    terminalId: lane.terminalId,
  };
}

const receiptKindOf = (entry: JournalEntry): ReceiptKind =>
  entry.outcome?.respstat !== 'A' ? 'decline' : entry.detail?.tender === 'authorize' ? 'authorization' : entry.detail?.tender === 'forced-credit' ? 'refund' : 'sale';

/**
 * A sale's receipt again, marked DUPLICATE (unless `duplicate` is false: the first print of an
 * approval recovery found later): printed when a printer is there, and as a PNG for the screen.
 */
export async function reprint(deps: OperationDependencies, request: { orderId: string; copy?: 'merchant' | 'customer'; duplicate?: boolean }): Promise<{ printed: boolean; problem: string | null; png: string }> {
  const entry = deps.journal.list({ orderId: request.orderId, operation: 'auth' }).find((candidate) => candidate.outcome?.respstat === 'A' || candidate.outcome?.respstat === 'C');
  if (!entry) throw new CommandFailure('failed_precondition', `No answered sale has order id ${request.orderId} in this lane's journal, so there is no receipt to print.`, 'orderId');
  const profile = deps.printer?.profile ?? deps.previewProfile;
  const document: ReceiptDocument = buildReceipt(
    { ...factsFromJournal(entry, deps), kind: receiptKindOf(entry) },
    { copy: request.copy ?? 'customer', training: deps.training, duplicate: request.duplicate ?? true, printedAt: new Date(deps.now()), columns: profile.columns },
  );
  const png = `data:image/png;base64,${receiptPng(document, profile).toString('base64')}`;
  if (!deps.printer) return { printed: false, problem: 'no printer is configured', png };
  const printed = await printReceipts(deps.printer, [document]);
  return { printed: printed.ok, problem: printed.problem ?? null, png };
}

export function entryView(entry: JournalEntry): JournalEntryView {
  return {
    id: entry.id,
    operation: entry.operation,
    orderId: entry.orderId,
    amountMinor: entry.amountMinor,
    maskedPan: entry.maskedPan ?? null,
    entryMode: entry.entryMode ?? null,
    state: entry.state,
    createdAt: entry.createdAt,
    respstat: entry.outcome?.respstat ?? null,
    resptext: entry.outcome?.resptext ?? null,
    authcode: entry.outcome?.authcode ?? null,
    retref: entry.outcome?.retref ?? null,
    note: entry.note,
  };
}

/** The journal's rows for an order id or a retrieval reference, and the gateway's records of it now. */
export async function lookup(deps: Pick<OperationDependencies, 'journal' | 'client' | 'merchid'>, key: { orderId?: string; retref?: string }): Promise<LookupResult> {
  const entries = deps.journal.list(key.retref ? { retref: key.retref } : { orderId: key.orderId! }).map(entryView);
  try {
    const records = key.retref ? [await deps.client.inquire({ merchid: deps.merchid, retref: key.retref })] : await deps.client.inquireByOrderid({ merchid: deps.merchid, orderid: key.orderId!, scope: 'merchant' });
    const real = records.filter((record) => !(record.respproc === 'PPS' && record.respcode === '29'));
    return {
      entries,
      gateway: real.map((record) => ({
        retref: record.retref ?? null,
        amountMinor: record.amount ?? null,
        respstat: record.respstat ?? null,
        resptext: record.resptext ?? null,
        setlstat: record.setlstat ?? null,
        voidable: record.voidable === true,
        refundable: record.refundable === true,
      })),
      gatewayProblem: null,
    };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return { entries, gateway: [], gatewayProblem: `The gateway could not be asked: ${error.message}` };
  }
}

/** The lane's local day [start, end) in epoch milliseconds, from YYYY-MM-DD or a Date. */
export function localDay(day: string | Date): { from: number; to: number } {
  const date = typeof day === 'string' ? new Date(`${day}T00:00:00`) : new Date(day.getFullYear(), day.getMonth(), day.getDate());
  if (Number.isNaN(date.getTime())) throw new CommandFailure('invalid_argument', `"${String(day)}" is not a day`, 'day');
  const next = new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1);
  return { from: date.getTime(), to: next.getTime() };
}

/** The journal's history, filtered as the history screen asks. */
export function history(journal: Journal, filter: { lastFour?: string; amountMinor?: number; orderId?: string; day?: string; limit?: number }): JournalEntryView[] {
  const range = filter.day ? localDay(filter.day) : undefined;
  return journal
    .list({
      ...(filter.lastFour ? { lastFour: filter.lastFour } : {}),
      ...(filter.amountMinor !== undefined ? { amountMinor: filter.amountMinor } : {}),
      ...(filter.orderId ? { orderId: filter.orderId } : {}),
      ...(range ? range : {}),
      limit: filter.limit ?? 100,
    })
    .map(entryView);
}

type DayStatus = EndOfDayReport['journal'][number]['status'];

/** Which bar of the day's chart a journal row belongs to. */
function dayStatus(entry: JournalEntry): DayStatus | undefined {
  if (entry.state === 'pending' || entry.state === 'unknown') return 'unknown';
  if (entry.state === 'not-sent') return 'not-sent';
  const approved = entry.outcome?.respstat === 'A' || entry.outcome?.applied === true;
  if (entry.operation === 'auth') return approved ? 'approved' : entry.outcome?.respstat === 'C' ? 'declined' : undefined;
  if (!approved) return undefined;
  return entry.operation === 'void' || entry.operation === 'voidByOrderId' ? 'voided' : entry.operation === 'refund' ? 'refunded' : 'captured';
}

/**
 * End of day: the gateway's settlement status by date (MMDD) or batch id, and the lane's own
 * journal for the day by status. When the gateway cannot be reached the journal's part still
 * comes back, with the reason.
 */
export async function endOfDay(deps: Pick<OperationDependencies, 'journal' | 'client' | 'merchid' | 'now'>, query: { date?: string; batchid?: string }): Promise<EndOfDayReport> {
  if (query.date && query.batchid) throw new CommandFailure('invalid_argument', 'Ask by date or by batch id, not both.', 'batchid');
  const today = new Date(deps.now());
  const mmdd = query.date ?? `${String(today.getMonth() + 1).padStart(2, '0')}${String(today.getDate()).padStart(2, '0')}`;
  const reportQuery = query.batchid ? { batchid: query.batchid } : { date: mmdd };
  // The journal's day is the MMDD in this year, or last year's when that day is still ahead.
  let year = today.getFullYear();
  const month = Number(mmdd.slice(0, 2)) - 1;
  const dayOfMonth = Number(mmdd.slice(2, 4));
  if (new Date(year, month, dayOfMonth).getTime() > today.getTime()) year -= 1;
  const range = localDay(new Date(year, month, dayOfMonth));
  const totals = new Map<DayStatus, { count: number; amountMinor: number }>();
  for (const entry of deps.journal.list({ ...range, limit: 100_000 })) {
    const status = dayStatus(entry);
    if (!status) continue;
    const total = totals.get(status) ?? { count: 0, amountMinor: 0 };
    total.count += 1;
    // An approval counts what was approved (a partial approval less than asked); anything else what was asked.
    total.amountMinor += entry.operation === 'auth' && status === 'approved' && entry.outcome?.amountMinor !== undefined ? entry.outcome.amountMinor : entry.amountMinor;
    totals.set(status, total);
  }
  const order: DayStatus[] = ['approved', 'declined', 'captured', 'voided', 'refunded', 'unknown', 'not-sent'];
  const journal = order.filter((status) => totals.has(status)).map((status) => ({ status, ...totals.get(status)! }));
  try {
    const batches = await deps.client.settlementStatus({ merchid: deps.merchid, ...reportQuery });
    return {
      query: reportQuery,
      batches: batches.map((batch) => ({
        batchid: batch.batchid ?? null,
        hoststat: batch.hoststat ?? null,
        hostbatch: batch.hostbatch ?? null,
        count: batch.txns.length,
        totalMinor: batch.txns.reduce((sum, txn) => sum + (txn.setlamount ?? 0), 0),
        refundsMinor: batch.txns.reduce((sum, txn) => sum + Math.min(0, txn.setlamount ?? 0), 0),
      })),
      journal,
      gatewayProblem: null,
    };
  } catch (error) {
    if (error instanceof ValidationError) throw new CommandFailure('invalid_argument', error.message, error.field);
    if (!(error instanceof GatewayError)) throw error;
    return { query: reportQuery, batches: [], journal, gatewayProblem: `The gateway's settlement status could not be read: ${error.message}` };
  }
}

/** The recovery queue as the screen lists it. */
export function recoveryQueue(journal: Journal): RecoveryItem[] {
  return journal.unresolved().map((entry) => ({
    entryId: entry.id,
    operation: entry.operation,
    orderId: entry.orderId,
    amountMinor: entry.amountMinor,
    maskedPan: entry.maskedPan ?? null,
    since: entry.createdAt,
    note: entry.note,
    needsPerson: entry.note === refundNeedsPerson,
  }));
}
