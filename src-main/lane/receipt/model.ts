import type { EmvTagData } from '../gateway/emv-tag-data';
import type { GatewayReceipt } from '../gateway/wire-schema';
import type { Bitmap } from '../signature/bmp';
import { formatMinorUnits } from '../../platform/money';

/**
 * What kind of slip: an approved sale, an authorization to capture later, a void, a refund, a
 * decline, a partial approval, or a sale stored offline and not sent yet (ADR 074: never "approved").
 */
export type ReceiptKind = 'sale' | 'authorization' | 'void' | 'refund' | 'decline' | 'partial' | 'offline';
export type ReceiptCopy = 'merchant' | 'customer';

/** One line item of the sale, as the cart had it. */
export interface ReceiptItem {
  readonly description: string;
  readonly quantity: number;
  readonly totalMinor: number;
}

/**
 * Everything a receipt prints, gathered from the gateway's answer (auth, void, refund or an
 * inquire record), the card as read, and the lane. No track, TLV or full card number: the card
 * is its last four digits and its brand.
 */
export interface ReceiptFacts {
  readonly kind: ReceiptKind;
  /** The amount charged, authorized, voided or refunded (approved amount for a partial approval). */
  readonly amountMinor: number;
  /** Partial approval: the amount asked for. */
  readonly requestedMinor?: number;
  /** Included in `amountMinor`. */
  readonly tipMinor?: number;
  /**
   * A fee the gateway charged with the payment (the answer's fee_amount, fee_type, fee_format,
   * fee_value), included in `amountMinor`.
   */
  readonly surcharge?: {
    readonly amountMinor: number;
    /** S surcharge, C convenience fee, F service fee. */
    readonly type: string;
    /** percent or flat. */
    readonly format?: string;
    /** The percentage, with percent. */
    readonly value?: string;
  };
  readonly card: {
    readonly lastFour: string;
    /** "VISA", "MASTERCARD", ... or the chip's Application Label when there is one. */
    readonly brand: string;
    /** "Chip Read", "Contactless", "Swiped", "Keyed", "Fallback Swipe". */
    readonly entryMethod: string;
    readonly name?: string;
  };
  readonly gateway: {
    readonly retref?: string;
    readonly authcode?: string;
    readonly respcode?: string;
    readonly resptext?: string;
    readonly batchid?: string;
    readonly orderId?: string;
  };
  readonly emv?: EmvTagData;
  /** The gateway's receipt object: the merchant's name, address, header, footer and the time. */
  readonly merchant?: GatewayReceipt;
  readonly items?: readonly ReceiptItem[];
  /** The captured signature (decoded from the gateway's Base64 BMP), and whether one was required. */
  readonly signature: { readonly image?: Bitmap; readonly required: boolean };
  readonly merchantId: string;
  readonly terminalId: string;
  /** A refund's reason, in words ("Goods returned"). */
  readonly reason?: string;
  /** Lines printed under the verdict on both copies: what kind of payment it was ("FORCED SALE", "Voice authorization 123456"). */
  readonly notes?: readonly string[];
  /**
   * What the customer agrees to by signing, in place of the card issuer agreement: an electronic
   * check's debit authorization. Printed on both copies; the merchant copy has the signature line.
   */
  readonly agreement?: string;
  /** A card on file's lines ("Card saved on file with your permission"), printed under an approval (ADR 089). */
  readonly cardOnFile?: readonly string[];
}

export interface ReceiptOptions {
  readonly copy: ReceiptCopy;
  readonly training: boolean;
  /** A reprint. */
  readonly duplicate: boolean;
  /** When the receipt object carries no dateTime. */
  readonly printedAt: Date;
  /** Characters across the paper in the normal font (48 on 80 mm, 32 on 58 mm). */
  readonly columns: number;
  readonly currency?: string;
}

/**
 * A receipt as lines, independent of any printer: the ESC/POS encoder and the PNG preview both
 * draw from this, so what the screen shows is what the printer gets.
 */
export type ReceiptLine =
  | {
      readonly kind: 'text';
      readonly text: string;
      readonly align: 'left' | 'center' | 'right';
      readonly bold?: boolean;
      readonly large?: boolean;
    }
  | { readonly kind: 'pair'; readonly left: string; readonly right: string; readonly bold?: boolean }
  | { readonly kind: 'rule' }
  | { readonly kind: 'blank' }
  | { readonly kind: 'image'; readonly bitmap: Bitmap }
  | { readonly kind: 'signature-line' };

