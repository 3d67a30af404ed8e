import { parseAuthorization } from '../gateway/auth-response';
import { parseTransactionRecord } from '../gateway/transaction-record';
import { decodeSignature } from '../signature/codec';
import type { ReceiptFacts, ReceiptKind } from './model';

/** The gateway's entry modes (auth's words, inquire's letters) as a receipt prints them. */
const entryMethods: Record<string, string> = {
  EMVContact: 'Chip Read',
  Contactless: 'Contactless',
  'Swipe(Non EMV)': 'Swiped',
  Keyed: 'Keyed',
  Moto: 'Keyed (mail or phone order)',
  DigitalWallet: 'Digital Wallet',
  'Fallback to Swipe': 'Fallback Swipe',
  'Fallback to Keyed': 'Fallback Keyed',
  K: 'Keyed',
  S: 'Swiped',
};

export interface AnswerContext {
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
 * (`lanepoint receipt`); the terminal builds its facts from the sale it ran.
 */
export function receiptFactsFromAnswer(json: unknown, context: AnswerContext): ReceiptFacts {
  const raw = JSON.stringify(json);
  const record = json !== null && typeof json === 'object' && ('setlstat' in json || 'voidable' in json || 'lastfour' in json);
  const answer = record ? parseTransactionRecord('inquire', json, raw) : parseAuthorization(json, raw);
  const account = answer.account ?? '';
  const lastFour = ('lastfour' in answer && answer.lastfour ? answer.lastfour : account.replace(/\D/g, '').slice(-4)) || '????';
  const emv = answer.emvTagData;
  const signatureText = context.signature ?? answer.signature;
  const kind = context.kind ?? (answer.respstat === 'C' ? 'decline' : 'sale');
  return {
    kind,
    amountMinor: answer.amount ?? 0,
    ...(context.requestedMinor !== undefined ? { requestedMinor: context.requestedMinor } : {}),
    ...(context.tipMinor !== undefined ? { tipMinor: context.tipMinor } : {}),
    card: {
      lastFour,
      brand: emv?.networkLabel ?? context.brand ?? 'CARD',
      entryMethod: entryMethods[answer.entrymode ?? ''] ?? answer.entrymode ?? 'Unknown',
      ...(answer.receipt?.nameOnCard || ('name' in answer && answer.name) ? { name: answer.receipt?.nameOnCard || ('name' in answer ? answer.name : undefined) } : {}),
    },
    gateway: {
      ...(answer.retref ? { retref: answer.retref } : {}),
      ...('authcode' in answer && answer.authcode ? { authcode: answer.authcode } : {}),
      ...(answer.respcode ? { respcode: answer.respcode } : {}),
      ...(answer.resptext ? { resptext: answer.resptext } : {}),
      ...(answer.batchid ? { batchid: answer.batchid } : {}),
      ...('orderId' in answer && answer.orderId ? { orderId: answer.orderId } : {}),
    },
    ...(emv ? { emv } : {}),
    ...(answer.receipt ? { merchant: answer.receipt } : {}),
    signature: { ...(signatureText ? { image: decodeSignature(signatureText) } : {}), required: emv?.signature === 'true' },
    merchantId: answer.merchid ?? '',
    terminalId: context.terminalId,
  };
}
