import type { EmulatedMerchant } from './config';
import { decimal, merchantOf, openBatch, stamps, type EmulatorAnswer, type EmulatorContext } from './emulator-context';
import type { EmulatedTransaction } from './ledger';
import { amountMinorOf, expiryAsMmyy, fieldDecline, readAuthFields, type AuthFields } from './auth-fields';
import { binInfo } from './bin-lookup';
import { brandRangeOf } from './card-brands';
import { visaDeclineCategory } from './decline-category';
import { approval, cardOutcome, ppsDecline, voiceApprovedCode, voiceApproval, type Outcome } from './outcomes';
import { receiptData, receiptObject } from './receipt-data';
import { authorizationFee, feeFields } from './surcharge';
import { looksLikeToken } from './token-vault';
import { avsResponse, cvvResponse } from './uat-verification';
import { decryptReaderOutput } from '../../../drivers/card-reader/decrypt';
import { entryModeOf, tagText } from '../../../drivers/card-reader/emv-record';
import { CardReaderError } from '../../../drivers/card-reader/errors';
import type { TlvNode } from '../../../drivers/card-reader/tlv';
import { luhnValid, parseSwipe } from '../../../drivers/card-reader/track';
import { emvTagData } from './emv-tags';

const entryModes: Record<string, string> = {
  track: 'Swipe(Non EMV)',
  chip: 'EMVContact',
  contactless: 'Contactless',
  keyed: 'Keyed',
  T: 'Moto',
  E: 'ECommerce',
  R: 'Recurring',
};

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
function trackAccount(
  context: EmulatorContext,
  track: string,
  fallbackName: string | undefined,
): Account | 'invalid-track' {
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
  return {
    number: track.pan,
    expiry: track.expiry,
    name: tracks.track1?.name ?? fallbackName,
    entry: entryModes.track!,
  };
}

const profileReference = /^\d{20}\/\d{1,3}$/;

type AccountProblem = 'profile-not-found' | 'invalid-track' | 'invalid-token';

/** The account to charge: from a stored profile, track data, a token this emulator issued, or the account field. */
function accountOf(context: EmulatorContext, fields: AuthFields): Account | AccountProblem {
  const { profile, track, account, name, expiry, ecomind } = fields.text;
  if (profile !== undefined && profileReference.test(profile)) {
    const stored = context.profiles.find(fields.merchid, profile);
    if (!stored) return 'profile-not-found';
    return { number: stored.number, expiry: stored.expiry, name: stored.name, entry: entryModes.R! };
  }
  if (track) return trackAccount(context, track, name);
  const entry = entryModes[ecomind?.toUpperCase() ?? ''] ?? entryModes.keyed!;
  if (account && looksLikeToken(account) && !ach(fields)) {
    const wallet = context.tokens.redeemWalletToken(account);
    if (wallet === 'used') return 'invalid-token';
    if (wallet) return { number: wallet.number, expiry: wallet.expiry, name, entry: 'DigitalWallet' };
  }
  const number = account && looksLikeToken(account) && !ach(fields) ? context.tokens.accountOf(account) : account;
  if (number === undefined) return 'invalid-token';
  return { number, expiry, name, entry, keyed: entry === entryModes.keyed };
}

const ach = (fields: AuthFields) =>
  fields.text.bankaba !== undefined || ['ECHK', 'ESAV'].includes(fields.text.accttype?.toUpperCase() ?? '');

/**
 * The gateway's card checks before the processor (PPS 11 Invalid card, 13 Bad card check digit,
 * 33 Unknown card type: a number outside the guides' brand table), then the processor's answer.
 */
function decide(
  merchant: EmulatedMerchant,
  account: Account,
  request: { readonly amount: number; readonly isAch: boolean; readonly authcode: string | undefined },
): Outcome {
  const { amount, isAch } = request;
  if (isAch) {
    if (!merchant.entitlements.ach) return ppsDecline('48', 'Echeck not supported');
    if (amount === 0) return ppsDecline('43', 'Invalid amount');
    return approval(merchant.platform);
  }
  const pan = account.number;
  if (!/^\d{12,19}$/.test(pan)) return ppsDecline('11', 'Invalid card');
  if (!luhnValid(pan)) return ppsDecline('13', 'Bad card check digit');
  if (!brandRangeOf(pan)) return ppsDecline('33', 'Unknown card type');
  if (amount < 0 && !merchant.entitlements.forcedCredit)
    return ppsDecline('45', 'Refunds without reference not supported');
  if (amount <= 0) return approval(merchant.platform);
  // A voice authorization: the issuer already approved it by telephone and gave the code, which
  // the gateway takes as the approval ("For voice authorizations only, the authorization code
  // provided by the issuer"; PPS 01 "VoiceAuth Approved"). The processor is not asked.
  if (request.authcode) return voiceApproval(request.authcode);
  return cardOutcome(pan, amount, merchant.platform);
}

