import type { LcdPrompt, UnattendedPaymentDevice } from '../../drivers/unattended/unattended-device';
import { journaledDeviceAuthorize } from '../payment/authorize/device-authorization';
import type { CardTender, PhaseListener } from '../payment/outcome';
import { authorizeAndPrint, type SaleDependencies, type SaleResult } from './sale';

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
 * One sale on an unattended payment device: the device reads the card and authorizes with the
 * gateway itself, so the lane journals the order id before the DPT (`journaledDeviceAuthorize`),
 * shows each LCD prompt as the phase's detail (waiting for the card until the device says it is
 * processing), and reads the answer and prints the receipts as for its own sales. Cancel with
 * `signal` while the card is awaited; once the card is read the device refuses, and the answer
 * is shown as it comes.
 */
export async function runDeviceSale(
  deps: DeviceSaleDependencies,
  request: { amountMinor: number; tender?: CardTender; signal: AbortSignal; onPhase?: PhaseListener },
): Promise<SaleResult> {
  const { amountMinor, signal } = request;
  const tender = request.tender ?? 'sale';
  const onPhase = request.onPhase ?? (() => undefined);
  let cardRead = false;
  const onPrompt = (prompt: LcdPrompt) => {
    cardRead ||= authorizingPrompts.has(prompt.code);
    onPhase(cardRead ? 'authorizing' : 'awaiting-card', prompt.message);
  };
  const result = await authorizeAndPrint(deps, {
    amountMinor,
    tender,
    fields: {},
    card: { entryMode: 'unattended' },
    signatureRequired: false,
    onPhase,
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
