import { DeviceError } from '../device-error';

/**
 * What went wrong with a card reader or what it sent. Callers branch on `kind`, not on classes:
 * - `malformed`: bytes that do not follow the format (with `offset` where known);
 * - `disconnected`: the device went away mid-operation;
 * - `canceled`: the operation was canceled (the port closed, the cashier pressed Cancel);
 * - `timeout`: the device did not answer in time.
 */
export type CardReaderErrorKind = 'malformed' | 'disconnected' | 'canceled' | 'timeout';

export class CardReaderError extends DeviceError<CardReaderErrorKind> {
  override readonly name = 'CardReaderError';
  readonly offset: number | undefined;

  constructor(kind: CardReaderErrorKind, message: string, offset?: number) {
    super(kind, message);
    this.offset = offset;
  }
}

export const malformed = (message: string, offset?: number) => new CardReaderError('malformed', message, offset);
