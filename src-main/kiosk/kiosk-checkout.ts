import { LaneError } from '../core/errors';
import type { KioskBasket, KioskState, KioskStep, SaleSummary } from '../ipc/contract';
import { formatMinorUnits } from '../ipc/money';
import type { Logger } from '../log/logger';
import type { TerminalService } from '../terminal/terminal';
import type { TerminalStateStore } from '../terminal/state-store';
import { basketCart } from './basket';

/** What the kiosk uses of the lane's terminal: its payments, cancel, void, reprint and the sale's end. */
export type KioskSales = Pick<
  TerminalService,
  'sale' | 'walletSale' | 'cancel' | 'void' | 'reprint' | 'newSale' | 'owe' | 'recover' | 'saleAmount'
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
  readonly terminal: Pick<TerminalStateStore, 'current'>;
  readonly walletEnabled: () => boolean;
  readonly visit: CheckoutVisit;
  readonly logger: Logger;
}

/** Paying the basket, the customer's receipt choice and the two ways a visit ends. */
export interface KioskCheckout {
  /** `language`: the visit's; the phone's pay page speaks it, with the kiosk's words. */
  pay(tender: 'card' | 'wallet', language: string): Promise<SaleSummary>;
  receipt(print: boolean): Promise<void>;
  finish(): void;
  abandon(reason: 'idle' | 'customer' | 'staff'): Promise<void>;
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
  /** This basket's approvals (voided on abandon while money is owed) and the orders whose outcome is unknown. */
  let approved: SaleSummary[] = [];
  let unknown: string[] = [];
  let running: Promise<SaleSummary> | undefined;
  let ending: Promise<void> | undefined;
  let printing: Promise<void> | undefined;

  const settle = (summary: SaleSummary) => {
    if (summary.outcome === 'approved' || summary.outcome === 'partial') {
      approved = [...approved, summary];
      visit.paid(summary.approvedMinor);
      visit.moveTo(visit.basket().dueMinor === 0 ? 'receipt' : 'basket');
      return;
    }
    if (summary.outcome === 'unknown') {
      unknown = [...unknown, summary.orderId];
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
    for (const payment of approved) {
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
    approved = [];
    unknown = [];
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

  const abandon = async (reason: 'idle' | 'customer' | 'staff') => {
    if (visit.staffNeeded() && reason !== 'staff')
      throw new LaneError('refused', `Please wait for a member of staff: ${visit.staffNeeded()}`);
    // Owed when the customer left: a payment approving in full after that is voided too, since
    // nobody is there to take the goods it paid for.
    const owed = visit.basket().dueMinor > 0;
    if (running) {
      sales.cancel();
      // The authorization may already be at the gateway: its outcome is awaited, then voided below.
      await running.catch(() => undefined);
    }
    const toVoid: string[] = [];
    if (reason === 'staff' && unknown.length > 0) {
      await sales.recover().catch((error: unknown) => logger.warn({ err: error }, 'kiosk: recovery did not finish'));
      for (const orderId of unknown) {
        if (sales.saleAmount(orderId) !== undefined) toVoid.push(orderId);
        else logger.warn({ orderId }, 'kiosk: an unknown outcome stays with the recovery queue');
      }
    }
    // A basket paid in full before the customer left was theirs: only an unpaid one's approvals go back.
    if (owed) toVoid.unshift(...approved.map((payment) => payment.orderId));
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
    abandon(reason) {
      // A second abandon (the idle timer and the customer at once) joins the first.
      ending ??= abandon(reason).finally(() => (ending = undefined));
      return ending;
    },
  };
}
