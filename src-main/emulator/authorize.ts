import cardValidator from 'card-validator';
import { authFieldRules } from '../gateway/auth-request';
import { ValidationError } from '../gateway/errors';
import { checkFields } from '../gateway/field-rules';
import { checkUserfields } from '../gateway/userfields';
import type { EmulatedMerchant } from './config';
import { BadRequest, decimal, merchantOf, openBatch, readAmount, stamps, type EmulatorAnswer, type EmulatorContext } from './emulator-context';
import type { EmulatedTransaction } from './ledger';
import { binFields } from './bin-lookup';
import { approval, avsResponse, cardOutcome, cvvResponse, ppsDecline, type Outcome } from './outcomes';
import { networkForCardType } from '../../drivers/card-reader/card-read';
import { decryptReaderOutput } from '../../drivers/card-reader/decrypt';
import { entryModeOf, tagText } from '../../drivers/card-reader/emv-record';
import { CardReaderError } from '../../drivers/card-reader/errors';
import type { TlvNode } from '../../drivers/card-reader/tlv';
import { parseSwipe } from '../../drivers/card-reader/track';
import { emvTagData } from './emv-tags';

type Body = Record<string, unknown>;

const cardChecks = new Map<string, ReturnType<typeof cardValidator.number>>();

/** card-validator's verdict, remembered per number: training reuses a handful of test cards. */
function checkCard(number: string): ReturnType<typeof cardValidator.number> {
  let verdict = cardChecks.get(number);
  if (!verdict) {
    verdict = cardValidator.number(number);
    if (cardChecks.size > 1024) cardChecks.clear();
    cardChecks.set(number, verdict);
  }
  return verdict;
}

const entryModes: Record<string, string> = {
  track: 'Swipe(Non EMV)',
  chip: 'EMVContact',
  contactless: 'Contactless',
  keyed: 'Keyed',
  T: 'Moto',
  E: 'ECommerce',
  R: 'Recurring',
};

/** Checks the request the way the gateway does: a broken field is an HTTP 400, not a decline. */
function checkRequest(body: Body): void {
  try {
    const strings = Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'userfields' && key !== 'amount'));
    checkFields(strings, authFieldRules);
    if (body.userfields !== undefined) checkUserfields(body.userfields);
  } catch (error) {
    if (error instanceof ValidationError) throw new BadRequest(error.message);
    throw error;
  }
  if (typeof body.merchid !== 'string' || body.merchid === '') throw new BadRequest('merchid: required');
}

function receiptFor(merchant: EmulatedMerchant, body: Body, dateTime: string, name: string | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  const entries = Array.isArray(body.userfields) ? body.userfields : body.userfields ? [body.userfields] : [];
  for (const entry of entries as Body[]) for (const [key, value] of Object.entries(entry)) fields[key] = String(value);
  const override = (name: string, fallback: string) => fields[name] ?? fallback;
  return {
    header: override('receiptHeader', merchant.receipt.header),
    footer: override('receiptFooter', merchant.receipt.footer),
    dba: override('receiptDba', merchant.receipt.dba),
    address1: override('receiptAddress1', merchant.receipt.address1),
    address2: override('receiptAddress2', merchant.receipt.address2),
    phone: override('receiptPhone', merchant.receipt.phone),
    dateTime,
    nameOnCard: name ?? '',
    orderNote: fields.orderNote ?? '',
    items: fields.items ?? '',
  };
}

interface Account {
  readonly number: string;
  readonly expiry: string | undefined;
  readonly name: string | undefined;
  readonly entry: string;
  /** The EMV data of a chip or contactless read. */
  readonly emv?: { readonly nodes: readonly TlvNode[]; readonly contactless: boolean };
  readonly keyed?: boolean;
}

/** Clear tracks, or one of the encrypting reader's formats decrypted with a key the emulator holds. */
function trackAccount(context: EmulatorContext, track: string, fallbackName: string | undefined): Account | 'invalid-track' {
  const text = track.trim();
  try {
    if (text.startsWith('%') || text.startsWith(';')) return swipeAccount(text, fallbackName);
  } catch (error) {
    if (error instanceof CardReaderError) return 'invalid-track';
    throw error;
  }
  for (const key of context.config.readerKeys) {
    let clear: ReturnType<typeof decryptReaderOutput>;
    try {
      clear = decryptReaderOutput(text, key.bdk, key.variant);
    } catch (error) {
      if (error instanceof CardReaderError) continue;
      throw error;
    }
    try {
      if (clear.kind === 'swipe') return swipeAccount(`${clear.track1 ?? ''}${clear.track2 ?? ''}`, fallbackName);
      const track2 = parseSwipe(clear.track2).track2!;
      const name = tagText(clear.nodes, '5F20') ?? fallbackName;
      const contactless = entryModeOf(clear.nodes) === 'contactless';
      return {
        number: track2.pan,
        expiry: track2.expiry,
        name: name || fallbackName,
        entry: entryModes[contactless ? 'contactless' : 'chip']!,
        emv: { nodes: clear.nodes, contactless },
      };
    } catch (error) {
      if (error instanceof CardReaderError) return 'invalid-track';
      throw error;
    }
  }
  return 'invalid-track';
}

