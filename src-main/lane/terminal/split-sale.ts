import { localStamp } from '../../platform/clock';
import type { CashPart, CurrentSale, SaleSummary, SaleTender } from '../ipc/contract';
import type { Journal, JournalEntry, SplitSaleRows } from '../journal/journal';
import { formatMinorUnits } from '../../platform/money';
import { journalBrand } from '../receipt/facts';
import type { ReceiptDocument, ReceiptLine } from '../receipt/model';
import { orderMoney, tookEffect } from './order-money';

/** A card part of a split sale that took effect, and what of it still stands (voids and refunds taken off). */
export interface CardPart {
  readonly entry: JournalEntry;
  /** What the approval paid of the sale: a surcharge on top of it is not the sale's money. */
  readonly approvedMinor: number;
  /** What of the approval still pays the sale: nothing once voided, less what was refunded. */
  readonly standingMinor: number;
  /** Stored offline (ADR 074), not sent yet: it pays its part (the merchant takes the risk within the offline limits). */
  readonly stored?: true;
}

/** A part stored offline and not known yet: stored, or being sent (its sealed request still kept). */
function storedPart(journal: Journal, entry: JournalEntry): boolean {
  if (entry.state === 'stored') return true;
  return (entry.state === 'pending' || entry.state === 'unknown') && journal.offline.sealedOf(entry.id) !== undefined;
}

/** A split sale as its journal rows say it stands (ADR 072): nothing here is stored, all is worked out. */
export interface SplitStanding {
  readonly saleId: number;
  readonly totalMinor: number;
  readonly cards: readonly CardPart[];
  readonly cash: readonly CashPart[];
  /** What the sale still owes; null when nothing. */
  readonly dueMinor: number | null;
  /** The cash rounding: what the drawer kept beyond what the cash paid of the sale. */
  readonly roundingMinor: number;
}

/** Reads a split sale's rows and works out its balance: the total less the card parts that took effect and the cash applied less handed back. */
export function splitStanding(journal: Journal, rows: SplitSaleRows): SplitStanding {
  const stored = rows.entries
    .filter((entry) => storedPart(journal, entry))
    .map((entry): CardPart => ({
      entry,
      approvedMinor: entry.amountMinor,
      standingMinor: entry.amountMinor,
      stored: true,
    }));
  const taken = rows.entries.filter(tookEffect).map((entry): CardPart => {
    const money = orderMoney(entry.orderId, journal.list({ orderId: entry.orderId, limit: 1000 }));
    // A surcharge the customer paid on top of the part is the card's fee, never the sale's money:
    // a $10.00 part approved as $10.30 pays $10.00 of the sale (ADR 069).
    const approvedMinor = Math.max(0, money.approvedMinor - (entry.outcome?.feeMinor ?? 0));
    const standingMinor = money.fullyVoided ? 0 : Math.max(0, approvedMinor - money.refundedMinor);
    return { entry, approvedMinor, standingMinor };
  });
  const cards = [...taken, ...stored].sort((a, b) => a.entry.id - b.entry.id);
  const returned = new Set(rows.cash.filter((row) => row.kind === 'returned').map((row) => row.orderId));
  const cash = rows.cash
    .filter((row) => row.kind === 'sale')
    .map((row): CashPart => ({
      orderId: row.orderId ?? '',
      appliedMinor: row.appliedMinor,
      tenderedMinor: row.tenderedMinor ?? 0,
      changeMinor: row.changeMinor ?? 0,
      returned: returned.has(row.orderId),
    }));
  const cardMinor = cards.reduce((sum, card) => sum + card.standingMinor, 0);
  const cashMinor = rows.cash.reduce((sum, row) => sum + row.appliedMinor, 0);
  const left = rows.sale.totalMinor - cardMinor - cashMinor;
  const roundingMinor = rows.cash
    .filter((row) => row.kind === 'sale' && !returned.has(row.orderId))
    .reduce((sum, row) => sum + row.amountMinor - row.appliedMinor, 0);
  return {
    saleId: rows.sale.id,
    totalMinor: rows.sale.totalMinor,
    cards,
    cash,
    dueMinor: left > 0 ? left : null,
    roundingMinor,
  };
}

