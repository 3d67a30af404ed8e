import type { Clock } from '../../platform/clock';
import { LaneError } from '../errors';
import type { KioskBasket, KioskPaymentView, KioskState, KioskStep, SaleSummary } from '../ipc/contract';
import { formatMinorUnits } from '../../platform/money';
import type { Logger } from '../../platform/log/logger';
import type { TerminalService } from '../terminal/terminal';
import type { TerminalStateStore } from '../terminal/state-store';
import { basketCart } from './basket';
import { paymentViews, paymentWords, sameOrders, visitPayment, type VisitPayment } from './visit-payments';
import { watchWalkAway } from './walk-away';

/** What the kiosk uses of the lane's terminal: its payments, cancel, void, reprint and the sale's end. */
export type KioskSales = Pick<
  TerminalService,
  'sale' | 'walletSale' | 'cancel' | 'void' | 'reprint' | 'newSale' | 'owe' | 'recover' | 'saleAmount' | 'recoveryQueue'
>;

/** The visit as the checkout sees it (kiosk-service.ts holds it). */
export interface CheckoutVisit {
  basket(): KioskBasket;
  step(): KioskStep;
  /** Moves the visit on and publishes it; the welcome empties the basket. */
  moveTo(step: KioskStep): void;
  /** A payment approved this much on the basket. */
  paid(approvedMinor: number): void;
  receipt(printed: KioskState['receipt']): void;
  /** A member of staff must come (published at once). */
  callStaff(why: string): void;
  staffCame(): void;
  staffNeeded(): string | null;
}

export interface KioskCheckoutOptions {
  readonly sales: KioskSales;
  readonly terminal: Pick<TerminalStateStore, 'current' | 'onChange'>;
  readonly walletEnabled: () => boolean;
  readonly visit: CheckoutVisit;
  readonly logger: Logger;
  /** How long a payment may wait at the card or the signature with nobody there before the visit is abandoned. */
  readonly walkAwayMs: number;
  readonly setTimer: Clock['setTimer'];
}

/** Paying the basket, the customer's receipt choice and the two ways a visit ends. */
export interface KioskCheckout {
  /** `language`: the visit's; the phone's pay page speaks it, with the kiosk's words. */
  pay(tender: 'card' | 'wallet', language: string): Promise<SaleSummary>;
  receipt(print: boolean): Promise<void>;
  finish(): void;
  /** `voids`: staff's confirmed list of the orders the clear voids (refused when it is not what the clear would void). */
  abandon(reason: 'idle' | 'customer' | 'staff', voids?: readonly string[]): Promise<void>;
  /** Staff void one approved payment of this visit; the basket owes it again. */
  voidPayment(orderId: string): Promise<void>;
  /** The visit's payments for the staff panel. */
  payments(): KioskPaymentView[];
  close(): void;
}

const money = (minor: number) => formatMinorUnits(minor);

/**
 * The money side of a kiosk visit, over the lane's own terminal: a card or wallet payment is the
 * counter's sale (one payment at a time, journaled, the rest after a partial approval paid the
 * way the counter pays it), a cancel is the counter's cancel and a void the counter's void. The
 * customer's receipt is held at payment time and printed, or not, when they choose. A visit
 * abandoned with a payment in flight waits for that payment's outcome before it voids anything,
 * so no approval arrives after the basket was cleared with nobody left to void it.
 */
