/**
 * The Terminal API's answers and refusals as the reference words them (api-overview.md, "HTTP
 * Response Codes"): 400 with errorCode 3 (generic, its message says what) or 4 (a missing
 * parameter), 401, 403 (an HSN not of the merchant id), and 500 with the codes of the 500 table.
 * Also the readers of request fields: "ALL properties are encoded as US ASCII strings", yet the
 * guides' own examples send booleans and numbers too, so both are read.
 */
import { KindedError } from '../../platform/errors';

/** One answer of the terminal service: a status, a JSON body (or none) and headers. */
export interface TerminalAnswer {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** The 500 table's error codes (api-overview.md). */
export const errorCodes = {
  generic: 1,
  notConnected: 6,
  inUse: 7,
  canceled: 8,
  noTerminals: 100,
  pinDebitNotSupported: 400,
  signatureNotSupported: 700,
  printingNotSupported: 800,
} as const;

/** A refusal as an exception, so a check deep in a handler ends the request with its answer. */
export class TerminalRefusal extends KindedError<'refused'> {
  readonly answer: TerminalAnswer;

  constructor(answer: TerminalAnswer) {
    super(
      'refused',
      typeof answer.body === 'object' ? String((answer.body as { errorMessage?: string }).errorMessage) : '',
    );
    this.name = 'TerminalRefusal';
    this.answer = answer;
  }
}

export const ok = (body?: unknown, headers?: Record<string, string>): TerminalAnswer => ({
  status: 200,
  ...(body === undefined ? {} : { body }),
  ...(headers ? { headers } : {}),
});

/** HTTP 500 with an error code of the 500 table; `authResponse` when the gateway had answered. */
export const serverError = (errorCode: number, errorMessage: string, authResponse?: unknown): TerminalAnswer => ({
  status: 500,
  body: { errorCode, errorMessage, ...(authResponse === undefined ? {} : { authResponse }) },
});

/** HTTP 400, error code 3: "includes an error message that provides specific contextual information". */
export const generic400 = (errorMessage: string): TerminalAnswer => ({
  status: 400,
  body: { errorCode: 3, errorMessage },
});

/** HTTP 400, error code 4: "Missing Required Parameter(s)", naming the one missing. */
export const missing400 = (field: string): TerminalAnswer => ({
  status: 400,
  body: { errorCode: 4, errorMessage: `Missing Required Parameter(s): ${field}` },
});

/**
 * HTTP 401. The reference documents the status only (an API key missing or wrong, a merchant id
 * missing or not the key's); the body names which, in the 400's shape without a code.
 */
export const unauthorized = (errorMessage: string): TerminalAnswer => ({ status: 401, body: { errorMessage } });

/** HTTP 403 "Invalid HSN for MerchantID". */
export const invalidHsn = (hsn: string, merchantId: string): TerminalAnswer => ({
  status: 403,
  body: { errorMessage: `Invalid HSN ${hsn} for MerchantID ${merchantId}` },
});

export const refuse = (answer: TerminalAnswer): never => {
  throw new TerminalRefusal(answer);
};

/** The request's fields, read leniently as the service reads them. */
export class RequestFields {
  readonly #body: Readonly<Record<string, unknown>>;

  constructor(body: Readonly<Record<string, unknown>>) {
    this.#body = body;
  }

  has(name: string): boolean {
    const value = this.#body[name];
    return value !== undefined && value !== null && value !== '';
  }

  /** A string field, or undefined; a number is taken as its digits. */
  text(name: string): string | undefined {
    const value = this.#body[name];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return refuse(generic400(`${name} must be a string`));
  }

  /** A required string field: 400 code 4 naming it when absent. */
  required(name: string): string {
    return this.text(name) ?? refuse(missing400(name));
  }

  /** true / false, or "true" / "false" in any case; the default when absent. */
  flag(name: string, byDefault: boolean): boolean {
    const value = this.text(name);
    if (value === undefined) return byDefault;
    const lower = value.toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
    return refuse(generic400(`${name} must be true or false, got ${value.slice(0, 20)}`));
  }

  /** A whole number; undefined when absent. */
  integer(name: string): number | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    if (!/^-?\d{1,12}$/.test(value))
      return refuse(generic400(`${name} must be a whole number, got ${value.slice(0, 20)}`));
    return Number(value);
  }

  /**
   * An amount "with two implied decimal places" ("1000" is $10.00), in minor units. The sharing
   * guide's own example sends "25.00", so a decimal with a point is read as dollars and cents.
   */
  amount(name: string, required: boolean): number | undefined {
    const value = this.text(name);
    if (value === undefined) return required ? refuse(missing400(name)) : undefined;
    const decimal = /^(\d{1,10})\.(\d{2})$/.exec(value);
    if (decimal) return Number(decimal[1]) * 100 + Number(decimal[2]);
    if (/^\d{1,12}$/.test(value)) return Number(value);
    return refuse(generic400(`${name} must be an amount with two implied decimal places, got ${value.slice(0, 20)}`));
  }

  /** A string at most `max` characters long (the schemas' maxLength). */
  bounded(name: string, max: number, message?: string): string | undefined {
    const value = this.text(name);
    if (value !== undefined && value.length > max)
      refuse(generic400(message ?? `${name} must be at most ${max} characters, got ${value.length}`));
    return value;
  }

  /** A JSON value as sent (userFields, tipPercentPresets). */
  raw(name: string): unknown {
    return this.#body[name];
  }
}
