import { CardReaderError } from '../../../drivers/card-reader/errors';
import { UnattendedDeviceError } from '../../../drivers/unattended/errors';
import { LaneError } from '../errors';
import { GatewayTransportError } from '../gateway/errors';
import { formatMinorUnits } from '../../platform/money';
import { JournalError, type Journal } from '../journal/journal';
import { SaleCanceledError } from '../payment/signature/signature-step';
import type { SaleKeeper } from './current-sale';
import type { TerminalStateStore } from './state-store';

/** The lane's journal before a payment; one that cannot be opened refuses the payment, saying why. */
export function journalForPayment(open: () => Journal): Journal {
  try {
    return open();
  } catch (error) {
    // Only a failed write is about the disk; a refused, damaged or newer journal says its own cause.
    if (error instanceof JournalError && error.kind !== 'write')
      throw new LaneError('refused', `Nothing was sent: ${error.message}`);
    if (error instanceof JournalError)
      throw new LaneError(
        'refused',
        `The journal cannot be written, so nothing was sent: ${error.message}. Free disk space or call support.`,
      );
    throw error;
  }
}

const money = (minor: number) => formatMinorUnits(minor);

/**
 * The card for the rest of a partly approved sale was canceled: the sale is not canceled, the
 * first card's approval stands and the rest is still owed, so the words say that.
 */
function restCanceled(owedMinor: number, keeper: SaleKeeper): string {
  const approvedMinor = (keeper.current()?.results ?? [])
    .filter((result) => result.outcome === 'approved' || result.outcome === 'partial')
    .reduce((sum, result) => sum + result.approvedMinor, 0);
  return `${money(owedMinor)} is still owed: the card for it was canceled, and ${money(approvedMinor)} stays approved on the first card. Take the rest, or void the approval.`;
}

/** A reader's failure before any request left, in the words the counter shows. */
function readerStopped(error: CardReaderError): string {
  const why =
    error.kind === 'disconnected'
      ? 'The card reader was disconnected'
      : error.kind === 'malformed'
        ? 'The card could not be read'
        : 'The card reader stopped';
  return `${why} (${error.message}): nothing was charged. Check the reader and start the sale again.`;
}

/**
 * A request that provably never left: nothing was charged. When offline taking refused to store
 * it, its words follow the gateway's (offline-taking.ts `sendOrRefuse` adds them after ". ").
 */
function gatewayUnreachable(error: GatewayTransportError): string {
  const inner = error.cause instanceof GatewayTransportError ? error.cause.message : error.message;
  const refusal = error.message.startsWith(`${inner}. `) ? error.message.slice(inner.length + 2) : null;
  // The cashier's words first; the technical cause last, for whoever they call.
  return `The gateway cannot be reached, so nothing was charged. ${
    refusal ?? 'Take cash or another tender, or try the card again when it is back.'
  } (For support: ${inner}.)`;
}

/**
 * A payment that stopped without an outcome: the sale keeper and the state machine say why (back
 * to idle), and the error goes on as the lane error the screen shows; a fault that is no refusal
 * is rethrown as it is, for the dispatcher to log.
 */
export function stoppedPayment(
  error: unknown,
  lane: { keeper: SaleKeeper; state: TerminalStateStore; abort?: AbortController },
): never {
  const { keeper, state } = lane;
  // Only the write before the request ends a payment with a JournalError: once the request has
  // left, a failed write makes the outcome unknown and held (journal/unrecorded.ts), never this.
  if (error instanceof JournalError) {
    keeper.stopped('The journal cannot be written: nothing was sent.');
    state.enter('idle', 'The journal cannot be written: nothing was sent');
    throw new LaneError('refused', `The journal cannot be written, so nothing was sent: ${error.message}`);
  }
  if (error instanceof SaleCanceledError) {
    // The keeper says why first, so the one published idle state carries it.
    keeper.stopped(error.message);
    state.enter('idle', error.message.replace(/\.$/, ''));
    throw new LaneError('refused', error.message);
  }
  const canceled = lane.abort?.signal.aborted ?? false;
  const owed = keeper.current()?.dueMinor ?? null;
  const timedOut = error instanceof CardReaderError && error.kind === 'timeout';
  const said = error instanceof Error ? error.message : String(error);
  const problem = canceled
    ? owed !== null
      ? restCanceled(owed, keeper)
      : 'The sale was canceled.'
    : timedOut
      ? `No card was ${keeper.current()?.entry === 'keyed' ? 'keyed' : 'presented'} in time: start the sale again.`
      : error instanceof UnattendedDeviceError
        ? `The payment device stopped the sale (${error.message}): nothing was charged, start the sale again.`
        : error instanceof CardReaderError
          ? readerStopped(error)
          : error instanceof GatewayTransportError && !error.requestSent
            ? gatewayUnreachable(error)
            : null;
  keeper.stopped(problem ?? said);
  state.enter('idle', canceled ? 'Sale canceled' : `Stopped: ${said}`);
  if (problem) throw new LaneError('refused', problem);
  throw error;
}
