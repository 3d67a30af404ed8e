import { DeviceError } from '../device-error';

/**
 * `canceled`: held jobs were discarded; `unreachable`: the link failed; `no-status`: the printer
 * did not answer (or cannot, on a one-way link); `closed`: the printer was closed first;
 * `invalid`: a caller asked for something the printer cannot do (a drawer pulse out of range).
 */
export type PrinterErrorKind = 'canceled' | 'unreachable' | 'no-status' | 'closed' | 'invalid';

export class PrinterError extends DeviceError<PrinterErrorKind> {
  override readonly name = 'PrinterError';
}
