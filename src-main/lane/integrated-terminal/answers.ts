import { z } from 'zod';
import { amount, text } from '../gateway/wire-schema';

/**
 * The terminal service's answers, read by name (terminal-openapi.yaml, `*Success` schemas).
 * The reference declares many fields as integers or booleans while the service encodes values
 * as strings ("ALL properties are encoded as US ASCII strings"), and its examples mix both, so
 * each field takes either and the program sees one type. Unknown keys are ignored.
 */

/** true/false as JSON or as text; the ping answer's documented example is "connected". */
const flag = z.union([z.boolean(), z.string()]).transform((value, context) => {
  if (value === true || value === 'true' || value === 'connected') return true;
  if (value === false || value === 'false') return false;
  context.addIssue({ code: 'custom', message: `not true or false: ${JSON.stringify(value)}` });
  return z.NEVER;
});

/** A field the reference gives an example of but never a value (`example:` left empty). */
const optionalText = text.nullish().transform((value) => value ?? undefined);

/** The receipt fields the authorization answer and printReceipt carry (schema receiptData). */
export const receiptDataSchema = z.object({
  header: optionalText,
  footer: optionalText,
  dba: optionalText,
  address1: optionalText,
  address2: optionalText,
  phone: optionalText,
  /** YYYYMMDDHHMMSS */
  dateTime: optionalText,
  nameOnCard: optionalText,
  orderNote: optionalText,
  items: optionalText,
});
export type TerminalReceiptData = z.output<typeof receiptDataSchema>;

/**
 * The gateway's authorization as authCard and authManual return it (and as `authResponse` of
 * errorCode 1 and 8). `respstat` says the outcome: A approved, B retry, C declined. `amount` is
 * in minor units. `token` is the CardSecure token, never a card number.
 */
export const authorizationSchema = z.object({
  respstat: text,
  retref: optionalText,
  amount: amount.optional(),
  resptext: optionalText,
  respcode: optionalText,
  respproc: optionalText,
  authcode: optionalText,
  merchid: optionalText,
  batchid: optionalText,
  orderId: optionalText,
  token: optionalText,
  expiry: optionalText,
  name: optionalText,
  avsresp: optionalText,
  cvvresp: optionalText,
  entrymode: optionalText,
  bintype: optionalText,
  acctid: optionalText,
  profileid: optionalText,
  emvTagData: optionalText,
  /** Base64 of the gzipped BMP (the reference calls it an object; its example is text). */
  signature: optionalText,
  /** True for a contactless read: the token serves this authorization only. */
  tokenExpired: flag.optional(),
  receiptData: receiptDataSchema.optional(),
});
export type TerminalAuthorization = z.output<typeof authorizationSchema>;

/** A refusal: HTTP 400 or 500 with `errorCode` and `errorMessage` (schemas BadRequestError, ClientServerError). */
export const errorAnswerSchema = z.object({
  errorCode: z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(Number),
  errorMessage: optionalText,
  authResponse: authorizationSchema.optional(),
});
export type TerminalErrorAnswer = z.output<typeof errorAnswerSchema>;

export const listTerminalsSchema = z.object({ terminals: z.array(text) });

const terminalDetailSchema = z.object({
  hsn: text,
  name: optionalText,
  merchantId: optionalText,
  connected: flag.optional(),
  deviceType: optionalText,
  environment: optionalText,
  deviceCapabilities: z
    .object({
      screenDimensionX: optionalText,
      screenDimensionY: optionalText,
      pinPad: flag.optional(),
      msr: flag.optional(),
      emv: flag.optional(),
      nfc: flag.optional(),
      signature: flag.optional(),
      printer: flag.optional(),
    })
    .optional(),
});
export type TerminalDetail = z.output<typeof terminalDetailSchema>;

/** The schema names the list `terminalDetails`; the reference's example answers name it `terminals`. */
export const terminalDetailsSchema = z
  .object({
    terminalDetails: z.array(terminalDetailSchema).optional(),
    terminals: z.array(terminalDetailSchema).optional(),
  })
  .transform((answer, context) => {
    const list = answer.terminalDetails ?? answer.terminals;
    if (list) return list;
    context.addIssue({ code: 'custom', message: 'no terminalDetails list' });
    return z.NEVER;
  });

export const pingSchema = z.object({ connected: flag });
export const panPadVersionSchema = z.object({ version: text });
export const preconnectSchema = z.object({ token: text });
export const readConfirmationSchema = z.object({ confirmed: flag });
export const readInputSchema = z.object({ input: text });
export const readSignatureSchema = z.object({ signature: text });

/** readCard and readManual: a CardSecure token to authorize through the gateway. */
export const cardTokenSchema = z.object({
  token: text,
  expiry: optionalText,
  name: optionalText,
  /** True for a contactless read: the token serves one authorization only. */
  singleUseToken: flag.optional(),
  signature: optionalText,
});
export type TerminalCardToken = z.output<typeof cardTokenSchema>;

/**
 * The tip the customer chose. Kept as the service's text: the reference's example mixes an
 * implied-decimal amount (100) with decimal tip and total (.06, 1.06).
 */
export const tipSchema = z.object({ amount: optionalText, tip: text, total: optionalText });
export type TerminalTip = z.output<typeof tipSchema>;

export const printReceiptSchema = z.object({ receiptData: receiptDataSchema.optional() });
