import type { Clock } from '../../platform/clock';
import type { Settings } from '../config/settings';
import { LaneError } from '../errors';
import type { CatalogueItem, KioskCatalogue, KioskState, KioskStep, SaleSummary } from '../ipc/contract';
import type { Logger } from '../../platform/log/logger';
import type { TerminalStateStore } from '../terminal/state-store';
import { emptyBasket, priceBasket, quantityOf, withQuantity, type BasketContents } from './basket';
import { barcodeKey, looksLikeCardNumber } from './barcodes';
import { catalogueIndex } from './catalogue-source';
import { createKioskCheckout, type KioskSales } from './kiosk-checkout';
import type { ServiceStateStore } from './service-state';
import { createStaffCaller } from './staff-call';
import { walkAwayLimitMs } from './walk-away';

/** What the screens and the scanner ask of the kiosk (the `kiosk.*` commands). */
export interface KioskService {
  state(): KioskState;
  catalogue(): KioskCatalogue;
  start(): KioskState;
  /** `source` scanner: the kiosk's own scanner, whose refusals go into the state for the screen. */
  scan(barcode: string, source?: 'command' | 'scanner'): KioskState;
  /** A keyboard-mode scanner's burst that made no code: the customer is asked to scan again. */
  scanUnreadable(): KioskState;
  add(itemId: string, quantity: number): KioskState;
  setQuantity(itemId: string, quantity: number): KioskState;
  /** `language`: the visit's, for the phone's pay page (the store's first when absent). */
  pay(tender: 'card' | 'wallet', language?: string): Promise<SaleSummary>;
  receipt(print: boolean): Promise<KioskState>;
  finish(): KioskState;
  /** `voids`: the orders staff confirmed a staff clear gives back (kiosk-checkout.ts). */
  abandon(reason: 'idle' | 'customer' | 'staff', voids?: readonly string[]): Promise<KioskState>;
  /** Staff void one approved payment of this visit (the handler checks a manager approved). */
  voidPayment(orderId: string): Promise<KioskState>;
  /** `by`: the signed-in member of staff (the handler checks there is one). */
  setService(inService: boolean, message: string | undefined, by: string): KioskState;
  /** The customer asked for a member of staff: a `help` call, kept until staff sign in here. */
  callForHelp(): KioskState;
  /** A member of staff signed in at the kiosk: the customer's call for help is answered. */
  staffSignedIn(cashierId: string): void;
  /** Stops the staff calls' retries. */
  close(): void;
}

export interface KioskServiceOptions {
  readonly settings: Pick<Settings, 'kiosk' | 'wallet' | 'terminalId'>;
  /** The store's catalogue as it stands (read again when its file changes). */
  readonly catalogue: () => KioskCatalogue;
  readonly sales: KioskSales;
  readonly terminal: Pick<TerminalStateStore, 'current' | 'onChange'>;
  /** The cashier id of the member of staff signed in, or null. */
  readonly staff: () => string | null;
  /** A customer's visit started: staff signed in here are signed out (the customer must not inherit them). */
  readonly visitStarted?: () => void;
  /** Schedules the walk-away limit (walk-away.ts): the lane's clock, not keeping the process alive. */
  readonly setTimer: Clock['setTimer'];
  readonly serviceState: ServiceStateStore;
  readonly publish: (state: KioskState) => void;
  readonly logger: Logger;
  /** The one Clock: the service's times and the staff calls' timeouts and waits. */
  readonly clock: Clock;
}

/** The reason a `help` call gives the store's call channel. */
export const helpCallReason = 'A customer asked for help at the self-checkout.';

/** The sign when staff give no words of their own. */
export const closedSign = 'This checkout is closed. Please use another checkout or ask a member of staff.';

/**
 * The kiosk's self-checkout as the main process holds it: the customer's step, the basket with
 * its tax, and the service state, published as `kiosk.state` on every change so every screen
 * (and a reload) shows the same visit. Paying, the receipt and the end of the visit are the
 * checkout's (kiosk-checkout.ts); this file keeps the visit and the basket's rules.
 */
