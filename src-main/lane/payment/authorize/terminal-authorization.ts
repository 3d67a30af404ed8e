import type { Authorization } from '../../gateway/auth-response';
import { emvTagDataSchema } from '../../gateway/emv-tag-data';
import { RetryableError } from '../../gateway/errors';
import { receiptSchema } from '../../gateway/wire-schema';
import { maskAnswer } from '../../journal/card-data';
import { outcomeOf } from '../../journal/journaled';
import { writeAfterSending } from '../../journal/unrecorded';
import type { TerminalAuthorization } from '../../integrated-terminal/answers';
import type { TerminalClient } from '../../integrated-terminal/client';
import {
  TerminalCanceled,
  TerminalError,
  TerminalOutcomeUnknown,
  TerminalRequestInvalid,
} from '../../integrated-terminal/errors';
import type { AuthCardRequest } from '../../integrated-terminal/requests';
import { recoverHeldByOrderId } from './held-recovery';
import type { JournaledAuthorization, JournaledAuthorizationRequest } from './journaled-authorization';

/** The tip step the terminal shows before the card (terminal-openapi.yaml, `tip`). */
export interface TerminalTipStep {
  readonly prompt: string;
  /** Three percentages; required when includeCustomTipAmount is false. */
  readonly tipPercentPresets?: readonly [number, number, number];
  readonly includeCustomTipAmount?: boolean;
  readonly includeAmountDisplay?: boolean;
}

/** One authorization an integrated terminal makes through the gateway, journaled as the lane's own are. */
export interface TerminalAuthorizationRequest {
  readonly journal: JournaledAuthorizationRequest['journal'];
  readonly client: Pick<JournaledAuthorizationRequest['client'], 'inquireByOrderid' | 'voidByOrderId'>;
  /** The gateway merchant id the terminal authorizes for: recovery asks the gateway under it. */
  readonly merchid: string;
  readonly terminal: Pick<TerminalClient, 'authCard' | 'tip' | 'cancel'>;
  readonly hsn: string;
  /** The sale before any tip, in minor units. */
  readonly amountMinor: number;
  readonly capture: boolean;
  /** Asked before the card; the tip chosen is added to the amount authorized. */
  readonly tip?: TerminalTipStep;
  readonly confirmAmount?: boolean;
  readonly includeSignature?: boolean;
  /** Which application a card with both is run as; `debit` takes a debit card as PIN debit. */
  readonly aid?: AuthCardRequest['aid'];
  /** Ask a swiped debit card for its PIN. */
  readonly includePIN?: boolean;
  readonly detail?: JournaledAuthorizationRequest['detail'];
  /** Stops the payment: before it left, nothing is sent; while the terminal waits, the lane cancels it there. */
  readonly signal?: AbortSignal;
}

/**
 * What came of it: as for every journaled authorization, or `stopped-after-authorization` when
 * the terminal refused after the gateway had answered (errorCode 8 "Authorization Cancelled" with
 * its `authResponse`). That authorization happened: the row holds it, and the caller voids an
 * approval (stopped-device-payment.ts) or holds it; it is never read as nothing charged.
 */
export type JournaledTerminalAuthorization =
  | JournaledAuthorization
  | {
      readonly kind: 'stopped-after-authorization';
      readonly entryId: number;
      readonly orderId: string;
      readonly authorization: Authorization;
      readonly error: TerminalError;
    };

/**
 * A payment on an integrated terminal the journaled way (ARCHITECTURE.md, principle 4), as the
 * unattended device's (device-authorization.ts): the tip first (nothing is authorized by it), then
 * the row with its new order id and the whole amount, then authCard with that order id; the
 * answer completes the row. An outcome the terminal cannot tell (a lost answer, a reboot, a 5xx:
 * TerminalOutcomeUnknown) is recovered by order id through the gateway client, never sent again.
 * A payment refused or canceled before any authorization is marked not sent and its error
 * rethrown. The amount is judged by the authorize step, as for every answer (answer-reading.ts).
 */
