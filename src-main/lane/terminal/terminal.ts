import type { Settings } from '../config/settings';
import type { DeviceManager } from '../devices/manager';
import type {
  EndOfDayReport,
  FundingView,
  OpenAuthorizationsView,
  FollowUpSummary,
  KeyedEntryView,
  SaleOutcomeNotice,
  JournalEntryView,
  LookupResult,
  ParsedCommandArgs,
  RecoveryFinding,
  RecoveryItem,
  SaleSummary,
  TerminalState,
} from '../ipc/contract';
import type { FindingSource, Journal } from '../journal/journal';
import type { Logger } from '../../platform/log/logger';
import type { PrinterProfile } from '../receipt/profiles';
import type { SignatureService } from '../signature/service';
import { createSaleSignature } from '../payment/signature/sale-signature';
import { createCustomerSale } from './customer-sale';
import { endOfDay } from './end-of-day';
import { fundingDay } from './funding-day';
import { openAuthorizations } from './open-authorizations';
import { findingsDesk, type FindingsDesk } from './findings-desk';
import { followUpDesk } from './follow-up-desk';
import type { FollowUpArgs } from './follow-up';
import { history, lookup, recoveryQueue } from './history';
import { KeyedEntry } from './keyed-entry';
import { laneAccess, type GatewayAccess, type LaneAccessOptions } from './lane-access';
import { createPayments, type PaymentOptions } from './payments';
import type { IntegratedTerminalSource } from '../integrated-terminal/lane-terminal';
import { createFeeConfirmation } from './fee-confirmation';
import { createRecovery } from './recovery';
import { checkLeavingUnknown, type LeaveChoice } from './left-sale';
import { reprint } from './reprint';
import { journalForPayment } from './stopped-payment';
import type { TerminalStateStore } from './state-store';
import type { LaneWallet } from '../wallet/pay-link/lane-wallet';
import type { CashRules } from '../payment/cash-rules';
import { createSplitDesk, type SplitDesk } from './split-desk';

export type { GatewayAccess } from './lane-access';

export interface TerminalService extends FindingsDesk {
  /** Runs a card sale; a second call while one runs (a double Pay press) joins it instead of charging again. */
  sale(args: ParsedCommandArgs<'terminal.sale'>, options?: PaymentOptions): Promise<SaleSummary>;
  /** One key of a card being keyed; the masked echo back. */
  keyEntry(key: string): KeyedEntryView;
  /** An electronic check sale from a keyed bank account. */
  achSale(args: ParsedCommandArgs<'terminal.achSale'>): Promise<SaleSummary>;
  /** A sale on a stored profile ("<profile id>/<account id>"). */
  profileSale(args: ParsedCommandArgs<'terminal.profileSale'>): Promise<SaleSummary>;
  /** A sale paid on the customer's phone through a one-time pay link. */
  walletSale(args: ParsedCommandArgs<'terminal.walletSale'>, options?: PaymentOptions): Promise<SaleSummary>;
  /** Cancels the sale at a human step (reading, signing). */
  cancel(): { canceled: boolean };
  /** The customer accepted the surcharge the sale waits on: it authorizes (ADR 069). */
  confirmFee(): { confirmed: true };
  /** The signed-in cashier goes on without the signature the sale waits for, where the store allows it. */
  skipSignature(args: { cashierId: string }): { skipped: true };
  capture(args: ParsedCommandArgs<'terminal.capture'>): Promise<FollowUpSummary>;
  /** `approve` asks for the manager's approval the command carried (it throws when there is none). */
  void(
    args: Omit<ParsedCommandArgs<'terminal.void'>, 'managerPin'> & Pick<FollowUpArgs, 'approve'>,
  ): Promise<FollowUpSummary>;
  refund(
    args: Omit<ParsedCommandArgs<'terminal.refund'>, 'managerPin'> & Pick<FollowUpArgs, 'approve'>,
  ): Promise<FollowUpSummary>;
  /** `duplicate` false: the first print of a receipt that was held (the kiosk's customer chose to print it). */
  reprint(
    args: ParsedCommandArgs<'terminal.reprint'> & { duplicate?: boolean },
  ): Promise<{ printed: boolean; problem: string | null; png: string }>;
  lookup(args: ParsedCommandArgs<'terminal.lookup'>): Promise<LookupResult>;
  history(args: ParsedCommandArgs<'terminal.history'>): JournalEntryView[];
  /** What an approved sale or authorization in the journal was approved for; undefined when there is none. */
  saleAmount(orderId: string): number | undefined;
  endOfDay(args: ParsedCommandArgs<'terminal.endOfDay'>): Promise<EndOfDayReport>;
  /** Authorizations captured later: the open ones with their age (ADR 090). */
  openAuthorizations(): OpenAuthorizationsView;
  /** The gateway's funding (deposits) for a date (ADR 090). */
  funding(args: ParsedCommandArgs<'terminal.funding'>): Promise<FundingView>;
  /** Entries whose outcome is not known yet. */
  recoveryQueue(): RecoveryItem[];
  /** Settles what the journal does not know yet (at start with `start`, in the background, and when asked). */
  recover(source?: FindingSource): Promise<{ settled: number; open: number }>;
  /**
   * Ends the customer's sale for the next one; refused while a payment runs or money is still
   * owed, and while its outcome is unknown unless somebody chose to `leave` it (journaled).
   */
  newSale(leave?: LeaveChoice): TerminalState;
  /** Cash toward the customer's sale, taken by `cashier` (ADR 072). */
  cash: SplitDesk['cash'];
  /** A sale with paid parts cancelled: each part goes back (a manager approved it before). */
  returnParts: SplitDesk['returnParts'];
  /** The rest of a partly approved sale was taken outside the lane by cashier `by`: journaled, and the sale complete. */
  restTakenOutside(args: ParsedCommandArgs<'terminal.restTakenOutside'> & { by: string }): TerminalState;
  /**
   * Staff changed what a partly paid sale buys (a kiosk's basket): it now owes `dueMinor`, and
   * nothing when 0. Refused while a payment runs or when nothing was owed.
   */
  owe(dueMinor: number): TerminalState;
  /**
   * The lane stops: the customer's sale ends or is parked (see `CustomerSale.stop`), then the
   * background checks stop.
   */
  close(): Promise<void>;
}