const masked = (number: string) => `${'*'.repeat(Math.max(0, number.length - 4))}${number.slice(-4)}`;

/** A request the gateway cannot read: the OpenAPI's 400 body. The errorcode is PPS 34 "Invalid field", the gateway's code for it. */
const unreadable = (message: string): EmulatorAnswer => ({ status: 400, body: { message, errorcode: 34 } });

/** A decline before anything is recorded: no retref, amount 0.00. */
const earlyDecline = (outcome: Outcome, merchid: string): EmulatorAnswer => ({
  status: 200,
  body: { ...outcome, merchid, amount: '0.00' },
});

/**
 * The authorization endpoint: reads the request by the gateway's reference, decides the outcome
 * as the test environment would, records the transaction (also when declined or timed out, so
 * inquireByOrderid finds every attempt) and answers with the documented fields.
 */
export function authorize(
  context: EmulatorContext,
  body: Record<string, unknown>,
  allowed: (merchid: string) => boolean,
): EmulatorAnswer {
  const fields = readAuthFields(body);
  if ('problem' in fields) return unreadable(fields.problem);
  const { merchid } = fields;
  if (!allowed(merchid)) return { status: 401, body: 'Unauthorized' };
  const merchant = merchantOf(context, merchid);
  if (!merchant || merchant.site !== context.config.site)
    return earlyDecline(ppsDecline('21', 'Invalid merchant'), merchid);
  if (!merchant.enabled) return earlyDecline(ppsDecline('97', 'Merchant disabled'), merchid);
  const declined = fieldDecline(fields);
  if (declined) return earlyDecline(declined, merchid);
  const amount = amountMinorOf(fields.text.amount!)!;
  const isAch = ach(fields);
  const found = accountOf(context, fields);
  if (found === 'profile-not-found') return earlyDecline(ppsDecline('96', 'Profile not found'), merchid);
  if (found === 'invalid-track') return earlyDecline(ppsDecline('12', 'Invalid track'), merchid);
  if (found === 'invalid-token') return earlyDecline(ppsDecline('98', 'Invalid token'), merchid);
  const account = found;
  const voiceAuthcode = fields.text.authcode || undefined;
  const outcome = decide(merchant, account, { amount, isAch, authcode: voiceAuthcode });
  const voice = outcome.respproc === 'PPS' && outcome.respcode === voiceApprovedCode;
  const approved = outcome.respstat === 'A';
  const fee =
    approved && !isAch && outcome.approvedAmount === undefined
      ? authorizationFee(context, merchant, { pan: account.number, postal: fields.text.postal, amountMinor: amount })
      : undefined;
  // A surcharge is charged on top of the amount asked, under the same retref.
  const authorizedAmount = approved ? (outcome.approvedAmount ?? amount) + (fee?.amountMinor ?? 0) : 0;
  const { date, dateTime } = stamps(context.clock);
  const token = context.ids.token(account.number);
  const capture = approved && fields.capture && amount > 0;
  const emvTags = emvTagDataOf(merchant, account, { outcome, amount, isAch });
  const receipt =
    approved && fields.receipt !== 'none'
      ? receiptData(merchant, fields.userfields, dateTime, account.name)
      : undefined;
  const transaction: EmulatedTransaction = {
    retref: context.ids.retref(),
    merchid,
    orderid: fields.text.orderid,
    receiptRequested: fields.receipt === 'data',
    account: fields.tokenize ? masked(account.number) : token,
    token,
    lastfour: account.number.slice(-4),
    name: account.name,
    currency: fields.text.currency?.toUpperCase() ?? 'USD',
    amount: authorizedAmount,
    remaining: authorizedAmount,
    captured: capture ? authorizedAmount : null,
    respstat: outcome.respstat,
    respcode: outcome.respcode,
    respproc: outcome.respproc,
    resptext: outcome.resptext,
    authcode: approved ? (outcome.authcode ?? context.ids.authcode()) : undefined,
    setlstat: !approved ? 'Declined' : amount === 0 ? 'Zero Amount' : capture ? 'Queued for Capture' : 'Authorized',
    batchid: capture ? openBatch(context, merchid) : undefined,
    capturedate: capture ? dateTime : undefined,
    settledate: undefined,
    authdate: date,
    entrymode: ['FNOR', 'RPCT'].includes(merchant.platform) ? account.entry : undefined,
    userfields: fields.userfields,
    receipt: fields.receipt === 'data' ? receipt : undefined,
    signature: fields.text.signature,
    emvTagData: emvTags,
    kind: amount < 0 ? 'forced-credit' : amount === 0 ? 'verification' : 'sale',
    refundOf: undefined,
    ...(fee ? { fee } : {}),
    ...(fields.text.batchsource ? { batchsource: fields.text.batchsource } : {}),
    ...(voice ? { voice: true } : {}),
    ...storedCredentialOf(fields),
  };
  context.ledger.add(transaction);
  const answer = authorizationAnswer(transaction, fields, amount);
  if (fee) Object.assign(answer, feeFields(fee, transaction.authcode, true));
  if (receipt && fields.receipt === 'json') answer.receiptObj = receiptObject(receipt, emvTags);
  const category =
    outcome.respstat === 'C' && outcome.respproc !== 'PPS' && brandRangeOf(account.number)?.brand === 'visa'
      ? visaDeclineCategory(merchant.platform, outcome.respcode)
      : undefined;
  if (category) Object.assign(answer, category);
  const profile =
    approved && fields.createProfile
      ? context.profiles.create(merchid, {
          number: account.number,
          expiry: account.expiry,
          name: account.name,
          // "only used for reporting purposes, via the GET profile response"; N when not sent.
          ...(fields.text.cofpermission ? { details: { cofpermission: fields.text.cofpermission.toUpperCase() } } : {}),
        })
      : fields.text.profile !== undefined && profileReference.test(fields.text.profile)
        ? { profileid: fields.text.profile.split('/')[0] ?? '', acctid: fields.text.profile.split('/')[1] ?? '' }
        : undefined;
  // "Declined authorizations no longer return profileid or acctid" (changelog).
  if (profile && approved) {
    Object.assign(answer, profile);
    Object.assign(transaction, profile);
    context.ledger.save(transaction);
  }
  if (fields.bin && !isAch) answer.binInfo = binInfo(account.number);
  return { status: 200, body: answer };
}