export async function journaledTerminalAuthorize(
  request: TerminalAuthorizationRequest,
): Promise<JournaledTerminalAuthorization> {
  const { journal, client, merchid, terminal, hsn, signal } = request;
  stopIfAborted(signal, hsn, 'tip');
  const tipMinor = request.tip ? await askTerminalTip(request, request.tip) : 0;
  stopIfAborted(signal, hsn, 'authCard');
  const amountMinor = request.amountMinor + tipMinor;
  const { id: entryId, orderId } = journal.beginWithNewOrderId({
    operation: 'auth',
    amountMinor,
    entryMode: 'integrated-terminal',
    detail: { ...request.detail, ...(request.tip ? { tipMinor } : {}), hsn },
  });
  const held = { entryId, orderId, amountMinor };
  /** The answer is lost, or cannot be told to be this payment's: the gateway is asked by order id. */
  const recoverByOrderId = (why: string) => recoverHeldByOrderId({ journal, client, merchid }, held, why);
  /** The terminal's authorization (its answer, or the authResponse of a refusal) as the row's outcome. */
  const complete = (authorization: Authorization) => {
    const outcome = outcomeOf(authorization);
    return writeAfterSending(journal, { ...held, outcome }, () => journal.complete(entryId, outcome));
  };
  if (signal?.aborted) {
    journal.markNotSent(entryId, 'the lane stopped the payment before it was sent to the terminal');
    throw stopped(hsn, 'authCard');
  }
  // The lane's stop while the terminal waits is the terminal's cancel: authCard's answer then says what happened.
  const cancelAtTerminal = () => void terminal.cancel({ hsn }).catch(() => undefined);
  signal?.addEventListener('abort', cancelAtTerminal, { once: true });
  let answer: TerminalAuthorization;
  try {
    const sale: AuthCardRequest = {
      hsn,
      amount: amountMinor,
      orderId,
      capture: request.capture,
      ...(request.confirmAmount === undefined ? {} : { confirmAmount: request.confirmAmount }),
      ...(request.includeSignature === undefined ? {} : { includeSignature: request.includeSignature }),
      ...(request.aid ? { aid: request.aid } : {}),
      ...(request.includePIN === undefined ? {} : { includePIN: request.includePIN }),
    };
    answer = await terminal.authCard(sale);
  } catch (error) {
    if (error instanceof TerminalError && error.authResponse) {
      // The gateway answered and the terminal ended the payment afterwards: the authorization stands.
      const authorization = authorizationOf(error.authResponse);
      const completed = complete(authorization);
      if ('refused' in completed) return { kind: 'unrecorded', entryId, orderId, error: completed.refused };
      return { kind: 'stopped-after-authorization', entryId, orderId, authorization, error };
    }
    if (error instanceof TerminalOutcomeUnknown) {
      // A terminal still waiting for the card (the lane gave up first) must not authorize after the
      // gateway is asked: its command is canceled first, as well as can be; the inquiry decides.
      await terminal.cancel({ hsn }).catch(() => undefined);
      return recoverByOrderId(`the terminal's answer was lost: ${error.message}`);
    }
    // Every other refusal the client reports of an authCard is one made before the gateway
    // (refusals.ts turns any it cannot place into TerminalOutcomeUnknown), as is bad input.
    if (error instanceof TerminalError || error instanceof TerminalRequestInvalid) {
      journal.markNotSent(entryId, `the terminal did not authorize: ${error.message}`);
      throw error;
    }
    // Anything else came from nowhere the client knows: the terminal may have authorized.
    return recoverByOrderId(`the terminal payment failed unexpectedly: ${(error as Error).message}`);
  } finally {
    signal?.removeEventListener('abort', cancelAtTerminal);
  }
  // An answer for another order is not this payment's.
  if (answer.orderId !== undefined && answer.orderId !== orderId)
    return recoverByOrderId(`the terminal answered for order ${answer.orderId}, not this one`);
  const authorization = authorizationOf(answer);
  if (authorization.respstat === 'B') {
    // The gateway asked to try again: nothing was charged; the row says so, as for the lane's own.
    const completed = complete(authorization);
    if ('refused' in completed) return { kind: 'unrecorded', entryId, orderId, error: completed.refused };
    const error = new RetryableError(`the gateway asked to try again: ${authorization.resptext ?? 'no reason given'}`, {
      respstat: 'B',
      respcode: authorization.respcode,
      resptext: authorization.resptext,
    });
    return { kind: 'retry', entryId, orderId, error };
  }
  const completed = complete(authorization);
  if ('refused' in completed) return { kind: 'unrecorded', entryId, orderId, error: completed.refused };
  return { kind: 'answered', entryId, orderId, authorization };
}

