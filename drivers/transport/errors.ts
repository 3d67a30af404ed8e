import { DeviceError } from '../device-error';

/**
 * What went wrong with a device link, as node-serialport's users branch on it. Callers branch on
 * `kind`, not on classes or message text:
 * - `not-found`: no such port or device (unplugged, or the settings name the wrong one);
 * - `permission`: the OS refuses this user the device (a group such as `dialout`, a udev rule);
 * - `busy`: another program (or another open of ours) holds it;
 * - `disconnected`: it went away while open;
 * - `not-open`: a write or a report on a link that is not open;
 * - `failed`: anything else the OS or the device library reported (the message says what).
 */
export type TransportErrorKind = 'not-found' | 'permission' | 'busy' | 'disconnected' | 'not-open' | 'failed';

export class TransportError extends DeviceError<TransportErrorKind> {
  override readonly name = 'TransportError';
}

/** Node's error codes, and the words serialport and node-hid use where they give no code. */
const kindsByCode: Readonly<Record<string, TransportErrorKind>> = {
  ENOENT: 'not-found',
  ENODEV: 'not-found',
  ENXIO: 'not-found',
  EACCES: 'permission',
  EPERM: 'permission',
  EBUSY: 'busy',
  EAGAIN: 'busy',
  EIO: 'disconnected',
  EPIPE: 'disconnected',
  ECONNRESET: 'disconnected',
  ECONNREFUSED: 'not-found',
  EHOSTUNREACH: 'not-found',
};

const kindsByWords: ReadonlyArray<readonly [RegExp, TransportErrorKind]> = [
  [/no such file or directory|cannot open device with|no matching interface|file not found/i, 'not-found'],
  [/permission denied|access denied|operation not permitted/i, 'permission'],
  [/cannot lock port|resource busy|resource temporarily unavailable|device or resource busy/i, 'busy'],
  [/input\/output error|could not read from hid device|broken pipe/i, 'disconnected'],
];

/** The kind of an OS or device-library error: its `code` where it has one, else its words. */
export function transportErrorKind(error: unknown): TransportErrorKind {
  if (error instanceof TransportError) return error.kind;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && kindsByCode[code]) return kindsByCode[code];
  const message = error instanceof Error ? error.message : String(error);
  return kindsByWords.find(([words]) => words.test(message))?.[1] ?? 'failed';
}

/** Wraps a failure of `what` (e.g. "Cannot open /dev/ttyUSB0 at 9600 baud") with its kind and cause. */
export function transportFailure(what: string, error: unknown): TransportError {
  const message = error instanceof Error ? error.message : String(error);
  return new TransportError(transportErrorKind(error), `${what}: ${message}`, { cause: error });
}

/** What the device list and the status bar say for each kind: what is wrong and what to do. */
export const transportProblemWords: Readonly<Record<TransportErrorKind, string>> = {
  'not-found': 'Not found: check that it is plugged in and that settings.json names the right port or USB ids.',
  permission:
    'Lanepoint may not open it: give this user access to the device (on Linux, the dialout group or a udev rule).',
  busy: 'Another program is using it: close that program, then restart Lanepoint.',
  disconnected: 'Disconnected: check its cable and power.',
  'not-open': 'It is not open: restart Lanepoint.',
  failed: 'It cannot be used:',
};
