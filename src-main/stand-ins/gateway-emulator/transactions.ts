import type { EmulatedMerchant } from './config';
import {
  decimal,
  httpBadRequest,
  merchantOf,
  ok,
  openBatch,
  problemHeader,
  readAmount,
  stamps,
  type EmulatorAnswer,
  type EmulatorContext,
} from './emulator-context';
import type { EmulatedTransaction } from './ledger';
import { checkOperationFields, type FieldOperation, type FieldProblem } from './operation-fields';
import { ppsDecline } from './outcomes';
import { refundApproval, refundOutcome } from './refund-outcomes';
import { inHeldBatch } from './settlement';
import { feeFields, merchantFeeFields } from './surcharge';

type Body = Record<string, unknown>;

/** The documented PPS decline for a broken field: 43 "Invalid amount" or 34 "Invalid field" (response-codes.md). */
function fieldDecline(problem: FieldProblem, fields: Record<string, unknown>): EmulatorAnswer {
  const outcome = problem.isAmount ? ppsDecline('43', 'Invalid amount') : ppsDecline('34', 'Invalid field');
  return ok({ ...fields, ...outcome }, { [problemHeader]: problem.problem });
}

/** The request's problem as a decline for operations whose answers carry a respcode. */
function checked(operation: FieldOperation, body: Body): EmulatorAnswer | undefined {
  const problem = checkOperationFields(operation, body);
  if (!problem) return undefined;
  const echo = Object.fromEntries(
    ['merchid', 'retref'].filter((f) => typeof body[f] === 'string' && problem.field !== f).map((f) => [f, body[f]]),
  );
  return fieldDecline(problem, echo);
}

/** Flags come in any case (the guides' own examples write "capture":"y"). */
const flag = (value: unknown, wanted: string) =>
  typeof value === 'string' && value.toLowerCase() === wanted.toLowerCase();

/** Finds the merchant's transaction; another merchant's retref is "not found" too. */
function find(context: EmulatorContext, merchid: string, retref: string): EmulatedTransaction | undefined {
  const transaction = context.ledger.get(retref);
  return transaction && transaction.merchid === merchid ? transaction : undefined;
}

/**
 * Voidable while Authorized or Queued for Capture (the void operation's description), and not
 * once its batch has gone to the processor (held at blank, SB or ND).
 */
function isVoidable(context: EmulatorContext, t: EmulatedTransaction): boolean {
  if (t.respstat !== 'A' || t.voice) return false;
  return t.setlstat === 'Authorized' || (t.setlstat === 'Queued for Capture' && !inHeldBatch(context, t));
}

/** Refundable once settled, or before when the merchant may refund unsettled authorizations. */
function isRefundable(context: EmulatorContext, t: EmulatedTransaction): boolean {
  if (t.respstat !== 'A' || t.kind !== 'sale') return false;
  if (merchantOf(context, t.merchid)?.entitlements.refundUnsettled) return t.setlstat !== 'Voided';
  return t.setlstat === 'Accepted';
}

/** The receipt object of the guides' "Receipt Data", from the merchant's configured properties. */
function merchantReceipt(
  merchant: EmulatedMerchant,
  dateTime: string,
  nameOnCard: string | undefined,
): Record<string, string> {
  const { dba, address1, address2, phone, header, footer } = merchant.receipt;
  return {
    header,
    footer,
    dba,
    address1,
    address2,
    phone,
    dateTime,
    nameOnCard: nameOnCard ?? '',
    orderNote: '',
    items: '',
  };
}