export interface TerminalServiceOptions {
  readonly state: TerminalStateStore;
  readonly manager: DeviceManager;
  readonly settings: Pick<
    Settings,
    | 'terminalId'
    | 'training'
    | 'signature'
    | 'payments'
    | 'wallet'
    | 'surcharge'
    | 'mode'
    | 'integratedTerminal'
    | 'gateway'
  >;
  /** The lane's integrated terminal, when `payments.device` is `integrated-terminal` (setup-integrated-terminal.ts). */
  readonly integratedTerminal?: IntegratedTerminalSource;
  /** The store's currency's cash rules; without them the lane takes no cash. */
  readonly cash?: CashRules;
  /** Kicks the cash drawer (the lane's printer's). */
  readonly openDrawer?: () => Promise<unknown>;
  /** Wallet payments' pay links and tokenizer. */
  readonly wallet: LaneWallet;
  readonly signature: SignatureService;
  readonly journal: () => Journal;
  readonly gateway: () => Promise<GatewayAccess>;
  /** Draws reprints for the screen when no printer is configured. */
  readonly previewProfile: PrinterProfile;
  readonly now: () => number;
  readonly logger: Logger;
  /** Told whenever the recovery queue may have changed. */
  readonly onQueueChange?: (queue: RecoveryItem[]) => void;
  /** Told whenever recovery settled something nobody saw, or a finding was acknowledged. */
  readonly onFindings?: (findings: RecoveryFinding[]) => void;
  /** Told whenever the keyed card being typed changed (its masked echo). */
  readonly onKeyEntry?: (view: KeyedEntryView) => void;
  /** Told each payment's outcome the moment the journal holds it, before its receipts print. */
  readonly onOutcome?: (notice: SaleOutcomeNotice) => void;
  /**
   * Schedules the background checks and the keyed entry's timeout: the lane's clock, its timers
   * not keeping the process alive (setup-terminal.ts); tests pass their own.
   */
  readonly setTimer: (run: () => void, ms: number) => () => void;
  /** Offline taking (ADR 074) for a journal, when switched on (setup-terminal.ts). */
  readonly offline?: LaneAccessOptions['offline'];
}

/**
 * The lane's terminal for the screens, put together from its parts: the customer's sale (one
 * money-moving operation at a time, `terminal.state` published), the payments, the follow-ups,
 * the signature captured when the rules ask for one, and recovery, which settles the journal's
 * open entries at start and retries them in the background until they are known.
 */
