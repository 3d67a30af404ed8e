import { readCard } from '../../drivers/card-reader/read-card';
import type { CardRead, CardReader } from '../../drivers/card-reader/types';
import type { ReceiptPrinter } from '../../drivers/printer/receipt-printer';
import type { GatewayClient } from '../gateway/client';
import type { Journal } from '../journal/journal';
import { journaledAuthorize } from '../journal/journaled';
import { encodeReceipt } from '../receipt/escpos';
import { buildReceipt, type ReceiptDocument, type ReceiptFacts, type ReceiptKind } from '../receipt/model';
import type { PrinterProfile } from '../receipt/profiles';
import type { Bitmap } from '../signature/bmp';
import { decodeSignature, type EncodedSignature } from '../signature/codec';
import { signatureRequirement, type SignaturePolicy } from '../signature/requirement';

/** The phases a sale goes through, as the screens and the status bar name them. */
export type SalePhase = 'reading' | 'signing' | 'authorizing' | 'resolving' | 'printing';

export interface SaleDependencies {
  readonly journal: Journal;
  readonly client: Pick<GatewayClient, 'auth' | 'inquireByOrderid' | 'voidByOrderId'>;
  readonly merchid: string;
  readonly terminalId: string;
  readonly training: boolean;
  readonly reader: CardReader;
  readonly chipFailuresBeforeFallback: number;
  readonly policy: SignaturePolicy;
  /** Gets the cardholder's signature when the rules ask for one; undefined when none was captured. */
  readonly captureSignature?: (signal: AbortSignal) => Promise<EncodedSignature | undefined>;
  readonly printer?: { readonly printer: ReceiptPrinter; readonly profile: PrinterProfile };
  readonly now: () => number;
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

export interface SaleResult {
  readonly outcome: SaleOutcome;
  readonly card: { readonly maskedPan: string; readonly entryMode: string; readonly network: string };
  readonly signatureRequired: boolean;
  readonly receipts: readonly ReceiptDocument[];
  /** Whether the receipts reached the printer; the reason when not. */
  readonly printed: { readonly ok: boolean; readonly problem?: string };
}

const entryWords: Record<CardRead['entryMode'], string> = { swipe: 'Swiped', chip: 'Chip Read', contactless: 'Contactless', 'fallback-swipe': 'Fallback Swipe', keyed: 'Keyed' };

/**
 * One card sale, sequenced: read the card (chip first, fallback by the rules), ask for a
 * signature when the network's rules say so (captured before the authorization and sent in it),
 * authorize through the journal (the row before the request; a lost answer recovered at once),
 * then build and print the receipts. A sale whose outcome is unknown is never reported or
 * printed as approved. Cancel with `signal` at any human step.
 */
export async function runSale(deps: SaleDependencies, request: { amountMinor: number; signal: AbortSignal; onPhase?: (phase: SalePhase, detail: string) => void }): Promise<SaleResult> {
  const { amountMinor, signal } = request;
  const phase = request.onPhase ?? (() => undefined);
  // The reader listens before the screen says so: a card presented at once is not missed.
  const reading = readCard(deps.reader, { amountMinor, timeoutSeconds: 60, signal, chipFailuresBeforeFallback: deps.chipFailuresBeforeFallback });
  phase('reading', 'Insert, tap or swipe the card');
  const read = await reading;
  const required = signatureRequirement({ network: read.network, amountMinor, entryMode: read.entryMode, cvm: read.cvm, policy: deps.policy }).required;
  let signature: EncodedSignature | undefined;
  if (required && deps.captureSignature) {
    phase('signing', 'Waiting for the signature');
    signature = await deps.captureSignature(signal);
  }
  if (signal.aborted) throw new Error('the sale was canceled');

  phase('authorizing', 'Authorizing');
  const card = { maskedPan: read.maskedPan, entryMode: read.entryMode };
  let outcome: SaleOutcome;
  let facts: Omit<ReceiptFacts, 'kind'> | undefined;
  const cardFacts = { lastFour: read.lastFour, brand: (read.applicationLabel ?? read.network).toUpperCase(), entryMethod: entryWords[read.entryMode], ...(read.name ? { name: read.name } : {}) };
  const image: Bitmap | undefined = signature ? decodeSignature(signature.value) : undefined;
  {
    // Errors that are not answers (a journal that cannot be written, a request that never left)
    // go to the caller as they are.
    const result = await journaledAuthorize(
      deps.journal,
      deps.client,
      {
        merchid: deps.merchid,
        amount: amountMinor,
        capture: true,
        receipt: true,
        ...(read.keyed ? { account: read.keyed.account, expiry: read.keyed.expiry, ...(read.keyed.cvv ? { cvv: read.keyed.cvv } : {}) } : { track: read.track }),
        ...(signature ? { signature: signature.value } : {}),
      },
      card,
    );
    // The journal gives the order id with the row it writes before the request.
    const orderId = result.orderId;
    if (result.kind === 'answered') {
      const answer = result.authorization;
      const approvedMinor = answer.amount ?? amountMinor;
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
        outcome = settled.approved
          ? { kind: 'approved', orderId, approvedMinor: record.amount ?? amountMinor, authcode: undefined, retref: record.retref }
          : { kind: 'declined', orderId, reason: record.resptext ?? 'Declined', respcode: record.respcode };
        facts = {
          amountMinor: record.amount ?? amountMinor,
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
    } else {
      outcome = { kind: 'unknown', orderId, reason: 'The answer was lost and the gateway has not answered since: the sale is queued and checked again.' };
    }
  }

  const receipts: ReceiptDocument[] = [];
  let printed: SaleResult['printed'] = { ok: false, problem: 'nothing to print' };
  if (facts && (outcome.kind === 'approved' || outcome.kind === 'partial' || outcome.kind === 'declined')) {
    const kind: ReceiptKind = outcome.kind === 'declined' ? 'decline' : outcome.kind === 'partial' ? 'partial' : 'sale';
    const columns = deps.printer?.profile.columns ?? 48;
    const options = { training: deps.training, duplicate: false, printedAt: new Date(deps.now()), columns };
    receipts.push(buildReceipt({ ...facts, kind }, { ...options, copy: 'merchant' }), buildReceipt({ ...facts, kind }, { ...options, copy: 'customer' }));
    if (deps.printer) {
      phase('printing', 'Printing the receipt');
      const { printer, profile } = deps.printer;
      // A printer out of paper keeps the receipts and prints them on resume; the sale does not wait for that.
      const held = new Promise<string>((resolve) => printer.once('attention', (problem) => resolve(problem)));
      try {
        const jobs = Promise.all(receipts.map((document) => printer.print(encodeReceipt(document, profile), `${document.copy} copy`)));
        const first = await Promise.race([jobs.then(() => null), held]);
        printed = first === null ? { ok: true } : { ok: false, problem: `the printer needs attention (${first}); the receipts print when it is fixed` };
        jobs.catch(() => undefined);
      } catch (error) {
        printed = { ok: false, problem: (error as Error).message };
      }
    } else {
      printed = { ok: false, problem: 'no printer is configured' };
    }
  }
  return { outcome, card: { maskedPan: read.maskedPan, entryMode: read.entryMode, network: read.network }, signatureRequired: required, receipts, printed };
}