function swipeAccount(text: string, fallbackName: string | undefined): Account {
  const tracks = parseSwipe(text);
  const track = (tracks.track1 ?? tracks.track2)!;
  return { number: track.pan, expiry: track.expiry, name: tracks.track1?.name ?? fallbackName, entry: entryModes.track! };
}

const profileReference = /^\d{20}\/\d{1,3}$/;

/** The account to charge: from a stored profile, track data, or the account field. */
function accountOf(context: EmulatorContext, merchid: string, body: Body): Account | 'profile-not-found' | 'invalid-track' {
  if (typeof body.profile === 'string' && profileReference.test(body.profile)) {
    const stored = context.profiles.find(merchid, body.profile);
    if (!stored) return 'profile-not-found';
    return { number: stored.number, expiry: stored.expiry, name: stored.name, entry: entryModes.R! };
  }
  if (typeof body.track === 'string' && body.track !== '') return trackAccount(context, body.track, body.name as string | undefined);
  if (typeof body.account === 'string' && body.account !== '') {
    const entry = entryModes[String(body.ecomind ?? '')] ?? entryModes.keyed!;
    return { number: body.account, expiry: body.expiry as string | undefined, name: body.name as string | undefined, entry, keyed: entry === entryModes.keyed };
  }
  throw new BadRequest('account: an account, track data or a profile is required');
}

/** Decides the outcome for this merchant, account and amount, before anything is recorded. */
function decide(merchant: EmulatedMerchant, body: Body, account: Account, amount: number, ach: boolean): Outcome {
  if (ach) {
    if (!merchant.entitlements.ach) return ppsDecline('48', 'Echeck not supported');
    if (amount === 0) return ppsDecline('43', 'Invalid amount');
    return approval(merchant.platform);
  }
  const check = checkCard(account.number);
  if (!check.isValid) return ppsDecline(check.isPotentiallyValid ? '13' : '11', check.isPotentiallyValid ? 'Bad card check digit' : 'Invalid card');
  if (amount < 0 && !merchant.entitlements.forcedCredit) return ppsDecline('45', 'Refunds without reference not supported');
  if (amount <= 0) return approval(merchant.platform);
  return cardOutcome(account.number, amount, merchant.platform);
}

const masked = (number: string) => `${'*'.repeat(Math.max(0, number.length - 4))}${number.slice(-4)}`;

/**
 * The authorization endpoint: checks the request, decides the outcome as the test environment
 * would, records the transaction (also when declined or timed out, so inquireByOrderid finds
 * every attempt) and answers with the documented fields.
 */
