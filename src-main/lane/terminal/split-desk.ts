import { LaneError } from '../errors';
import type { CartLine } from '../ipc/cart';
import type { CashTenderView, FollowUpSummary, ReturnedPart, ReturnedPartsView } from '../ipc/contract';
import type { Journal } from '../journal/journal';
import type { Logger } from '../../platform/log/logger';
import { formatMinorUnits } from '../../platform/money';
import { cashDue, type CashRules } from '../payment/cash-rules';
import { receiptAsText } from '../receipt/escpos';
import type { ReceiptTarget } from '../receipt/sale-receipts';
import { printReceipts } from '../receipt/sale-receipts';
import { paidParts } from './current-sale';
import type { CustomerSale } from './customer-sale';
import type { FollowUpArgs } from './follow-up';
import { splitStanding, tenderReceipt, type SplitStanding } from './split-sale';
import type { TerminalStateStore } from './state-store';
import { refuseWhileUnrecorded } from './unrecorded-sale';

export interface SplitDeskOptions {
  readonly customerSale: CustomerSale;
  readonly state: TerminalStateStore;
  readonly journal: () => Journal;
  /** The store's currency's cash rules; none: the lane takes no cash. */
  readonly cash?: CashRules;
  readonly kiosk: boolean;
  readonly openDrawer: () => Promise<unknown>;
  readonly printer: () => ReceiptTarget | undefined;
  /** The lane's void and refund (follow-up-desk.ts): a card part goes back the way any sale does. */
  readonly followUp: (operation: 'void' | 'refund', args: FollowUpArgs) => Promise<FollowUpSummary>;
  readonly terminalId: string;
  readonly training: boolean;
  readonly now: () => number;
  readonly logger: Logger;
}

const refused = (message: string, field?: string) => new LaneError('refused', message, field);

/**
 * Cash at the counter toward the customer's sale, and a sale with paid parts cancelled (ADR 072).
 * Every part is the journal's first; the drawer and the printer follow, and one that fails is
 * said in the answer, never undoes what was kept.
 */