export function createKioskCheckout(options: KioskCheckoutOptions): KioskCheckout {
  const { sales, visit, logger } = options;
  /** This visit's payments: approvals (voided on abandon while money is owed), unknown outcomes, declines. */
  let payments: VisitPayment[] = [];
  const inState = (state: VisitPayment['state']) => payments.filter((payment) => payment.state === state);
  let running: Promise<SaleSummary> | undefined;
  let ending: Promise<void> | undefined;
  let printing: Promise<void> | undefined;

  const settle = (summary: SaleSummary) => {
    const payment = visitPayment(summary);
    if (payment) payments = [...payments, payment];
    // Stored offline (ADR 074): the lane has taken the card and sends it later; the basket is paid.
    const paidMinor = summary.outcome === 'stored' ? summary.requestedMinor : summary.approvedMinor;
    if (summary.outcome === 'approved' || summary.outcome === 'partial' || summary.outcome === 'stored') {
      visit.paid(paidMinor);
      visit.moveTo(visit.basket().dueMinor === 0 ? 'receipt' : 'basket');
      return;
    }
    if (summary.outcome === 'unknown') {
      visit.callStaff(
        `the bank has not confirmed payment ${summary.orderId} yet, so it may have been charged; staff check it before the customer pays again.`,
      );
    }
    visit.moveTo('basket');
  };

  const pay = (tender: 'card' | 'wallet', language: string): Promise<SaleSummary> => {
    if (running || ending) throw new LaneError('refused', 'A payment is already running: wait for it, or cancel it.');
    if (visit.step() !== 'basket')
      throw new LaneError('refused', visit.step() === 'welcome' ? 'Scan or pick an item first.' : 'Nothing is owed.');
    const basket = visit.basket();
    if (basket.lines.length === 0) throw new LaneError('refused', 'The basket is empty: scan or pick an item first.');
    if (basket.dueMinor <= 0) throw new LaneError('refused', 'Nothing is owed on this basket.');
    if (tender === 'wallet' && !options.walletEnabled())
      throw new LaneError('refused', 'Paying on the phone is not offered here: pay by card.', 'tender');
    // After a partial approval the terminal's sale owes the rest, and the rest goes without the
    // cart (its lines went with the first approval): the counter's "Take the remaining".
    const owed = options.terminal.current().sale?.dueMinor ?? null;
    if (owed !== null && owed !== basket.dueMinor)
      throw new LaneError(
        'refused',
        `The lane's sale owes ${money(owed)} but the basket ${money(basket.dueMinor)}: ask a member of staff.`,
      );
    const args = owed !== null ? { amountMinor: owed } : { amountMinor: basket.dueMinor, cart: basketCart(basket) };
    visit.moveTo('paying');
    const payment = (async () => {
      try {
        const summary =
          tender === 'card'
            ? await sales.sale({ ...args, tender: 'sale', entry: 'card' }, { holdReceipts: true })
            : await sales.walletSale(args, { holdReceipts: true, payPage: { place: 'kiosk', language } });
        settle(summary);
        return summary;
      } catch (error) {
        // Canceled, no card in time, refused: nothing was charged and the basket is as it was.
        visit.moveTo('basket');
        throw error;
      }
    })();
    running = payment;
    void payment.then(
      () => (running = undefined),
      () => (running = undefined),
    );
    return payment;
  };

  const receipt = async (print: boolean) => {
    if (visit.step() !== 'receipt')
      throw new LaneError('refused', 'The receipt is chosen once the basket is paid in full.');
    let printed = true;
    let problem: string | null = null;
    for (const { summary: payment } of inState('approved')) {
      // A signature the rules asked for and staff skipped leaves a signature line: the store keeps that copy, signed.
      const copies: Array<'merchant' | 'customer'> = [
        ...(payment.signatureSkippedBy ? (['merchant'] as const) : []),
        ...(print ? (['customer'] as const) : []),
      ];
      for (const copy of copies) {
        const result = await sales.reprint({ orderId: payment.orderId, copy, duplicate: false });
        if (!result.printed && copy === 'customer') {
          printed = false;
          problem ??= result.problem;
        }
      }
    }
    visit.receipt(print ? { printed, problem } : { printed: false, problem: null });
    visit.moveTo('thanks');
  };

  /** `leftBy`: staff chose to clear a visit whose payment's outcome is still unknown (journaled). */
  const clear = (leftBy?: string) => {
    sales.newSale(leftBy ? { by: leftBy } : undefined);
    payments = [];
    visit.staffCame();
    visit.moveTo('welcome');
  };

  /** Voids `orderIds`; what could not be voided, with why. */
  const voidAll = async (orderIds: readonly string[], reason: string): Promise<string[]> => {
    const failed: string[] = [];
    for (const orderId of orderIds) {
      try {
        // Every void here is of a basket its customer walked away from: the journal says so.
        const result = await sales.void({ orderId, reason: 'customer-left' });
        if (result.outcome === 'approved') {
          logger.info({ orderId, reason }, 'kiosk: voided the payment of an abandoned basket');
          continue;
        }
        failed.push(`${orderId} (${result.outcome}${result.reason ? `: ${result.reason}` : ''})`);
      } catch (error) {
        failed.push(`${orderId} (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    return failed;
  };

  /**
   * Staff first learn what the bank says of the unknown outcomes: an approval found is money on
   * the order (the basket counts it paid), a payment the bank never charged is dropped, and one
   * still unknown stays so. Answers the payments whose outcome it learned.
   */
  const resolveUnknown = async (): Promise<VisitPayment[]> => {
    if (inState('unknown').length === 0) return [];
    await sales.recover().catch((error: unknown) => logger.warn({ err: error }, 'kiosk: recovery did not finish'));
    const open = new Set(sales.recoveryQueue().map((item) => item.orderId));
    const learned: VisitPayment[] = [];
    payments = payments.map((payment) => {
      if (payment.state !== 'unknown' || open.has(payment.summary.orderId)) return payment;
      const approvedMinor = sales.saleAmount(payment.summary.orderId);
      const known: VisitPayment =
        approvedMinor === undefined
          ? { ...payment, state: 'declined' }
          : { ...payment, state: 'approved', amountMinor: approvedMinor };
      if (approvedMinor !== undefined) visit.paid(approvedMinor);
      logger.info({ orderId: payment.summary.orderId, state: known.state }, 'kiosk: an unknown outcome is known');
      learned.push(known);
      return known;
    });
    if (inState('unknown').length === 0) {
      visit.staffCame();
      if (visit.step() === 'basket' && visit.basket().dueMinor === 0) visit.moveTo('receipt');
    }
    return learned;
  };

  const abandon = async (reason: 'idle' | 'customer' | 'staff', confirmed?: readonly string[]) => {
    if (visit.staffNeeded() && reason !== 'staff')
      throw new LaneError('refused', `Please wait for a member of staff: ${visit.staffNeeded()}`);
    // Owed when the customer left: a payment approving in full after that is voided too, since
    // nobody is there to take the goods it paid for.
    let owed = visit.basket().dueMinor > 0;
    if (running) {
      sales.cancel();
      // The authorization may already be at the gateway: its outcome is awaited, then voided below.
      await running.catch(() => undefined);
    }
    if (reason === 'staff') {
      const learned = await resolveUnknown();
      const still = inState('unknown');
      if (still.length > 0 || learned.length > 0) visit.moveTo(visit.step());
      if (still.length > 0)
        throw new LaneError(
          'refused',
          `The bank has not confirmed payment ${still.map(paymentWords).join(', ')} yet: the customer may have been charged, so the order cannot be cleared as if nothing was paid. The lane keeps asking the bank: try again in a minute, or take the kiosk out of service.`,
        );
      // What the bank said changes what the clear would do: staff see it before anything is voided.
      if (learned.length > 0)
        throw new LaneError(
          'refused',
          `${learned
            .map((payment) =>
              payment.state === 'approved'
                ? `The bank approved payment ${paymentWords(payment)}`
                : `The bank did not charge payment ${paymentWords(payment)}`,
            )
            .join('; ')}: look at the order again before clearing it.`,
        );
      // Staff clear what they were shown: the money as it stands now, not as it stood at the payment.
      owed = visit.basket().dueMinor > 0;
      const toVoid = owed ? inState('approved') : [];
      if (
        !sameOrders(
          toVoid.map((payment) => payment.summary.orderId),
          confirmed ?? [],
        )
      )
        throw new LaneError(
          'refused',
          toVoid.length > 0
            ? `Clearing this order gives back ${toVoid.map(paymentWords).join(', ')}: look at it again and confirm.`
            : 'The order\u2019s payments changed: nothing would be given back now. Look at it again and confirm.',
        );
    }
    // A basket paid in full before the customer left was theirs: only an unpaid one's approvals go back.
    const toVoid = owed ? inState('approved').map((payment) => payment.summary.orderId) : [];
    const failed = await voidAll(toVoid, reason);
    if (failed.length > 0) {
      const why = `payment ${failed.join(', ')} could not be voided: void or refund it under History before the next customer.`;
      logger.error({ reason, failed }, 'kiosk: an abandoned basket keeps a payment');
      visit.callStaff(why);
      throw new LaneError('refused', `Please wait for a member of staff: ${why}`);
    }
    logger.info({ reason, voided: toVoid.length }, 'kiosk: the visit was abandoned');
    clear(reason === 'staff' ? 'kiosk staff' : undefined);
  };

  const voidPayment = async (orderId: string) => {
    if (running || ending) throw new LaneError('refused', 'A payment is running: wait for it, or cancel it.');
    const payment = inState('approved').find((candidate) => candidate.summary.orderId === orderId);
    if (!payment)
      throw new LaneError(
        'refused',
        `Payment ${orderId} is not an approved payment of this customer\u2019s order: an earlier customer\u2019s payment is voided or refunded under History at the counter.`,
        'orderId',
      );
    const result = await sales.void({ orderId, reason: 'customer-canceled' });
    if (result.outcome !== 'approved')
      throw new LaneError('refused', `Not voided: ${result.reason ?? result.outcome}. The payment stays.`);
    logger.info({ orderId }, 'kiosk: staff voided a payment of the visit');
    payments = payments.map((candidate) => (candidate === payment ? { ...candidate, state: 'voided' } : candidate));
    visit.paid(-payment.amountMinor);
    visit.moveTo(visit.basket().dueMinor > 0 && visit.step() !== 'welcome' ? 'basket' : visit.step());
  };

  // Nobody answers at the card or the signature: the visit ends as on any walk-away, its money
  // handled the same way. The screen's idle prompt normally does this first; this is the core's
  // own limit, for a screen that is gone or stuck.
  const walkAway = watchWalkAway({
    terminal: options.terminal,
    limitMs: options.walkAwayMs,
    setTimer: options.setTimer,
    paying: () => visit.step() === 'paying' && ending === undefined,
    onWalkAway: () => {
      logger.warn(
        { limitMs: options.walkAwayMs },
        'kiosk: nobody at the card or the signature; the visit is abandoned',
      );
      ending ??= abandon('idle').finally(() => (ending = undefined));
      ending.catch((error: unknown) => logger.error({ err: error }, 'kiosk: the walk-away could not end the visit'));
    },
  });

  return {
    pay,
    receipt(print) {
      // A second press while the slips print must not print them twice.
      if (printing) return Promise.reject(new LaneError('refused', 'The receipt is being printed: wait a moment.'));
      printing = receipt(print).finally(() => (printing = undefined));
      return printing;
    },
    finish() {
      if (running || ending) throw new LaneError('refused', 'A payment is running: wait for it, or cancel it.');
      if (visit.staffNeeded())
        throw new LaneError('refused', `Please wait for a member of staff: ${visit.staffNeeded()}`);
      const due = visit.basket().dueMinor;
      if (due > 0 || visit.step() === 'paying')
        throw new LaneError('refused', `${money(due)} is still to pay: pay it, or cancel the order.`);
      clear();
    },
    abandon(reason, voids) {
      // A second abandon (the idle timer and the customer at once) joins the first.
      ending ??= abandon(reason, voids).finally(() => (ending = undefined));
      return ending;
    },
    voidPayment,
    payments: () => paymentViews(payments, visit.basket().dueMinor > 0),
    close: () => walkAway.stop(),
  };
}
