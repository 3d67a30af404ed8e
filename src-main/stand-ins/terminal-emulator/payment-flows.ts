import type { Clock } from '../../platform/clock';
import { formatMinorUnits } from '../../platform/money';
import type { ConfiguredMerchant } from './config';
import type { GatewayCall, GatewayLink } from './gateway-link';
import { defaultSignatureSize, parseDimensions, signatureField, type SignatureImage } from './signature-bitmap';
import { CommandStop, type CardMethod, type Command, type TerminalDevice } from './terminal-device';
import { swipeTrack, type TerminalCard, type TerminalReader } from './test-cards';
import { errorCodes, generic400, ok, refuse, serverError, type RequestFields, type TerminalAnswer } from './wire';

/**
 * The payment and tokenization command sequences (developer-guides.md, "Payment Workflow
 * (authCard and authManual)", "Tokenization Workflow (readCard and readManual)", "Accepting PIN
 * Debit Cards", "Handling Timeouts"; terminal-openapi.yaml's readCard, readManual, authCard,
 * authManual and tip requests and answers).
 */
export interface FlowContext {
  readonly terminal: TerminalDevice;
  readonly merchant: ConfiguredMerchant;
  readonly fields: RequestFields;
  readonly gateway: GatewayLink;
  readonly reader: TerminalReader;
  readonly clock: Clock;
  /** The last authorization answer of each order id, per merchant id (printReceipt reprints it). */
  readonly orders: Map<string, Record<string, unknown>>;
}

const dollars = (minor: number) => formatMinorUnits(minor, { symbol: '', grouping: false });
const shown = (minor: number) => formatMinorUnits(minor);

/** The signature to capture, from the request's signature parameters; undefined for none. */
function signatureRequest(context: FlowContext): SignatureImage | undefined {
  const { fields, terminal } = context;
  const asked = fields.flag('includeSignature', true);
  if (!asked) return undefined;
  if (!terminal.capabilities.signature) {
    // Asked for in so many words on a terminal without a pad: the reference's code 700. The
    // default (true) on such a terminal just skips the prompt.
    if (fields.has('includeSignature'))
      refuse(serverError(errorCodes.signatureNotSupported, 'Signature capture not supported by device'));
    return undefined;
  }
  return signatureImage(fields);
}

/** signatureFormat, signatureImageType, signatureDimensions and gzipSignature, read. */
export function signatureImage(fields: RequestFields): SignatureImage {
  const format = (fields.text('signatureFormat') ?? 'BMP').toUpperCase();
  if (format !== 'BMP')
    refuse(
      generic400(`signatureFormat ${format}: the emulated terminal draws BMP only (JPG and PNG are not emulated)`),
    );
  const imageType = (fields.text('signatureImageType') ?? 'binary').toLowerCase();
  if (imageType !== 'binary')
    refuse(generic400(`signatureImageType ${imageType}: the emulated terminal draws binary (1-bit) images only`));
  const dimensionsText = fields.text('signatureDimensions');
  const size = dimensionsText === undefined ? defaultSignatureSize : parseDimensions(dimensionsText);
  if (!size) return refuse(generic400('signatureDimensions must be "x,y", each 1 to 999'));
  return { ...size, gzip: fields.flag('gzipSignature', true) };
}

async function captureSignature(
  command: Command,
  image: SignatureImage | undefined,
  text = 'Please sign',
): Promise<string | undefined> {
  if (!image) return undefined;
  return signatureField(await command.ask({ kind: 'signature', text }), image);
}

interface CardRead {
  readonly method: CardMethod;
  readonly card: TerminalCard;
  readonly pinEntered: boolean;
}

/** PIN debit asked for (aid debit, includePIN) where the merchant or the terminal cannot: code 400. */
function checkPinDebit(context: FlowContext): { aidDebit: boolean; includePin: boolean } {
  const { fields, merchant, terminal } = context;
  const aid = (fields.bounded('aid', 8) ?? 'credit').toLowerCase();
  if (aid !== 'credit' && aid !== 'debit') refuse(generic400(`aid must be debit or credit, got ${aid}`));
  const wanted = { aidDebit: aid === 'debit', includePin: fields.flag('includePIN', false) };
  // "PIN debit is currently not supported for Clover terminals."
  if ((wanted.aidDebit || wanted.includePin) && (!merchant.pinDebit || terminal.model === 'clover'))
    refuse(
      serverError(errorCodes.pinDebitNotSupported, `PIN Debit not supported for merchantID ${merchant.merchantId}`),
    );
  return wanted;
}