export function createSplitDesk(options: SplitDeskOptions) {
  const { customerSale, state, logger } = options;

  const kick = async (): Promise<{ drawer: 'opened' | 'not-opened'; drawerProblem?: string }> => {
    try {
      await options.openDrawer();
      return { drawer: 'opened' };
    } catch (error) {
      return { drawer: 'not-opened', drawerProblem: (error as Error).message };
    }
  };

  /** The receipt listing every tender of a paid sale, on the lane's printer: its lines and whether it printed. */
  const printTenders = async (standing: SplitStanding) => {
    const target = options.printer();
    const document = tenderReceipt(standing, {
      training: options.training,
      terminalId: options.terminalId,
      printedAt: new Date(options.now()),
      columns: target?.profile.columns ?? 48,
    });
    const printed = target
      ? await printReceipts(target, [document], logger)
      : { ok: false, problem: 'no receipt printer is configured' };
    return { lines: receiptAsText(document), printed };
  };

  /** What refuses cash before anything is kept. */
  const refuseCash = (journal: Journal): CashRules => {
    if (options.kiosk) throw refused('The kiosk takes no cash.');
    if (!options.cash) throw refused('This lane has no cash rules for its currency: it takes no cash.');
    if (customerSale.busy()) throw refused('A payment is still running: finish or cancel it first.');
    const sale = customerSale.current();
    if (sale?.results.some((result) => result.outcome === 'unknown'))
      throw refused(
        'A payment of this sale has an unknown outcome: wait for it to be checked with the gateway before taking cash.',
      );
    refuseWhileUnrecorded(() => journal, 'No cash');
    if (!journal.day.currentShift())
      throw refused('No shift is open: open a shift, counting the float, before taking cash.');
    return options.cash;
  };

  const cash = async (
    args: { tenderedMinor: number; totalMinor?: number | undefined; cart?: CartLine[] | undefined },
    cashier: string,
  ): Promise<CashTenderView> => {
    const journal = options.journal();
    const rules = refuseCash(journal);
    const owed = customerSale.current()?.dueMinor ?? null;
    if (owed === null && args.totalMinor === undefined)
      throw new LaneError(
        'invalid',
        'Nothing is owed: say the sale’s amount (totalMinor) to take cash for it.',
        'totalMinor',
      );
    if (owed !== null && args.totalMinor !== undefined)
      throw refused(
        `${formatMinorUnits(owed)} is still owed on this sale: take cash toward it, not a new sale.`,
        'totalMinor',
      );
    if (owed === null) {
      customerSale.next(); // the last customer's sale ends (refused while it cannot)
      journal.split.begin({ totalMinor: args.totalMinor!, cart: args.cart ?? null });
    } else customerSale.splitFromOwing();
    const open = journal.split.open()!;
    const balance = splitStanding(journal, journal.split.rows(open.id)).dueMinor ?? 0;
    const due = cashDue(balance, rules);
    const covers = args.tenderedMinor >= Math.min(due, balance);
    const appliedMinor = covers ? balance : args.tenderedMinor;
    const changeMinor = covers ? Math.max(0, args.tenderedMinor - due) : 0;
    const orderId = journal.nextOrderId();
    try {
      journal.split.recordCash(open.id, {
        orderId,
        tenderedMinor: args.tenderedMinor,
        changeMinor,
        appliedMinor,
        cashier,
      });
    } catch (error) {
      // A sale of cash alone whose cash could not be kept never began.
      if (owed === null) journal.split.end(open.id, 'cancelled', 'its cash could not be kept');
      throw error;
    }
    logger.info({ orderId, appliedMinor, changeMinor }, 'cash taken toward the sale');
    const drawer = await kick();
    const standing = customerSale.syncSplit(args.cart ?? null);
    const paid = standing?.dueMinor === null;
    const receipt = paid ? await printTenders(standing) : { lines: [], printed: { ok: false } };
    return {
      orderId,
      appliedMinor,
      tenderedMinor: args.tenderedMinor,
      changeMinor,
      dueMinor: standing?.dueMinor ?? null,
      roundingMinor: covers ? args.tenderedMinor - changeMinor - balance : 0,
      ...drawer,
      ...receipt,
    };
  };

  /** A card part goes back: voided, or refunded when its batch settled; how it ended, in words when it did not. */
  const returnCard = async (orderId: string, amountMinor: number): Promise<ReturnedPart> => {
    const part = { kind: 'card' as const, orderId, amountMinor };
    const ended = (summary: FollowUpSummary, done: 'voided' | 'refunded'): ReturnedPart => ({
      ...part,
      ended: summary.outcome === 'approved' ? done : summary.outcome === 'unknown' ? 'unknown' : 'failed',
      problem: summary.outcome === 'approved' ? null : (summary.reason ?? `the ${summary.operation} was not approved`),
    });
    try {
      return ended(await options.followUp('void', { orderId, reason: 'customer-canceled' }), 'voided');
    } catch (error) {
      if (!(error instanceof LaneError) || !/refund it instead/.test(error.message))
        return { ...part, ended: 'failed', problem: (error as Error).message };
    }
    try {
      return ended(await options.followUp('refund', { orderId, amountMinor, reason: 'returned' }), 'refunded');
    } catch (error) {
      return { ...part, ended: 'failed', problem: (error as Error).message };
    }
  };

  /**
   * A card part stored offline goes back by leaving the store: it was never sent, so nothing was
   * charged and nothing is voided (ADR 077). One the forwarder took meanwhile goes back as any card.
   */
  const returnStored = async (
    journal: Journal,
    orderId: string,
    amountMinor: number,
    reason: string,
  ): Promise<ReturnedPart> => {
    const [row] = journal.list({ orderId, operation: 'auth', limit: 1 });
    if (row && journal.offline.withdraw(row.id, `the sale was cancelled: ${reason}`))
      return { kind: 'card', orderId, amountMinor, ended: 'withdrawn', problem: null };
    return returnCard(orderId, amountMinor);
  };

  const returnParts = async (reason: string, cashier: string): Promise<ReturnedPartsView> => {
    const sale = customerSale.current();
    if (customerSale.busy() || sale?.running) throw refused('A payment is still running: finish or cancel it first.');
    if (!sale || !paidParts(sale)) throw refused('Nothing was paid on this sale: there is nothing to give back.');
    const journal = options.journal();
    const open = journal.split.open();
    const parts: ReturnedPart[] = [];
    for (const result of sale.results.filter((r) => r.outcome === 'stored'))
      parts.push(await returnStored(journal, result.orderId, result.requestedMinor, reason));
    for (const result of sale.results.filter((r) => r.outcome === 'approved' || r.outcome === 'partial'))
      parts.push(await returnCard(result.orderId, result.approvedMinor));
    const handedBack = sale.cash.filter((part) => !part.returned);
    for (const part of handedBack) {
      if (!open) break;
      journal.split.recordCashReturned(open.id, { orderId: part.orderId, appliedMinor: part.appliedMinor, cashier });
      parts.push({
        kind: 'cash',
        orderId: part.orderId,
        amountMinor: part.tenderedMinor - part.changeMinor,
        ended: 'cash-returned',
        problem: null,
      });
    }
    if (handedBack.length > 0) {
      const drawer = await kick();
      if (drawer.drawerProblem)
        logger.warn({ problem: drawer.drawerProblem }, 'the drawer did not open to hand the cash back');
    }
    const allBack = parts.every((part) => part.ended !== 'failed' && part.ended !== 'unknown');
    logger.info(
      { parts: parts.map((p) => ({ kind: p.kind, orderId: p.orderId, ended: p.ended })) },
      'the sale’s paid parts went back',
    );
    if (allBack) {
      if (open) journal.split.end(open.id, 'cancelled', reason);
      customerSale.ended();
    } else customerSale.followJournal(true);
    return { parts, state: state.current() };
  };

  return { cash, returnParts, printTenders };
}

export type SplitDesk = ReturnType<typeof createSplitDesk>;