export interface ReceiptDocument {
  readonly kind: ReceiptKind | 'end-of-day';
  readonly copy: ReceiptCopy;
  readonly columns: number;
  readonly lines: readonly ReceiptLine[];
}

const feeLabels: Readonly<Record<string, string>> = { S: 'SURCHARGE', C: 'CONVENIENCE FEE', F: 'SERVICE FEE' };

/** "SURCHARGE (3%)" for a percentage, "SURCHARGE" for a flat fee. */
function feeLabel(fee: NonNullable<ReceiptFacts['surcharge']>): string {
  const label = feeLabels[fee.type] ?? 'FEE';
  return fee.format === 'percent' && fee.value ? `${label} (${fee.value}%)` : label;
}

const titles: Record<ReceiptKind, string> = {
  sale: 'SALE',
  authorization: 'AUTHORIZATION ONLY',
  void: 'VOID',
  refund: 'REFUND',
  decline: 'DECLINED',
  partial: 'PARTIAL APPROVAL',
  offline: 'SALE - OFFLINE',
};

/** The merchant id as receipts may show it: its last four digits. */
export function maskMerchantId(merchantId: string): string {
  return merchantId.length <= 4 ? merchantId : `${'*'.repeat(merchantId.length - 4)}${merchantId.slice(-4)}`;
}

