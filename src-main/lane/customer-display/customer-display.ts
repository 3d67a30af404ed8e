import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { cartTotalMinor, type CartLine } from '../ipc/cart';
import type {
  CurrentSale,
  CustomerAnswer,
  CustomerLanguage,
  CustomerOrder,
  CustomerReceiptChoice,
  CustomerStep,
  CustomerView,
  SignatureSession,
  TerminalState,
  TipChoice,
} from '../ipc/contract';
import type { EventHub } from '../ipc/event-hub';
import type { Settings } from '../config/settings';
import type { Logger } from '../../platform/log/logger';
import { LaneError } from '../errors';

/** What the customer display needs of the lane: read, and the two steps the customer may take. */
export interface CustomerDisplayLane {
  readonly terminal: { current(): TerminalState };
  readonly signature: { session(): SignatureSession };
  /** The customer accepts the surcharge (`confirm-fee`), or declines it: nothing is charged. */
  confirmFee(): void;
  declineFee(): void;
  /** Queues the sale's receipt for the customer's address (the outbox's own checks and refusals). */
  emailReceipt(orderId: string, address: string): void;
}

export interface CustomerDisplayOptions {
  readonly settings: Pick<Settings, 'customerDisplay' | 'payments' | 'receiptMail' | 'training' | 'mode'>;
  readonly lane: CustomerDisplayLane;
  readonly events: EventHub;
  readonly logger: Logger;
}

/** The lane's side of the customer display (ADR 087): it holds the view; the display holds nothing. */
export interface CustomerDisplay {
  view(): CustomerView;
  /** The store's logo as a data URL, read from `customerDisplay.logoFile` once; null without one. */
  brand(): Promise<{ readonly logo: string | null }>;
  /** The counter's cart (or keyed amount) as it is rung up; empty lines and no amount clear it. */
  showOrder(lines: readonly CartLine[], amountMinor: number | null): CustomerView;
  /** Asks the customer for a tip on `baseMinor`; refused when no customer display is connected. */
  askTip(baseMinor: number): CustomerView;
  /** The customer's answer, checked against the question their display shows. */
  answer(answer: CustomerAnswerInput): CustomerView;
  /** The cashier takes the question back (no tip; the receipt is the cashier's), with the reason. */
  takeBack(reason: string, by: string | undefined): CustomerView;
  /** A customer display connected (a window or a page, by its caller source); call the result when it goes. */
  connect(source: string): () => void;
  close(): void;
}

export type CustomerAnswerInput =
  | CustomerAnswer
  | { readonly kind: 'fee'; readonly accept: boolean }
  | { readonly kind: 'language'; readonly language: CustomerLanguage };

/** The largest logo the idle screen takes: it goes to the page as a data URL. */
export const maxLogoBytes = 256 * 1024;
const logoTypes: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
};

/** The phases in which the lane works on a card the customer has given: nothing for them to do. */
const workingPhases: ReadonlySet<string> = new Set(['card-read', 'authorizing', 'resolving', 'retry', 'printing']);

/** The tip shares the customer is offered on `baseMinor`, in cents worked out once for both screens. */
export function tipChoicesOf(baseMinor: number, percents: readonly number[]): TipChoice[] {
  return percents.map((percent) => ({ percent, amountMinor: Math.round((baseMinor * percent) / 100) }));
}

/** The order as the customer sees it, from cart lines or, without a cart, a keyed amount; and the tip chosen. */
export function customerOrderOf(
  lines: readonly CartLine[],
  amountMinor: number | null,
  tipMinor = 0,
): CustomerOrder | null {
  if (lines.length === 0) {
    if (amountMinor === null || amountMinor <= 0) return null;
    return { lines: [], subtotalMinor: amountMinor, taxMinor: 0, tipMinor, totalMinor: amountMinor + tipMinor };
  }
  const taxMinor = lines.reduce((sum, line) => sum + (line.taxMinor ?? 0), 0);
  const cartMinor = cartTotalMinor(lines);
  return {
    lines: [...lines],
    subtotalMinor: cartMinor - taxMinor,
    taxMinor,
    tipMinor,
    totalMinor: cartMinor + tipMinor,
  };
}

