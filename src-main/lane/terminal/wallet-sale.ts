import { LaneError } from '../errors';
import type { CaptureDetails } from '../gateway/capture-details';
import type { SaleSummary } from '../ipc/contract';
import type { Logger } from '../../platform/log/logger';
import type { SaleOutcome } from '../payment/outcome';
import { entryMethodWords } from '../receipt/facts';
import type { PrinterProfile } from '../receipt/profiles';
import type { LaneWallet } from '../wallet/pay-link/lane-wallet';
import type { PayPageVoice, PayPageWords } from '../wallet/pay-link/pay-page-words';
import { PayLinkEnded, type PayLinkEnd, type PayLinkSession, type PostedPayload } from '../wallet/pay-link/sessions';
import { WalletPaymentRefused, type WalletPayload } from '../wallet/tokenizer-client';
import type { CustomerSale } from './customer-sale';
import type { LaneAccess } from './lane-access';
import { authorizeAndPrint } from './sale';
import { takeSurcharge, type SurchargeAsking } from '../payment/surcharge-step';
import { summarize } from './sale-summary';
import type { TerminalStateStore } from './state-store';

/**
 * A sale paid on the customer's phone: a one-time pay link (its QR code on the customer
 * display), the phone's payload tokenized at once, and the token authorized through the
 * journal like an ACH or profile sale, as `account` with `ecomind` E. The token serves this one
 * authorization: it is never journaled (the masked last four is), stored or put in a profile.
 */

/** The entry mode the gateway's reference names for a wallet payment (auth's `entrymode`). */
export const walletEntryMode = 'DigitalWallet';

/** What the cashier reads when the phone's payment cannot be used: the customer pays again on the phone. */
export const newPaymentWords = 'ask the customer for a new payment on the phone.';

export interface WalletSaleDependencies {
  readonly customerSale: CustomerSale;
  readonly lane: () => Promise<LaneAccess>;
  readonly wallet: LaneWallet;
  readonly state: TerminalStateStore;
  readonly previewProfile: PrinterProfile;
  readonly logger: Logger;
  /**
   * Where the merchant surcharges: the question the counter answers before a wallet card is
   * charged (ADR 069). The gateway adds the fee by the merchant's setup, so a phone's payment is
   * never charged one nobody was shown.
   */
  readonly surcharge?: Pick<SurchargeAsking, 'settings' | 'confirmFee'>;
}

/** The page's post as the tokenizer client takes it; a body of another shape is refused as malformed. */
export function walletPayloadOf(posted: PostedPayload): WalletPayload {
  const { body, receivedAt } = posted;
  if (body.kind === 'ec-v2') return { kind: 'ec-v2', token: body.token, receivedAt };
  const version = body.walletApiVersion ?? 1;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1 || version > 99)
    throw new WalletPaymentRefused('malformed', 'walletApiVersion must be a whole number from 1');
  return { kind: 'ec-v1', token: body.token, walletApiVersion: version, receivedAt };
}

/** The page's end for an outcome, with words for the customer when the state's own do not fit. */
function pageEnd(outcome: SaleOutcome, words: PayPageWords): { state: PayLinkEnd; message?: string } {
  switch (outcome.kind) {
    case 'approved':
      return { state: 'approved' };
    case 'partial':
      return { state: 'approved', message: words.partlyPaid };
    case 'declined':
      return { state: 'declined' };
    case 'unknown':
      return { state: 'refused', message: words.checking };
    default:
      return { state: 'refused', message: words.notThrough };
  }
}

/** The lane error a wallet payment stops with, in the cashier's words. */
function stoppedWords(error: unknown): unknown {
  if (error instanceof WalletPaymentRefused) {
    const why =
      error.reason === 'expired'
        ? 'the phone\u2019s payment is more than two minutes old'
        : error.reason === 'reused'
          ? 'the phone\u2019s payment was already used'
          : error.reason === 'malformed'
            ? 'the phone\u2019s payment could not be read'
            : 'the tokenizer refused the phone\u2019s payment';
    return new LaneError('refused', `Not charged: ${why}: ${newPaymentWords}`);
  }
  if (error instanceof PayLinkEnded && error.end === 'expired') return new LaneError('refused', error.message);
  return error;
}

/** Runs one wallet payment of the customer's sale. */
export async function runWalletSale(
  deps: WalletSaleDependencies,
  request: { amountMinor: number; captureDetails?: CaptureDetails; holdReceipts?: boolean; payPage?: PayPageVoice },
  abort: AbortController,
): Promise<SaleSummary> {
  const { customerSale, state, wallet } = deps;
  const { amountMinor } = request;
  let session: PayLinkSession | undefined;
  try {
    const lane = await deps.lane();
    const link = await wallet.openLink(amountMinor, request.payPage);
    session = link.session;
    customerSale.payLink({ url: link.url, expiresAt: session.expiresAt });
    state.enter('awaiting-card', 'Waiting for the phone');
    const posted = await session.payload(abort.signal);
    customerSale.payLink(null, false); // published with the next phase
    state.enter('card-read', 'Payment received from the phone');
    // Tokenized at once, never twice: a refusal asks the customer for a new payment.
    const token = await (await wallet.tokenizer()).tokenize(walletPayloadOf(posted));
    const maskedPan = `****${token.lastFour}`;
    const { feeMinor } = deps.surcharge
      ? await takeSurcharge(
          { ...deps.surcharge, client: lane.client, journal: lane.journal, merchid: lane.merchid, logger: deps.logger },
          {
            card: { maskedPan, entryMode: walletEntryMode, token: token.token },
            amountMinor,
            tender: 'wallet',
            signal: abort.signal,
          },
        )
      : { feeMinor: 0 };
    const onPhase: TerminalStateStore['enter'] = (phase, detail) => state.enter(phase, detail);
    const result = await authorizeAndPrint(
      { ...lane, logger: deps.logger, ...(request.holdReceipts ? { holdReceipts: true } : {}) },
      {
        amountMinor,
        tender: 'wallet',
        fields: {
          account: token.token,
          ecomind: 'E',
          ...(request.captureDetails ? { captureDetails: request.captureDetails } : {}),
        },
        card: { maskedPan: `****${token.lastFour}`, entryMode: walletEntryMode },
        cardFacts: { lastFour: token.lastFour, brand: 'WALLET', entryMethod: entryMethodWords(walletEntryMode) },
        signatureRequired: false,
        ...(feeMinor > 0 ? { surchargeAcceptedMinor: feeMinor } : {}),
        onPhase,
        onOutcome: (known) => customerSale.outcomeKnown(known, 'wallet', amountMinor),
      },
    );
    const end = pageEnd(result.outcome, session.words);
    session.end(end.state, end.message);
    const paidWith = { maskedPan: `****${token.lastFour}`, entryMode: walletEntryMode, network: 'wallet' };
    return customerSale.finished(summarize({ ...result, card: paidWith }, 'wallet', amountMinor, deps.previewProfile));
  } catch (error) {
    // Ended already when canceled or expired; otherwise the page says it did not go through.
    session?.end('refused', error instanceof WalletPaymentRefused ? undefined : session.words.notThrough);
    return customerSale.stopped(stoppedWords(error), abort);
  }
}