/** capture: Authorized → Queued for Capture, into the merchant's open batch (captureResponse's fields). */
export function capture(context: EmulatorContext, body: Body): EmulatorAnswer {
  // captureResponse has no respcode to decline with: a broken field is the declared HTTP 400.
  const problem = checkOperationFields('capture', body);
  if (problem) return httpBadRequest(problem.problem, problem.isAmount ? 43 : 34);
  const merchid = body.merchid as string;
  const retref = body.retref as string;
  const t = find(context, merchid, retref);
  if (!t) return ok({ merchid, retref, setlstat: 'Txn not found' });
  const answer = () => {
    const fields: Record<string, unknown> = {
      merchid,
      account: t.account,
      amount: decimal(t.captured ?? t.remaining),
      retref,
      setlstat: t.setlstat,
    };
    if (t.batchid) fields.batchid = t.batchid;
    if (t.authcode) fields.authcode = t.authcode;
    if (t.orderid !== undefined) fields.orderid = t.orderid;
    if (t.respstat === 'A') fields.commcard = t.commcard ?? 'N';
    const merchant = merchantOf(context, merchid);
    if (flag(body.receipt, 'Y') && t.respstat === 'A' && merchant)
      fields.receipt = t.receipt ?? merchantReceipt(merchant, t.capturedate ?? stamps(context.clock).dateTime, t.name);
    return ok(fields);
  };
  if (t.setlstat !== 'Authorized') return answer();
  const amount = body.amount === undefined || body.amount === '' ? t.remaining : readAmount('amount', body.amount);
  if (amount < 0) return httpBadRequest('amount: a capture amount cannot be negative', 43);
  if (amount > t.remaining && !merchantOf(context, merchid)?.entitlements.captureOverAuthorized) {
    return httpBadRequest('amount: exceeds the authorized amount and the merchant is not entitled to capture more', 43);
  }
  t.captured = amount;
  t.setlstat = 'Queued for Capture';
  if (typeof body.batchsource === 'string' && body.batchsource !== '') t.batchsource = body.batchsource;
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

// authcode is left out of a failure: voidByOrderIdResponse types it a string, not nullable.
const refused = (merchid: string, respcode: string, resptext: string, extra: Record<string, unknown> = {}) =>
  ok({ merchid, ...extra, ...ppsDecline(respcode, resptext) });

/**
 * void: the whole amount (absent or 0) while Authorized or Queued for Capture; a part only while
 * Authorized, answering what remains authorized. authcode REVERS on success. A voice
 * authorization is never voided: PPS 70 "Voice authorization cannot be voided".
 */
function voidTransaction(context: EmulatorContext, t: EmulatedTransaction, rawAmount: unknown): EmulatorAnswer {
  if (t.voice) return refused(t.merchid, '70', 'Voice authorization cannot be voided', { retref: t.retref });
  if (!isVoidable(context, t))
    return refused(
      t.merchid,
      t.setlstat === 'Voided' ? '25' : '27',
      t.setlstat === 'Voided' ? 'No matching auth for reversal' : 'Txn Batched',
      { retref: t.retref },
    );
  const amount = rawAmount === undefined || rawAmount === '' ? 0 : readAmount('amount', rawAmount);
  if (amount < 0 || amount > t.remaining) return refused(t.merchid, '43', 'Invalid amount', { retref: t.retref });
  const partial = amount > 0 && amount < t.remaining;
  if (partial && t.setlstat !== 'Authorized')
    return refused(t.merchid, '24', 'Reversal not supported', { retref: t.retref });
  t.remaining = partial ? t.remaining - amount : 0;
  if (!partial) t.setlstat = 'Voided';
  context.ledger.save(t);
  const approval = refundApproval(merchantOf(context, t.merchid)?.platform ?? t.respproc);
  return ok(
    reversalAnswer(t, {
      amount: decimal(t.remaining),
      authcode: 'REVERS',
      respstat: 'A',
      respproc: t.respproc,
      respcode: approval.respcode,
      resptext: approval.resptext,
    }),
  );
}

/**
 * A void or refund of the transaction the body names by retref: the body checked against the
 * reference first, PPS 29 when the merchant has no such transaction.
 */
function reverseByRetref(
  operation: 'void' | 'refund',
  context: EmulatorContext,
  body: Body,
  reverse: (t: EmulatedTransaction) => EmulatorAnswer,
): EmulatorAnswer {
  const bad = checked(operation, body);
  if (bad) return bad;
  const merchid = body.merchid as string;
  const t = find(context, merchid, body.retref as string);
  return t ? reverse(t) : refused(merchid, '29', 'Txn not found');
}

export function voidByRetref(context: EmulatorContext, body: Body): EmulatorAnswer {
  return reverseByRetref('void', context, body, (t) => voidTransaction(context, t, body.amount));
}

/**
 * voidByOrderId: voids the merchant's live authorization under the order id, declined attempts
 * ignored (changelog: "voidByOrderId Now Ignores Declined Transactions"). With an amount it voids
 * that much where the void operation allows a part (setlstat Authorized).
 */
export function voidByOrderId(context: EmulatorContext, body: Body): EmulatorAnswer {
  const merchid = typeof body.merchid === 'string' ? body.merchid : '';
  const orderid = typeof body.orderid === 'string' ? body.orderid : '';
  const bad = checked('voidByOrderId', body);
  // The order id is echoed unless it is what was wrong: the answer's orderId holds 50 at most.
  if (bad)
    return ok(
      { ...(orderid.length <= 50 ? { orderId: orderid } : {}), ...(bad.body as Record<string, unknown>) },
      bad.headers,
    );
  const candidates = context.ledger.byOrderId(orderid).filter((t) => t.merchid === merchid && t.respstat === 'A');
  const live = candidates.find((t) => isVoidable(context, t)) ?? candidates.at(-1);
  if (!live) return refused(merchid, '29', 'Txn not found', { orderId: orderid });
  const answer = voidTransaction(context, live, body.amount);
  return ok({ orderId: orderid, ...(answer.body as Record<string, unknown>) });
}

/**
 * refund: a new transaction with its own retref, for all or part of a refundable sale. An amount
 * of 1000.00 to 1999.99 asks the processor for the code its last three digits name
 * (refund-outcomes.ts); a decline is recorded but refunds nothing.
 */
export function refund(context: EmulatorContext, body: Body): EmulatorAnswer {
  return reverseByRetref('refund', context, body, (t) => refundSale(context, t, body));
}

function refundSale(context: EmulatorContext, t: EmulatedTransaction, body: Body): EmulatorAnswer {
  const merchid = t.merchid;
  if (!isRefundable(context, t)) return refused(merchid, '28', 'Txn not settled', { retref: t.retref });
  const settled = t.captured ?? t.remaining;
  const alreadyRefunded = context.ledger
    .refundsOf(t.retref)
    .filter((r) => r.respstat === 'A')
    .reduce((sum, r) => sum + r.amount, 0);
  const amount =
    body.amount === undefined || body.amount === '' ? settled - alreadyRefunded : readAmount('amount', body.amount);
  if (amount <= 0 || amount > settled - alreadyRefunded)
    return refused(merchid, '43', 'Invalid amount', { retref: t.retref });
  const outcome = refundOutcome(amount, merchantOf(context, merchid)?.platform ?? t.respproc);
  const approved = outcome.respstat === 'A';
  const { date } = stamps(context.clock);
  const refundTransaction: EmulatedTransaction = {
    ...t,
    retref: context.ids.retref(),
    amount: approved ? amount : 0,
    remaining: approved ? amount : 0,
    captured: approved ? amount : null,
    ...outcome,
    authcode: undefined,
    setlstat: approved ? 'Queued for Capture' : 'Declined',
    batchid: approved ? openBatch(context, merchid) : undefined,
    capturedate: undefined,
    settledate: undefined,
    authdate: date,
    kind: 'refund',
    refundOf: t.retref,
    receipt: undefined,
  };
  context.ledger.add(refundTransaction);
  const answer: Record<string, unknown> = {
    merchid,
    amount: decimal(approved ? amount : 0),
    retref: refundTransaction.retref,
    ...outcome,
  };
  if (typeof body.orderid === 'string') answer.orderid = body.orderid;
  return ok(answer);
}

/** The transaction record inquire and inquireByOrderid answer. */
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
    voidable: isVoidable(context, t) ? 'Y' : 'N',
    refundable: isRefundable(context, t) ? 'Y' : 'N',
  };
  if (t.orderid !== undefined) record.orderId = t.orderid;
  else if (t.receiptRequested) record.orderId = '';
  if (t.expiry) record.expiry = t.expiry;
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
  // inquireResponse lists the fee fields but not fee_amount.
  if (t.fee) Object.assign(record, feeFields(t.fee, t.authcode, false));
  return record;
}

