/**
 * The guide's response codes: 8 hex digits, a general code (first four) and a detail code (last
 * four, `0000` when there is none). Only general codes the guide describes are named here.
 */
export const generalCodes = {
  succeeded: 0x0000,
  failed: 0x0001,
  paeStarting: 0x00c8,
  invalidMessage: 0x00c9,
  missingFields: 0x00ca,
  invalidChecksum: 0x00cb,
  invalidCommand: 0x00cc,
  emptyMessage: 0x00cd,
  cannotCancel: 0x01a4,
  noActivePayment: 0x01a5,
  cancelFailed: 0x01a6,
  accepted: 0x01f4,
  declined: 0x01f5,
  missingParameter: 0x01f6,
  invalidRequest: 0x01f7,
  paymentInProgress: 0x01f8,
  cardTimeout: 0x01f9,
  cardReadError: 0x01fa,
  canceledByPos: 0x01fb,
  lcdMessage: 0x0201,
  decimalAmount: 0x0209,
} as const;

const descriptions: Readonly<Record<number, string>> = {
  0x0000: 'Command succeeded',
  0x0001: 'Command failed',
  0x00c8: 'Command could not be sent because PAE is starting',
  0x00c9: 'Message received is not valid',
  0x00ca: 'Message missing required fields',
  0x00cb: 'Invalid checksum value',
  0x00cc: 'Invalid command',
  0x00cd: 'Message received is empty',
  0x00e6: 'Failed to start the payment process',
  0x00fc: 'Internal server error',
  0x00fd: 'Payment cannot be finalized on server',
  0x00fe: 'Failed to send HTTP request',
  0x00ff: 'Timed out waiting for HTTP response',
  0x0100: 'HTTP response 400+ (client or server error)',
  0x0101: 'HTTP response missing a required value',
  0x0103: 'No network connection',
  0x012c: 'Invalid JSON',
  0x012f: 'Unknown error',
  0x0130: 'PAE received a message with invalid JSON',
  0x0132: 'Encryption is not enabled',
  0x01a4: 'Payment cannot be canceled',
  0x01a5: 'No active payment',
  0x01a6: 'Request to cancel payment failed',
  0x01cc: 'Not all data fields could be returned',
  0x01f4: 'Payment accepted',
  0x01f5: 'Payment declined',
  0x01f6: 'Request missing required parameter',
  0x01f7: 'Invalid request',
  0x01f8: 'Payment already in progress',
  0x01f9: 'Timed out waiting for card',
  0x01fa: 'Card read error',
  0x01fb: 'Payment canceled by POS',
  0x01fc: 'Payment failed due to internal error',
  0x01fd: 'Card read fallback to contact',
  0x01fe: 'Internal error',
  0x01ff: 'Unknown MSR response received from device',
  0x0200: 'General EMV failure',
  0x0201: 'LCD message passthrough',
  0x0202: 'Unsupported AID',
  0x0203: 'Bad card read, terminating',
  0x0204: 'Bad card read, retrying',
  0x0209: 'Invalid amount format: the amount must not contain decimals',
  0x020a: 'Device is offline; the transaction was accepted in Offline Mode',
  0x020b: 'No encryption key loaded',
};

export interface ResponseCode {
  readonly general: number;
  readonly detail: number;
  /** The guide's words for the general code, or "response code XXXX". */
  readonly description: string;
}

/** Reads an 8-hex-digit response code; null when the field is not one (a command's `1`, an empty field). */
export function readResponseCode(field: string): ResponseCode | null {
  if (!/^[0-9A-Fa-f]{8}$/.test(field)) return null;
  const general = parseInt(field.slice(0, 4), 16);
  return {
    general,
    detail: parseInt(field.slice(4), 16),
    description: descriptions[general] ?? `response code ${field.slice(0, 4).toUpperCase()}`,
  };
}

/** A response code's text for a frame: general and detail as 8 upper-case hex digits. */
export function responseCodeText(general: number, detail = 0): string {
  return (general * 0x10000 + detail).toString(16).toUpperCase().padStart(8, '0');
}