export function authorize(context: EmulatorContext, body: Body, allowed: (merchid: string) => boolean): EmulatorAnswer {
  checkRequest(body);
  const merchid = body.merchid as string;
  if (!allowed(merchid)) return { status: 401, body: 'Unauthorized' };
  const merchant = merchantOf(context, merchid);
  if (!merchant || merchant.site !== context.config.site) {
    return { status: 200, body: { ...ppsDecline('21', 'Invalid merchant'), merchid, amount: '0.00' } };
  }
  if (!merchant.enabled) return { status: 200, body: { ...ppsDecline('97', 'Merchant disabled'), merchid, amount: '0.00' } };
  const amount = readAmount('amount', body.amount ?? '0');
  const ach = typeof body.bankaba === 'string' || body.accttype === 'ECHK' || body.accttype === 'ESAV';
  const found = accountOf(context, merchid, body);
  if (found === 'profile-not-found') return { status: 200, body: { ...ppsDecline('96', 'Profile not found'), merchid, amount: '0.00' } };
  if (found === 'invalid-track') return { status: 200, body: { ...ppsDecline('12', 'Invalid track'), merchid, amount: '0.00' } };
  const account = found;
  const outcome = decide(merchant, body, account, amount, ach);
  const approved = outcome.respstat === 'A';
  const authorizedAmount = approved ? (outcome.approvedAmount ?? amount) : 0;
  const { date, dateTime } = stamps(context.clock);
  const token = context.ids.token(account.number);
  const capture = approved && body.capture === 'Y' && amount > 0;
  const transaction: EmulatedTransaction = {
    retref: context.ids.retref(),
    merchid,
    orderid: typeof body.orderid === 'string' ? body.orderid : undefined,
    receiptRequested: body.receipt === 'Y',
    account: body.tokenize === 'Y' ? masked(account.number) : token,
    token,
    lastfour: account.number.slice(-4),
    name: account.name,
    currency: typeof body.currency === 'string' ? body.currency : 'USD',
    amount: authorizedAmount,
    remaining: authorizedAmount,
    captured: capture ? authorizedAmount : null,
    ...outcome,
    authcode: approved ? context.ids.authcode() : undefined,
    setlstat: !approved ? 'Declined' : amount === 0 ? 'Zero Amount' : capture ? 'Queued for Capture' : 'Authorized',
    batchid: capture ? openBatch(context, merchid) : undefined,
    capturedate: capture ? dateTime : undefined,
    settledate: undefined,
    authdate: date,
    entrymode: ['FNOR', 'RPCT'].includes(merchant.platform) ? account.entry : undefined,
    userfields: Array.isArray(body.userfields) ? (body.userfields as Array<Record<string, string>>) : body.userfields ? [body.userfields as Record<string, string>] : [],
    receipt: approved && body.receipt === 'Y' ? receiptFor(merchant, body, dateTime, account.name) : undefined,
    signature: typeof body.signature === 'string' ? body.signature : undefined,
    emvTagData: emvTagDataOf(merchant, account, outcome, amount, ach),
    kind: amount < 0 ? 'forced-credit' : amount === 0 ? 'verification' : 'sale',
    refundOf: undefined,
  };
  context.ledger.add(transaction);
  const answer = authorizationAnswer(transaction, body, amount);
  const profile =
    approved && body.profile === 'Y'
      ? context.profiles.create(merchid, { number: account.number, expiry: account.expiry, name: account.name })
      : typeof body.profile === 'string' && profileReference.test(body.profile)
        ? { profileid: body.profile.split('/')[0] ?? '', acctid: body.profile.split('/')[1] ?? '' }
        : undefined;
  if (profile) {
    Object.assign(answer, profile);
    Object.assign(transaction, profile);
    context.ledger.save(transaction);
  }
  if (body.bin === 'Y' && !ach) Object.assign(answer, binFields(account.number, checkCard(account.number).card));
  return { status: 200, body: answer };
}

/**
 * emvTagData when an EMV card was used, and on RPCT also for other cards; not when the
 * processor never answered (respstat B) or for ACH.
 */
function emvTagDataOf(merchant: EmulatedMerchant, account: Account, outcome: Outcome, amount: number, ach: boolean): string | undefined {
  if (ach || outcome.respstat === 'B') return undefined;
  if (!account.emv && merchant.platform !== 'RPCT') return undefined;
  return emvTagData({
    ...(account.emv && { nodes: account.emv.nodes, contactless: account.emv.contactless }),
    network: networkForCardType(checkCard(account.number).card?.type),
    amountMinor: amount,
    approved: outcome.respstat === 'A',
    ...(account.keyed && { keyed: true }),
  });
}

function authorizationAnswer(t: EmulatedTransaction, body: Body, requested: number): Record<string, unknown> {
  const approved = t.respstat === 'A';
  const answer: Record<string, unknown> = {
    respstat: t.respstat,
    retref: t.retref,
    account: t.account,
    token: t.token,
    amount: decimal(approved ? t.amount : requested < 0 ? requested : 0),
    merchid: t.merchid,
    respcode: t.respcode,
    resptext: t.resptext,
    respproc: t.respproc,
  };
  if (typeof body.expiry === 'string') answer.expiry = body.expiry.length === 8 ? `${body.expiry.slice(4, 6)}${body.expiry.slice(2, 4)}` : body.expiry;
  const cvvresp = cvvResponse(body.cvv as string | undefined);
  if (cvvresp && approved) answer.cvvresp = cvvresp;
  const avsresp = avsResponse(body.postal as string | undefined);
  if (avsresp && approved) answer.avsresp = avsresp;
  if (approved) {
    answer.authcode = t.authcode;
    answer.commcard = 'N';
    if (t.signature) answer.signature = t.signature;
    if (t.receipt) answer.receipt = t.receipt;
  }
  if (t.batchid) answer.batchid = t.batchid;
  if (t.entrymode) answer.entrymode = t.entrymode;
  if (t.emvTagData) answer.emvTagData = t.emvTagData;
  if (typeof body.orderid === 'string') answer.orderId = body.orderid;
  return answer;
}
