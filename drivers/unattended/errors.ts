import { DeviceError } from '../device-error';

/**
 * What went wrong talking to an unattended payment device. Callers branch on `kind`:
 * - `malformed`: text that is not a PAE frame (layout, unknown key, skipped noise);
 * - `checksum`: a frame whose checksum does not match its text;
 * - `refused`: the device answered with an error response code (`code` holds it);
 * - `busy`: a command of the same key is still waiting for its answer;
 * - `timeout`: no answer in time (for a DPT, the outcome is unknown: recover by order id);
 * - `disconnected`: the link went away while waiting (for a DPT, the outcome is unknown too);
 * - `canceled`: the payment was canceled before a card was read, or the driver was closed.
 */
export type UnattendedDeviceErrorKind =
  'malformed' | 'checksum' | 'refused' | 'busy' | 'timeout' | 'disconnected' | 'canceled';

export class UnattendedDeviceError extends DeviceError<UnattendedDeviceErrorKind> {
  override readonly name = 'UnattendedDeviceError';
  /** The device's 8-hex-digit response code, when it sent one. */
  readonly code: string | undefined;

  constructor(kind: UnattendedDeviceErrorKind, message: string, options: ErrorOptions & { code?: string } = {}) {
    super(kind, message, options);
    this.code = options.code;
  }
}
