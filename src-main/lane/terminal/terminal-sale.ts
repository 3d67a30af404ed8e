import { LaneError } from '../errors';
import type { Authorization } from '../gateway/auth-response';
import type { IntegratedTerminalAccess } from '../integrated-terminal/lane-terminal';
import { TerminalError } from '../integrated-terminal/errors';
import { voidStoppedPayment } from '../payment/authorize/stopped-device-payment';
import {
  askTerminalTip,
  journaledTerminalAuthorize,
  type TerminalTipStep,
} from '../payment/authorize/terminal-authorization';
import type { CardTender } from '../payment/outcome';
import type { SignaturePolicy } from '../signature/requirement';
import { signatureThresholds } from '../signature/requirement';
import { devicePhases } from './device-sale';
import { authorizeAndPrint, type CardSaleRequest, type SaleDependencies, type SaleResult } from './sale';

/** What a sale on an integrated terminal needs: the lane's journal, gateway client and printer, and the terminal. */
export type TerminalSaleDependencies = Omit<
  SaleDependencies,
  'reader' | 'chipFailuresBeforeFallback' | 'captureSignature' | 'keyedEntry'
> & {
  readonly terminal: IntegratedTerminalAccess;
  /** The merchant takes tips: the terminal asks for one before the card (a sale only). */
  readonly tips: boolean;
  /** The merchant is boarded for PIN debit: a debit card is run as debit, with its PIN. */
  readonly pinDebit: boolean;
};

/** The tip step the terminal shows: three percentages and an amount of the customer's own. */
export const terminalTipStep: TerminalTipStep = {
  prompt: 'Add a tip?',
  tipPercentPresets: [15, 18, 20],
  includeCustomTipAmount: true,
  includeAmountDisplay: true,
};

/** The lowest amount at which any network wants a signature (Visa's 25.00, signature/requirement.ts). */
const lowestSignatureThreshold = Math.min(...Object.values(signatureThresholds));

/**
 * Whether the terminal asks for a signature after the card. It tells the lane the card's network
 * only in its answer, so under the networks' rules it asks from the lowest threshold of any
 * network: a card of a network with a higher one is then signed for anyway, never the reverse.
 */
export function terminalAsksSignature(policy: SignaturePolicy, amountMinor: number): boolean {
  if (policy === 'always') return true;
  if (policy === 'never') return false;
  return amountMinor >= lowestSignatureThreshold;
}

/**
 * A payment the terminal ended before any authorization, in the cashier's words: nothing was
 * charged (journaledTerminalAuthorize marks such a row not sent; a refusal after the gateway
 * answered is an outcome, never this).
 */
export function terminalStoppedWords(error: TerminalError): string {
  switch (error.kind) {
    case 'canceled':
      return 'The payment was canceled at the terminal: nothing was charged. Start the sale again to take a card.';
    case 'busy':
      return 'The terminal is busy with another payment: nothing was charged. Wait for it to finish, or cancel it on the terminal, then start the sale again.';
    case 'not-connected':
      return 'The terminal is not connected to the terminal service: nothing was charged. Check that it is on and online, then start the sale again.';
    case 'unauthorized':
    case 'session':
      return `The terminal service refused the lane (${error.message}): nothing was charged. Check the integrated terminal's API key and merchant id in the settings.`;
    default:
      return `The terminal did not take the payment (${error.message}): nothing was charged. Start the sale again.`;
  }
}

