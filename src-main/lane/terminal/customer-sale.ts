import { LaneError } from '../errors';
import type { CurrentSale, PayLink, SaleOutcomeNotice, SaleSummary, SaleTender } from '../ipc/contract';
import type { Journal } from '../journal/journal';
import type { Logger } from '../../platform/log/logger';
import { createSaleKeeper, type PaymentRequest, type SaleKeeper } from './current-sale';
import { onePaymentAtATime } from './one-payment';
import { orderMoney, tookEffect } from './order-money';
import { cardPartSummary, restoredSale, splitStanding, type SplitStanding } from './split-sale';
import type { KnownOutcome } from './sale';
import { outcomeNotice, saleDoneLine } from './sale-summary';
import type { TerminalStateStore } from './state-store';
import { stoppedPayment } from './stopped-payment';
import { refuseWhileUnrecorded } from './unrecorded-sale';

/**
 * The customer's sale as the lane lives it: one money-moving operation at a time, the payments
 * of one customer kept together until the next customer starts, and each payment's end told to
 * the state machine and the sale keeper the same way whichever tender it was.
 */
export interface CustomerSale {
  /** One payment of the sale, kept while it runs so a screen connecting meanwhile shows it. */
  payment(
    key: string,
    request: PaymentRequest,
    work: (abort: AbortController) => Promise<SaleSummary>,
  ): Promise<SaleSummary>;
  /** Any other money-moving operation (a capture, a void, a refund) under the same guard. */
  single<T>(key: string, work: (abort: AbortController) => Promise<T>): Promise<T>;
  /**
   * A payment's outcome is final, its receipts not yet printed: told to the screens at once
   * (`terminal.outcome`) with what the sale will then owe. The sale is still running until `finished`.
   */
  outcomeKnown(known: KnownOutcome, tender: SaleTender, requestedMinor: number): void;
  /** The customer chose a tip on the integrated terminal: the payment running asks it too (SaleKeeper.tipped). */
  tipped(tipMinor: number): void;
  /** A payment ended with an outcome: kept for the screen and said by the state machine. */
  finished(summary: SaleSummary): SaleSummary;
  /** A payment stopped without an outcome; throws the error the screen shows. */
  stopped(error: unknown, abort?: AbortController): never;
  /**
   * Reads this sale's approvals back from the journal: one it shows voided (however the void
   * came in: this screen, History, another window, recovery finding a lost void applied) is
   * shown voided. Published at once with `publish`.
   */
  followJournal(publish?: boolean): void;
  /**
   * The cashier took the rest of a partly approved sale outside the lane: journaled with the
   * amount and `by` (the cashier id) before the sale says it is complete.
   */
  restTakenOutside(amountMinor: number, by: string): void;
  /** What a partly paid sale still owes changed (staff changed what it buys); refused while a payment runs. */
  owe(dueMinor: number): void;
  /** The wallet payment's pay link for the screens (null when it closes); published at once unless `publish` is false. */
  payLink(link: PayLink | null, publish?: boolean): void;
  /** Aborts the operation running; whether there was one. */
  cancel(): boolean;
  /** Ends the customer's sale for the next one. */
  next(): void;
  /** The customer's sale as the lane holds it. */
  current(): CurrentSale | null;
  /**
   * The open split sale's standing, worked out from the journal (ADR 072): shown on the sale
   * (total, cash, balance), and when nothing is owed any more the sale is marked paid. `cart`
   * for a sale that starts with this part. Undefined when none is open.
   */
  syncSplit(cart?: CurrentSale['cart']): SplitStanding | undefined;
  /** Opens the split sale in the journal for the sale owing money, when it has none yet (a partial approval paid on in parts). */
  splitFromOwing(): void;
  /** Whether a payment or follow-up runs now. */
  busy(): boolean;
  /** At start: the split sale the journal kept open is shown again, with its parts and balance. */
  resume(): boolean;
  /** Every paid part went back: the sale is over, for the next customer. */
  ended(): void;
  /**
   * The lane stops (ADR 046). A payment at a human step (the card, the signature: nothing sent)
   * is canceled as Cancel would, and its end awaited; one whose request may have left is awaited
   * as it is, never canceled (the caller bounds the wait; its row then stays pending for
   * recovery). Then a complete sale is closed, and one still owing money, or whose payment this
   * stop ended, is parked: left open in the journal, so the next start shows it again as after a
   * crash. Resolves with what became of the sale.
   */
  stop(): Promise<'none' | 'closed' | 'parked'>;
}