/** Confirm the amount, take the card, and a PIN where the card and the request call for one. */
async function readCardOnTerminal(
  command: Command,
  context: FlowContext,
  amountMinor: number | undefined,
  pinDebit: { aidDebit: boolean; includePin: boolean },
): Promise<CardRead> {
  const { fields, terminal } = context;
  if (amountMinor !== undefined && fields.flag('confirmAmount', true)) {
    const yes = await command.ask({ kind: 'confirm', text: `Total ${shown(amountMinor)}\nOK?` });
    if (!yes) throw new CommandStop('operation-cancelled', 'Operation Cancelled');
  }
  // includeAmountDisplay is not supported on Clover, which always shows the amount.
  const showAmount = terminal.model === 'clover' || fields.flag('includeAmountDisplay', true);
  const { method, card } = await command.ask({
    kind: 'card',
    amountMinor: showAmount ? amountMinor : undefined,
    methods: ['insert', 'tap', 'swipe'],
  });
  const pin =
    (method === 'insert' && (card.cvm === 'pin' || (pinDebit.aidDebit && card.debit))) ||
    (method === 'tap' && pinDebit.aidDebit && card.debit) ||
    (method === 'swipe' && pinDebit.includePin && card.debit);
  // The PIN is checked for its form and goes no further: the card data never rests.
  if (pin) await command.ask({ kind: 'pin', amountMinor });
  return { method, card, pinEntered: pin };
}

const tokenFailure = () => serverError(643, 'Server failed');

/** readCard: a card read and tokenized, nothing authorized. */
export async function readCardFlow(command: Command, context: FlowContext): Promise<TerminalAnswer> {
  const amountMinor = context.fields.amount('amount', true);
  const pinDebit = checkPinDebit(context);
  const image = signatureRequest(context);
  const read = await readCardOnTerminal(command, context, amountMinor, pinDebit);
  const signature = await captureSignature(command, image);
  const token = await context.gateway.tokenize(read.card.pan);
  if (!token) return tokenFailure();
  const tapped = read.method === 'tap';
  return ok({
    token,
    expiry: read.card.expiry,
    ...(tapped ? {} : { name: read.card.name }),
    singleUseToken: tapped,
    ...(signature ? { signature } : {}),
  });
}

/** readManual: card details keyed on the terminal and tokenized (not on Clover). */
export async function readManualFlow(command: Command, context: FlowContext): Promise<TerminalAnswer> {
  if (context.terminal.model === 'clover')
    return serverError(errorCodes.generic, 'readManual is not supported for Clover terminals');
  context.fields.amount('amount', false);
  const image = signatureRequest(context);
  const keyed = await command.ask({
    kind: 'keyed-card',
    expiry: context.fields.flag('includeExpirationDate', true),
    cvv: false,
  });
  const signature = await captureSignature(command, image);
  const token = await context.gateway.tokenize(keyed.number);
  if (!token) return tokenFailure();
  return ok({ token, ...(keyed.expiry ? { expiry: keyed.expiry } : {}), ...(signature ? { signature } : {}) });
}

/** The checks every auth request passes before the terminal is touched (authCardRequest, authManualRequest). */
function authOptions(context: FlowContext) {
  const { fields, terminal } = context;
  const amountMinor = fields.amount('amount', true)!;
  const orderId = fields.bounded('orderId', 50);
  const invoiceId = fields.bounded('invoiceId', 12);
  const termId = fields.text('termId');
  if (termId !== undefined && termId.length !== 8) refuse(generic400('termId must be exactly 8 characters'));
  const printReceipt = fields.flag('printReceipt', false);
  const printExtra = fields.flag('printExtraReceipt', false);
  const printDelay = fields.integer('printDelay');
  if (printExtra && printDelay === undefined)
    refuse(serverError(errorCodes.generic, 'printDelay is a required parameter when printExtraReceipt=true'));
  if (printDelay !== undefined && (printDelay < 0 || printDelay > 60_000))
    refuse(generic400("'printDelay' value must be between 0 and 60,000"));
  if (printReceipt && !terminal.capabilities.printer)
    refuse(serverError(errorCodes.printingNotSupported, 'Printing not supported'));
  const userFields = fields.raw('userFields');
  if (userFields !== undefined && (userFields === null || typeof userFields !== 'object' || Array.isArray(userFields)))
    refuse(generic400('userFields must be an object of name-value pairs'));
  if (userFields !== undefined && Buffer.byteLength(JSON.stringify(userFields)) > 4000)
    refuse(generic400('userFields is limited to 4000 bytes'));
  return {
    amountMinor,
    orderId: orderId ?? `${terminal.hsn}-${stamp(context.clock.now())}`,
    invoiceId,
    termId,
    printReceipt,
    printCopies: printExtra ? 2 : 1,
    userFields: userFields as Record<string, unknown> | undefined,
    clearDisplayDelay: fields.integer('clearDisplayDelay'),
  };
}

