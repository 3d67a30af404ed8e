import type { CardRead, CardReader } from '../../../drivers/card-reader/types';
import type { AuthorizationRequest } from '../gateway/auth-request';
import type { CaptureDetails } from '../gateway/capture-details';
import type { GatewayClient } from '../gateway/client';
import type { Journal } from '../journal/journal';
import type { Logger } from '../../platform/log/logger';
import { authorizePayment, type AuthorizationAsked } from '../payment/authorize/authorize';
import { cardOnFileReceiptLines, type CardOnFilePart } from '../payment/card-on-file';
import type { OfflineTaking } from '../payment/authorize/offline-taking';
import { outcomeLine, type CardTender, type PhaseListener, type SaleOutcome } from '../payment/outcome';
import { readSaleCard } from '../payment/read-card/read-card-step';
import { takeSignature, type SignatureStep } from '../payment/signature/signature-step';
import { takeSurcharge, type SurchargeAsking } from '../payment/surcharge-step';
import { entryMethodWords } from '../receipt/facts';
import type { ReceiptDocument, ReceiptFacts, ReceiptKind } from '../receipt/model';
import { paymentReceipts, printReceipts, type ReceiptTarget } from '../receipt/sale-receipts';
import type { EncodedSignature } from '../signature/codec';
import { decodeSignature } from '../signature/codec';
import type { SignaturePolicy } from '../signature/requirement';
import type { CardEntry } from '../ipc/tenders';
import { forcedSaleNotes, type SaleTender } from '../ipc/tenders';
import { KindedError } from '../../platform/errors';

export interface SaleDependencies {
  readonly journal: Journal;
  /** The void and the inquiry too: an approval for more than was asked is voided (authorize.ts). */
  readonly client: Pick<
    GatewayClient,
    'auth' | 'inquireByOrderid' | 'voidByOrderId' | 'void' | 'inquire' | 'capture' | 'refund'
  >;
  readonly merchid: string;
  readonly terminalId: string;
  /** The Terminal Device ID sent on every authorization (`gateway.termid`, ADR 088); absent when not set. */
  readonly termid?: string;
  readonly training: boolean;
  readonly reader: CardReader;
  readonly chipFailuresBeforeFallback: number;
  readonly policy: SignaturePolicy;
  /** Gets the cardholder's signature when the rules ask for one, or learns it was canceled or skipped. */
  readonly captureSignature?: (signal: AbortSignal) => Promise<SignatureStep>;
  readonly printer?: ReceiptTarget;
  readonly now: () => number;
  /** Seconds to wait for a card before the sale goes back to idle. */
  readonly cardTimeoutSeconds?: number;
  /** A card keyed by the cashier, for a sale whose card cannot be read. */
  readonly keyedEntry?: (signal: AbortSignal) => Promise<CardRead>;
  /** Where printing problems and an outcome the journal could not record are written (never card data). */
  readonly logger?: Pick<Logger, 'warn' | 'error'>;
  /**
   * The customer chooses afterwards whether a receipt prints (a kiosk): nothing prints now, and
   * the journal keeps everything the reprint of either copy needs.
   */
  readonly holdReceipts?: boolean;
  /** Offline taking (ADR 074), when the merchant switched it on: the link, the store and the limits. */
  readonly offline?: OfflineTaking;
  /** Where the merchant may surcharge: the question to the gateway and the cashier's confirmation (ADR 069). */
  readonly surcharge?: Pick<SurchargeAsking, 'client' | 'settings' | 'confirmFee'>;
}

/** What every card sale is asked: the amount, how it is tendered, and who hears of its progress. */
export interface CardSaleRequest {
  amountMinor: number;
  tender?: CardTender;
  signal: AbortSignal;
  onPhase?: PhaseListener;
  /** Told the outcome as soon as it is journaled, before any receipt work. */
  onOutcome?: OutcomeListener;
}

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

