import creditCardType from 'credit-card-type';
import type { Authorization } from '../gateway/auth-response';
import type { EmvTagData } from '../gateway/emv-tag-data';
import type { TransactionRecord } from '../gateway/transaction-record';
import type { GatewayReceipt } from '../gateway/wire-schema';
import type { JournalEntry } from '../journal/journal';
import { cardOnFileReceiptLines, cardOnFileUseOf } from '../payment/card-on-file';
import type { ReceiptFacts } from './model';

/**
 * Every way an entry mode is named, as a receipt prints it: the lane's card reads and tenders
 * (what the journal keeps), and the gateway's own (auth's words, inquire's letters).
 */
const entryMethods: Readonly<Record<string, string>> = {
  swipe: 'Swiped',
  chip: 'Chip Read',
  contactless: 'Contactless',
  'fallback-swipe': 'Fallback Swipe',
  keyed: 'Keyed',
  ach: 'Electronic check',
  profile: 'Card on file',
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

/**
 * The brand the lane prints for a payment whose account is not a card it read, by the entry mode
 * it journaled: what the sale's own receipt said, so a reprint says the same. A wallet's token
 * runs on a card network (its emvTagData names one) but the customer paid with their phone.
 */
const laneBrands: Readonly<Record<string, string>> = {
  ach: 'CHECK',
  profile: 'CARD ON FILE',
  DigitalWallet: 'WALLET',
};

/** The receipt's words for an entry mode; `fallback` when the mode is one nobody named. */
export function entryMethodWords(mode: string | undefined, fallback = 'Unknown'): string {
  return entryMethods[mode ?? ''] ?? fallback;
}

/** What the answer alone does not say, from the lane that asked. */
export interface AnswerContext {
  readonly kind: ReceiptFacts['kind'];
  readonly terminalId: string;
  /** The amount to print; by default the answer's. */
  readonly amountMinor?: number;
  readonly requestedMinor?: number;
  readonly tipMinor?: number;
  /** The fee the lane read out of the approval (inquire records carry no fee_amount); by default the answer's. */
  readonly surchargeMinor?: number;
  /** The card as the lane read it; by default what the answer says of it. */
  readonly card?: ReceiptFacts['card'];
  /** The lane's order id; by default the answer's. */
  readonly orderId?: string;
  readonly merchantId?: string;
  readonly signature: ReceiptFacts['signature'];
}

/**
 * Receipt facts from a gateway answer: an authorization's answer, or an inquire record of one.
 * The one place a receipt is built from what the gateway said (the sale, its lost answer found
 * again, and `lanepoint receipt` all come here).
 */
export function receiptFactsOf(answer: Authorization | TransactionRecord, context: AnswerContext): ReceiptFacts {
  const emv = answer.emvTagData;
  const orderId = context.orderId ?? ('orderId' in answer ? answer.orderId : undefined);
  return {
    kind: context.kind,
    amountMinor: context.amountMinor ?? answer.amount ?? 0,
    ...(context.requestedMinor !== undefined ? { requestedMinor: context.requestedMinor } : {}),
    ...(context.tipMinor !== undefined ? { tipMinor: context.tipMinor } : {}),
    card: context.card ?? cardOf(answer),
    gateway: {
      ...(answer.retref ? { retref: answer.retref } : {}),
      ...('authcode' in answer && answer.authcode ? { authcode: answer.authcode } : {}),
      ...(answer.respcode ? { respcode: answer.respcode } : {}),
      ...(answer.resptext ? { resptext: answer.resptext } : {}),
      ...(answer.batchid ? { batchid: answer.batchid } : {}),
      ...(orderId ? { orderId } : {}),
    },
    ...(emv ? { emv } : {}),
    ...(answer.receipt ? { merchant: answer.receipt } : {}),
    ...surchargeOf(answer, context.surchargeMinor),
    signature: context.signature,
    merchantId: context.merchantId ?? answer.merchid ?? '',
    terminalId: context.terminalId,
  };
}

/** The answer's fee fields as the receipt prints them, when it carried a fee; nothing otherwise. */
function surchargeOf(
  answer: Authorization | TransactionRecord,
  surchargeMinor: number | undefined,
): Pick<ReceiptFacts, 'surcharge'> {
  const amountMinor = surchargeMinor ?? answer.fee_amount;
  if (!amountMinor || amountMinor <= 0 || !answer.fee_type || answer.fee_type === 'N') return {};
  return {
    surcharge: {
      amountMinor,
      type: answer.fee_type,
      ...(answer.fee_format ? { format: answer.fee_format } : {}),
      ...(answer.fee_value ? { value: answer.fee_value } : {}),
    },
  };
}

/** The card as the answer describes it, for a slip printed from a saved answer. */
function cardOf(answer: Authorization | TransactionRecord): ReceiptFacts['card'] {
  const lastFour =
    ('lastfour' in answer && answer.lastfour ? answer.lastfour : (answer.account ?? '').replace(/\D/g, '').slice(-4)) ||
    '????';
  const name = answer.receipt?.nameOnCard || ('name' in answer ? answer.name : undefined);
  return {
    lastFour,
    brand: answer.emvTagData?.networkLabel ?? 'CARD',
    entryMethod: entryMethods[answer.entrymode ?? ''] ?? answer.entrymode ?? 'Unknown',
    ...(name ? { name } : {}),
  };
}

/** The brand a journaled authorization's slip prints ("VISA"), from its entry mode, its card tags or its masked number. */
export function journalBrand(entry: JournalEntry, tags?: EmvTagData): string {
  let emv = tags;
  if (!emv && entry.outcome?.emvTagData) {
    try {
      emv = JSON.parse(entry.outcome.emvTagData) as EmvTagData;
    } catch {
      // Tags kept another way: the brand comes from the number instead.
      emv = undefined;
    }
  }
  const prefix = (entry.maskedPan ?? '').match(/^\d+/)?.[0] ?? '';
  const detected = prefix.length >= 4 ? creditCardType(prefix)[0]?.niceType : undefined;
  return (
    laneBrands[entry.entryMode ?? ''] ??
    (emv?.applicationLabel ?? emv?.networkLabel ?? detected ?? 'CARD').toUpperCase()
  );
}

/**
 * The fee line of a journaled authorization: the answer's fee amount, or, from a lost answer's
 * record (inquire carries no fee_amount), a surcharge's difference between charged and asked.
 */
function journalSurcharge(entry: JournalEntry): Pick<ReceiptFacts, 'surcharge'> {
  const outcome = entry.outcome ?? {};
  if (!outcome.feeType) return {};
  const charged = outcome.amountMinor === undefined ? undefined : Math.abs(outcome.amountMinor);
  const amountMinor =
    outcome.feeMinor ??
    (outcome.feeType === 'S' && charged !== undefined && charged > entry.amountMinor
      ? charged - entry.amountMinor
      : undefined);
  if (!amountMinor || amountMinor <= 0) return {};
  return {
    surcharge: {
      amountMinor,
      type: outcome.feeType,
      ...(outcome.feeFormat ? { format: outcome.feeFormat } : {}),
      ...(outcome.feeValue ? { value: outcome.feeValue } : {}),
    },
  };
}

/** Receipt facts from what the journal kept of an authorization: masked card, the answer, the receipt object. */
export function factsFromJournal(
  entry: JournalEntry,
  lane: { merchid: string; terminalId: string },
): Omit<ReceiptFacts, 'kind'> {
  const outcome = entry.outcome ?? {};
  let emv: EmvTagData | undefined;
  try {
    emv = outcome.emvTagData ? (JSON.parse(outcome.emvTagData) as EmvTagData) : undefined;
  } catch {
    // A row written by a Lanepoint that kept the tags another way: the slip prints without them.
    emv = undefined;
  }
  const digits = (entry.maskedPan ?? '').replace(/\D/g, '');
  const brand = journalBrand(entry, emv);
  const amount = outcome.amountMinor === undefined ? entry.amountMinor : Math.abs(outcome.amountMinor);
  // The journal keeps no cardholder name of its own; the gateway's receipt object has the one the sale printed.
  const name = (outcome.receipt as GatewayReceipt | undefined)?.nameOnCard;
  const cardOnFile = cardOnFileUseOf(entry.detail);
  return {
    amountMinor: amount,
    card: {
      lastFour: digits.slice(-4) || '----',
      brand,
      entryMethod: entryMethodWords(entry.entryMode),
      ...(name ? { name } : {}),
    },
    gateway: {
      ...(outcome.retref ? { retref: outcome.retref } : {}),
      ...(outcome.authcode ? { authcode: outcome.authcode } : {}),
      ...(outcome.respcode ? { respcode: outcome.respcode } : {}),
      ...(outcome.resptext ? { resptext: outcome.resptext } : {}),
      ...(outcome.batchid ? { batchid: outcome.batchid } : {}),
      orderId: entry.orderId,
    },
    ...(emv ? { emv } : {}),
    ...(outcome.receipt ? { merchant: outcome.receipt as GatewayReceipt } : {}),
    ...journalSurcharge(entry),
    // The journal keeps no signature image: a reprint shows the line to sign when one was asked for.
    signature: { required: entry.detail?.signatureRequired === true || emv?.signature === 'true' },
    ...(cardOnFile ? { cardOnFile: cardOnFileReceiptLines(cardOnFile) } : {}),
    merchantId: lane.merchid,
    terminalId: lane.terminalId,
  };
}
