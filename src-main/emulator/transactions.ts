import { ValidationError } from '../gateway/errors';
import { checkFields, type FieldRule } from '../gateway/field-rules';
import { BadRequest, decimal, merchantOf, openBatch, readAmount, stamps, type EmulatorAnswer, type EmulatorContext } from './emulator-context';
import type { EmulatedTransaction } from './ledger';
import { ppsDecline } from './outcomes';

type Body = Record<string, unknown>;

/** The spec's request tables for capture, void, refund and voidByOrderId (amounts read apart). */
const requestRules: Readonly<Record<string, FieldRule>> = {
  merchid: { max: 16, type: 'N' },
  retref: { max: 14, type: 'N' },
  orderid: { max: 19, type: 'AN' },
  authcode: { max: 6, type: 'AN' },
  invoiceid: { max: 12, type: 'AN' },
  ponumber: { max: 36, type: 'AN' },
  orderdate: { max: 8, type: 'N' },
  shiptozip: { max: 12, type: 'AN' },
  shipfromzip: { max: 12, type: 'AN' },
  shiptocountry: { max: 2, type: 'A' },
};

/** A field that breaks its documented length or type is an HTTP 400, as on the gateway. */
function checkRequest(body: Body): void {
  try {
    checkFields(Object.fromEntries(Object.entries(body).filter(([key]) => key in requestRules)), requestRules);
  } catch (error) {
    if (error instanceof ValidationError) throw new BadRequest(error.message);
    throw error;
  }
}

function required(body: Body, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value === '') throw new BadRequest(`${field}: required`);
  return value;
}

const ok = (body: unknown): EmulatorAnswer => ({ status: 200, body });

/** Finds the merchant's transaction; another merchant's retref is "not found" too. */
function find(context: EmulatorContext, merchid: string, retref: string): EmulatedTransaction | undefined {
  const transaction = context.ledger.get(retref);
  return transaction && transaction.merchid === merchid ? transaction : undefined;
}

/** Voidable while Authorized or Queued for Capture (the spec's state table). */
function isVoidable(t: EmulatedTransaction): boolean {
  return t.respstat === 'A' && (t.setlstat === 'Authorized' || t.setlstat === 'Queued for Capture');
}

/** Refundable once settled, or before when the merchant may refund unsettled authorizations. */
function isRefundable(context: EmulatorContext, t: EmulatedTransaction): boolean {
  if (t.respstat !== 'A' || t.kind !== 'sale') return false;
  if (merchantOf(context, t.merchid)?.entitlements.refundUnsettled) return t.setlstat !== 'Voided';
  return t.setlstat === 'Accepted';
}

/** capture: Authorized → Queued for Capture, into the merchant's open batch. */
export function capture(context: EmulatorContext, body: Body): EmulatorAnswer {
  checkRequest(body);
  const merchid = required(body, 'merchid');
  const retref = required(body, 'retref');
  const t = find(context, merchid, retref);
  if (!t) return ok({ merchid, retref, setlstat: 'Txn not found' });
  const answer = () => ok({ merchid, account: t.account, amount: decimal(t.captured ?? t.remaining), retref, batchid: t.batchid, setlstat: t.setlstat });
  if (t.setlstat !== 'Authorized') return answer();
  const amount = body.amount === undefined || body.amount === '' ? t.remaining : readAmount('amount', body.amount);
  if (amount < 0) throw new BadRequest('amount: cannot be negative');
  if (amount > t.remaining && !merchantOf(context, merchid)?.entitlements.captureOverAuthorized) {
    throw new BadRequest('amount: exceeds the authorized amount and the merchant may not capture more');
  }
  t.captured = amount;
  t.setlstat = 'Queued for Capture';
  t.batchid = openBatch(context, merchid);
  t.capturedate = stamps(context.clock).dateTime;
  context.ledger.save(t);
  return answer();
}

function reversalAnswer(t: EmulatedTransaction, fields: Record<string, unknown>): Record<string, unknown> {
  const answer: Record<string, unknown> = { merchid: t.merchid, currency: t.currency, retref: t.retref, ...fields };
  if (t.orderid !== undefined) answer.orderId = t.orderid;
  else if (t.receiptRequested) answer.orderId = '';
  return answer;
}

const refused = (merchid: string, respcode: string, resptext: string, extra: Record<string, unknown> = {}) =>
  ok({ merchid, ...extra, authcode: null, ...ppsDecline(respcode, resptext) });

/**
 * void: full (amount absent or 0) while Authorized or Queued for Capture; partial only while
 * Authorized, answering the remainder. authcode REVERS on success, null on failure.
 */
function voidTransaction(context: EmulatorContext, t: EmulatedTransaction, rawAmount: unknown): EmulatorAnswer {
  if (!isVoidable(t)) return refused(t.merchid, t.setlstat === 'Voided' ? '25' : '27', t.setlstat === 'Voided' ? 'No matching auth for reversal' : 'Txn Batched', { retref: t.retref });
  const amount = rawAmount === undefined || rawAmount === '' ? 0 : readAmount('amount', rawAmount);
  if (amount < 0 || amount > t.remaining) return refused(t.merchid, '43', 'Invalid amount', { retref: t.retref });
  const partial = amount > 0 && amount < t.remaining;
  if (partial && t.setlstat !== 'Authorized') return refused(t.merchid, '24', 'Reversal not supported', { retref: t.retref });
  t.remaining = partial ? t.remaining - amount : 0;
  if (!partial) t.setlstat = 'Voided';
  context.ledger.save(t);
  const approval = merchantOf(context, t.merchid)?.platform === 'RPCT' ? { respcode: '000', resptext: 'Approve' } : { respcode: '00', resptext: 'Approval' };
  return ok(reversalAnswer(t, { amount: decimal(t.remaining), authcode: 'REVERS', respstat: 'A', respproc: t.respproc, ...approval }));
}