export interface CustomerSaleOptions {
  readonly state: TerminalStateStore;
  readonly journal: () => Journal;
  readonly logger: Logger;
  /** Told each payment's outcome before its receipts (the `terminal.outcome` event). */
  readonly onOutcome?: (notice: SaleOutcomeNotice) => void;
  /** Runs after each operation, however it ended (recovery publishes and schedules). */
  readonly onOperationEnd: () => void;
  /** A split sale was paid in full (its last part, card or cash): the receipt listing every tender prints. */
  readonly onSplitPaid?: (standing: SplitStanding) => void;
}

/** The lane's customer sale over its state store and journal. */
export function createCustomerSale(options: CustomerSaleOptions): CustomerSale {
  const { state, logger } = options;
  const keeper: SaleKeeper = createSaleKeeper(state);
  let stopping = false;
  // Once the lane stops, an operation's end does not start recovery on a journal about to close.
  const guard = onePaymentAtATime(() => {
    if (!stopping) options.onOperationEnd();
  });

  // The customer's sale is over: its outcomes were on the screen, so a crash from now on does not show them again.
  let saleOpen = false;
  const closeSale = () => {
    if (!saleOpen) return;
    saleOpen = false;
    try {
      options.journal().closeSale();
    } catch (error) {
      logger.warn({ err: error }, 'the journal could not close the sale: its outcomes are shown again after a restart');
    }
  };

  /** The split sale's balance from the journal's rows onto the sale; marked paid once nothing is owed. */
  const syncSplit = (cart?: CurrentSale['cart']): SplitStanding | undefined => {
    const journal = options.journal();
    const open = journal.split.open();
    if (!open) return undefined;
    const standing = splitStanding(journal, journal.split.rows(open.id));
    const sale = keeper.current();
    if (!sale && cart !== undefined) saleOpen = true;
    // A card part recovery found approved (its answer lost in a crash) joins the sale's results.
    const shown = new Set(sale?.results.map((result) => result.orderId));
    const found = standing.cards.filter((card) => !shown.has(card.entry.orderId)).map(cardPartSummary);
    keeper.parts({
      totalMinor: standing.totalMinor,
      cash: standing.cash,
      dueMinor: standing.dueMinor,
      ...(cart !== undefined && !sale ? { cart } : {}),
      ...(sale && found.length > 0 ? { results: [...sale.results, ...found] } : {}),
    });
    if (standing.dueMinor === null) journal.split.end(open.id, 'paid');
    return standing;
  };
  /** The split sale followed after a card part or a void; a journal that cannot be read leaves the sale as the lane counted it. */
  const followSplit = () => {
    try {
      const standing = syncSplit();
      if (standing && standing.dueMinor === null) options.onSplitPaid?.(standing);
    } catch (error) {
      logger.warn({ err: error }, 'the journal could not be read: the sale shows the balance the lane counted');
    }
  };
  /** A sale owing the rest of a partial approval, paid on in parts: its split sale opens with the approvals made so far. */
  const splitFromOwing = () => {
    const sale = keeper.current();
    const journal = options.journal();
    if (!sale || sale.dueMinor === null || journal.split.open()) return;
    const paid = sale.results.filter((r) => r.outcome === 'approved' || r.outcome === 'partial');
    const entries = paid.flatMap((r) => journal.list({ orderId: r.orderId, operation: 'auth' }).filter(tookEffect));
    const totalMinor = sale.dueMinor + paid.reduce((sum, r) => sum + r.approvedMinor, 0);
    journal.split.begin({ totalMinor, tipMinor: sale.tipMinor, cart: sale.cart, entryIds: entries.map((e) => e.id) });
    keeper.parts({ totalMinor, cash: sale.cash, dueMinor: sale.dueMinor });
  };

  return {
    payment: (key, request, work) =>
      guard.run(key, async (abort) => {
        // Checked before the sale is touched: the held sale stays on the screen as it was.
        refuseWhileUnrecorded(options.journal);
        if ((keeper.current()?.dueMinor ?? null) === null) closeSale(); // the next customer: the last one's outcomes were shown
        const owed = keeper.current()?.dueMinor ?? null;
        keeper.begin(request);
        saleOpen = true;
        if (request.totalMinor !== undefined)
          options.journal().split.begin({
            totalMinor: request.totalMinor,
            tipMinor: request.tipMinor ?? 0,
            cart: request.cart ?? null,
          });
        else if (owed !== null && request.amountMinor < owed) splitFromOwing();
        try {
          return await work(abort);
        } catch (error) {
          // An early failure (no reader, no journal) is published too.
          if (keeper.current()?.running) keeper.stopped(error instanceof Error ? error.message : String(error), true);
          throw error;
        }
      }),
    single: (key, work) => guard.run(key, work),
    outcomeKnown(known, tender, requestedMinor) {
      if (!options.onOutcome) return;
      const words = outcomeNotice(known, tender, requestedMinor, null);
      options.onOutcome({ ...words, dueMinor: keeper.dueAfter(words) });
    },
    finished(summary) {
      keeper.finished(summary);
      followSplit();
      state.enter('done', saleDoneLine(summary));
      return summary;
    },
    stopped: (error, abort) => stoppedPayment(error, { keeper, state, ...(abort ? { abort } : {}) }),
    followJournal(publish = false) {
      const split = (keeper.current()?.totalMinor ?? null) !== null && !guard.busy();
      const approvals = keeper.current()?.results.filter((r) => r.outcome === 'approved' || r.outcome === 'partial');
      if (!approvals?.length) {
        if (split) followSplit();
        return;
      }
      let journal: Journal;
      try {
        journal = options.journal();
      } catch (error) {
        logger.warn({ err: error }, 'the journal could not be read: the sale on the screen may miss a void');
        return;
      }
      for (const { orderId } of approvals) {
        if (orderMoney(orderId, journal.list({ orderId, limit: 1000 })).fullyVoided) keeper.voided(orderId, publish);
      }
      if (split) followSplit();
    },
    restTakenOutside(amountMinor, by) {
      if (guard.busy()) throw new LaneError('refused', 'A payment is running: wait for it before finishing the sale.');
      const orderId = keeper.restOwed(amountMinor);
      try {
        options.journal().day.recordOutsideTender({ orderId, amountMinor, recordedBy: by });
      } catch (error) {
        logger.error({ err: error, orderId }, 'the journal could not record the rest taken outside the lane');
        throw new LaneError(
          'refused',
          'The journal cannot be written, so the rest was not recorded: the sale still owes it. Free disk space or call support.',
        );
      }
      logger.info({ orderId, amountMinor, by }, 'the rest of a partly approved sale was taken outside the lane');
      keeper.restTakenOutside(amountMinor);
    },
    tipped: (tipMinor) => keeper.tipped(tipMinor),
    owe(dueMinor) {
      if (guard.busy()) throw new LaneError('refused', 'A payment is running: wait for it before changing the sale.');
      keeper.owe(dueMinor);
    },
    payLink: (link, publish) => keeper.payLink(link, publish),
    cancel: () => guard.cancel(),
    next() {
      keeper.clear();
      // A split sale with nothing paid (its first card declined) ends with its sale.
      try {
        const journal = options.journal();
        const open = journal.split.open();
        if (open) journal.split.end(open.id, 'cancelled', 'nothing was paid');
      } catch (error) {
        logger.warn(
          { err: error },
          'the journal could not end the unpaid split sale: it is shown again after a restart',
        );
      }
      closeSale();
    },
    current: () => keeper.current(),
    syncSplit: (cart) => syncSplit(cart),
    splitFromOwing: () => splitFromOwing(),
    busy: () => guard.busy(),
    resume() {
      const journal = options.journal();
      const open = journal.split.open();
      if (!open) return false;
      keeper.restore(restoredSale(journal, journal.split.rows(open.id)));
      saleOpen = true;
      return true;
    },
    ended() {
      keeper.restore(null);
      closeSale();
    },
    async stop() {
      stopping = true;
      const ended = guard.running();
      if (ended && humanSteps.has(state.current().phase)) guard.cancel();
      await ended?.catch(() => undefined);
      if (!saleOpen) return 'none';
      const sale = keeper.current();
      if (ended === undefined && sale !== null && sale.dueMinor === null) {
        closeSale();
        return 'closed';
      }
      logger.warn(
        { dueMinor: sale?.dueMinor ?? null, stoppedPayment: ended !== undefined },
        'the lane stopped with the sale open: it is kept in the journal and shown again at the next start',
      );
      return 'parked';
    },
  };
}

/** The phases where the sale waits for a person and nothing has been sent: a stop cancels them. */
const humanSteps = new Set(['awaiting-card', 'card-read', 'signature']);