export function createTerminalService(options: TerminalServiceOptions): TerminalService {
  const { state, settings } = options;
  const { setTimer } = options;
  const keyed = new KeyedEntry(() => new Date(options.now()), setTimer);
  if (options.onKeyEntry) keyed.onChange(options.onKeyEntry);
  // Set once the customer's sale exists: recovery may have settled a void of one of its approvals.
  let followJournal = () => {};
  const recovery = createRecovery({
    journal: options.journal,
    gateway: options.gateway,
    retrySeconds: settings.payments.recoveryRetrySeconds,
    logger: options.logger,
    setTimer,
    onQueueChange: (queue) => {
      followJournal();
      options.onQueueChange?.(queue);
    },
    ...(options.onFindings ? { onFindings: options.onFindings } : {}),
  });
  const customerSale = createCustomerSale({
    state,
    journal: options.journal,
    logger: options.logger,
    ...(options.onOutcome ? { onOutcome: options.onOutcome } : {}),
    onOperationEnd: () => {
      recovery.publish();
      recovery.schedule();
    },
    // The last part was a card: the receipt listing every tender follows its own slips.
    onSplitPaid: (standing) => {
      void split
        .printTenders(standing)
        .catch((error: unknown) => options.logger.warn({ err: error }, 'the receipt of every tender did not print'));
    },
  });
  followJournal = () => customerSale.followJournal(true);
  const saleSignature = createSaleSignature({
    signature: options.signature,
    allowSkip: () => settings.signature.allowSkip,
    logger: options.logger,
  });
  const lane = laneAccess(options);
  const fee = createFeeConfirmation(state);
  const payments = createPayments({
    ...options,
    customerSale,
    lane,
    keyed,
    captureSignature: (signal) => saleSignature.capture(signal),
    confirmFee: (notice, signal) => fee.ask(notice, signal),
  });
  const followUp = followUpDesk({
    customerSale,
    lane,
    state,
    tips: () => settings.payments.tips,
    logger: options.logger,
  });
  const openJournal = (): Journal => journalForPayment(options.journal);
  const split: SplitDesk = createSplitDesk({
    customerSale,
    state,
    journal: openJournal,
    ...(options.cash ? { cash: options.cash } : {}),
    kiosk: settings.mode === 'kiosk',
    openDrawer: options.openDrawer ?? (() => Promise.reject(new Error('no cash drawer is configured'))),
    printer: () => {
      const printer = options.manager.printer();
      return printer ? { printer: printer.printer, profile: printer.profile } : undefined;
    },
    followUp: (operation, args) => followUp(operation, args),
    terminalId: settings.terminalId,
    training: settings.training,
    now: options.now,
    logger: options.logger,
  });
  const reprintFor = async (request: ParsedCommandArgs<'terminal.reprint'> & { duplicate?: boolean }) =>
    reprint({ ...(await lane()), tips: settings.payments.tips }, request);

  return {
    ...payments,
    keyEntry: (key) => keyed.key(key),
    cancel: () => ({ canceled: customerSale.cancel() }),
    confirmFee: () => fee.confirm(),
    skipSignature: ({ cashierId }) => saleSignature.skip(cashierId),
    capture: (args) => followUp('capture', args),
    void: (args) => followUp('void', args),
    refund: (args) => followUp('refund', args),
    reprint: reprintFor,
    lookup: async (args) => lookup(await lane(), args),
    history: (args) => history(openJournal(), args),
    saleAmount(orderId) {
      const entry = openJournal().authorization(orderId);
      return entry ? (entry.outcome?.amountMinor ?? entry.amountMinor) : undefined;
    },
    endOfDay: async (args) => endOfDay(await lane(), args),
    openAuthorizations: () =>
      openAuthorizations(openJournal(), options.now(), {
        expiryDays: settings.payments.authorizationExpiryDays,
        warnDays: settings.payments.authorizationWarnDays,
        tips: settings.payments.tips,
      }),
    funding: async ({ date }) => fundingDay(await lane(), date),
    recoveryQueue: () => recoveryQueue(openJournal()),
    cash: (args, cashier) => split.cash(args, cashier),
    returnParts: (reason, cashier) => split.returnParts(reason, cashier),
    async recover(source) {
      // A split sale the lane left open (a crash, a stop mid-sale) is shown again with its parts and balance.
      if (source === 'start') {
        try {
          customerSale.resume();
        } catch (error) {
          options.logger.warn({ err: error }, 'the open split sale could not be read back from the journal');
        }
      }
      const result = await recovery.recover(source);
      recovery.schedule();
      return result;
    },
    newSale(leave) {
      checkLeavingUnknown({ state, journal: openJournal, logger: options.logger }, leave);
      customerSale.next();
      return state.current();
    },
    owe(dueMinor) {
      customerSale.owe(dueMinor);
      return state.current();
    },
    restTakenOutside({ amountMinor, by }) {
      customerSale.restTakenOutside(amountMinor, by);
      return state.current();
    },
    ...findingsDesk({ recovery, journal: openJournal, reprint: reprintFor }),
    async close() {
      const sale = await customerSale.stop();
      recovery.close();
      options.logger.info({ sale }, 'the terminal stopped');
    },
  };
}