export function voidByRetref(context: EmulatorContext, body: Body): EmulatorAnswer {
  checkRequest(body);
  const merchid = required(body, 'merchid');
  const t = find(context, merchid, required(body, 'retref'));
  if (!t) return refused(merchid, '29', 'Txn not found');
  return voidTransaction(context, t, body.amount);
}

/** voidByOrderId: voids the merchant's live authorization under the order id, if there is one. */
export function voidByOrderId(context: EmulatorContext, body: Body): EmulatorAnswer {
  checkRequest(body);
  const merchid = required(body, 'merchid');
  const orderid = required(body, 'orderid');
  const candidates = context.ledger.byOrderId(orderid).filter((t) => t.merchid === merchid);
  const live = candidates.find(isVoidable) ?? candidates.at(-1);
  if (!live) return refused(merchid, '29', 'Txn not found', { orderId: orderid });
  const answer = voidTransaction(context, live, undefined);
  return ok({ orderId: orderid, ...(answer.body as Record<string, unknown>) });
}

/** refund: a new transaction with its own retref, for all or part of a refundable sale. */
export function refund(context: EmulatorContext, body: Body): EmulatorAnswer {
  checkRequest(body);
  const merchid = required(body, 'merchid');
  const t = find(context, merchid, required(body, 'retref'));
  if (!t) return refused(merchid, '29', 'Txn not found');
  if (!isRefundable(context, t)) return refused(merchid, '28', 'Txn not settled', { retref: t.retref });
  const settled = t.captured ?? t.remaining;
  const alreadyRefunded = context.ledger.all().filter((r) => r.refundOf === t.retref).reduce((sum, r) => sum + r.amount, 0);
  const amount = body.amount === undefined || body.amount === '' ? settled - alreadyRefunded : readAmount('amount', body.amount);
  if (amount <= 0 || amount > settled - alreadyRefunded) return refused(merchid, '43', 'Invalid amount', { retref: t.retref });
  const { date } = stamps(context.clock);
  const refundTransaction: EmulatedTransaction = {
    ...t,
    retref: context.ids.retref(),
    amount,
    remaining: amount,
    captured: amount,
    authcode: undefined,
    setlstat: 'Queued for Capture',
    batchid: openBatch(context, merchid),
    authdate: date,
    kind: 'refund',
    refundOf: t.retref,
  };
  context.ledger.add(refundTransaction);
  return ok({ merchid, amount: decimal(amount), retref: refundTransaction.retref, respcode: t.respproc === 'RPCT' ? '000' : '00', respproc: t.respproc, respstat: 'A', resptext: 'Approval' });
}

/** The documented transaction record of a ledger entry. */
export function transactionRecord(context: EmulatorContext, t: EmulatedTransaction): Record<string, unknown> {
  const record: Record<string, unknown> = {
    merchid: t.merchid,
    account: t.account,
    amount: decimal(t.kind === 'sale' && t.setlstat === 'Voided' ? 0 : (t.captured ?? t.remaining)),
    currency: t.currency,
    retref: t.retref,
    respcode: t.respcode,
    respproc: t.respproc,
    respstat: t.respstat,
    resptext: t.resptext,
    setlstat: t.setlstat,
    token: t.token,
    authdate: t.authdate,
    lastfour: t.lastfour,
    voidable: isVoidable(t) ? 'Y' : 'N',
    refundable: isRefundable(context, t) ? 'Y' : 'N',
  };
  if (t.orderid !== undefined) record.orderId = t.orderid;
  else if (t.receiptRequested) record.orderId = '';
  if (t.name) record.name = t.name;
  if (t.batchid) record.batchid = t.batchid;
  if (t.capturedate) record.capturedate = t.capturedate;
  if (t.settledate) record.settledate = t.settledate;
  if (t.entrymode && merchantOf(context, t.merchid)?.platform === 'FNOR') record.entrymode = t.entrymode;
  if (t.receipt) record.receipt = t.receipt;
  if (t.emvTagData) record.emvTagData = t.emvTagData;
  if (t.signature) record.signature = t.signature;
  if (t.userfields.length > 0) record.userfields = t.userfields;
  if (t.profileid) Object.assign(record, { profileid: t.profileid, acctid: t.acctid });
  return record;
}

export function inquire(context: EmulatorContext, retref: string, merchid: string): EmulatorAnswer {
  const t = find(context, merchid, retref);
  return t ? ok(transactionRecord(context, t)) : ok({ merchid, retref, ...ppsDecline('29', 'Txn not found') });
}

/** Every attempt under the order id: this merchant's (set=1) or every merchant's on the site. */
export function inquireByOrderid(context: EmulatorContext, orderid: string, merchid: string, set: string | undefined): EmulatorAnswer {
  const site = context.config.site;
  const matches = context.ledger
    .byOrderId(orderid)
    .filter((t) => (set === '1' ? t.merchid === merchid : merchantOf(context, t.merchid)?.site === site));
  if (matches.length === 0) return ok({ merchid, orderId: orderid, ...ppsDecline('29', 'Txn not found') });
  return ok(matches.map((t) => transactionRecord(context, t)));
}

/** inquireMerchant's three documented answers. */
export function inquireMerchant(context: EmulatorContext, merchid: string): EmulatorAnswer {
  const merchant = merchantOf(context, merchid);
  if (!merchant) return ok({ message: 'Invalid merchant' });
  if (merchant.site !== context.config.site) return ok({ message: 'contact support - merchant not on site' });
  return ok({ site: merchant.site, cardproc: merchant.platform, enabled: merchant.enabled ? 'true' : 'false', merchid });
}