/** YYYYMMDDHHMMSS, the reference's generated order id's timestamp ("C032UQ82820315-20180422141315"). */
const stamp = (at: number) => new Date(at).toISOString().replace(/\D/g, '').slice(0, 14);

type AuthOptions = ReturnType<typeof authOptions>;

/** The gateway's answer fields the terminal service passes on (authCardSuccess, authManualSuccess). */
const passedOn = [
  'token',
  'batchid',
  'retref',
  'avsresp',
  'respproc',
  'amount',
  'resptext',
  'authcode',
  'respcode',
  'merchid',
  'cvvresp',
  'respstat',
  'emvTagData',
  'acctid',
  'profileid',
  'entrymode',
  'bintype',
  'binInfo',
] as const;

function authResponseOf(
  gateway: Record<string, unknown>,
  extra: { expiry?: string; name?: string; signature?: string; tapped: boolean; orderId: string },
): Record<string, unknown> {
  const answer: Record<string, unknown> = {};
  for (const field of passedOn) if (gateway[field] !== undefined) answer[field] = gateway[field];
  if (extra.expiry) answer.expiry = extra.expiry;
  if (extra.name && !extra.tapped) answer.name = extra.name;
  if (extra.signature) answer.signature = extra.signature;
  if (extra.tapped) answer.tokenExpired = true;
  answer.orderId = extra.orderId;
  if (gateway.receipt !== undefined) answer.receiptData = gateway.receipt;
  return answer;
}

/**
 * Sends the authorization and reads what came back; a lost gateway answer is handled as the
 * reference's "No Response Returned": inquireByOrderid, and where that does not answer, up to
 * three voidByOrderId, then "Terminal request timed out".
 */
async function authorize(
  context: FlowContext,
  request: Record<string, unknown>,
  orderId: string,
  merchid: string,
): Promise<Record<string, unknown> | TerminalAnswer> {
  const first = await context.gateway.auth(request);
  if (first.kind === 'answered') return first.body;
  if (first.kind === 'refused')
    return serverError(500, `Generic: the gateway refused the authorization (HTTP ${first.status})`);
  if (!first.sent) return serverError(errorCodes.generic, 'Terminal request timed out');
  const inquiry: GatewayCall = await context.gateway.inquireByOrderid(orderId, merchid);
  if (inquiry.kind === 'answered' && inquiry.body.respcode !== '29' && typeof inquiry.body.retref === 'string')
    return inquiry.body;
  if (inquiry.kind !== 'answered') {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if ((await context.gateway.voidByOrderId(orderId, merchid)).kind === 'answered') break;
    }
  }
  return serverError(errorCodes.generic, 'Terminal request timed out');
}

interface Authorization {
  readonly options: AuthOptions;
  readonly request: Record<string, unknown>;
  /** What the POS gets back besides the gateway's answer. */
  readonly extra: { expiry?: string; name?: string; signature?: string; tapped: boolean };
}

async function finishAuthorization(
  command: Command,
  context: FlowContext,
  { options, request, extra }: Authorization,
): Promise<TerminalAnswer> {
  const { terminal } = context;
  const merchid = String(request.merchid);
  command.authorizing();
  command.show('Processing...');
  const result = await authorize(context, request, options.orderId, merchid);
  if ('status' in result && typeof result.status === 'number') {
    command.show('Not processed');
    return result as TerminalAnswer;
  }
  const authResponse = authResponseOf(result as Record<string, unknown>, { ...extra, orderId: options.orderId });
  context.orders.set(`${terminal.merchantId}/${options.orderId}`, authResponse);
  command.show(String(authResponse.resptext ?? ''));
  if (options.clearDisplayDelay !== undefined && options.clearDisplayDelay > 0)
    context.clock.setTimer(() => {
      if (!terminal.inUse) terminal.display('');
    }, options.clearDisplayDelay);
  if (options.printReceipt && authResponse.respstat === 'A')
    for (let copy = 0; copy < options.printCopies; copy += 1) terminal.printed.push({ ...authResponse });
  const stopped: unknown = command.signal.reason;
  if (command.signal.aborted && stopped instanceof CommandStop && stopped.kind !== 'disconnected')
    return serverError(errorCodes.canceled, 'Authorization Cancelled', authResponse);
  return ok(authResponse);
}

