import { readCard, type ReadNotice } from '../../drivers/card-reader/read-card';
import type { CardRead, CardReader } from '../../drivers/card-reader/types';
import type { ReceiptPrinter } from '../../drivers/printer/receipt-printer';
import type { PrinterProblem } from '../../drivers/printer/status';
import type { AuthorizationRequest } from '../gateway/auth-request';
import type { CaptureDetails } from '../gateway/capture-details';
import type { GatewayClient } from '../gateway/client';
import { NotFoundYetError } from '../gateway/errors';
import type { Journal } from '../journal/journal';
import { journaledAuthorize } from '../journal/journaled';
import type { Logger } from '../log/logger';
import { encodeReceipt } from '../receipt/escpos';
import { buildReceipt, type ReceiptDocument, type ReceiptFacts, type ReceiptKind } from '../receipt/model';
import type { PrinterProfile } from '../receipt/profiles';
import type { Bitmap } from '../signature/bmp';
import { decodeSignature, type EncodedSignature } from '../signature/codec';
import { signatureRequirement, type SignaturePolicy } from '../signature/requirement';

/** The states a sale passes through, as `terminal.state` names them. */
export type SalePhase = 'awaiting-card' | 'card-read' | 'signature' | 'authorizing' | 'resolving' | 'approved' | 'partial' | 'declined' | 'retry' | 'unknown' | 'printing';

export interface SaleDependencies {
  readonly journal: Journal;
  readonly client: Pick<GatewayClient, 'auth' | 'inquireByOrderid' | 'voidByOrderId'>;
  readonly merchid: string;
  readonly terminalId: string;
  readonly training: boolean;
  readonly reader: CardReader;
  readonly chipFailuresBeforeFallback: number;
  readonly policy: SignaturePolicy;
  /** Gets the cardholder's signature when the rules ask for one, or learns it was canceled or skipped. */
  readonly captureSignature?: (signal: AbortSignal) => Promise<SignatureStep>;
  readonly printer?: { readonly printer: ReceiptPrinter; readonly profile: PrinterProfile };
  readonly now: () => number;
  /** Seconds to wait for a card before the sale goes back to idle. */
  readonly cardTimeoutSeconds?: number;
  /** A card keyed by the cashier, for a sale whose card cannot be read. */
  readonly keyedEntry?: (signal: AbortSignal) => Promise<CardRead>;
  /** Where printing problems are written (never card data). */
  readonly logger?: Pick<Logger, 'warn'>;
}

/**
 * How the signature step ended: signed; canceled (on the screen, the pad, or by Cancel: the sale
 * ends with nothing sent); or skipped by a signed-in cashier where the store allows it.
 */
export type SignatureStep = { readonly kind: 'signed'; readonly signature: EncodedSignature } | { readonly kind: 'canceled' } | { readonly kind: 'skipped'; readonly by: string };

/** A sale canceled at the signature: nothing was sent; the journal has a not-sent row with `orderId`. */
export class SaleCanceledError extends Error {
  constructor(
    readonly orderId: string,
    message: string,
  ) {
    super(message);
    this.name = 'SaleCanceledError';
  }
}

export type SaleOutcome =
  /** Approved (or partially: the operator accepts the amount and tenders the rest, or voids it). */
  | { readonly kind: 'approved' | 'partial'; readonly orderId: string; readonly approvedMinor: number; readonly authcode: string | undefined; readonly retref: string | undefined }
  | { readonly kind: 'declined'; readonly orderId: string; readonly reason: string; readonly respcode: string | undefined }
  /** The gateway asks to try again (respstat B); nothing was charged. */
  | { readonly kind: 'retry'; readonly orderId: string; readonly reason: string }
  /** The answer was lost and recovery settled it without a charge (never processed, or voided). */
  | { readonly kind: 'not-charged'; readonly orderId: string; readonly reason: string }
  /** The answer was lost and nothing could be learned: never shown as approved; queued for recovery. */
  | { readonly kind: 'unknown'; readonly orderId: string; readonly reason: string };

/** A card sale captures at once; an authorization waits for a capture; a forced credit returns money. */
export type CardTender = 'sale' | 'authorize' | 'forced-credit';

export interface SaleResult {
  readonly outcome: SaleOutcome;
  readonly card: { readonly maskedPan: string; readonly entryMode: string; readonly network: string };
  readonly signatureRequired: boolean;
  /** The cashier who chose to go on without the required signature, when one did. */
  readonly signatureSkippedBy?: string;
  readonly receipts: readonly ReceiptDocument[];
  /** Whether the receipts reached the printer; the reason when not. */
  readonly printed: { readonly ok: boolean; readonly problem?: string };
}

export const entryWords: Record<CardRead['entryMode'], string> = { swipe: 'Swiped', chip: 'Chip Read', contactless: 'Contactless', 'fallback-swipe': 'Fallback Swipe', keyed: 'Keyed' };

