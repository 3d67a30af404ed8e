import type { Settings } from '../config/settings';
import type { DeviceManager } from '../devices/manager';
import { achAuthorizationFields } from '../gateway/ach';
import type { CaptureDetails } from '../gateway/capture-details';
import type { GatewayClient } from '../gateway/client';
import type {
  EndOfDayReport,
  FollowUpSummary,
  KeyedEntryView,
  JournalEntryView,
  LookupResult,
  ParsedCommandArgs,
  RecoveryFinding,
  RecoveryItem,
  SaleSummary,
  TerminalState,
} from '../ipc/contract';
import { LaneError } from '../core/errors';
import type { FindingSource, Journal } from '../journal/journal';
import type { Logger } from '../log/logger';
import { entryMethodWords } from '../receipt/facts';
import type { PrinterProfile } from '../receipt/profiles';
import type { SignatureService } from '../signature/service';
import { cartDetails } from './cart-details';
import { KeyedEntry } from './keyed-entry';
import { createSaleKeeper, type PaymentRequest } from './current-sale';
import { endOfDay } from './end-of-day';
import { followUp, type FollowUpArgs } from './follow-up';
import { history, lookup, recoveryQueue } from './history';
import type { OperationDependencies } from './lane-dependencies';
import { onePaymentAtATime } from './one-payment';
import { journalForPayment, stoppedPayment } from './stopped-payment';
import { findingsDesk } from './findings-desk';
import { reprint } from './reprint';
import { followUpWords, saleDoneLine, summarize } from './sale-summary';
import { createRecovery } from './recovery';
import type { CardTender } from '../payment/outcome';
import { createSaleSignature } from '../payment/signature/sale-signature';
import { authorizeAndPrint, runSale, type TenderedPayment } from './sale';
import type { TerminalStateStore } from './state-store';
import type { CardEntry } from '../ipc/tenders';

/** How the terminal reaches the gateway: started on first use (the training emulator) or given. */
export interface GatewayAccess {
  readonly client: GatewayClient;
  readonly merchid: string;
}

export interface TerminalService {
  /** Runs a card sale; a second call while one runs (a double Pay press) joins it instead of charging again. */
  sale(args: ParsedCommandArgs<'terminal.sale'>): Promise<SaleSummary>;
  /** One key of a card being keyed; the masked echo back. */
  keyEntry(key: string): KeyedEntryView;
  /** An electronic check sale from a keyed bank account. */
  achSale(args: ParsedCommandArgs<'terminal.achSale'>): Promise<SaleSummary>;
  /** A sale on a stored profile ("<profile id>/<account id>"). */
  profileSale(args: ParsedCommandArgs<'terminal.profileSale'>): Promise<SaleSummary>;
  /** Cancels the sale at a human step (reading, signing). */
  cancel(): { canceled: boolean };
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
  reprint(
    args: ParsedCommandArgs<'terminal.reprint'>,
  ): Promise<{ printed: boolean; problem: string | null; png: string }>;
  lookup(args: ParsedCommandArgs<'terminal.lookup'>): Promise<LookupResult>;
  history(args: ParsedCommandArgs<'terminal.history'>): JournalEntryView[];
  /** What an approved sale or authorization in the journal was approved for; undefined when there is none. */
  saleAmount(orderId: string): number | undefined;
  endOfDay(args: ParsedCommandArgs<'terminal.endOfDay'>): Promise<EndOfDayReport>;
  /** Entries whose outcome is not known yet. */
  recoveryQueue(): RecoveryItem[];
  /** Settles what the journal does not know yet (at start with `start`, in the background, and when asked). */
  recover(source?: FindingSource): Promise<{ settled: number; open: number }>;
  /** Ends the customer's sale for the next one; refused while a payment runs or money is still owed. */
  newSale(): TerminalState;
  /** What recovery settled that nobody has acknowledged yet. */
  findings(): RecoveryFinding[];
  /** `by` (who is signed in) saw the finding; what is left. */
  acknowledgeFinding(entryId: number, by: string): RecoveryFinding[];
  /** The receipts (merchant and customer copy) of an approval recovery found; the customer copy for the screen. */
  printFinding(entryId: number): Promise<{ printed: boolean; problem: string | null; png: string }>;
  /** Records what a person found for an entry waiting for one; returns the queue. */
  settleByHand(args: Omit<ParsedCommandArgs<'terminal.settleByHand'>, 'managerPin'>): RecoveryItem[];
  /** Stops the background checks. */
  close(): void;
}

export interface TerminalServiceOptions {
  readonly state: TerminalStateStore;
  readonly manager: DeviceManager;
  readonly settings: Pick<Settings, 'terminalId' | 'training' | 'signature' | 'payments'>;
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
  /** Schedules the background checks and the keyed entry's timeout; tests pass their own. */
  readonly setTimer?: (run: () => void, ms: number) => () => void;
}

const defaultTimer = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  timer.unref?.();
  return () => clearTimeout(timer);
};

