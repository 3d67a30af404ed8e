import type { AuthorizationRequest } from '../../gateway/auth-request';
import type { Authorization } from '../../gateway/auth-response';
import { NotFoundYetError } from '../../gateway/errors';
import type { TransactionRecord } from '../../gateway/transaction-record';
import type { Journal } from '../../journal/journal';
import type { Logger } from '../../../platform/log/logger';
import { receiptFactsOf } from '../../receipt/facts';
import { decodeSignature } from '../../signature/codec';
import type { SaleOutcome } from '../outcome';
import { journaledAuthorize, type JournaledAuthorizationRequest } from './journaled-authorization';
import { overApprovalWords, readAnswer, type AnswerReading } from './answer-reading';
import { voidApproval, type StoppingLane } from './stopped-device-payment';
import { offlineTaking, sendOrRefuse, storedOutcome, type OfflineTaking } from './offline-taking';
import type { AuthorizationAsked, Authorized } from './authorization-asked';
import { withLaneUserfields } from './lane-facts';

/** What the authorize step needs from the lane. */
export interface Authorizing {
  readonly journal: Journal;
  /** The void and the inquiry too: an approval for more than was asked is voided. */
  readonly client: JournaledAuthorizationRequest['client'] & StoppingLane['client'];
  readonly merchid: string;
  readonly terminalId: string;
  /** The Terminal Device ID the processor's reports show (`gateway.termid`); absent or empty: not sent. */
  readonly termid?: string;
  /** Where an outcome the journal could not record is said, at error level. */
  readonly logger?: Pick<Logger, 'error'>;
  /** Offline taking (ADR 074), when the merchant switched it on: absent, a sale goes as it always did. */
  readonly offline?: OfflineTaking;
}

export type { AuthorizationAsked, Authorized } from './authorization-asked';

/** The words for a sale whose request left and whose outcome the journal could not record (never "nothing was sent"). */
export const unrecordedReason =
  'The journal could not record this sale after it was sent to the gateway (the disk may be full), so its outcome is unknown: the customer may have been charged. Do not charge again: the lane takes no new sale until the journal records it. Free disk space or call support.';

const lostAndSilent =
  'The answer was lost and the gateway has not answered since: the sale is queued and checked again.';

/**
 * The authorize step: the journaled authorization (the row, its order id taken in the same
 * transaction, before the request; a lost answer recovered at once), read as an outcome in the
 * cashier's terms. Errors that are not answers (a journal that cannot be written, a request that
 * never left) go to the caller as they are. An unknown outcome is never read as approved.
 */