type PhaseListener = (phase: SalePhase, detail: string) => void;

/** What the screen says while the card is awaited, after the reader refused a swipe or the chip failed. */
export function readNoticeWords(notice: ReadNotice, chipFailuresBeforeFallback: number): string {
  switch (notice.kind) {
    case 'insert-chip':
      return 'Chip card: insert it';
    case 'swipe-now':
      return 'Chip failed: swipe the card';
    case 'chip-failed':
      return chipFailuresBeforeFallback > 0 ? 'The chip could not be read: insert the card again' : 'The chip could not be read: insert the card again, or key the card';
  }
}

/**
 * One card sale, sequenced: read the card (chip first, fallback by the rules), ask for a
 * signature when the network's rules say so (captured before the authorization and sent in it),
 * authorize through the journal (the row before the request; a lost answer recovered at once),
 * then build and print the receipts. A sale whose outcome is unknown is never reported or
 * printed as approved. Cancel with `signal` at any human step.
 */
export async function runSale(
  deps: SaleDependencies,
  request: { amountMinor: number; tender?: CardTender; entry?: 'card' | 'keyed'; captureDetails?: CaptureDetails; signal: AbortSignal; onPhase?: PhaseListener },
): Promise<SaleResult> {
  const { amountMinor, signal } = request;
  const tender = request.tender ?? 'sale';
  const phase = request.onPhase ?? (() => undefined);
  const keyed = request.entry === 'keyed';
  if (keyed && !deps.keyedEntry) throw new Error('this lane takes no keyed cards');
  // The reader listens before the screen says so: a card presented at once is not missed. What
  // the chip-first rule asks of the person at the reader goes to the screen as the phase's words.
  const onNotice = (notice: ReadNotice) => phase('awaiting-card', readNoticeWords(notice, deps.chipFailuresBeforeFallback));
  const reading = keyed ? deps.keyedEntry!(signal) : readCard(deps.reader, { amountMinor, timeoutSeconds: deps.cardTimeoutSeconds ?? 60, signal, chipFailuresBeforeFallback: deps.chipFailuresBeforeFallback, onNotice });
  phase('awaiting-card', keyed ? 'Key the card number, expiry and CVV' : 'Insert, tap or swipe the card');
  const read = await reading;
  phase('card-read', `${read.network.toUpperCase()} ${read.maskedPan.slice(-4)}`);
  // Money going back to the card asks for no cardholder verification.
  const required = tender !== 'forced-credit' && signatureRequirement({ network: read.network, amountMinor, entryMode: read.entryMode, cvm: read.cvm, policy: deps.policy }).required;
  let step: SignatureStep | undefined;
  if (required && deps.captureSignature) {
    phase('signature', 'Waiting for the signature');
    step = await deps.captureSignature(signal);
    // The signature comes before the authorization: a cancel here ends the sale with nothing sent.
    // The journal keeps a whole not-sent row so the history says what became of the card.
    if (step.kind === 'canceled') {
      const { orderId } = deps.journal.recordNotSent(
        { operation: 'auth', amountMinor, maskedPan: read.maskedPan, entryMode: read.entryMode, detail: { tender, signatureRequired: true, canceledAt: 'signature' } },
        'canceled at the signature: nothing was sent',
      );
      throw new SaleCanceledError(orderId, 'Sale canceled at the signature: nothing was charged.');
    }
  }
  if (signal.aborted) throw new Error('the sale was canceled');
  const signature = step?.kind === 'signed' ? step.signature : undefined;
  const result = await authorizeAndPrint(deps, {
    amountMinor,
    tender,
    fields: {
      ...(read.keyed ? { account: read.keyed.account, expiry: read.keyed.expiry, ...(read.keyed.cvv ? { cvv: read.keyed.cvv } : {}) } : { track: read.track }),
      // Level 2/3 data rides on an authorization only when it captures.
      ...(request.captureDetails && tender === 'sale' ? { captureDetails: request.captureDetails } : {}),
    },
    card: { maskedPan: read.maskedPan, entryMode: read.entryMode },
    cardFacts: { lastFour: read.lastFour, brand: (read.applicationLabel ?? read.network).toUpperCase(), entryMethod: entryWords[read.entryMode], ...(read.name ? { name: read.name } : {}) },
    ...(signature ? { signature } : {}),
    signatureRequired: required,
    ...(step?.kind === 'skipped' ? { signatureSkippedBy: step.by } : {}),
    onPhase: phase,
  });
  return { ...result, card: { maskedPan: read.maskedPan, entryMode: read.entryMode, network: read.network } };
}