/** A card part as the sale's results show it, rebuilt from its journal row (a sale restored after a crash). */
export function cardPartSummary(part: CardPart): SaleSummary {
  const { entry } = part;
  const detail = entry.detail ?? {};
  return {
    outcome: part.stored
      ? 'stored'
      : part.standingMinor === 0
        ? 'voided'
        : part.approvedMinor < entry.amountMinor
          ? 'partial'
          : 'approved',
    tender: (typeof detail.tender === 'string' ? detail.tender : 'sale') as SaleTender,
    orderId: entry.orderId,
    requestedMinor: entry.amountMinor,
    approvedMinor: part.approvedMinor,
    ...(entry.outcome?.feeMinor ? { surchargeMinor: entry.outcome.feeMinor } : {}),
    authcode: entry.outcome?.authcode ?? null,
    ...(entry.outcome?.retref ? { retref: entry.outcome.retref } : {}),
    reason: null,
    maskedPan: entry.maskedPan ?? '',
    entryMode: entry.entryMode ?? '',
    signatureRequired: detail.signatureRequired === true,
    printed: false,
    printProblem: null,
    receiptPng: null,
  };
}

/** The open split sale as the lane shows it after a restart: its total, parts and balance, nothing running. */
export function restoredSale(journal: Journal, rows: SplitSaleRows): CurrentSale {
  const standing = splitStanding(journal, rows);
  const results = standing.cards.map(cardPartSummary);
  const last = results.at(-1);
  return {
    amountMinor: last?.requestedMinor ?? standing.totalMinor,
    tender: last?.tender ?? 'sale',
    entry: 'card',
    tipMinor: rows.sale.tipMinor,
    cart: rows.sale.cart,
    running: false,
    results,
    dueMinor: standing.dueMinor,
    restTakenOutsideMinor: null,
    problem: null,
    payLink: null,
    totalMinor: standing.totalMinor,
    cash: standing.cash,
  };
}

const money = (minor: number) => formatMinorUnits(minor);

/** The surcharge a standing card part carried on top of what it paid of the sale. */
const surchargeOf = (card: CardPart) => (card.standingMinor > 0 ? (card.entry.outcome?.feeMinor ?? 0) : 0);

/**
 * The customer's receipt of a sale paid in parts or in cash: every tender as it was taken (each
 * card as the gateway's answer gave it, each cash part with its change), the cash rounding, the TOTAL.
 */
export function tenderReceipt(
  standing: SplitStanding,
  options: { training: boolean; terminalId: string; printedAt: Date; columns: number },
): ReceiptDocument {
  const lines: ReceiptLine[] = [];
  const pair = (left: string, right: string, bold = false) =>
    lines.push({ kind: 'pair', left, right, ...(bold ? { bold } : {}) });
  if (options.training)
    lines.push({ kind: 'text', text: '*** TRAINING - NO REAL MONEY ***', align: 'center', bold: true });
  lines.push({ kind: 'text', text: 'SALE', align: 'center', bold: true, large: true });
  pair('Terminal', options.terminalId);
  pair('Date', localStamp(options.printedAt));
  lines.push({ kind: 'rule' });
  pair('Amount', money(standing.totalMinor));
  for (const card of standing.cards) {
    if (card.standingMinor === 0) continue;
    pair(`${journalBrand(card.entry)} ${card.entry.maskedPan ?? ''}`.trim(), money(card.standingMinor));
    // A part stored offline has no approval yet: it says so, never an authorization code (ADR 077).
    if (card.stored) {
      pair(`  Order ${card.entry.orderId}`, 'OFFLINE');
      lines.push({ kind: 'text', text: '  Sent when the network is back', align: 'left' });
    } else pair(`  Order ${card.entry.orderId}`, `AUTH ${card.entry.outcome?.authcode ?? '-'}`);
    // The card's surcharge was paid on top of its part: the card's own slip itemizes it too.
    if (surchargeOf(card) > 0) pair('  SURCHARGE', money(surchargeOf(card)));
  }
  for (const cash of standing.cash) {
    if (cash.returned) continue;
    pair('CASH', money(cash.tenderedMinor));
    if (cash.changeMinor > 0) pair('  CHANGE', money(cash.changeMinor), true);
  }
  if (standing.roundingMinor !== 0) pair('Cash rounding', money(standing.roundingMinor));
  const surchargesMinor = standing.cards.reduce((sum, card) => sum + surchargeOf(card), 0);
  pair('TOTAL', money(standing.totalMinor + standing.roundingMinor + surchargesMinor), true);
  lines.push({ kind: 'rule' });
  return { kind: 'sale', copy: 'customer', columns: options.columns, lines };
}