/** The card's last four from the CardSecure token (its last four are the card's); never a full number. */
function maskedFromToken(token: string | undefined): string {
  const digits = (token ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? `****${digits.slice(-4)}` : '';
}

/**
 * One sale on an integrated terminal (ADR 085), modelled on the unattended device's: the terminal
 * asks the tip (when the merchant takes tips), reads the card, asks the PIN or the signature and
 * authorizes through the gateway itself; the lane journals the order id and the whole amount
 * before authCard (`journaledTerminalAuthorize`), reads the answer in the authorize step as it
 * reads its own (a partial approval leaves the rest to tender, answer-reading.ts), and prints the
 * receipts with the terminal's signature and EMV data. An approval the terminal then refused
 * ("Authorization Cancelled"), or one that came back after the lane's stop, is voided as a
 * stopped device payment is. Cancel with `signal`: the terminal's command is canceled there.
 */
export async function runTerminalSale(
  deps: TerminalSaleDependencies,
  request: CardSaleRequest & {
    /** Told the tip the customer chose, before the card: what is then asked is the amount with it. */
    onTip?: (tipMinor: number) => void;
  },
): Promise<SaleResult> {
  const { signal } = request;
  const tender: CardTender = request.tender ?? 'sale';
  if (tender === 'forced-credit')
    throw new LaneError(
      'refused',
      'The integrated terminal takes no refund without a sale: refund the original sale by its order id from History.',
      'tender',
    );
  const { terminal } = deps;
  const { client, hsn, merchantId } = terminal;
  const onPhase = devicePhases(request.onPhase ?? (() => undefined));
  const tipping = deps.tips && tender === 'sale';
  onPhase('awaiting-card', tipping ? 'Follow the terminal: the customer chooses a tip' : 'Follow the terminal');
  let tipMinor = 0;
  try {
    if (tipping)
      tipMinor = await askTerminalTip(
        { terminal: client, hsn, amountMinor: request.amountMinor, signal },
        terminalTipStep,
      );
  } catch (error) {
    throw error instanceof TerminalError ? new LaneError('refused', terminalStoppedWords(error)) : error;
  }
  if (tipMinor > 0) {
    request.onTip?.(tipMinor);
    onPhase('awaiting-card', 'Follow the terminal');
  }
  const amountMinor = request.amountMinor + tipMinor;
  const includeSignature = terminalAsksSignature(deps.policy, amountMinor);
  /** The terminal's answer, kept for the card it names; and whether the terminal refused it after the gateway answered. */
  let answered: Authorization | undefined;
  let refusedAfterAuthorization = false;
  const lane = { ...deps, merchid: merchantId };
  let result: Omit<SaleResult, 'card'>;
  try {
    result = await authorizeAndPrint(lane, {
      amountMinor,
      tender,
      fields: {},
      card: { entryMode: 'integrated-terminal' },
      signatureRequired: false,
      signatureInAnswer: true,
      ...(tipMinor > 0 ? { tipMinor } : {}),
      onPhase,
      cardReadBySender: true,
      ...(request.onOutcome ? { onOutcome: request.onOutcome } : {}),
      settle: async (outcome) =>
        (refusedAfterAuthorization || signal.aborted) && (outcome.kind === 'approved' || outcome.kind === 'partial')
          ? voidStoppedPayment(lane, outcome, false)
          : outcome,
      send: async (journaled) => {
        const sent = await journaledTerminalAuthorize({
          journal: journaled.journal,
          client: journaled.client,
          merchid: merchantId,
          terminal: client,
          hsn,
          amountMinor,
          capture: tender !== 'authorize',
          confirmAmount: false,
          includeSignature,
          ...(deps.pinDebit ? { aid: 'debit' as const, includePIN: true } : {}),
          detail: { ...journaled.detail, ...(tipping ? { tipMinor } : {}) },
          signal,
        });
        if (sent.kind === 'stopped-after-authorization') {
          // The authorization stands: read as any answer, then voided above if it approved.
          refusedAfterAuthorization = true;
          answered = sent.authorization;
          return { kind: 'answered', entryId: sent.entryId, orderId: sent.orderId, authorization: sent.authorization };
        }
        if (sent.kind === 'answered') answered = sent.authorization;
        return sent;
      },
    });
  } catch (error) {
    throw error instanceof TerminalError ? new LaneError('refused', terminalStoppedWords(error)) : error;
  }
  const entryMode = answered?.entrymode ?? 'integrated-terminal';
  const emv = answered?.emvTagData;
  const signed = Boolean(answered?.signature);
  return {
    ...result,
    signatureRequired: result.signatureRequired || signed || emv?.signature === 'true',
    card: {
      maskedPan: maskedFromToken(answered?.token),
      entryMode,
      network: (emv?.networkLabel ?? emv?.applicationLabel ?? 'card').toLowerCase(),
    },
  };
}
