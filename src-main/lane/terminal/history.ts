import { GatewayError } from '../gateway/errors';
import {
  refundReasonWords,
  type JournalEntryView,
  type LookupResult,
  type RecoveryItem,
  type RefundReason,
  voidReasonWords,
  type VoidReason,
} from '../ipc/contract';
import { journalBrand } from '../receipt/facts';
import { avsAnswer } from '../payment/avs-words';
import { refundNeedsPerson } from '../journal/follow-ups';
import type { Journal, JournalEntry } from '../journal/journal';
import { localDay } from './end-of-day';
import type { OperationDependencies } from './lane-dependencies';
import { followUpsUsedUp, orderMoney, tookEffect, type OrderMoney } from './order-money';

/** A journal row as the screens show it; a sale's row carries what its order's money did since. */
export function entryView(entry: JournalEntry, money?: OrderMoney): JournalEntryView {
  const reason =
    entry.operation === 'refund' && typeof entry.detail?.reason === 'string' && entry.detail.reason in refundReasonWords
      ? (entry.detail.reason as RefundReason)
      : null;
  const voidReason =
    entry.operation === 'void' && typeof entry.detail?.reason === 'string' && entry.detail.reason in voidReasonWords
      ? (entry.detail.reason as VoidReason)
      : null;
  const tender = typeof entry.detail?.tender === 'string' ? entry.detail.tender : null;
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
    money:
      entry.operation === 'auth' && money
        ? {
            requestedMinor: money.requestedMinor,
            approvedMinor: money.approvedMinor,
            capturedMinor: money.capturedMinor,
            voidedMinor: money.voidedMinor,
            fullyVoided: money.fullyVoided,
            refundedMinor: money.refundedMinor,
            refundsInDoubt: money.refundsInDoubt,
            tender,
            usedUp: followUpsUsedUp(money, tender),
          }
        : null,
    reason,
    voidReason,
    brand: entry.operation === 'auth' ? journalBrand(entry) : null,
    avs: entry.operation === 'auth' ? (avsAnswer(entry.outcome?.avsresp) ?? null) : null,
  };
}

/** Journal rows as the screens show them, each sale's row with its order's money. */
function viewsOf(journal: Journal, entries: readonly JournalEntry[]): JournalEntryView[] {
  const orders = new Map<string, OrderMoney>();
  return entries.map((entry) => {
    if (entry.operation !== 'auth') return entryView(entry);
    let money = orders.get(entry.orderId);
    if (!money) {
      money = orderMoney(entry.orderId, journal.list({ orderId: entry.orderId, limit: 1000 }));
      orders.set(entry.orderId, money);
    }
    // Only the order's approved authorization carries its money: a declined try under the same order stays declined.
    return entryView(entry, tookEffect(entry) ? money : undefined);
  });
}

/** The journal's rows for an order id or a retrieval reference, and the gateway's records of it now. */
export async function lookup(
  deps: Pick<OperationDependencies, 'journal' | 'client' | 'merchid'>,
  key: { orderId?: string; retref?: string },
): Promise<LookupResult> {
  const entries = viewsOf(
    deps.journal,
    deps.journal.list(key.retref ? { retref: key.retref } : { orderId: key.orderId! }),
  );
  try {
    const records = key.retref
      ? [await deps.client.inquire({ merchid: deps.merchid, retref: key.retref })]
      : await deps.client.inquireByOrderid({ merchid: deps.merchid, orderid: key.orderId!, scope: 'merchant' });
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

/** The journal's history, filtered as the history screen asks. */
export function history(
  journal: Journal,
  filter: { lastFour?: string; amountMinor?: number; orderId?: string; day?: string; limit?: number },
): JournalEntryView[] {
  const range = filter.day ? localDay(filter.day) : undefined;
  const rows = journal.list({
    ...(filter.lastFour ? { lastFour: filter.lastFour } : {}),
    ...(filter.amountMinor !== undefined ? { amountMinor: filter.amountMinor } : {}),
    ...(filter.orderId ? { orderId: filter.orderId } : {}),
    ...(range ? range : {}),
    limit: filter.limit ?? 100,
  });
  return viewsOf(journal, rows);
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