/**
 * One card sale, sequenced, each step in its own home: read the card (`payment/read-card/`), ask
 * the gateway for a surcharge and have the customer accept it where the merchant surcharges
 * (`payment/surcharge-step.ts`), ask for a signature when the network's rules say so (`payment/signature/`, captured before the
 * authorization and sent in it), authorize through the journal (`payment/authorize/`), then
 * print the receipts (`receipt/`). A sale whose outcome is unknown is never reported or printed
 * as approved. Cancel with `signal` at any human step.
 */
export async function runSale(
  deps: SaleDependencies,
  request: CardSaleRequest & {
    entry?: CardEntry;
    captureDetails?: CaptureDetails;
    /** The tip inside `amountMinor` (the customer's, at the counter or on their display): its own receipt line. */
    tipMinor?: number;
    /** A forced sale: the issuer's voice authorization code, sent as `authcode`. */
    voiceAuthcode?: string;
    /** The customer agreed to have the card stored with this sale (ADR 089). */
    cardOnFile?: CardOnFilePart;
  },
): Promise<SaleResult> {
  const { amountMinor, signal } = request;
  const tender = request.tender ?? 'sale';
  const onPhase = request.onPhase ?? (() => undefined);
  const read = await readSaleCard(deps, { amountMinor, keyed: request.entry === 'keyed', signal, onPhase });
  // A forced sale's code is the issuer's for the amount it approved by telephone: no fee is added to it.
  const { feeMinor } =
    deps.surcharge && tender !== 'forced-sale'
      ? await takeSurcharge(
          {
            ...deps.surcharge,
            journal: deps.journal,
            merchid: deps.merchid,
            ...(deps.logger ? { logger: deps.logger } : {}),
          },
          { card: read, amountMinor, tender, signal },
        )
      : { feeMinor: 0 };
  const { required, step } = await takeSignature(deps, { card: read, amountMinor, tender, signal, onPhase });
  if (signal.aborted) throw new KindedError('canceled', 'the sale was canceled');
  const result = await authorizeAndPrint(deps, {
    amountMinor,
    tender,
    fields: {
      ...(read.keyed
        ? {
            account: read.keyed.account,
            expiry: read.keyed.expiry,
            ...(read.keyed.cvv ? { cvv: read.keyed.cvv } : {}),
            // The billing address for the address check (AVS): its answer is shown with the outcome.
            ...(read.keyed.billing ?? {}),
          }
        : { track: read.track }),
      // Level 2/3 data rides on an authorization only when it captures.
      ...(request.captureDetails && tender === 'sale' ? { captureDetails: request.captureDetails } : {}),
      ...(request.voiceAuthcode ? { authcode: request.voiceAuthcode } : {}),
    },
    ...(request.voiceAuthcode ? { receiptNotes: forcedSaleNotes(request.voiceAuthcode) } : {}),
    card: { maskedPan: read.maskedPan, entryMode: read.entryMode },
    ...(request.tipMinor ? { tipMinor: request.tipMinor } : {}),
    cardFacts: {
      lastFour: read.lastFour,
      brand: (read.applicationLabel ?? read.network).toUpperCase(),
      entryMethod: entryMethodWords(read.entryMode),
      ...(read.name ? { name: read.name } : {}),
    },
    ...(step?.kind === 'signed' ? { signature: step.signature } : {}),
    signatureRequired: required,
    ...(step?.kind === 'skipped' ? { signatureSkippedBy: step.by } : {}),
    ...(feeMinor > 0 ? { surchargeAcceptedMinor: feeMinor } : {}),
    ...(request.cardOnFile ? { cardOnFile: request.cardOnFile } : {}),
    onPhase,
    ...(request.onOutcome ? { onOutcome: request.onOutcome } : {}),
  });
  return { ...result, card: { maskedPan: read.maskedPan, entryMode: read.entryMode, network: read.network } };
}

