import { parseAuthorization } from '../gateway/auth-response';
import { parseTransactionRecord } from '../gateway/transaction-record';
import { decodeSignature } from '../signature/codec';
import { receiptFactsOf } from './facts';
import type { ReceiptFacts, ReceiptKind } from './model';

export interface SavedAnswerContext {
  /** What the slip is for; by default a decline when respstat is C, else a sale. */
  readonly kind?: ReceiptKind;
  readonly requestedMinor?: number;
  readonly tipMinor?: number;
  readonly terminalId: string;
  /** The card's brand when the answer does not say it (the reader knows it). */
  readonly brand?: string;
  /** A captured signature's gateway string, when the answer does not echo it. */
  readonly signature?: string;
}

/**
 * Receipt facts from a saved gateway answer: an authorization answer, or an inquire /
 * inquireByOrderid record (told apart by inquire's own fields). For support staff and tests
 * (`lanepoint receipt`); the terminal builds its facts from the sale it ran, through the same
 * `receiptFactsOf`.
 */
export function receiptFactsFromAnswer(json: unknown, context: SavedAnswerContext): ReceiptFacts {
  const raw = JSON.stringify(json);
  const record =
    json !== null && typeof json === 'object' && ('setlstat' in json || 'voidable' in json || 'lastfour' in json);
  const answer = record ? parseTransactionRecord('inquire', json, raw) : parseAuthorization(json, raw);
  const signatureText = context.signature ?? answer.signature;
  const facts = receiptFactsOf(answer, {
    kind: context.kind ?? (answer.respstat === 'C' ? 'decline' : 'sale'),
    terminalId: context.terminalId,
    ...(context.requestedMinor !== undefined ? { requestedMinor: context.requestedMinor } : {}),
    ...(context.tipMinor !== undefined ? { tipMinor: context.tipMinor } : {}),
    signature: {
      ...(signatureText ? { image: decodeSignature(signatureText) } : {}),
      required: answer.emvTagData?.signature === 'true',
    },
  });
  return answer.emvTagData?.networkLabel !== undefined || context.brand === undefined
    ? facts
    : { ...facts, card: { ...facts.card, brand: context.brand } };
}