export function createKioskService(options: KioskServiceOptions): KioskService {
  const { settings, logger } = options;
  const visit = {
    step: 'welcome' as KioskStep,
    contents: emptyBasket as BasketContents,
    receipt: null as KioskState['receipt'],
    staffNeeded: null as string | null,
    scanProblem: null as string | null,
    scanProblemKind: null as KioskState['scanProblemKind'],
  };
  const service = options.serviceState.current();
  if (service.problem)
    logger.error({ problem: service.problem }, 'the kiosk stays out of service until staff put it back in');

  // A catalogue file broken mid-visit must not break the basket on screen: its lines keep their
  // prices, and the rates they were taxed at stay those of the last good reading.
  let lastRates: KioskCatalogue['taxRates'] | undefined;
  const rates = () => {
    try {
      lastRates = options.catalogue().taxRates;
    } catch (error) {
      if (!lastRates) throw error;
      logger.warn({ err: error }, 'kiosk: the catalogue cannot be read; the basket keeps its tax rates');
    }
    return lastRates;
  };
  const basket = () => priceBasket(visit.contents, visit.contents.entries.length > 0 ? rates() : []);
  const state = (): KioskState => {
    const current = options.serviceState.current();
    return {
      step: visit.step,
      basket: basket(),
      inService: current.inService,
      outOfServiceMessage: current.inService ? null : (current.message ?? closedSign),
      languages: settings.kiosk.languages,
      idleResetSeconds: settings.kiosk.idleResetSeconds,
      staffIdleSeconds: settings.kiosk.staffIdleSeconds,
      payments: checkout.payments(),
      receipt: visit.receipt,
      staffNeeded: visit.staffNeeded,
      staffCall: staffCalls.current(),
      scanProblem: visit.scanProblem,
      scanProblemKind: visit.scanProblem === null ? null : visit.scanProblemKind,
    };
  };
  const publish = (): KioskState => {
    const current = state();
    options.publish(current);
    return current;
  };
  const staffCalls = createStaffCaller({
    setting: settings.kiosk.staffCall,
    terminalId: settings.terminalId,
    clock: options.clock,
    logger,
    onChange: () => void publish(),
  });

  const requireInService = (action: string) => {
    const current = options.serviceState.current();
    if (!current.inService)
      throw new LaneError(
        'refused',
        `The kiosk is out of service (${current.message ?? closedSign}): it cannot ${action}.`,
      );
  };
  const requireNoStaffCall = () => {
    if (visit.staffNeeded) throw new LaneError('refused', `Please wait for a member of staff: ${visit.staffNeeded}`);
  };
  /** The customer may add to the basket: in service, no staff call, and at the welcome (the basket opens) or the basket. */
  const openForItems = (action: string) => {
    requireInService(action);
    requireNoStaffCall();
    if (visit.step !== 'welcome' && visit.step !== 'basket')
      throw new LaneError(
        'refused',
        visit.step === 'paying'
          ? 'A payment is running: finish or cancel it before changing the basket.'
          : 'This basket is paid: start a new visit to buy more.',
      );
  };
  const itemById = (itemId: string): CatalogueItem => {
    const item = catalogueIndex(options.catalogue()).byId.get(itemId);
    if (!item) throw new LaneError('invalid', `No item in the catalogue has id ${itemId}.`, 'itemId');
    return item;
  };
  /** The welcome gives way to a customer's basket. */
  const openVisit = () => {
    visit.step = 'basket';
    options.visitStarted?.();
  };
  /** Sets an item's quantity, keeping the terminal's rest in step when staff change a partly paid basket. */
  const change = (item: CatalogueItem, quantity: number) => {
    const before = visit.contents;
    visit.contents = withQuantity(before, { item, quantity }, rates(), { staff: options.staff() !== null });
    if (before.paidMinor > 0) {
      const due = basket().dueMinor;
      try {
        options.sales.owe(due);
      } catch (error) {
        visit.contents = before;
        throw error;
      }
      if (due === 0) visit.step = 'receipt';
      logger.info({ itemId: item.id, quantity, by: options.staff(), dueMinor: due }, 'staff changed a paid basket');
    }
    if (visit.step === 'welcome') openVisit();
    visit.scanProblem = null;
  };

  const checkout = createKioskCheckout({
    sales: options.sales,
    terminal: options.terminal,
    walletEnabled: () => settings.wallet.enabled,
    logger,
    walkAwayMs: walkAwayLimitMs(settings.kiosk.idleResetSeconds),
    setTimer: options.setTimer,
    visit: {
      basket,
      step: () => visit.step,
      moveTo(step) {
        visit.step = step;
        if (step === 'welcome') {
          visit.contents = emptyBasket;
          visit.receipt = null;
          visit.scanProblem = null;
        }
        publish();
      },
      paid(approvedMinor) {
        visit.contents = { ...visit.contents, paidMinor: visit.contents.paidMinor + approvedMinor };
      },
      receipt(printed) {
        visit.receipt = printed;
      },
      callStaff(why) {
        visit.staffNeeded = why;
        staffCalls.open('payment', why);
        publish();
      },
      staffCame() {
        visit.staffNeeded = null;
        staffCalls.clear('payment', options.staff());
      },
      staffNeeded: () => visit.staffNeeded,
    },
  });

  return {
    state,
    catalogue: () => options.catalogue(),
    start() {
      requireInService('start a visit');
      requireNoStaffCall();
      if (visit.step === 'basket') return state();
      if (visit.step !== 'welcome')
        throw new LaneError('refused', 'A customer\u2019s visit is not over yet: finish it or cancel it first.');
      openVisit();
      visit.scanProblem = null;
      return publish();
    },
    scan(barcode, source = 'command') {
      try {
        openForItems('take a scan');
        if (looksLikeCardNumber(barcode))
          throw new LaneError('invalid', 'That was a card, not a barcode: pay with the card reader.', 'barcode');
        const key = barcodeKey(barcode);
        const item = catalogueIndex(options.catalogue()).byBarcode.get(key);
        if (!item)
          throw new LaneError(
            'invalid',
            `No item in the catalogue has barcode ${barcode}: put it aside and ask a member of staff.`,
            'barcode',
          );
        change(item, quantityOf(visit.contents, item.id) + 1);
        return publish();
      } catch (error) {
        if (source === 'scanner' && error instanceof LaneError) {
          visit.scanProblem = error.message;
          visit.scanProblemKind = 'refused';
          publish();
        }
        throw error;
      }
    },
    scanUnreadable() {
      // Only where a scan is taken: elsewhere the scan would be refused anyway.
      if (!options.serviceState.current().inService || (visit.step !== 'welcome' && visit.step !== 'basket'))
        return state();
      visit.scanProblem = 'The scanner\u2019s code could not be read: scan the item again.';
      visit.scanProblemKind = 'unreadable';
      return publish();
    },
    add(itemId, quantity) {
      openForItems('add an item');
      const item = itemById(itemId);
      change(item, quantityOf(visit.contents, itemId) + quantity);
      return publish();
    },
    setQuantity(itemId, quantity) {
      if (visit.step !== 'basket')
        throw new LaneError(
          'refused',
          visit.step === 'paying' ? 'A payment is running: wait for it.' : 'There is no basket to change.',
        );
      const line = visit.contents.entries.find((entry) => entry.item.id === itemId);
      if (!line) throw new LaneError('invalid', `The basket has no item ${itemId}.`, 'itemId');
      change(line.item, quantity);
      return publish();
    },
    pay(tender, language) {
      requireInService('take a payment');
      requireNoStaffCall();
      return checkout.pay(tender, language ?? settings.kiosk.languages[0] ?? 'en');
    },
    async receipt(print) {
      await checkout.receipt(print);
      return state();
    },
    finish() {
      checkout.finish();
      return state();
    },
    async abandon(reason, voids) {
      await checkout.abandon(reason, voids);
      return state();
    },
    async voidPayment(orderId) {
      await checkout.voidPayment(orderId);
      return publish();
    },
    setService(inService, message, by) {
      if (!inService && visit.step === 'paying')
        throw new LaneError('refused', 'A payment is running: wait for it, or cancel the order first.');
      options.serviceState.save({
        inService,
        message: inService ? null : (message ?? null),
        changedBy: by,
        changedAt: options.clock.now(),
      });
      logger.info({ inService, by }, inService ? 'kiosk back in service' : 'kiosk taken out of service');
      return publish();
    },
    callForHelp() {
      staffCalls.open('help', helpCallReason);
      return publish();
    },
    staffSignedIn(cashierId) {
      if (staffCalls.current() === null) return;
      staffCalls.clear('help', cashierId);
      publish();
    },
    close() {
      checkout.close();
      staffCalls.close();
    },
  };
}
