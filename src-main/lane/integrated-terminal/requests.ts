import { TerminalRequestInvalid } from './errors';

/**
 * The request bodies, from the lane's types to the wire. "The Terminal service expects that ALL
 * properties are encoded as US ASCII strings" (api-overview.md): flags go as "true"/"false",
 * amounts as implied-decimal minor units ("1000" is $10.00, terminal-openapi.yaml `amount`).
 * Each documented limit is checked here, before anything is sent, naming the field.
 */

export type WireValue = string | readonly string[] | Readonly<Record<string, string>>;
export type WireBody = Record<string, WireValue>;

/** Signature options shared by readSignature, readCard, readManual, authCard and authManual. */
export interface SignatureOptions {
  readonly signatureFormat?: 'BMP' | 'JPG' | 'PNG';
  /** Gzip the signature (the service's default is true). */
  readonly gzipSignature?: boolean;
  /** Width and height, e.g. "320,450". */
  readonly signatureDimensions?: string;
  readonly signatureImageType?: 'binary' | 'rgb';
}

export interface ReadCardRequest extends SignatureOptions {
  readonly hsn: string;
  /** Minor units. */
  readonly amount: number;
  readonly includeAmountDisplay?: boolean;
  readonly confirmAmount?: boolean;
  readonly includeSignature?: boolean;
  readonly beep?: boolean;
  readonly aid?: 'credit' | 'debit';
  readonly includePIN?: boolean;
}

export interface ReadManualRequest extends SignatureOptions {
  readonly hsn: string;
  readonly amount?: number;
  readonly includeSignature?: boolean;
  readonly includeExpirationDate?: boolean;
  readonly beep?: boolean;
}

interface AuthorizationOptions extends SignatureOptions {
  readonly hsn: string;
  /** Minor units, more than zero. */
  readonly amount: number;
  /**
   * Required by this client (optional on the wire): a lost answer is recovered by this order id
   * through the gateway, which an id the terminal made up would not allow. Unique, never card digits.
   */
  readonly orderId: string;
  readonly authCode?: string;
  readonly authMerchantId?: string;
  readonly bin?: boolean;
  readonly beep?: boolean;
  readonly capture?: boolean;
  readonly clearDisplayDelay?: number;
  readonly createProfile?: boolean;
  readonly includeAmountDisplay?: boolean;
  readonly includeAVS?: boolean;
  readonly includeSignature?: boolean;
  readonly invoiceId?: string;
  readonly printReceipt?: boolean;
  readonly printExtraReceipt?: boolean;
  /** Milliseconds between the two receipts, 0 to 60000; required with printExtraReceipt. */
  readonly printDelay?: number;
  /** Exactly 8 characters. */
  readonly termId?: string;
  readonly userFields?: Readonly<Record<string, string>>;
}

export interface AuthCardRequest extends AuthorizationOptions {
  readonly aid?: 'credit' | 'debit';
  readonly confirmAmount?: boolean;
  readonly includePIN?: boolean;
}

export interface AuthManualRequest extends AuthorizationOptions {
  readonly includeCVV?: boolean;
}

export interface TipRequest {
  readonly hsn: string;
  /** Minor units. */
  readonly amount: number;
  readonly prompt: string;
  readonly includeAmountDisplay?: boolean;
  readonly includeCustomTipAmount?: boolean;
  /** Three percentages; required when includeCustomTipAmount is false. */
  readonly tipPercentPresets?: readonly [number, number, number];
}

export interface PrintReceiptRequest {
  readonly hsn: string;
  readonly orderId: string;
  readonly printExtraReceipt?: boolean;
  readonly printDelay?: number;
}

const fail = (field: string, rule: string): never => {
  throw new TerminalRequestInvalid(field, rule);
};

/** Every character US-ASCII; `lineBreaks` lets display text carry "\n". */
function ascii(field: string, value: string, { lineBreaks = false } = {}): string {
  const allowed = lineBreaks ? /^[\x20-\x7e\n]*$/ : /^[\x20-\x7e]*$/;
  if (!allowed.test(value)) fail(field, 'must be printable US-ASCII text');
  return value;
}