export async function authorizePayment(lane: Authorizing, asked: AuthorizationAsked): Promise<Authorized> {
  const { amountMinor } = asked;
  // Every authorization says which lane, cashier and shift took it (ADR 088), as its journal row
  // does: the gateway's reports join back to the lane by these, and a stored offline request
  // keeps the ones of the moment it was taken.
  const userfields = withLaneUserfields(
    {
      terminalId: lane.terminalId,
      cashier: lane.journal.cashier() ?? undefined,
      shiftId: lane.journal.day.currentShift()?.id,
    },
    asked.fields.userfields,
  );
  const request: AuthorizationRequest = {
    merchid: lane.merchid,
    amount: asked.credit ? -amountMinor : amountMinor,
    capture: asked.capture,
    receipt: true,
    ...(lane.termid ? { termid: lane.termid } : {}),
    ...asked.fields,
    userfields,
  };
  // A device that authorizes on its own is never stored by the lane.
  const offline = asked.send ? undefined : lane.offline;
  const taking = offline ? offlineTaking(lane.journal, offline, asked, request) : undefined;
  const stored = taking?.storeNow();
  if (stored) return storedOutcome(lane, asked, stored.orderId);
  const result = await sendOrRefuse(taking, () =>
    (asked.send ?? journaledAuthorize)({
      journal: lane.journal,
      client: lane.client,
      request,
      card: asked.card,
      ...(asked.detail ? { detail: asked.detail } : {}),
      ...(taking ? { storeIfNeverLeft: taking.storeIfNeverLeft } : {}),
    }),
  );
  const { orderId } = result;
  if (result.kind === 'stored') return storedOutcome(lane, asked, orderId);
  if (result.kind === 'answered' || result.kind === 'retry') offline?.link.noteAnswered();
  const context = {
    ...(asked.cardFacts ? { card: asked.cardFacts } : {}),
    orderId,
    merchantId: lane.merchid,
    terminalId: lane.terminalId,
  };
  const imageOf = (source: Authorization | TransactionRecord) => {
    if (asked.signatureImage) return { image: asked.signatureImage };
    const inAnswer = asked.signatureInAnswer && 'signature' in source ? source.signature : undefined;
    if (!inAnswer) return {};
    try {
      return { image: decodeSignature(inAnswer) };
    } catch (error) {
      // The slip then prints a signature line: the authorization stands whatever its picture.
      lane.logger?.error(
        { orderId, err: error },
        'the signature in the answer could not be read; the receipt prints a signature line',
      );
      return {};
    }
  };
  /** An answer, or the record found after it was lost: read, printed and (above the amount asked) voided the one way. */
  const settle = async (
    source: Authorization | TransactionRecord,
    approved: boolean,
    resolving: boolean,
  ): Promise<Authorized> => {
    const reading = readAnswer(source, approved, amountMinor);
    if (reading.kind === 'over-approved') {
      // The state machine is in resolving already when the approval came from a lost answer's record.
      if (!resolving) asked.onPhase('resolving', 'Voiding an approval for more than was asked');
      return { outcome: await refuseOverApproval(lane, asked, orderId, reading) };
    }
    const outcome: SaleOutcome = { ...reading, orderId };
    const shownMinor = reading.kind === 'declined' ? amountMinor : reading.approvedMinor;
    // A surcharge is charged on top: the slip's total includes it, and prints it on its own line.
    const surchargeMinor = reading.kind === 'declined' ? undefined : reading.surchargeMinor;
    const image = imageOf(source);
    const tipMinor = reading.kind === 'approved' && asked.tipMinor ? { tipMinor: asked.tipMinor } : {};
    const { kind: _kind, ...facts } = receiptFactsOf(source, {
      ...context,
      ...tipMinor,
      kind: 'sale',
      amountMinor: shownMinor + (surchargeMinor ?? 0),
      ...(surchargeMinor ? { surchargeMinor } : {}),
      ...(shownMinor < amountMinor ? { requestedMinor: amountMinor } : {}),
      signature: {
        required: asked.signatureRequired || source.emvTagData?.signature === 'true' || image.image !== undefined,
        ...image,
      },
    });
    return { outcome, facts };
  };
  switch (result.kind) {
    case 'answered':
      return settle(result.authorization, result.authorization.outcome === 'approved', false);
    case 'recovered': {
      asked.onPhase('resolving', 'Checking the outcome with the gateway');
      const settled = result.outcome;
      if (settled.kind === 'found') return settle(settled.record, settled.approved, true);
      if (settled.kind === 'unresolved') return { outcome: { kind: 'unknown', orderId, reason: lostAndSilent } };
      return {
        outcome: {
          kind: 'not-charged',
          orderId,
          reason:
            settled.kind === 'not-processed'
              ? 'The answer was lost, and the gateway never processed the sale: nothing was charged.'
              : 'The answer was lost; the sale was voided so nothing stays charged. Try the card again.',
        },
      };
    }
    case 'retry':
      return {
        outcome: {
          kind: 'retry',
          orderId,
          reason: `${result.error.resptext ?? 'The processor did not answer'}: try again.`,
        },
      };
    case 'unrecorded':
      lane.logger?.error(
        { orderId, entryId: result.entryId, err: result.error },
        'the journal could not record an authorization after it was sent: its outcome is unknown and the customer may have been charged; it is held in memory until the journal records it, and the lane takes no new sale until then',
      );
      return { outcome: { kind: 'unknown', orderId, reason: unrecordedReason } };
    case 'unknown':
      if (result.error instanceof NotFoundYetError) {
        return {
          outcome: {
            kind: 'unknown',
            orderId,
            reason:
              'The answer was lost and the gateway had no record of the sale yet: it may still be processing it. Do not charge again: the sale is checked again once the gateway has answered every request.',
          },
        };
      }
      return { outcome: { kind: 'unknown', orderId, reason: lostAndSilent } };
  }
}

/**
 * An approval for more than was asked, from the gateway or a device in its name: the lane did not
 * ask for that money, so it is refused and voided through the journal (the void's row says why);
 * the screen says what happened, and a void that did not take goes to staff as any other.
 */
async function refuseOverApproval(
  lane: Authorizing,
  asked: AuthorizationAsked,
  orderId: string,
  reading: Extract<AnswerReading, { kind: 'over-approved' }>,
): Promise<SaleOutcome> {
  const { approvedMinor } = reading;
  return voidApproval(lane, { orderId, approvedMinor, retref: reading.retref }, asked.credit, {
    voided: overApprovalWords.voided(approvedMinor, asked.amountMinor),
    notVoided: (why) => overApprovalWords.notVoided(approvedMinor, asked.amountMinor, why),
    detail: { refusedOverApproval: true, askedMinor: asked.amountMinor },
  });
}
