import { UnattendedDeviceError } from './errors';

/** The guide's DPT payment types: 1 sale, 3 refund without reference (forced credit), 5 tokenize only, 6 authorize only. */
export const paymentTypes = { sale: 1, refund: 3, tokenize: 5, 'auth-only': 6 } as const;
export type PaymentType = keyof typeof paymentTypes;

/** One DPT as the lane asks for it. */
export interface DptRequest {
  /** Unique per attempt, so a lost answer can be looked up with inquireByOrderid. */
  readonly orderId: string;
  /** Minor units; the device takes cents with the decimal implied, positive (also for a refund). */
  readonly amountMinor: number;
  readonly paymentType: PaymentType;
  /** Who started it (the guide's `paymentUser`: required, a fixed value is allowed). */
  readonly user: string;
}

/**
 * The device's answer to a DPT once it finished (01F4 accepted, 01F5 declined), the gateway's
 * authorization as the guide names its fields. Only the token, never a card number, is in it.
 */
export interface DptAnswer {
  readonly outcome: 'accepted' | 'declined';
  /** The 8-hex-digit response code. */
  readonly code: string;
  /** The gateway's `retref`: keep it to void, refund or inquire. */
  readonly processorReference?: string;
  /** The issuer's authorization code (`authcode`). */
  readonly authorization?: string;
  /** `amountAuthorized`, in minor units. */
  readonly amountAuthorizedMinor?: number;
  /** The processor's `respcode` and `resptext`. */
  readonly processorCode?: string;
  readonly processorMsg?: string;
  readonly cardToken?: string;
  /** MMYY. */
  readonly expiry?: string;
  /** `externalTransactionID`: the order id the DPT carried. */
  readonly orderId?: string;
  readonly merchantId?: string;
  readonly transactionId?: string;
  readonly paymentId?: string;
  /** The EMV tags and receipt data, which the device sends as JSON texts inside the JSON. */
  readonly emvTags?: Readonly<Record<string, string>>;
  readonly receiptData?: Readonly<Record<string, string>>;
}

const orderIdPattern = /^[A-Za-z0-9_-]{1,19}$/;

/** The DPT command's JSON, checked first: a bad request is refused here, naming the field, before anything is sent. */
export function dptData(request: DptRequest): string {
  if (!orderIdPattern.test(request.orderId))
    throw new RangeError('orderId must be 1 to 19 letters, digits, "-" or "_" (the guide allows at most 19)');
  if (!Number.isSafeInteger(request.amountMinor) || request.amountMinor <= 0)
    throw new RangeError('amountMinor must be a positive whole number of minor units');
  if (!(request.paymentType in paymentTypes))
    throw new RangeError(`paymentType must be one of ${Object.keys(paymentTypes).join(', ')}`);
  if (request.user.trim() === '' || request.user.length > 40)
    throw new RangeError('user must be 1 to 40 characters (the guide requires paymentUser)');
  return JSON.stringify({
    orderId: request.orderId,
    paymentAmount: request.amountMinor,
    paymentType: paymentTypes[request.paymentType],
    paymentUser: request.user,
  });
}

/** An LCD passthrough's data (`{"LCD_Code":13,"LCD_Msg":"INSERT CARD"}`), or null when the data is not one. */
export function readLcdPrompt(data: string): { readonly code: number; readonly message: string } | null {
  const object = jsonObject(data);
  if (!object) return null;
  const code = object.LCD_Code;
  const message = object.LCD_Msg;
  return typeof code === 'number' && typeof message === 'string' ? { code, message } : null;
}

/** Reads a finished DPT's data: the JSON object of the gateway's answer (names as the guide gives them). */
export function readDptAnswer(outcome: DptAnswer['outcome'], code: string, data: string): DptAnswer {
  const object = jsonObject(data);
  if (!object)
    throw new UnattendedDeviceError('malformed', `the DPT answer (${code}) carries no JSON object`, { code });
  const text = (name: string): string | undefined => {
    const value = object[name];
    return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;
  };
  const amount = text('amountAuthorized');
  if (amount !== undefined && !/^-?\d+$/.test(amount))
    throw new UnattendedDeviceError('malformed', `amountAuthorized "${amount.slice(0, 12)}" is not whole cents`, {
      code,
    });
  const answer: Record<string, unknown> = {
    outcome,
    code,
    processorReference: text('processorReference'),
    authorization: text('authorization'),
    amountAuthorizedMinor: amount === undefined ? undefined : Number(amount),
    processorCode: text('processorCode'),
    processorMsg: text('processorMsg'),
    cardToken: text('cardToken'),
    expiry: text('expiry'),
    orderId: text('externalTransactionID'),
    merchantId: text('merchantID'),
    transactionId: text('transactionID'),
    paymentId: text('paymentID'),
    emvTags: embeddedObject(object.emvTags),
    receiptData: embeddedObject(object.receiptData),
  };
  return Object.fromEntries(Object.entries(answer).filter(([, value]) => value !== undefined)) as unknown as DptAnswer;
}

function jsonObject(data: string): Record<string, unknown> | null {
  if (!data.startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A JSON text inside the JSON (`"emvTags":"{\"TVR\":...}"`) as a flat object of strings; undefined when unreadable. */
function embeddedObject(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'string') return undefined;
  const object = jsonObject(value);
  if (!object) return undefined;
  return Object.fromEntries(Object.entries(object).map(([key, item]) => [key, String(item)]));
}