/**
 * Builds the lane's customer display. Its view is worked out from the lane's own state each time
 * something the customer sees changes (the sale's phase, the signature, the cart, the question),
 * and published only when it differs, so a display that reconnects reads the same view.
 */
export function createCustomerDisplay(options: CustomerDisplayOptions): CustomerDisplay {
  const { settings, lane, events, logger } = options;
  const displaySettings = settings.customerDisplay;
  const connected = new Map<string, number>();
  let seq = 0;
  let published = '';
  let order: { lines: readonly CartLine[]; amountMinor: number | null } = { lines: [], amountMinor: null };
  let tipQuestion: { baseMinor: number; choices: TipChoice[] } | null = null;
  /** The receipt answered for an order of the sale on the display; forgotten when the sale ends. */
  let receiptAnswered: { orderId: string; choice: CustomerReceiptChoice } | null = null;
  /** The receipt question the cashier took back, for this order: it is not asked again. */
  let receiptTakenBackFor: string | null = null;
  let takenBack: CustomerView['takenBack'] = null;
  let language: CustomerLanguage = displaySettings.languages[0] ?? 'en';
  let logo: Promise<{ logo: string | null }> | null = null;

  const connectedCount = () => [...connected.values()].reduce((sum, count) => sum + count, 0);
  // With no display of its own connected, training draws the customer's display beside the
  // counter (its panel), so a trainee plays both sides in one window.
  const besideTheCounter = () =>
    settings.training && settings.mode === 'counter' && displaySettings.enabled && connectedCount() === 0;
  const displays = () => connectedCount() + (besideTheCounter() ? 1 : 0);

  const receiptChannels = (): CustomerReceiptChoice[] =>
    settings.receiptMail.host ? ['print', 'email', 'none'] : ['print', 'none'];

  /** The order paid in full whose receipt the customer chooses now; null while anything is still due. */
  const paidOrderOf = (sale: CurrentSale | null): string | null => {
    if (!sale || sale.running || sale.dueMinor !== null) return null;
    const last = sale.results.at(-1);
    return last && (last.outcome === 'approved' || last.outcome === 'partial') ? last.orderId : null;
  };

  const payWayOf = (sale: CurrentSale): CustomerStep & { kind: 'pay' } => ({
    kind: 'pay',
    amountMinor: sale.amountMinor,
    tipMinor: sale.tipMinor,
    way:
      sale.payLink !== null || sale.tender === 'wallet'
        ? 'phone'
        : sale.entry === 'keyed'
          ? 'keyed'
          : settings.payments.device === 'integrated-terminal'
            ? 'terminal'
            : 'card',
    payLink: sale.payLink ? { url: sale.payLink.url, expiresAt: sale.payLink.expiresAt } : null,
  });

  const stepOf = (state: TerminalState): CustomerStep => {
    const sale = state.sale;
    if (tipQuestion && !sale?.running)
      return {
        kind: 'tip',
        baseMinor: tipQuestion.baseMinor,
        choices: tipQuestion.choices,
        maxCustomMinor: tipQuestion.baseMinor,
      };
    if (sale) {
      if (sale.running) {
        if (state.phase === 'confirm-fee' && state.surcharge) return { kind: 'fee', surcharge: state.surcharge };
        if (state.phase === 'signature') {
          const session = lane.signature.session();
          const here = session.state === 'capturing' && session.source === 'screen';
          return { kind: 'signature', amountMinor: sale.amountMinor, where: here ? 'here' : 'pad' };
        }
        if (workingPhases.has(state.phase)) return { kind: 'working', amountMinor: sale.amountMinor };
        return payWayOf(sale);
      }
      const paid = paidOrderOf(sale);
      if (paid !== null) {
        if (receiptAnswered?.orderId === paid) return { kind: 'done', receipt: receiptAnswered.choice };
        if (receiptTakenBackFor === paid) return { kind: 'done', receipt: null };
        if (displays() > 0) return { kind: 'receipt', channels: receiptChannels() };
      }
      const last = sale.results.at(-1);
      if (last)
        return {
          kind: 'outcome',
          outcome: last.outcome,
          amountMinor: last.requestedMinor,
          approvedMinor: last.approvedMinor,
          dueMinor: sale.dueMinor,
        };
      if (sale.problem !== null)
        return {
          kind: 'outcome',
          outcome: 'canceled',
          amountMinor: sale.amountMinor,
          approvedMinor: 0,
          dueMinor: null,
        };
    }
    return customerOrderOf(order.lines, order.amountMinor) ? { kind: 'order' } : { kind: 'idle' };
  };

  const compose = (): Omit<CustomerView, 'seq'> => {
    const state = lane.terminal.current();
    const sale = state.sale;
    // Once a sale runs, its own cart and amount are the order: the counter's copy may already be the next one.
    const shownOrder = sale
      ? customerOrderOf(sale.cart ?? [], sale.cart ? null : sale.amountMinor - sale.tipMinor, sale.tipMinor)
      : customerOrderOf(order.lines, order.amountMinor);
    return {
      language,
      languages: [...displaySettings.languages],
      store: { name: displaySettings.storeName, message: displaySettings.message },
      order: shownOrder,
      step: stepOf(state),
      takenBack,
      training: settings.training,
      displays: displays(),
      besideTheCounter: besideTheCounter(),
    };
  };

  let current: CustomerView = { seq, ...compose() };

  /** Works the view out again and tells every screen when it changed. */
  const refresh = (): CustomerView => {
    const next = compose();
    const text = JSON.stringify(next);
    if (text === published) return current;
    published = text;
    seq += 1;
    current = { seq, ...next };
    events.emit('customerDisplay.view', current);
    return current;
  };
  published = JSON.stringify(compose());

  // The sale's state ends a sale's memory: its receipt answer and the cashier's word on it.
  let lastSaleKey: string | null = null;
  const onLaneChange = () => {
    const sale = lane.terminal.current().sale;
    const key = sale ? (sale.results[0]?.orderId ?? 'running') : null;
    if (key === null && lastSaleKey !== null) {
      receiptAnswered = null;
      receiptTakenBackFor = null;
      takenBack = null;
    }
    lastSaleKey = key;
    refresh();
  };
  const stopEvents = events.subscribe((name) => {
    if (name === 'terminal.state' || name === 'signature.session') onLaneChange();
  });

  const answerTip = (tipMinor: number) => {
    if (!tipQuestion) throw new LaneError('refused', 'No tip is being asked on the customer display now.');
    const offered = tipMinor === 0 || tipQuestion.choices.some((choice) => choice.amountMinor === tipMinor);
    if (!offered && tipMinor > tipQuestion.baseMinor)
      throw new LaneError('invalid', 'A tip can be at most the amount of the sale.', 'tipMinor');
    tipQuestion = null;
    takenBack = null;
    events.emit('customerDisplay.answered', { answer: { kind: 'tip', tipMinor }, by: 'customer', reason: null });
  };

  const answerReceipt = (choice: CustomerReceiptChoice, address: string | undefined) => {
    const state = lane.terminal.current();
    const orderId = paidOrderOf(state.sale);
    if (orderId === null || stepOf(state).kind !== 'receipt')
      throw new LaneError('refused', 'No receipt is being asked on the customer display now.');
    if (!receiptChannels().includes(choice))
      throw new LaneError('refused', 'This lane does not send receipts that way.', 'choice');
    // The outbox checks the address and refuses a malformed one by name; the question stays open.
    if (choice === 'email') lane.emailReceipt(orderId, address ?? '');
    receiptAnswered = { orderId, choice };
    events.emit('customerDisplay.answered', {
      answer: { kind: 'receipt', choice },
      by: 'customer',
      reason: null,
    });
  };

  return {
    view: () => refresh(),
    brand() {
      logo ??= readLogo(displaySettings.logoFile).catch((error: unknown) => {
        logger.warn({ err: error, file: displaySettings.logoFile }, 'customer display: the logo could not be read');
        return { logo: null };
      });
      return logo;
    },
    showOrder(lines, amountMinor) {
      order = { lines: [...lines], amountMinor };
      // The order is gone (the cashier cleared it): so is the tip asked on it.
      if (lines.length === 0 && (amountMinor === null || amountMinor === 0)) tipQuestion = null;
      return refresh();
    },
    askTip(baseMinor) {
      if (displays() === 0)
        throw new LaneError(
          'refused',
          'No customer display is connected: ask the customer for the tip at the counter.',
        );
      if (lane.terminal.current().sale?.running)
        throw new LaneError('refused', 'A payment is under way: the tip is asked before the card.');
      tipQuestion = { baseMinor, choices: tipChoicesOf(baseMinor, displaySettings.tipPercents) };
      takenBack = null;
      return refresh();
    },
    answer(answer) {
      switch (answer.kind) {
        case 'tip':
          answerTip(answer.tipMinor);
          break;
        case 'receipt':
          answerReceipt(answer.choice, answer.address);
          break;
        case 'fee': {
          if (lane.terminal.current().phase !== 'confirm-fee')
            throw new LaneError('refused', 'No surcharge is being asked now.');
          if (answer.accept) lane.confirmFee();
          else lane.declineFee();
          break;
        }
        case 'language':
          if (!displaySettings.languages.includes(answer.language))
            throw new LaneError('refused', 'This store does not offer that language.', 'language');
          language = answer.language;
          break;
      }
      return refresh();
    },
    takeBack(reason, by) {
      const state = lane.terminal.current();
      const step = stepOf(state);
      if (step.kind === 'tip') {
        tipQuestion = null;
        takenBack = { question: 'tip', reason };
        events.emit('customerDisplay.answered', { answer: { kind: 'tip', tipMinor: 0 }, by: 'cashier', reason });
      } else if (step.kind === 'receipt') {
        receiptTakenBackFor = paidOrderOf(state.sale);
        takenBack = { question: 'receipt', reason };
        events.emit('customerDisplay.answered', {
          answer: { kind: 'receipt', choice: 'none' },
          by: 'cashier',
          reason,
        });
      } else {
        throw new LaneError('refused', 'The customer display is not asking the customer anything now.');
      }
      logger.info(
        { question: takenBack.question, reason, cashierId: by ?? null },
        'customer display: the cashier took the question back',
      );
      return refresh();
    },
    connect(source) {
      connected.set(source, (connected.get(source) ?? 0) + 1);
      refresh();
      return () => {
        const left = (connected.get(source) ?? 1) - 1;
        if (left > 0) connected.set(source, left);
        else connected.delete(source);
        refresh();
      };
    },
    close: () => stopEvents(),
  };
}

async function readLogo(file: string): Promise<{ logo: string | null }> {
  if (file === '') return { logo: null };
  const type = logoTypes[extname(file).toLowerCase()];
  if (!type) throw new LaneError('invalid', `customerDisplay.logoFile: ${file} is not a PNG, JPEG or SVG file`);
  const { size } = await stat(file);
  if (size > maxLogoBytes)
    throw new LaneError('invalid', `customerDisplay.logoFile: ${file} is larger than ${maxLogoBytes / 1024} KiB`);
  return { logo: `data:${type};base64,${(await readFile(file)).toString('base64')}` };
}
