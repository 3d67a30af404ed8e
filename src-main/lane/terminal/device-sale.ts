import type { LcdPrompt, UnattendedPaymentDevice } from '../../../drivers/unattended/unattended-device';
import { journaledDeviceAuthorize } from '../payment/authorize/device-authorization';
import { voidStoppedPayment } from '../payment/authorize/stopped-device-payment';
import type { PhaseListener, SalePhase } from '../payment/outcome';
import { authorizeAndPrint, type CardSaleRequest, type SaleDependencies, type SaleResult } from './sale';

/** LCD codes after which the card has been read and the device is authorizing (PLEASE WAIT, AUTHORIZING, PROCESSING). */
const authorizingPrompts = new Set([17, 21, 26, 106]);

/** What a sale on an unattended device needs: the lane's journal, gateway client and printer, and the device. */
export type DeviceSaleDependencies = Omit<
  SaleDependencies,
  'reader' | 'chipFailuresBeforeFallback' | 'policy' | 'captureSignature' | 'keyedEntry'
> & {
  readonly device: Pick<UnattendedPaymentDevice, 'pay'>;
  /** The DPT's `paymentUser`: who started the sale, or the kiosk's fixed name. */
  readonly user: string;
};

/**
 * The phases as the lane's state machine allows them (awaiting-card, card-read, authorizing, the
 * outcome): the device's prompts and the authorize step's phases arrive in the device's order, so a
 * phase past the card walks through the ones it skipped, and once authorizing, the device's
 * further prompts are not shown (the state machine has no move from authorizing to itself).
 */
export function devicePhases(onPhase: PhaseListener): PhaseListener {
  let shown: SalePhase = 'awaiting-card';
  const enter = (phase: SalePhase, detail: string) => {
    onPhase(phase, detail);
    shown = phase;
  };
  return (phase, detail) => {
    if (phase === shown && phase !== 'awaiting-card') return;
    if (phase !== 'awaiting-card' && shown === 'awaiting-card') enter('card-read', detail);
    if (phase !== 'card-read' && phase !== 'authorizing' && shown === 'card-read') enter('authorizing', detail);
    enter(phase, detail);
  };
}

/**
 * One sale on an unattended payment device: the device reads the card and authorizes with the
 * gateway itself, so the lane journals the order id before the DPT (`journaledDeviceAuthorize`),
 * stays awaiting the card with each LCD prompt as the phase's detail until the device says it is
 * processing, and reads the answer and prints the receipts as for its own sales. Cancel with
 * `signal`: before the card is read the device cancels; after, it refuses and authorizes anyway,
 * so the cancel is remembered and an approval is voided before anything is shown or printed.
 */
export async function runDeviceSale(deps: DeviceSaleDependencies, request: CardSaleRequest): Promise<SaleResult> {
  const { amountMinor, signal } = request;
  const tender = request.tender ?? 'sale';
  const onPhase = devicePhases(request.onPhase ?? (() => undefined));
  let cardRead = false;
  const onPrompt = (prompt: LcdPrompt) => {
    cardRead ||= authorizingPrompts.has(prompt.code);
    onPhase(cardRead ? 'authorizing' : 'awaiting-card', prompt.message);
  };
  onPhase('awaiting-card', 'Follow the payment device');
  const result = await authorizeAndPrint(deps, {
    amountMinor,
    tender,
    fields: {},
    card: { entryMode: 'unattended' },
    signatureRequired: false,
    onPhase,
    cardReadBySender: true,
    ...(request.onOutcome ? { onOutcome: request.onOutcome } : {}),
    settle: async (outcome) =>
      signal.aborted && (outcome.kind === 'approved' || outcome.kind === 'partial')
        ? voidStoppedPayment(deps, outcome, tender === 'forced-credit')
        : outcome,
    send: (journaled) =>
      journaledDeviceAuthorize({
        journal: journaled.journal,
        client: journaled.client,
        merchid: deps.merchid,
        device: deps.device,
        amountMinor,
        credit: tender === 'forced-credit',
        capture: tender !== 'authorize',
        user: deps.user,
        ...(journaled.detail ? { detail: journaled.detail } : {}),
        signal,
        onPrompt,
      }),
  });
  return { ...result, card: { maskedPan: '', entryMode: 'unattended', network: 'card' } };
}