/**
 * emvTagData when an EMV card was used, and on RPCT also for other cards; not when the
 * processor never answered (respstat B) or for ACH.
 */
function emvTagDataOf(
  merchant: EmulatedMerchant,
  account: Account,
  answered: { readonly outcome: Outcome; readonly amount: number; readonly isAch: boolean },
): string | undefined {
  const { outcome, amount, isAch } = answered;
  if (isAch || outcome.respstat === 'B') return undefined;
  if (!account.emv && merchant.platform !== 'RPCT') return undefined;
  return emvTagData({
    ...(account.emv && { nodes: account.emv.nodes, contactless: account.emv.contactless }),
    network: brandRangeOf(account.number)?.brand ?? 'unknown',
    amountMinor: amount,
    approved: outcome.respstat === 'A',
    ...(account.keyed && { keyed: true }),
  });
}

/**
 * The stored-credential flags as sent (cof C or M, cofscheduled Y or N), kept on the ledger's
 * transaction as the gateway keeps them for the networks; the answer returns `cof` "if included in
 * the authorization request" (authResponse).
 */
function storedCredentialOf(fields: AuthFields): Pick<EmulatedTransaction, 'cof' | 'cofscheduled'> {
  const { cof, cofscheduled } = fields.text;
  return {
    ...(cof ? { cof: cof.toUpperCase() } : {}),
    ...(cofscheduled ? { cofscheduled: cofscheduled.toUpperCase() } : {}),
  };
}

function authorizationAnswer(t: EmulatedTransaction, fields: AuthFields, requested: number): Record<string, unknown> {
  const approved = t.respstat === 'A';
  // Declines answer 0.00 (the guides' amount-driven sample); a timeout the amount asked (their timeout sample).
  const shown = approved ? t.amount : t.respstat === 'B' || requested < 0 ? requested : 0;
  const answer: Record<string, unknown> = {
    respstat: t.respstat,
    retref: t.retref,
    account: t.account,
    token: t.token,
    amount: decimal(shown),
    merchid: t.merchid,
    respcode: t.respcode,
    resptext: t.resptext,
    respproc: t.respproc,
  };
  const { expiry, cvv2, postal, address, orderid } = fields.text;
  if (expiry) answer.expiry = expiryAsMmyy(expiry);
  // Both are "typically only returned for approved authorizations".
  const cvvresp = cvvResponse(cvv2);
  if (cvvresp && approved) answer.cvvresp = cvvresp;
  const avsresp = avsResponse(postal, address);
  if (avsresp && approved) answer.avsresp = avsresp;
  if (approved) {
    answer.authcode = t.authcode;
    answer.commcard = 'N';
    if (t.signature) answer.signature = t.signature;
    if (t.receipt) answer.receipt = t.receipt;
  }
  if (t.batchid) answer.batchid = t.batchid;
  if (t.cof) answer.cof = t.cof;
  if (t.entrymode) answer.entrymode = t.entrymode;
  if (t.emvTagData) answer.emvTagData = t.emvTagData;
  // "returned in the response when the request includes an orderId and receipt y"; "" with receipt y and no order id.
  if (fields.receipt === 'data') answer.orderId = orderid ?? '';
  else if (fields.receipt === 'json' && orderid !== undefined) answer.orderId = orderid;
  return answer;
}