/**
 * What the screen needs of a payment the moment its outcome is final (the gateway's answer
 * journaled, a stopped device payment voided), before any receipt is built or printed.
 */
export interface KnownOutcome {
  readonly outcome: Extract<SaleOutcome, { readonly kind: 'approved' | 'partial' | 'declined' }>;
  readonly card: { readonly maskedPan: string; readonly entryMode: string };
  readonly signatureRequired: boolean;
  readonly signatureSkippedBy?: string;
}

/** Told a payment's outcome before its receipts: the words on it are the ones the finished sale keeps. */
export type OutcomeListener = (known: KnownOutcome) => void;

/** How a sale that reads no card (an ACH check, a stored profile, a wallet's token) or a card already read is paid. */
export interface TenderedPayment {
  readonly amountMinor: number;
  readonly tender: SaleTender;
  /** The request's account fields: track, keyed card, bank account, or profile. */
  readonly fields: Partial<AuthorizationRequest>;
  /** What the journal keeps of the account: masked, never clear. */
  readonly card: { readonly maskedPan?: string; readonly entryMode: string };
  /** The card as the receipt shows it; absent when only the answer knows it (an unattended device). */
  readonly cardFacts?: ReceiptFacts['card'];
  readonly signature?: EncodedSignature;
  /** The device that authorizes takes the signature and returns it in its answer (an integrated terminal). */
  readonly signatureInAnswer?: boolean;
  /** The tip inside `amountMinor` (chosen on the device, or given with the sale): the receipt prints it on its own line. */
  readonly tipMinor?: number;
  readonly signatureRequired: boolean;
  /** The cashier who chose to go on without the required signature: kept on the authorization's row. */
  readonly signatureSkippedBy?: string;
  /**
   * The surcharge the customer accepted before the authorization (the gateway adds it to the
   * amount sent, which stays the sale's): kept on the authorization's row beside what it charged.
   */
  readonly surchargeAcceptedMinor?: number;
  /** The card is stored with the customer's consent, or a stored card is charged: its fields, journal detail and receipt lines. */
  readonly cardOnFile?: CardOnFilePart;
  readonly onPhase?: PhaseListener;
  /** Who authorizes, when not the lane itself: an unattended payment device (`device-sale.ts`). */
  readonly send?: AuthorizationAsked['send'];
  /**
   * The card is read after this step starts (an unattended device): the device's prompts move the
   * phase from awaiting the card to authorizing, so this step does not announce authorizing first.
   */
  readonly cardReadBySender?: boolean;
  /** The last word on the outcome before it is shown or printed: a device payment the customer stopped is voided. */
  readonly settle?: (outcome: SaleOutcome) => Promise<SaleOutcome>;
  /** Told an approved, partial or declined outcome as soon as it is final, before the receipts are built or printed. */
  readonly onOutcome?: OutcomeListener;
  /** Lines the receipt prints under its verdict (a forced sale's voice authorization). */
  readonly receiptNotes?: readonly string[];
  /** What the customer agrees to by signing a paper receipt (an electronic check's debit authorization). */
  readonly receiptAgreement?: string;
  /** An electronic check's account type, kept on the journal's row for its reprint. */
  readonly accountType?: 'checking' | 'savings';
}

/** Words for the receipt and the screen by tender. */
const receiptKinds: Record<TenderedPayment['tender'], ReceiptKind> = {
  sale: 'sale',
  'forced-sale': 'sale',
  authorize: 'authorization',
  'forced-credit': 'refund',
  ach: 'sale',
  profile: 'sale',
  wallet: 'sale',
};

/**
 * The part of every sale after the account is known: the authorize step, the outcome on the
 * screen, and the receipts, printed without waiting on a printer that needs attention.
 */