/** YYYYMMDDHHMMSS → "11/22/2026 12:13:14"; otherwise the printing time. */
function when(dateTime: string | undefined, printedAt: Date): string {
  const match = dateTime ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(dateTime) : null;
  if (match) {
    const [, year, month, day, hour, minute, second] = match;
    return `${month}/${day}/${year} ${hour}:${minute}:${second}`;
  }
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(printedAt.getMonth() + 1)}/${pad(printedAt.getDate())}/${printedAt.getFullYear()} ${pad(printedAt.getHours())}:${pad(printedAt.getMinutes())}:${pad(printedAt.getSeconds())}`;
}

/** "8005551234" → "(800) 555-1234"; anything else as given. */
function phone(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : value;
}

/** Splits text into lines of at most `width` characters, at spaces where it can. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      let rest = word;
      while (rest.length > width) {
        if (line) lines.push(line);
        line = '';
        lines.push(rest.slice(0, width));
        rest = rest.slice(width);
      }
      if (!line) line = rest;
      else if (line.length + 1 + rest.length <= width) line += ` ${rest}`;
      else {
        lines.push(line);
        line = rest;
      }
    }
    if (line) lines.push(line);
  }
  return lines;
}

/**
 * Builds one copy of a receipt. The rules (FACTS.md, "Receipts"): merchant name and address from
 * the receipt object, date and time, the card's last four, brand or Application Label, entry
 * method, amount, authcode, retref and response text; for EMV the Application Label or Preferred
 * Name, AID, TVR, TSI, IAD, ARC and "Verified by PIN"; the merchant id masked to its last four;
 * on the merchant copy the signature image, or a signature line when one was required and none
 * captured. Training receipts say TRAINING at the top and bottom; reprints say DUPLICATE.
 */
export function buildReceipt(facts: ReceiptFacts, options: ReceiptOptions): ReceiptDocument {
  const { columns } = options;
  const money = (minor: number) => formatMinorUnits(minor, { symbol: options.currency });
  const lines: ReceiptLine[] = [];
  const center = (text: string, style: { bold?: boolean; large?: boolean } = {}) => {
    for (const line of wrap(text, style.large ? Math.floor(columns / 2) : columns))
      lines.push({ kind: 'text', text: line, align: 'center', ...style });
  };
  const left = (text: string) => {
    for (const line of wrap(text, columns)) lines.push({ kind: 'text', text: line, align: 'left' });
  };
  const pair = (label: string, value: string, bold = false) =>
    lines.push({ kind: 'pair', left: label, right: value, ...(bold ? { bold } : {}) });
  const merchant = facts.merchant ?? {};
  const approved = facts.kind !== 'decline';

  if (options.training) center('*** TRAINING - NO REAL MONEY ***', { bold: true });
  if (options.duplicate) center('DUPLICATE', { bold: true, large: true });
  if (merchant.header) center(merchant.header);
  if (merchant.dba) center(merchant.dba, { bold: true, large: true });
  if (merchant.address1) center(merchant.address1);
  if (merchant.address2) center(merchant.address2);
  if (merchant.phone) center(phone(merchant.phone));
  lines.push({ kind: 'blank' });
  pair('Date', when(merchant.dateTime, options.printedAt));
  pair('Merchant', maskMerchantId(facts.merchantId));
  pair('Terminal', facts.terminalId);
  if (facts.gateway.orderId) pair('Order', facts.gateway.orderId);
  if (facts.gateway.batchid) pair('Batch', facts.gateway.batchid);
  lines.push({ kind: 'rule' });
  center(titles[facts.kind], { bold: true, large: true });
  lines.push({ kind: 'blank' });
  const brand = facts.emv?.applicationPreferredName || facts.emv?.applicationLabel || facts.card.brand;
  pair(brand, `**** ${facts.card.lastFour}`);
  pair('Entry', facts.emv?.entryMethod || facts.card.entryMethod);
  if (facts.card.name) pair('Name', facts.card.name);
  if (facts.items?.length) {
    lines.push({ kind: 'rule' });
    for (const item of facts.items)
      pair(item.quantity === 1 ? item.description : `${item.quantity} x ${item.description}`, money(item.totalMinor));
  }
  if (merchant.items) left(merchant.items);
  lines.push({ kind: 'rule' });
  if (facts.kind === 'partial' && facts.requestedMinor !== undefined) {
    pair('Requested', money(facts.requestedMinor));
    pair('Approved', money(facts.amountMinor), true);
    pair('Balance due', money(facts.requestedMinor - facts.amountMinor), true);
  } else {
    const fee = facts.surcharge;
    if (facts.tipMinor || fee) {
      pair('Amount', money(facts.amountMinor - (facts.tipMinor ?? 0) - (fee?.amountMinor ?? 0)));
      if (facts.tipMinor) pair('Tip', money(facts.tipMinor));
      if (fee) pair(feeLabel(fee), money(fee.amountMinor));
    }
    const sign = facts.kind === 'refund' || facts.kind === 'void' ? -1 : 1;
    pair(facts.kind === 'decline' ? 'Amount' : 'TOTAL', money(sign * facts.amountMinor), true);
    if (facts.kind === 'refund' && facts.reason) pair('Reason', facts.reason);
  }
  lines.push({ kind: 'blank' });
  // A void gives the money back: "APPROVED" under it would read as a charge.
  const verdict = facts.kind === 'void' ? 'VOIDED' : facts.kind === 'offline' ? 'OFFLINE' : undefined;
  center(verdict ?? (approved ? 'APPROVED' : 'DECLINED'), { bold: true, large: !approved || verdict === 'OFFLINE' });
  if (facts.kind === 'offline') center('This payment will be sent when the network is back');
  if (approved) for (const note of facts.notes ?? []) center(note, { bold: true });
  if (approved && facts.kind !== 'void' && facts.kind !== 'offline')
    for (const line of facts.cardOnFile ?? []) center(line);
  if (facts.gateway.authcode && approved) pair('Auth code', facts.gateway.authcode);
  const response = [facts.gateway.respcode, facts.gateway.resptext].filter(Boolean).join(' ');
  if (response) pair('Response', response);
  if (facts.gateway.retref) pair('Reference', facts.gateway.retref);
  const emv = facts.emv;
  if (emv && (emv.aid || emv.tvr)) {
    lines.push({ kind: 'blank' });
    if (emv.applicationLabel) pair('Application', emv.applicationLabel);
    if (emv.aid) pair('AID', emv.aid);
    if (emv.tvr) pair('TVR', emv.tvr);
    if (emv.tsi) pair('TSI', emv.tsi);
    if (emv.iad) pair('IAD', emv.iad);
    if (emv.arc) pair('ARC', emv.arc);
    if (emv.mode) pair('Mode', emv.mode);
  }
  if (emv?.pin && /verified/i.test(emv.pin)) {
    lines.push({ kind: 'blank' });
    center(emv.pin.toUpperCase(), { bold: true });
  }
  if (options.copy === 'merchant' && approved && facts.kind !== 'void') {
    if (facts.signature.image) {
      lines.push({ kind: 'blank' });
      lines.push({ kind: 'image', bitmap: facts.signature.image });
      center('Signed electronically');
    } else if (facts.signature.required) {
      lines.push({ kind: 'blank' }, { kind: 'blank' });
      lines.push({ kind: 'signature-line' });
      center(facts.card.name ?? 'Cardholder signature');
    }
    if ((facts.signature.image || facts.signature.required) && !facts.agreement) {
      for (const line of wrap('I agree to pay the above total amount according to my card issuer agreement.', columns))
        lines.push({ kind: 'text', text: line, align: 'center' });
    }
  }
  if (facts.agreement && approved) {
    lines.push({ kind: 'blank' });
    for (const line of wrap(facts.agreement, columns)) lines.push({ kind: 'text', text: line, align: 'center' });
  }
  if (merchant.orderNote) {
    lines.push({ kind: 'blank' });
    left(merchant.orderNote);
  }
  if (merchant.footer) {
    lines.push({ kind: 'blank' });
    center(merchant.footer);
  }
  lines.push({ kind: 'blank' });
  center(options.copy === 'merchant' ? 'MERCHANT COPY' : 'CUSTOMER COPY', { bold: true });
  if (options.duplicate) center('DUPLICATE');
  if (options.training) center('*** TRAINING - NO REAL MONEY ***', { bold: true });
  return { kind: facts.kind, copy: options.copy, columns, lines };
}

/** A settled batch as the end-of-day report needs it (settlestat's answer, amounts in minor units). */
export interface ReportBatch {
  readonly batchid?: string;
  readonly hoststat?: string;
  readonly txns: ReadonlyArray<{ readonly setlamount?: number; readonly setlstat?: string }>;
}

const hostStatus: Record<string, string> = {
  '': 'Queued for the processor',
  BB: 'Transmitted, all rejected',
  EB: 'Empty',
  GB: 'Accepted',
  MB: 'Partly accepted',
  RB: 'Rejected',
  SB: 'Sent, not yet confirmed',
  ND: 'Sent, no confirmation',
};

/**
 * The end-of-day report from settlement status: each batch with its host status, then counts and
 * totals by transaction status, then the day's totals. `statusNames` turns settlestat's
 * one-letter codes into words.
 */
export function buildSettlementReport(
  batches: readonly ReportBatch[],
  options: {
    readonly title: string;
    readonly merchantId: string;
    readonly terminalId: string;
    readonly printedAt: Date;
    readonly columns: number;
    readonly training: boolean;
    readonly statusNames: Readonly<Record<string, string>>;
  },
): ReceiptDocument {
  const lines: ReceiptLine[] = [];
  const center = (text: string, style: { bold?: boolean; large?: boolean } = {}) =>
    lines.push({ kind: 'text', text, align: 'center', ...style });
  const pair = (left: string, right: string, bold = false) =>
    lines.push({ kind: 'pair', left, right, ...(bold ? { bold } : {}) });
  if (options.training) center('*** TRAINING - NO REAL MONEY ***', { bold: true });
  center('END OF DAY', { bold: true, large: true });
  center(options.title);
  lines.push({ kind: 'blank' });
  pair('Printed', when(undefined, options.printedAt));
  pair('Merchant', maskMerchantId(options.merchantId));
  pair('Terminal', options.terminalId);
  const day = new Map<string, { count: number; total: number }>();
  if (batches.length === 0) {
    lines.push({ kind: 'rule' });
    center('No settled batches');
  }
  for (const batch of batches) {
    lines.push({ kind: 'rule' });
    pair(`Batch ${batch.batchid ?? '?'}`, hostStatus[batch.hoststat ?? ''] ?? batch.hoststat ?? '', true);
    const byStatus = new Map<string, { count: number; total: number }>();
    for (const txn of batch.txns) {
      const status = options.statusNames[txn.setlstat ?? ''] ?? txn.setlstat ?? 'Unknown';
      for (const totals of [byStatus, day]) {
        const entry = totals.get(status) ?? { count: 0, total: 0 };
        entry.count++;
        entry.total += txn.setlamount ?? 0;
        totals.set(status, entry);
      }
    }
    for (const [status, { count, total }] of byStatus) pair(`  ${status} (${count})`, formatMinorUnits(total));
    pair('  Batch total', formatMinorUnits(batch.txns.reduce((sum, txn) => sum + (txn.setlamount ?? 0), 0)), true);
  }
  if (batches.length > 0) {
    lines.push({ kind: 'rule' });
    center('DAY TOTALS', { bold: true });
    for (const [status, { count, total }] of day) pair(`${status} (${count})`, formatMinorUnits(total));
    const all = [...day.values()];
    pair(
      `TOTAL (${all.reduce((sum, entry) => sum + entry.count, 0)})`,
      formatMinorUnits(all.reduce((sum, entry) => sum + entry.total, 0)),
      true,
    );
  }
  if (options.training) {
    lines.push({ kind: 'blank' });
    center('*** TRAINING - NO REAL MONEY ***', { bold: true });
  }
  return { kind: 'end-of-day', copy: 'merchant', columns: options.columns, lines };
}