/** How a sale that reads no card (an ACH check, a stored profile) or a card already read is paid. */
export interface TenderedPayment {
  readonly amountMinor: number;
  readonly tender: CardTender | 'ach' | 'profile';
  /** The request's account fields: track, keyed card, bank account, or profile. */
  readonly fields: Partial<AuthorizationRequest>;
  /** What the journal keeps of the account: masked, never clear. */
  readonly card: { readonly maskedPan?: string; readonly entryMode: string };
  readonly cardFacts: ReceiptFacts['card'];
  readonly signature?: EncodedSignature;
  readonly signatureRequired: boolean;
  /** The cashier who chose to go on without the required signature: kept on the authorization's row. */
  readonly signatureSkippedBy?: string;
  readonly onPhase?: PhaseListener;
}

/** Words for the receipt and the screen by tender. */
const receiptKinds: Record<TenderedPayment['tender'], ReceiptKind> = { sale: 'sale', authorize: 'authorization', 'forced-credit': 'refund', ach: 'sale', profile: 'sale' };

/**
 * The part of every sale after the account is known: the journaled authorization (its order id
 * taken in the same transaction as the row), the outcome in the cashier's terms, and the receipts,
 * printed without waiting on a printer that needs attention.
 */
export async function authorizeAndPrint(deps: Omit<SaleDependencies, 'reader' | 'chipFailuresBeforeFallback' | 'policy' | 'captureSignature'>, payment: TenderedPayment): Promise<Omit<SaleResult, 'card'>> {
  const { amountMinor, tender } = payment;
  const phase = payment.onPhase ?? (() => undefined);
  const required = payment.signatureRequired;
  phase('authorizing', tender === 'forced-credit' ? 'Returning the money' : 'Authorizing');
  let outcome: SaleOutcome;
  let facts: Omit<ReceiptFacts, 'kind'> | undefined;
  const { cardFacts } = payment;
  const image: Bitmap | undefined = payment.signature ? decodeSignature(payment.signature.value) : undefined;
  {
    // Errors that are not answers (a journal that cannot be written, a request that never left)
    // go to the caller as they are.
    const result = await journaledAuthorize(
      deps.journal,
      deps.client,
      {
        merchid: deps.merchid,
        amount: tender === 'forced-credit' ? -amountMinor : amountMinor,
        capture: tender !== 'authorize',
        receipt: true,
        ...payment.fields,
        ...(payment.signature ? { signature: payment.signature.value } : {}),
      },
      payment.card,
      undefined,
      { tender, signatureRequired: required, ...(payment.signatureSkippedBy ? { signatureSkippedBy: payment.signatureSkippedBy } : {}) },
    );
    // The journal gives the order id with the row it writes before the request.
    const orderId = result.orderId;
    if (result.kind === 'answered') {
      const answer = result.authorization;
      // A forced credit answers with the credit as a negative amount; the screens show money back as positive.
      const approvedMinor = answer.amount === undefined ? amountMinor : Math.abs(answer.amount);
      outcome =
        answer.outcome === 'approved'
          ? { kind: approvedMinor < amountMinor ? 'partial' : 'approved', orderId, approvedMinor, authcode: answer.authcode, retref: answer.retref }
          : { kind: 'declined', orderId, reason: answer.resptext ?? 'Declined', respcode: answer.respcode };
      facts = {
        amountMinor: answer.outcome === 'approved' ? approvedMinor : amountMinor,
        ...(approvedMinor < amountMinor ? { requestedMinor: amountMinor } : {}),
        card: cardFacts,
        gateway: { ...(answer.retref ? { retref: answer.retref } : {}), ...(answer.authcode ? { authcode: answer.authcode } : {}), ...(answer.respcode ? { respcode: answer.respcode } : {}), ...(answer.resptext ? { resptext: answer.resptext } : {}), ...(answer.batchid ? { batchid: answer.batchid } : {}), orderId },
        ...(answer.emvTagData ? { emv: answer.emvTagData } : {}),
        ...(answer.receipt ? { merchant: answer.receipt } : {}),
        signature: { required: required || answer.emvTagData?.signature === 'true', ...(image ? { image } : {}) },
        merchantId: deps.merchid,
        terminalId: deps.terminalId,
      };
    } else if (result.kind === 'recovered') {
      phase('resolving', 'Checking the outcome with the gateway');
      const settled = result.outcome;
      if (settled.kind === 'found') {
        const record = settled.record;
        const foundMinor = record.amount === undefined ? amountMinor : Math.abs(record.amount);
        outcome = settled.approved
          ? { kind: 'approved', orderId, approvedMinor: foundMinor, authcode: undefined, retref: record.retref }
          : { kind: 'declined', orderId, reason: record.resptext ?? 'Declined', respcode: record.respcode };
        facts = {
          amountMinor: foundMinor,
          card: cardFacts,
          gateway: { ...(record.retref ? { retref: record.retref } : {}), ...(record.respcode ? { respcode: record.respcode } : {}), ...(record.resptext ? { resptext: record.resptext } : {}), orderId },
          ...(record.emvTagData ? { emv: record.emvTagData } : {}),
          ...(record.receipt ? { merchant: record.receipt } : {}),
          signature: { required, ...(image ? { image } : {}) },
          merchantId: deps.merchid,
          terminalId: deps.terminalId,
        };
      } else if (settled.kind === 'unresolved') {
        outcome = { kind: 'unknown', orderId, reason: 'The answer was lost and the gateway has not answered since: the sale is queued and checked again.' };
      } else {
        outcome = { kind: 'not-charged', orderId, reason: settled.kind === 'not-processed' ? 'The answer was lost, and the gateway never processed the sale: nothing was charged.' : 'The answer was lost; the sale was voided so nothing stays charged. Try the card again.' };
      }
    } else if (result.kind === 'retry') {
      outcome = { kind: 'retry', orderId, reason: `${result.error.resptext ?? 'The processor did not answer'}: try again.` };
    } else if (result.error instanceof NotFoundYetError) {
      outcome = { kind: 'unknown', orderId, reason: 'The answer was lost and the gateway had no record of the sale yet: it may still be processing it. Do not charge again: the sale is checked again once the gateway has answered every request.' };
    } else {
      outcome = { kind: 'unknown', orderId, reason: 'The answer was lost and the gateway has not answered since: the sale is queued and checked again.' };
    }
  }
  if (outcome.kind !== 'not-charged') phase(outcome.kind, outcomeLine(outcome));

  const receipts: ReceiptDocument[] = [];
  let printed: SaleResult['printed'] = { ok: false, problem: 'nothing to print' };
  if (facts && (outcome.kind === 'approved' || outcome.kind === 'partial' || outcome.kind === 'declined')) {
    const kind: ReceiptKind = outcome.kind === 'declined' ? 'decline' : outcome.kind === 'partial' ? 'partial' : receiptKinds[tender];
    const columns = deps.printer?.profile.columns ?? 48;
    const options = { training: deps.training, duplicate: false, printedAt: new Date(deps.now()), columns };
    receipts.push(buildReceipt({ ...facts, kind }, { ...options, copy: 'merchant' }), buildReceipt({ ...facts, kind }, { ...options, copy: 'customer' }));
    if (deps.printer) {
      phase('printing', 'Printing the receipt');
      printed = await printReceipts(deps.printer, receipts, deps.logger);
    } else {
      printed = { ok: false, problem: 'no printer is configured' };
    }
  }
  return { outcome, signatureRequired: required, ...(payment.signatureSkippedBy ? { signatureSkippedBy: payment.signatureSkippedBy } : {}), receipts, printed };
}