/**
 * The one place that sequences a payment for the screens: one money-moving operation at a time
 * (a repeated command joins the one running), the state machine published as `terminal.state`,
 * the signature captured through the signature service when the rules ask for one, and the
 * journal's open entries settled at start and retried in the background until they are known.
 */
export function createTerminalService(options: TerminalServiceOptions): TerminalService {
  const { state, manager, logger, settings } = options;
  const setTimer = options.setTimer ?? defaultTimer;
  const keyed = new KeyedEntry(() => new Date(options.now()), setTimer);
  if (options.onKeyEntry) keyed.onChange(options.onKeyEntry);
  const keeper = createSaleKeeper(state);
  const recovery = createRecovery({
    journal: options.journal,
    gateway: options.gateway,
    retrySeconds: settings.payments.recoveryRetrySeconds,
    logger,
    setTimer,
    ...(options.onQueueChange ? { onQueueChange: options.onQueueChange } : {}),
    ...(options.onFindings ? { onFindings: options.onFindings } : {}),
  });

  const saleSignature = createSaleSignature({
    signature: options.signature,
    allowSkip: () => settings.signature.allowSkip,
    logger,
  });
  const captureSignature = (signal: AbortSignal) => saleSignature.capture(signal);

  const openJournal = (): Journal => journalForPayment(options.journal);

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

  const guard = onePaymentAtATime(() => {
    recovery.publish();
    recovery.schedule();
  });
  const single = <T>(key: string, work: (abort: AbortController) => Promise<T>): Promise<T> => guard.run(key, work);

  /** One payment of the customer's sale, kept while it runs so a screen connecting meanwhile shows it; an early failure is published too. */
  const payment = (
    key: string,
    request: PaymentRequest,
    work: (abort: AbortController) => Promise<SaleSummary>,
  ): Promise<SaleSummary> =>
    single(key, async (abort) => {
      if ((keeper.current()?.dueMinor ?? null) === null) closeSale(); // the next customer: the last one's outcomes were shown
      keeper.begin(request);
      saleOpen = true;
      try {
        return await work(abort);
      } catch (error) {
        if (keeper.current()?.running) keeper.stopped(error instanceof Error ? error.message : String(error), true);
        throw error;
      }
    });

  /** Ends an operation: the state machine to done with the outcome's words, or back to idle on an error. */
  const settle = (detail: string) => state.enter('done', detail);
  const fail = (error: unknown, abort?: AbortController): never =>
    stoppedPayment(error, { keeper, state, ...(abort ? { abort } : {}) });

  const lane = async (): Promise<Omit<OperationDependencies, 'tips'> & { gateway: GatewayAccess }> => {
    const journal = openJournal();
    const gateway = await options.gateway();
    const printer = manager.printer();
    return {
      journal,
      gateway,
      client: gateway.client,
      merchid: gateway.merchid,
      terminalId: settings.terminalId,
      training: settings.training,
      ...(printer ? { printer: { printer: printer.printer, profile: printer.profile } } : {}),
      previewProfile: options.previewProfile,
      now: options.now,
    };
  };

  const cardSale = async ({
    amountMinor,
    tender,
    entry,
    abort,
    captureDetails,
  }: {
    amountMinor: number;
    tender: CardTender;
    entry: CardEntry;
    abort: AbortController;
    captureDetails: CaptureDetails | undefined;
  }): Promise<SaleSummary> => {
    const reader = manager.cardReader();
    if (!reader) throw new LaneError('refused', 'No card reader is configured: add one under Devices in the settings.');
    const deps = await lane();
    try {
      const result = await runSale(
        {
          ...deps,
          reader: reader.reader,
          chipFailuresBeforeFallback: reader.setting.chipFailuresBeforeFallback,
          policy: settings.signature.policy,
          captureSignature,
          cardTimeoutSeconds: settings.payments.cardTimeoutSeconds,
          keyedEntry: (signal) => keyed.read(signal, settings.payments.cardTimeoutSeconds),
          logger,
        },
        {
          amountMinor,
          tender,
          entry,
          ...(captureDetails ? { captureDetails } : {}),
          signal: abort.signal,
          onPhase: (phase, detail) => state.enter(phase, detail),
        },
      );
      const summary = summarize(result, tender, amountMinor, options.previewProfile);
      keeper.finished(summary);
      settle(saleDoneLine(summary));
      return summary;
    } catch (error) {
      return fail(error, abort);
    }
  };

  /** A sale that reads no card: an electronic check or a stored profile. */
  const keyedSale = async (
    payment: Omit<TenderedPayment, 'tender' | 'signatureRequired' | 'onPhase'> & { tender: 'ach' | 'profile' },
  ): Promise<SaleSummary> => {
    const { amountMinor, tender, card } = payment;
    const deps = await lane();
    try {
      const result = await authorizeAndPrint(
        { ...deps, logger },
        { ...payment, signatureRequired: false, onPhase: (phase, detail) => state.enter(phase, detail) },
      );
      const summary = summarize(
        { ...result, card: { maskedPan: card.maskedPan ?? '', entryMode: card.entryMode, network: tender } },
        tender,
        amountMinor,
        options.previewProfile,
      );
      keeper.finished(summary);
      settle(saleDoneLine(summary));
      return summary;
    } catch (error) {
      return fail(error);
    }
  };

  const followUpOf = (operation: 'capture' | 'void' | 'refund', args: FollowUpArgs) =>
    single(`${operation}:${args.orderId}:${args.amountMinor ?? ''}:${args.tipMinor ?? ''}`, async () => {
      const deps = await lane();
      state.enter('working', `${followUpWords[operation]} order ${args.orderId}`);
      try {
        const summary = await followUp(
          { ...deps, tips: settings.payments.tips, onPrinting: () => state.enter('printing', 'Printing the slips') },
          operation,
          args,
        );
        if (operation === 'void' && summary.outcome === 'approved') keeper.voided(args.orderId);
        settle(`${followUpWords[operation]}: ${summary.outcome}${summary.reason ? `, ${summary.reason}` : ''}`);
        return summary;
      } catch (error) {
        state.enter('idle', null);
        throw error;
      }
    });

  return {
    keyEntry: (key) => keyed.key(key),
    sale({ amountMinor, tender = 'sale', entry = 'card', tipMinor = 0, cart }) {
      if (tender === 'forced-credit' && !settings.payments.forcedCredit) {
        throw new LaneError(
          'refused',
          'This merchant is not set up for refunds without a sale: refund the original sale by its order id.',
          'tender',
        );
      }
      if (tipMinor > 0 && !settings.payments.tips)
        throw new LaneError('refused', 'This merchant does not take tips: charge the amount without one.', 'tipMinor');
      if (tipMinor > 0 && tender === 'forced-credit')
        throw new LaneError('invalid', 'A refund takes no tip.', 'tipMinor');
      const captureDetails = cart ? cartDetails(cart, tipMinor) : undefined;
      return payment(
        `sale:${tender}:${entry}:${amountMinor}`,
        { amountMinor, tender, entry, tipMinor, ...(cart ? { cart } : {}) },
        (abort) => cardSale({ amountMinor, tender, entry, abort, captureDetails }),
      );
    },
    achSale({ amountMinor, routing, account, accountType, name }) {
      if (!settings.payments.ach)
        throw new LaneError('refused', 'This merchant does not take electronic checks.', 'tender');
      return payment(`ach:${amountMinor}:${account.slice(-4)}`, { amountMinor, tender: 'ach', entry: 'keyed' }, () =>
        keyedSale({
          amountMinor,
          tender: 'ach',
          fields: achAuthorizationFields({ routing, account, accountType, name }),
          card: { maskedPan: `****${account.slice(-4)}`, entryMode: 'ach' },
          cardFacts: { lastFour: account.slice(-4), brand: 'CHECK', entryMethod: entryMethodWords('ach') },
        }),
      );
    },
    profileSale({ amountMinor, profile }) {
      return payment(`profile:${amountMinor}:${profile}`, { amountMinor, tender: 'profile', entry: 'keyed' }, () =>
        keyedSale({
          amountMinor,
          tender: 'profile',
          fields: { profile },
          card: { entryMode: 'profile' },
          cardFacts: { lastFour: '----', brand: 'CARD ON FILE', entryMethod: entryMethodWords('profile') },
        }),
      );
    },
    cancel: () => ({ canceled: guard.cancel() }),
    skipSignature: ({ cashierId }) => saleSignature.skip(cashierId),
    capture: (args) => followUpOf('capture', args),
    void: (args) => followUpOf('void', args),
    refund: (args) => followUpOf('refund', args),
    async reprint(args) {
      const deps = await lane();
      return reprint({ ...deps, tips: settings.payments.tips }, args);
    },
    async lookup(args) {
      const deps = await lane();
      return lookup(deps, args);
    },
    history: (args) => history(openJournal(), args),
    saleAmount(orderId) {
      const entry = openJournal().authorization(orderId);
      return entry ? (entry.outcome?.amountMinor ?? entry.amountMinor) : undefined;
    },
    async endOfDay(args) {
      const deps = await lane();
      return endOfDay(deps, args);
    },
    recoveryQueue: () => recoveryQueue(openJournal()),
    async recover(source) {
      const result = await recovery.recover(source);
      recovery.schedule();
      return result;
    },
    newSale() {
      keeper.clear();
      closeSale();
      return state.current();
    },
    ...findingsDesk({
      recovery,
      journal: openJournal,
      reprint: async (request) => reprint({ ...(await lane()), tips: settings.payments.tips }, request),
    }),
    close() {
      if (!guard.busy()) closeSale(); // a clean stop between payments: every outcome was shown
      recovery.close();
    },
  };
}
