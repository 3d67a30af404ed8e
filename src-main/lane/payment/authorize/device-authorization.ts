import type { DptAnswer, PaymentType } from '../../../../drivers/unattended/dpt';
import { UnattendedDeviceError } from '../../../../drivers/unattended/errors';
import type { LcdPrompt, UnattendedPaymentDevice } from '../../../../drivers/unattended/unattended-device';
import { readResponseCode } from '../../../../drivers/unattended/response-codes';
import type { Authorization } from '../../gateway/auth-response';
import { emvTagDataSchema } from '../../gateway/emv-tag-data';
import { receiptSchema } from '../../gateway/wire-schema';
import { outcomeOf } from '../../journal/journaled';
import { writeAfterSending } from '../../journal/unrecorded';
import { recoverHeldByOrderId } from './held-recovery';
import type { JournaledAuthorization, JournaledAuthorizationRequest } from './journaled-authorization';

/** One authorization an unattended payment device makes by itself, journaled as the lane's own are. */
export interface DeviceAuthorizationRequest {
  readonly journal: JournaledAuthorizationRequest['journal'];
  readonly client: Pick<JournaledAuthorizationRequest['client'], 'inquireByOrderid' | 'voidByOrderId'>;
  readonly merchid: string;
  readonly device: Pick<UnattendedPaymentDevice, 'pay'>;
  readonly amountMinor: number;
  /** A forced credit (DPT refund): journaled as a negative amount, as the lane journals its own. */
  readonly credit: boolean;
  readonly capture: boolean;
  /** The DPT's `paymentUser`: the cashier, or the kiosk's fixed name. */
  readonly user: string;
  readonly detail?: JournaledAuthorizationRequest['detail'];
  readonly signal?: AbortSignal;
  /** Each LCD message the device shows, for the customer's screen. */
  readonly onPrompt?: (prompt: LcdPrompt) => void;
}

/**
 * General codes with which a DPT ends before the device sent anything to the gateway (a bad
 * request, no card, a card that could not be read, a cancel): nothing can have been charged.
 * Any other failure (an HTTP error on the device, an internal error) may have left an
 * authorization at the gateway, so it is recovered by order id like a lost answer.
 */
const endedBeforeAuthorization = new Set([
  0x00c8, 0x00c9, 0x00ca, 0x00cb, 0x00cc, 0x00cd, 0x012c, 0x0130, 0x0132, 0x01f6, 0x01f7, 0x01f8, 0x01f9, 0x01fa,
  0x01fb, 0x01fd, 0x01ff, 0x0200, 0x0202, 0x0203, 0x0204, 0x0209, 0x020b,
]);

/**
 * The device's payment the journaled way (ARCHITECTURE.md, principle 4): the row with its new
 * order id and the amount is written before the DPT leaves, the device's answer completes it,
 * and an answer lost on the link (a timeout, the cable pulled) is recovered by order id through
 * the gateway client, as for a sale the lane authorizes itself; so is an answer that does not
 * carry this payment's order id (`externalTransactionID`). A payment canceled before the card
 * was read, or refused before the device reached the gateway, is marked not sent and its error
 * rethrown. The amount is judged by the authorize step, as for every answer (answer-reading.ts).
 */
export async function journaledDeviceAuthorize(request: DeviceAuthorizationRequest): Promise<JournaledAuthorization> {
  const { journal, client, merchid, amountMinor, credit } = request;
  const { id: entryId, orderId } = journal.beginWithNewOrderId({
    operation: 'auth',
    amountMinor: credit ? -amountMinor : amountMinor,
    entryMode: 'unattended',
    ...(request.detail ? { detail: request.detail } : {}),
  });
  const held = { entryId, orderId, amountMinor: credit ? -amountMinor : amountMinor };
  const paymentType: PaymentType = credit ? 'refund' : request.capture ? 'sale' : 'auth-only';
  /** The answer is lost, or cannot be told to be this payment's: the gateway is asked by order id. */
  const recoverByOrderId = (why: string) => recoverHeldByOrderId({ journal, client, merchid }, held, why);
  let answer: DptAnswer;
  try {
    answer = await request.device.pay(
      { orderId, amountMinor, paymentType, user: request.user },
      {
        ...(request.signal ? { signal: request.signal } : {}),
        ...(request.onPrompt ? { onPrompt: request.onPrompt } : {}),
      },
    );
  } catch (error) {
    if (!(error instanceof UnattendedDeviceError) || neverReachedGateway(error)) {
      journal.markNotSent(entryId, `the payment device did not authorize: ${(error as Error).message}`);
      throw error;
    }
    return recoverByOrderId(`the payment device's answer was lost: ${error.message}`);
  }
  // Whatever device sent it, an answer that does not name this order is not this payment's.
  if (answer.orderId !== orderId)
    return recoverByOrderId(
      `the payment device answered for ${answer.orderId === undefined ? 'no order' : `order ${answer.orderId}`}, not this one`,
    );
  const authorization = authorizationOf(answer, credit);
  // The device has authorized: an answer the journal cannot write leaves the outcome unknown, held (principle 10).
  const outcome = outcomeOf(authorization);
  const completed = writeAfterSending(journal, { ...held, outcome }, () => journal.complete(entryId, outcome));
  if ('refused' in completed) return { kind: 'unrecorded', entryId, orderId, error: completed.refused };
  return { kind: 'answered', entryId, orderId, authorization };
}

function neverReachedGateway(error: UnattendedDeviceError): boolean {
  if (error.kind === 'canceled' || error.kind === 'busy') return true;
  if (error.kind !== 'refused') return false;
  const code = error.code ? readResponseCode(error.code) : null;
  return code !== null && endedBeforeAuthorization.has(code.general);
}

/**
 * The device's answer in the gateway's terms: `processorReference` is the retref,
 * `authorization` the authcode, `processorCode`/`processorMsg` the respcode and resptext. The
 * account is the CardSecure token (its last four are the card's); no card number is in it.
 */
export function authorizationOf(answer: DptAnswer, credit: boolean): Authorization {
  const emv = answer.emvTags ? emvTagDataSchema.safeParse(answer.emvTags) : undefined;
  const receipt = answer.receiptData ? receiptSchema.safeParse(answer.receiptData) : undefined;
  const amount = answer.amountAuthorizedMinor;
  return {
    outcome: answer.outcome === 'accepted' ? 'approved' : 'declined',
    respstat: answer.outcome === 'accepted' ? 'A' : 'C',
    ...(answer.processorReference ? { retref: answer.processorReference } : {}),
    ...(answer.authorization ? { authcode: answer.authorization } : {}),
    ...(answer.processorCode ? { respcode: answer.processorCode } : {}),
    ...(answer.processorMsg ? { resptext: answer.processorMsg } : {}),
    ...(answer.cardToken ? { token: answer.cardToken, account: answer.cardToken } : {}),
    ...(answer.expiry ? { expiry: answer.expiry } : {}),
    ...(answer.merchantId ? { merchid: answer.merchantId } : {}),
    ...(amount !== undefined && answer.outcome === 'accepted' ? { amount: credit ? -amount : amount } : {}),
    ...(emv?.success ? { emvTagData: emv.data } : {}),
    ...(receipt?.success ? { receipt: receipt.data } : {}),
  } as Authorization;
}
