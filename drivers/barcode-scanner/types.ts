import type { EventEmitter } from 'node:events';

/**
 * A barcode scanner in serial mode: every code it reads arrives as one frame, the scanner's
 * optional prefix, the code, its optional suffix, and a carriage return (CR, or CR LF, or LF on
 * scanners set so). The driver turns frames into `scan` events; anything it cannot use is a
 * `problem`, never a scan.
 */
export interface ScanFraming {
  /** Characters the scanner is set to send before each code (a store's "]" or an AIM id); "" for none. */
  readonly prefix: string;
  /** Characters it sends after the code, before the CR (a tab, "#"); "" for none. */
  readonly suffix: string;
  /**
   * A scanner sends one code as one burst: a frame still open this long after its last byte was
   * cut off (a cable pulled mid-code, a scanner reset), and is thrown away rather than joined to
   * the next code.
   */
  readonly timeoutMs: number;
}

export const defaultScanFraming: ScanFraming = { prefix: '', suffix: '', timeoutMs: 300 };

/** The longest frame kept: more before a CR is noise (a wrong baud rate), and is thrown away. */
export const maxFrameLength = 128;

/** Why a frame was thrown away. */
export type ScanProblemKind =
  /** No CR within `timeoutMs` of the last byte. */
  | 'incomplete'
  /** More than `maxFrameLength` bytes without a CR. */
  | 'too-long'
  /** The prefix or suffix the settings name was not there, or the code has characters no barcode has. */
  | 'malformed';

export interface ScanProblem {
  readonly kind: ScanProblemKind;
  /** Words for the log: what was wrong, never more than the frame's length (a frame may be anything). */
  readonly message: string;
}

export interface BarcodeScannerEvents {
  /** One code, without prefix, suffix and terminator. */
  scan: [code: string];
  /** A frame that was no usable code. */
  problem: [problem: ScanProblem];
  /** The link went away (a USB adapter unplugged); it reopens by itself. */
  disconnected: [error: Error];
  /** The link is open again. */
  open: [];
  /** A problem with the link that did not close it (a reopen attempt that failed). */
  linkError: [error: Error];
}

/** A serial barcode scanner. */
export interface BarcodeScanner extends EventEmitter<BarcodeScannerEvents> {
  /** A description for the log and the device list, e.g. "/dev/ttyACM0 at 9600 baud". */
  readonly description: string;
  /** Opens the link; rejects naming the port when it cannot. */
  open(): Promise<void>;
  /** Closes for good; a frame half received is dropped. */
  close(): Promise<void>;
}