/** The request fields both auth endpoints send the gateway besides the card. */
function gatewayRequest(context: FlowContext, options: AuthOptions): Record<string, unknown> {
  const { fields, terminal } = context;
  const merchid = fields.bounded('authMerchantId', 16) ?? terminal.merchantId;
  return {
    merchid,
    amount: dollars(options.amountMinor),
    orderid: options.orderId,
    capture: fields.flag('capture', true) ? 'Y' : 'N',
    receipt: 'Y',
    ...(fields.flag('bin', false) ? { bin: 'Y' } : {}),
    ...(fields.flag('createProfile', false) ? { profile: 'Y' } : {}),
    ...(fields.text('authCode') ? { authcode: fields.text('authCode') } : {}),
    ...(options.termId ? { termid: options.termId } : {}),
    ...(options.invoiceId ? { invoiceid: options.invoiceId } : {}),
    ...(options.userFields ? { userfields: stringValues(options.userFields) } : {}),
  };
}

const stringValues = (object: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(object).map(([name, value]) => [name, String(value)]));

/** authCard: a card read on the terminal and authorized at the gateway. */
export async function authCardFlow(command: Command, context: FlowContext): Promise<TerminalAnswer> {
  const options = authOptions(context);
  const pinDebit = checkPinDebit(context);
  const image = signatureRequest(context);
  const base = gatewayRequest(context, options);
  const read = await readCardOnTerminal(command, context, options.amountMinor, pinDebit);
  const postal = context.fields.flag('includeAVS', false) ? await command.ask({ kind: 'zip' }) : undefined;
  const signature = await captureSignature(command, image);
  const tapped = read.method === 'tap';
  const track =
    read.method === 'swipe'
      ? swipeTrack(read.card)
      : context.reader.emvRecord(read.card, read.method, options.amountMinor, read.pinEntered);
  const request = {
    ...base,
    track,
    expiry: read.card.expiry,
    ...(tapped ? {} : { name: read.card.name }),
    ...(postal ? { postal } : {}),
    ...(signature ? { signature } : {}),
  };
  return finishAuthorization(command, context, {
    options,
    request,
    extra: { expiry: read.card.expiry, name: read.card.name, ...(signature ? { signature } : {}), tapped },
  });
}

/** authManual: card details keyed on the terminal, tokenized, and authorized at the gateway. */
export async function authManualFlow(command: Command, context: FlowContext): Promise<TerminalAnswer> {
  const options = authOptions(context);
  const image = signatureRequest(context);
  const base = gatewayRequest(context, options);
  const keyed = await command.ask({ kind: 'keyed-card', expiry: true, cvv: context.fields.flag('includeCVV', false) });
  const postal = context.fields.flag('includeAVS', false) ? await command.ask({ kind: 'zip' }) : undefined;
  const signature = await captureSignature(command, image);
  const token = await context.gateway.tokenize(keyed.number);
  if (!token) return tokenFailure();
  const request = {
    ...base,
    account: token,
    ...(keyed.expiry ? { expiry: keyed.expiry } : {}),
    ...(keyed.cvv ? { cvv2: keyed.cvv } : {}),
    ...(postal ? { postal } : {}),
    ...(signature ? { signature } : {}),
  };
  return finishAuthorization(command, context, {
    options,
    request,
    extra: { ...(keyed.expiry ? { expiry: keyed.expiry } : {}), ...(signature ? { signature } : {}), tapped: false },
  });
}

/** The presets the reference leaves open when the custom tip button is on and none are sent. */
export const defaultTipPresets = [15, 18, 20] as const;

/** tip: the customer picks a preset percentage, a custom amount, or no tip. */
export async function tipFlow(command: Command, context: FlowContext): Promise<TerminalAnswer> {
  const { fields } = context;
  const amountMinor = fields.amount('amount', true)!;
  fields.required('prompt');
  const prompt = fields.bounded('prompt', 1000)!;
  const custom = fields.flag('includeCustomTipAmount', true);
  const presets = fields.raw('tipPercentPresets');
  if (presets === undefined && !custom)
    refuse({ status: 400, body: { errorCode: 4, errorMessage: 'Missing Required Parameter(s): tipPercentPresets' } });
  if (
    presets !== undefined &&
    (!Array.isArray(presets) || presets.length !== 3 || !presets.every((p) => /^\d{1,3}$/.test(String(p))))
  )
    refuse(generic400('tipPercentPresets must be three whole percentages, [n, n, n]'));
  const percentages = presets === undefined ? [...defaultTipPresets] : (presets as unknown[]).map(Number);
  command.show(prompt.replaceAll('%%', '%'));
  const tip = await command.ask({ kind: 'tip', amountMinor, presets: percentages, custom });
  return ok({ amount: amountMinor, tip, total: amountMinor + tip });
}