/** A documented string field: ASCII, within its maximum length, and present when required. */
export function textField(field: string, value: string, maxLength: number, required = true): string {
  if (typeof value !== 'string') fail(field, 'must be text');
  if (required && value.length === 0) fail(field, 'is required');
  if (value.length > maxLength) fail(field, `must be at most ${maxLength} characters`);
  return ascii(field, value);
}

function flag(value: boolean | undefined): string | undefined {
  return value === undefined ? undefined : String(value);
}

function wholeNumber(field: string, value: number, min: number, max = Number.MAX_SAFE_INTEGER): string {
  if (!Number.isSafeInteger(value) || value < min || value > max)
    fail(field, `must be a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? '' : ` to ${max}`}`);
  return String(value);
}

/** Drops the options left out: an absent field takes the service's documented default. */
function compact(body: Record<string, WireValue | undefined>): WireBody {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as WireBody;
}

/** 13 to 19 digits passing the Luhn check: the gateway would mask such an order id as a card number. */
function looksLikeCardNumber(value: string): boolean {
  if (!/^\d{13,19}$/.test(value)) return false;
  let sum = 0;
  for (let index = 0; index < value.length; index++) {
    let digit = Number(value[value.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export function orderIdField(value: string): string {
  textField('orderId', value, 50);
  if (looksLikeCardNumber(value)) fail('orderId', 'must not look like a card number (it passes the Luhn check)');
  return value;
}

/** The request's terminal, by its hardware serial number. */
export function hsnField(hsn: string): string {
  return textField('hsn', hsn, 18);
}

export function signatureFields(request: SignatureOptions): WireBody {
  const { signatureFormat, signatureDimensions, signatureImageType } = request;
  if (signatureFormat !== undefined && !['BMP', 'JPG', 'PNG'].includes(signatureFormat))
    fail('signatureFormat', 'must be BMP, JPG or PNG');
  if (signatureDimensions !== undefined && !/^\d{1,3}, ?\d{1,3}$/.test(signatureDimensions))
    fail('signatureDimensions', 'must be "width,height", each at most 999');
  if (signatureImageType !== undefined && !['binary', 'rgb'].includes(signatureImageType))
    fail('signatureImageType', 'must be binary or rgb');
  return compact({
    signatureFormat,
    gzipSignature: flag(request.gzipSignature),
    signatureDimensions,
    signatureImageType,
  });
}

/** A prompt shown on the terminal; readSignature's is at most 16 characters (api-overview.md, error 3). */
export function promptField(value: string, maxLength = 1000): string {
  return textField('prompt', value, maxLength);
}

/** The display text: at most 1000 characters, "\n" for a line break; empty clears the display. */
export function displayTextField(value: string): string {
  if (typeof value !== 'string' || value.length > 1000) fail('text', 'must be text of at most 1000 characters');
  return ascii('text', value, { lineBreaks: true });
}

/** readInput's format (developer-guides.md, "Using readInput"): PHONE, AMOUNT, MMYY, Nx[,y], ANx[,y] with y up to 32. */
export function inputFormatField(format: string): string {
  const range = /^(?:N|AN)(\d{1,2})(?:,(\d{1,2}))?$/.exec(format);
  if (['PHONE', 'AMOUNT', 'MMYY'].includes(format)) return format;
  if (range) {
    const least = Number(range[1]);
    const most = range[2] === undefined ? least : Number(range[2]);
    if (least >= 1 && least <= most && most <= 32) return format;
  }
  return fail('format', 'must be PHONE, AMOUNT, MMYY, Nx[,y] or ANx[,y] (case-sensitive, at most 32 characters)');
}

/** An ISO-8601 local date and time without offset, e.g. 2021-02-03T11:30:45. */
export function dateTimeField(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}Z`)))
    fail('dateTime', 'must be a local date and time like 2021-02-03T11:30:45');
  return value;
}

export function readCardToWire(request: ReadCardRequest): WireBody {
  if (request.aid !== undefined && !['credit', 'debit'].includes(request.aid)) fail('aid', 'must be credit or debit');
  return compact({
    amount: wholeNumber('amount', request.amount, 0),
    includeAmountDisplay: flag(request.includeAmountDisplay),
    confirmAmount: flag(request.confirmAmount),
    includeSignature: flag(request.includeSignature),
    beep: flag(request.beep),
    aid: request.aid,
    includePIN: flag(request.includePIN),
    ...signatureFields(request),
  });
}

export function readManualToWire(request: ReadManualRequest): WireBody {
  return compact({
    amount: request.amount === undefined ? undefined : wholeNumber('amount', request.amount, 0),
    includeSignature: flag(request.includeSignature),
    includeExpirationDate: flag(request.includeExpirationDate),
    beep: flag(request.beep),
    ...signatureFields(request),
  });
}

function printingFields(printExtraReceipt: boolean | undefined, printDelay: number | undefined): WireBody {
  if (printExtraReceipt && printDelay === undefined) fail('printDelay', 'is required when printExtraReceipt is true');
  return compact({
    printExtraReceipt: flag(printExtraReceipt),
    printDelay: printDelay === undefined ? undefined : wholeNumber('printDelay', printDelay, 0, 60_000),
  });
}

function userFieldsField(fields: Readonly<Record<string, string>> | undefined): WireBody {
  if (fields === undefined) return {};
  for (const [name, value] of Object.entries(fields)) {
    ascii(`userFields.${name}`, name);
    if (typeof value !== 'string') fail(`userFields.${name}`, 'must be text');
    ascii(`userFields.${name}`, value);
  }
  if (Buffer.byteLength(JSON.stringify(fields)) > 4000) fail('userFields', 'must be at most 4000 bytes in all');
  return { userFields: { ...fields } };
}

function authorizationToWire(request: AuthorizationOptions): WireBody {
  if (request.termId !== undefined && request.termId.length !== 8) fail('termId', 'must be exactly 8 characters');
  return compact({
    amount: wholeNumber('amount', request.amount, 1),
    orderId: orderIdField(request.orderId),
    authCode: request.authCode === undefined ? undefined : textField('authCode', request.authCode, 16),
    authMerchantId:
      request.authMerchantId === undefined ? undefined : textField('authMerchantId', request.authMerchantId, 16),
    bin: flag(request.bin),
    beep: flag(request.beep),
    capture: flag(request.capture),
    clearDisplayDelay:
      request.clearDisplayDelay === undefined
        ? undefined
        : wholeNumber('clearDisplayDelay', request.clearDisplayDelay, 0),
    createProfile: flag(request.createProfile),
    includeAmountDisplay: flag(request.includeAmountDisplay),
    includeAVS: flag(request.includeAVS),
    includeSignature: flag(request.includeSignature),
    invoiceId: request.invoiceId === undefined ? undefined : textField('invoiceId', request.invoiceId, 12),
    printReceipt: flag(request.printReceipt),
    ...printingFields(request.printExtraReceipt, request.printDelay),
    termId: request.termId === undefined ? undefined : textField('termId', request.termId, 8),
    ...userFieldsField(request.userFields),
    ...signatureFields(request),
  });
}

export function authCardToWire(request: AuthCardRequest): WireBody {
  if (request.aid !== undefined && !['credit', 'debit'].includes(request.aid)) fail('aid', 'must be credit or debit');
  return compact({
    ...authorizationToWire(request),
    aid: request.aid,
    confirmAmount: flag(request.confirmAmount),
    includePIN: flag(request.includePIN),
  });
}

export function authManualToWire(request: AuthManualRequest): WireBody {
  return compact({ ...authorizationToWire(request), includeCVV: flag(request.includeCVV) });
}

export function tipToWire(request: TipRequest): WireBody {
  const presets = request.tipPercentPresets;
  if (request.includeCustomTipAmount === false && presets === undefined)
    fail('tipPercentPresets', 'is required when includeCustomTipAmount is false');
  if (presets !== undefined && presets.length !== 3) fail('tipPercentPresets', 'must hold three percentages');
  return compact({
    amount: wholeNumber('amount', request.amount, 0),
    prompt: promptField(request.prompt),
    includeAmountDisplay: flag(request.includeAmountDisplay),
    includeCustomTipAmount: flag(request.includeCustomTipAmount),
    tipPercentPresets: presets?.map((percent, index) => wholeNumber(`tipPercentPresets.${index}`, percent, 0, 100)),
  });
}

export function printReceiptToWire(request: PrintReceiptRequest): WireBody {
  return compact({
    orderId: orderIdField(request.orderId),
    ...printingFields(request.printExtraReceipt, request.printDelay),
  });
}
