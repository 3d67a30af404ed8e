import type { CartLine } from '../ipc/cart';
import type { CurrentSale, PayLink, SaleSummary, SaleTender } from '../ipc/contract';
import { LaneError } from '../errors';
import { formatMinorUnits } from '../../platform/money';
import type { TerminalStateStore } from './state-store';
import type { CardEntry } from '../ipc/tenders';

/** What a payment of the customer's sale asks. */
export interface PaymentRequest {
  readonly amountMinor: number;
  readonly tender: SaleTender;
  readonly entry: CardEntry;
  readonly tipMinor?: number;
  readonly cart?: readonly CartLine[];
  /** The first part of a sale of this total (split tender): `amountMinor` is less. */
  readonly totalMinor?: number;
}

/** Results that moved money: what a later payment of the same customer keeps ("earlier cards"). */
const tookMoney = (result: SaleSummary) => result.outcome === 'approved' || result.outcome === 'partial';

/** A card part stored offline pays its part (ADR 077): the customer leaves with the goods, the merchant carries the risk. */
const paidMinorOf = (summary: Pick<SaleSummary, 'outcome' | 'approvedMinor' | 'requestedMinor'>) =>
  summary.outcome === 'stored' ? summary.requestedMinor : summary.approvedMinor;

/**
 * What a sale owes after a payment: what it owed before (the payment's amount for a sale of one
 * payment) less what was approved; as before when nothing was.
 */
function dueAfter(
  sale: CurrentSale | null,
  summary: Pick<SaleSummary, 'outcome' | 'approvedMinor' | 'requestedMinor'>,
): number | null {
  if (!sale) return null;
  if (summary.outcome !== 'partial' && summary.outcome !== 'approved' && summary.outcome !== 'stored')
    return sale.dueMinor;
  const left = (sale.dueMinor ?? sale.amountMinor) - paidMinorOf(summary);
  return left > 0 ? left : null;
}

/** Whether any part of the sale paid something (a card part that took money, cash not handed back). */
export const paidParts = (sale: CurrentSale): boolean =>
  sale.results.some((result) => tookMoney(result) || result.outcome === 'stored') ||
  sale.cash.some((part) => !part.returned);

/** The refusal of a card part above what is still owed. */
const atMost = (owed: number) =>
  new LaneError('refused', `A card part can be at most ${formatMinorUnits(owed)}, what is still owed.`, 'amountMinor');

/**
 * The customer's sale, kept by the main process and published with `terminal.state`, so a screen
 * that reloads or a second window shows the sale as it stands (the card wait with its amount and
 * Cancel, the result, the balance still owed after a partial approval) instead of a blank "New
 * sale". A sale begins with its first payment and ends with `clear` (New sale); while money is
 * still owed after a partial approval, only that amount may be charged and nothing ends it but
 * the rest tendered or the approval voided.
 */
export interface SaleKeeper {
  current(): CurrentSale | null;
  /** A payment starts; throws (nothing published) when the amount is not what is still owed. */
  begin(request: PaymentRequest): void;
  /** What the sale would still owe after a payment with this outcome (nothing changes). */
  dueAfter(summary: Pick<SaleSummary, 'outcome' | 'approvedMinor' | 'requestedMinor'>): number | null;
  /**
   * The customer chose a tip on the integrated terminal for the payment running: it now asks that
   * much more, so what is owed after a partial approval includes the tip (published).
   */
  tipped(tipMinor: number): void;
  /** The payment ended with an outcome. */
  finished(summary: SaleSummary): void;
  /** The payment stopped before anything was charged (canceled, no card in time, refused); `publish` when no phase change follows. */
  stopped(problem: string, publish?: boolean): void;
  /**
   * The journal says an approval of this sale was voided: it shows as voided (its money back on
   * the card) and nothing is owed on it any more; whether anything changed. Published at once
   * with `publish`.
   */
  voided(orderId: string, publish?: boolean): boolean;
  /**
   * The order of the approval whose rest the cashier says was taken outside the lane; refused
   * while a payment runs, when nothing is owed, or when `amountMinor` is not what is owed.
   */
  restOwed(amountMinor: number): string;
  /** The rest was journaled as taken outside the lane: the sale is complete (published). */
  restTakenOutside(amountMinor: number): void;
  /**
   * The sale's parts as the journal now has them (a cash part taken, a part returned): the sale
   * shows its total, cash and balance from there (published). A new sale of cash alone starts here.
   */
  parts(
    change: Pick<CurrentSale, 'totalMinor' | 'cash' | 'dueMinor'> & Partial<Pick<CurrentSale, 'cart' | 'results'>>,
  ): void;
  /** The lane starts with a split sale the journal kept open: shown as it was left, nothing running; null: every part went back, the sale is over. */
  restore(sale: CurrentSale | null): void;
  /** Staff changed what a partly paid sale buys: it now owes `dueMinor` (0: nothing); refused when nothing was owed. */
  owe(dueMinor: number): void;
  /** A wallet payment's pay link opened (the QR code to show) or closed (null); published at once unless `publish` is false. */
  payLink(link: PayLink | null, publish?: boolean): void;
  /** New sale: refused while a payment runs or money is still owed. */
  clear(): void;
}