export async function authorizeAndPrint(
  deps: Omit<SaleDependencies, 'reader' | 'chipFailuresBeforeFallback' | 'policy' | 'captureSignature'>,
  payment: TenderedPayment,
): Promise<Omit<SaleResult, 'card'>> {
  const { amountMinor, tender } = payment;
  const phase = payment.onPhase ?? (() => undefined);
  const required = payment.signatureRequired;
  if (!payment.cardReadBySender)
    phase('authorizing', tender === 'forced-credit' ? 'Returning the money' : 'Authorizing');
  const authorized = await authorizePayment(deps, {
    amountMinor,
    credit: tender === 'forced-credit',
    capture: tender !== 'authorize',
    fields: {
      ...payment.fields,
      ...payment.cardOnFile?.fields,
      ...(payment.signature ? { signature: payment.signature.value } : {}),
    },
    card: payment.card,
    ...(payment.cardFacts ? { cardFacts: payment.cardFacts } : {}),
    ...(payment.send ? { send: payment.send } : {}),
    detail: {
      tender,
      signatureRequired: required,
      ...(payment.accountType ? { accountType: payment.accountType } : {}),
      ...(payment.signatureSkippedBy ? { signatureSkippedBy: payment.signatureSkippedBy } : {}),
      ...(payment.surchargeAcceptedMinor ? { surchargeAcceptedMinor: payment.surchargeAcceptedMinor } : {}),
      ...payment.cardOnFile?.detail,
    },
    signatureRequired: required,
    ...(payment.signature ? { signatureImage: decodeSignature(payment.signature.value) } : {}),
    ...(payment.signatureInAnswer ? { signatureInAnswer: true } : {}),
    ...(payment.tipMinor ? { tipMinor: payment.tipMinor } : {}),
    onPhase: phase,
  });
  const outcome = payment.settle ? await payment.settle(authorized.outcome) : authorized.outcome;
  const { facts } = authorized;
  if (outcome.kind !== 'not-charged') phase(outcome.kind, outcomeLine(outcome));

  let receipts: ReceiptDocument[] = [];
  let printed: SaleResult['printed'] = { ok: false, problem: 'nothing to print' };
  const slipped = outcome.kind === 'approved' || outcome.kind === 'partial' || outcome.kind === 'declined';
  if (facts && (slipped || outcome.kind === 'stored')) {
    // The screen paints the outcome now; the receipts (built, printed, previewed) follow it.
    if (slipped)
      payment.onOutcome?.({
        outcome,
        card: { maskedPan: payment.card.maskedPan ?? '', entryMode: payment.card.entryMode },
        signatureRequired: required,
        ...(payment.signatureSkippedBy ? { signatureSkippedBy: payment.signatureSkippedBy } : {}),
      });
    const kind: ReceiptKind =
      outcome.kind === 'stored'
        ? 'offline'
        : outcome.kind === 'declined'
          ? 'decline'
          : outcome.kind === 'partial'
            ? 'partial'
            : receiptKinds[tender];
    const paper = {
      ...(payment.receiptNotes ? { notes: payment.receiptNotes } : {}),
      // The customer signs the merchant copy under the words they agree to.
      ...(payment.receiptAgreement
        ? { agreement: payment.receiptAgreement, signature: { ...facts.signature, required: true } }
        : {}),
      ...(payment.cardOnFile ? { cardOnFile: cardOnFileReceiptLines(payment.cardOnFile.use) } : {}),
    };
    receipts = paymentReceipts(
      { ...facts, ...paper, kind },
      { training: deps.training, printedAt: new Date(deps.now()), columns: deps.printer?.profile.columns ?? 48 },
    );
    if (deps.holdReceipts) {
      printed = { ok: false };
    } else if (deps.printer) {
      phase('printing', 'Printing the receipt');
      printed = await printReceipts(deps.printer, receipts, deps.logger);
    } else {
      printed = { ok: false, problem: 'no printer is configured' };
    }
  }
  return {
    outcome,
    signatureRequired: required,
    ...(payment.signatureSkippedBy ? { signatureSkippedBy: payment.signatureSkippedBy } : {}),
    receipts,
    printed,
  };
}