/** inquire: one transaction by retref; PPS 29 when the merchant has none under it. */
export function inquire(context: EmulatorContext, retref: string, merchid: string): EmulatorAnswer {
  const t = find(context, merchid, retref);
  return t ? ok(transactionRecord(context, t)) : ok({ merchid, retref, ...ppsDecline('29', 'Txn not found') });
}

/** Every attempt under the order id: this merchant's (set=1) or every merchant's on the site. */
export function inquireByOrderid(
  context: EmulatorContext,
  orderid: string,
  merchid: string,
  set: string | undefined,
): EmulatorAnswer {
  const site = context.config.site;
  const matches = context.ledger
    .byOrderId(orderid)
    .filter((t) => (set === '1' ? t.merchid === merchid : merchantOf(context, t.merchid)?.site === site));
  if (matches.length === 0) return ok({ merchid, orderId: orderid, ...ppsDecline('29', 'Txn not found') });
  return ok(matches.map((t) => transactionRecord(context, t)));
}

/**
 * inquireMerchant: the merchant's configuration as inquireMerchantSuccess types it (enabled a
 * boolean; avs, cvv, echeck, acctupdater Y or N; the fee program, or fee_type N and fee_merchid ""), or
 * the two messages for a merchant not boarded here.
 */
export function inquireMerchant(context: EmulatorContext, merchid: string): EmulatorAnswer {
  const merchant = merchantOf(context, merchid);
  if (!merchant) return ok({ message: 'Invalid merchant' });
  if (merchant.site !== context.config.site) return ok({ message: 'contact support - merchant not on site' });
  return ok({
    site: merchant.site,
    cardproc: merchant.platform,
    enabled: merchant.enabled,
    merchid,
    // The emulator answers avsresp and cvvresp for every merchant and runs no account updater.
    avs: 'Y',
    cvv: 'Y',
    echeck: merchant.entitlements.ach ? 'Y' : 'N',
    acctupdater: 'N',
    ...merchantFeeFields(merchant),
  });
}