export function createSaleKeeper(state: TerminalStateStore): SaleKeeper {
  const current = () => state.current().sale;
  const update = (change: Partial<CurrentSale>, publish = false) => {
    const sale = current();
    if (sale) state.setSale({ ...sale, ...change }, publish);
  };
  return {
    current,
    begin(request) {
      const sale = current();
      const owed = sale?.dueMinor ?? null;
      if (owed !== null && request.totalMinor !== undefined)
        throw new LaneError(
          'refused',
          `${formatMinorUnits(owed)} is still owed on this sale: take a part of it, not a new sale.`,
          'totalMinor',
        );
      if (owed !== null && request.amountMinor > owed) throw atMost(owed);
      if (request.totalMinor !== undefined && request.amountMinor >= request.totalMinor)
        throw new LaneError(
          'refused',
          `A part of a ${formatMinorUnits(request.totalMinor)} sale must be less than the whole: charge the sale as one payment.`,
          'amountMinor',
        );
      const continuing = owed !== null && sale !== null;
      state.setSale({
        amountMinor: request.amountMinor,
        tender: request.tender,
        entry: request.entry,
        tipMinor: continuing ? sale.tipMinor : (request.tipMinor ?? 0),
        cart: continuing ? sale.cart : (request.cart ?? null),
        running: true,
        // Another card after a decline replaces the decline; approvals of this customer stay.
        results: continuing ? sale.results.filter(tookMoney) : [],
        dueMinor: owed ?? request.totalMinor ?? null,
        restTakenOutsideMinor: null,
        problem: null,
        payLink: null,
        totalMinor: continuing ? sale.totalMinor : (request.totalMinor ?? null),
        cash: continuing ? sale.cash : [],
      });
    },
    dueAfter: (summary) => dueAfter(current(), summary),
    tipped(tipMinor) {
      const sale = current();
      if (sale?.running && tipMinor > 0)
        update({ amountMinor: sale.amountMinor + tipMinor, tipMinor: sale.tipMinor + tipMinor }, true);
    },
    finished(summary) {
      const sale = current();
      if (!sale) return;
      const dueMinor = dueAfter(sale, summary);
      update({ running: false, results: [...sale.results, summary], dueMinor, problem: null, payLink: null });
    },
    stopped(problem, publish = false) {
      update({ running: false, problem, payLink: null }, publish);
    },
    payLink(link, publish = true) {
      update({ payLink: link }, publish);
    },
    voided(orderId, publish = false) {
      const sale = current();
      const voided = (result: SaleSummary) => result.orderId === orderId && tookMoney(result);
      if (!sale?.results.some(voided)) return false;
      const results = sale.results.map((result) =>
        voided(result) ? { ...result, outcome: 'voided' as const } : result,
      );
      // A split sale's balance is the journal's to say (customer-sale.ts follows it).
      update(sale.totalMinor === null ? { results, dueMinor: null } : { results }, publish);
      return true;
    },
    restOwed(amountMinor) {
      const sale = current();
      if (sale?.running) throw new LaneError('refused', 'A payment is still running: finish or cancel it first.');
      const approval = sale?.results.findLast(tookMoney);
      if (!sale || sale.dueMinor === null || !approval)
        throw new LaneError('refused', 'Nothing is owed on this sale: there is no rest to record.');
      if (amountMinor !== sale.dueMinor)
        throw new LaneError(
          'refused',
          `${formatMinorUnits(sale.dueMinor)} is still owed: record that amount, taken another way, or void the approval.`,
          'amountMinor',
        );
      return approval.orderId;
    },
    restTakenOutside(amountMinor) {
      update({ dueMinor: null, restTakenOutsideMinor: amountMinor, problem: null }, true);
    },
    parts(change) {
      const sale = current();
      if (sale) return update({ ...change, problem: null }, true);
      state.setSale(
        {
          amountMinor: change.totalMinor ?? 0,
          tender: 'sale',
          entry: 'card',
          tipMinor: 0,
          cart: null,
          running: false,
          results: [],
          restTakenOutsideMinor: null,
          problem: null,
          payLink: null,
          ...change,
        },
        true,
      );
    },
    restore(sale) {
      state.setSale(sale, true);
    },
    owe(dueMinor) {
      const sale = current();
      if (sale?.dueMinor === null || sale === null)
        throw new LaneError('refused', 'Nothing is owed on this sale: there is no rest to change.');
      update({ dueMinor: dueMinor > 0 ? dueMinor : null }, true);
    },
    clear() {
      const sale = current();
      if (!sale) return;
      if (sale.running) throw new LaneError('refused', 'A payment is still running: finish or cancel it first.');
      if (sale.dueMinor !== null && sale.totalMinor !== null && paidParts(sale))
        throw new LaneError(
          'refused',
          `${formatMinorUnits(sale.dueMinor)} is still owed: take the rest, or cancel the sale (its paid parts go back).`,
        );
      if (sale.dueMinor !== null && sale.totalMinor === null)
        throw new LaneError(
          'refused',
          `${formatMinorUnits(sale.dueMinor)} is still owed after the partial approval: take the rest, or void the approval first.`,
        );
      state.setSale(null, true);
    },
  };
}