function stopped(hsn: string, operation: string): TerminalCanceled {
  return new TerminalCanceled(`${operation}: the lane stopped the payment before it was sent; nothing was charged`, {
    operation,
    hsn,
    requestSent: false,
  });
}

function stopIfAborted(signal: AbortSignal | undefined, hsn: string, operation: string): void {
  if (signal?.aborted) throw stopped(hsn, operation);
}

/**
 * Asks the tip on the terminal (canceled with the lane's stop) and reads it in minor units.
 * Nothing is authorized by it, so a sale that must know its whole amount first asks it here.
 */
export async function askTerminalTip(
  request: Pick<TerminalAuthorizationRequest, 'terminal' | 'hsn' | 'signal' | 'amountMinor'>,
  step: TerminalTipStep,
): Promise<number> {
  const { terminal, hsn, signal } = request;
  const cancelAtTerminal = () => void terminal.cancel({ hsn }).catch(() => undefined);
  signal?.addEventListener('abort', cancelAtTerminal, { once: true });
  try {
    const chosen = await terminal.tip({
      hsn,
      amount: request.amountMinor,
      prompt: step.prompt,
      ...(step.tipPercentPresets ? { tipPercentPresets: step.tipPercentPresets } : {}),
      ...(step.includeCustomTipAmount === undefined ? {} : { includeCustomTipAmount: step.includeCustomTipAmount }),
      ...(step.includeAmountDisplay === undefined ? {} : { includeAmountDisplay: step.includeAmountDisplay }),
    });
    return tipMinorOf(chosen.tip);
  } finally {
    signal?.removeEventListener('abort', cancelAtTerminal);
  }
}

/**
 * The tip the terminal answered, in minor units. Its example mixes forms (an implied-decimal
 * amount, decimal tip and total): text with a point is in major units ("0.06", ".06"), digits
 * alone in minor units ("360"), as the service sends the amount it was given.
 */
export function tipMinorOf(tip: string): number {
  const text = tip.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const decimal = /^(\d*)\.(\d{1,2})$/.exec(text);
  if (decimal) return Number(decimal[1] || '0') * 100 + Number(decimal[2]!.padEnd(2, '0'));
  throw new TerminalRequestInvalid('tip', `the terminal answered a tip that is not an amount: "${text}"`);
}

/** respstat in the lane's words; one it does not know is resolved before acting (auth-response.ts). */
function outcomeWord(respstat: string): Authorization['outcome'] {
  return respstat === 'A' ? 'approved' : respstat === 'C' ? 'declined' : 'unknown';
}

function emvTagDataOf(text: string | undefined): Authorization['emvTagData'] | undefined {
  if (!text) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = emvTagDataSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The terminal's authorization in the lane's terms (the gateway's own fields, authCard passes
 * them through). The account is the CardSecure token; every text is masked as the journal
 * masks an answer (card-data.ts), so no card number goes on even if one were in it.
 */
export function authorizationOf(answer: TerminalAuthorization): Authorization {
  const emvTagData = emvTagDataOf(answer.emvTagData);
  const receipt = answer.receiptData ? receiptSchema.safeParse(answer.receiptData) : undefined;
  const approved = answer.respstat === 'A';
  return maskAnswer({
    outcome: outcomeWord(answer.respstat),
    respstat: answer.respstat,
    ...(answer.retref ? { retref: answer.retref } : {}),
    ...(answer.authcode ? { authcode: answer.authcode } : {}),
    ...(answer.respcode ? { respcode: answer.respcode } : {}),
    ...(answer.resptext ? { resptext: answer.resptext } : {}),
    ...(answer.respproc ? { respproc: answer.respproc } : {}),
    ...(answer.batchid ? { batchid: answer.batchid } : {}),
    ...(answer.token ? { token: answer.token, account: answer.token } : {}),
    ...(answer.expiry ? { expiry: answer.expiry } : {}),
    ...(answer.merchid ? { merchid: answer.merchid } : {}),
    ...(answer.entrymode ? { entrymode: answer.entrymode } : {}),
    ...(answer.bintype ? { bintype: answer.bintype } : {}),
    ...(answer.signature ? { signature: answer.signature } : {}),
    ...(answer.orderId ? { orderId: answer.orderId } : {}),
    ...(answer.amount !== undefined && approved ? { amount: answer.amount } : {}),
    ...(emvTagData ? { emvTagData } : {}),
    ...(receipt?.success ? { receipt: receipt.data } : {}),
  } as Authorization);
}