function outcomeLine(outcome: SaleOutcome): string {
  switch (outcome.kind) {
    case 'approved':
      return `Approved${outcome.authcode ? `, code ${outcome.authcode}` : ''}`;
    case 'partial':
      return 'Partially approved: tender the rest, or void it';
    default:
      return outcome.reason;
  }
}

/**
 * Sends receipts to the printer. A printer out of paper keeps them and prints them on resume;
 * the caller does not wait for that. A printer already holding jobs is said to need attention at
 * once (it sends nothing until someone fixes it, and will not say so again). Whatever goes wrong
 * is in the result for the screen and in the log (the job's label and the printer's words, never
 * the receipt); the attention listener comes off on every way out.
 */
export async function printReceipts(
  target: { readonly printer: ReceiptPrinter; readonly profile: PrinterProfile },
  receipts: readonly ReceiptDocument[],
  logger?: Pick<Logger, 'warn'>,
): Promise<{ ok: boolean; problem?: string }> {
  const { printer, profile } = target;
  const alreadyHeld = printer.held;
  let onAttention: ((problem: PrinterProblem) => void) | undefined;
  const held = new Promise<PrinterProblem>((resolve) => {
    onAttention = resolve;
    printer.on('attention', onAttention);
  });
  try {
    const jobs = Promise.all(receipts.map((document) => printer.print(encodeReceipt(document, profile), `${document.copy} copy`)));
    const first = await Promise.race([jobs.then(() => null), alreadyHeld ?? held]);
    if (first === null) return { ok: true };
    // Nobody waits for the held jobs any more: a later failure (discarded, link lost) goes to the log.
    jobs.catch((error: unknown) => logger?.warn({ err: error, problem: first }, 'held receipts did not print'));
    return { ok: false, problem: `the printer needs attention (${first}); the receipts print when it is fixed` };
  } catch (error) {
    logger?.warn({ err: error }, 'the receipts did not print');
    return { ok: false, problem: (error as Error).message };
  } finally {
    if (onAttention) printer.off('attention', onAttention);
  }
}
