import type { EventEmitter } from 'node:events';
import { DeviceError } from '../device-error';

/** One point of a stroke, in the capturing device's coordinates (y grows downwards). */
export interface PenPoint {
  readonly x: number;
  readonly y: number;
}

/** The points between one pen-down and the next pen-up. */
export type PenStroke = readonly PenPoint[];

/**
 * A signature as a capturing device saw it: strokes in the device's coordinates and the
 * device's extent (x in 0..width, y in 0..height). A pad reports its digitizer's logical
 * range; an on-screen capture reports its drawing area in CSS pixels. The codec scales either
 * into the receipt canvas.
 */
export interface SignatureStrokes {
  readonly width: number;
  readonly height: number;
  readonly strokes: readonly PenStroke[];
}

/** The digitizer's range: coordinates run 0..width and 0..height; pressure 0..maxPressure. */
export interface PadExtent {
  readonly width: number;
  readonly height: number;
  /** Undefined when the pad reports no pressure. */
  readonly maxPressure: number | undefined;
}

/** One report from the pen, as a protocol decoded it. */
export interface PenSample {
  readonly x: number;
  readonly y: number;
  /** The tip touches the surface (Tip Switch; or pressure above zero on pads without one). */
  readonly tip: boolean;
  /** The pen is close enough to be tracked (In Range / proximity). */
  readonly inRange: boolean;
  readonly pressure: number | undefined;
}

/**
 * What a protocol reports while a capture runs:
 * - `ink`: points added to stroke `stroke` (0-based), for a live preview;
 * - `cleared`: the strokes so far were thrown away (the cashier or the signer pressed Clear).
 */
export interface SignaturePadEvents {
  ink: [stroke: number, points: readonly PenPoint[]];
  cleared: [];
  connected: [];
  disconnected: [error: Error];
  /** Bytes the pad sent that could not be read; the pad stays usable. */
  error: [error: Error];
}

/**
 * How a capture ends, and why:
 * - `canceled`: cancel() or the signal;
 * - `empty`: accept() with nothing signed;
 * - `disconnected`: the pad went away mid-signature (the signer signs again);
 * - `busy`: a capture is already running;
 * - `malformed`: the pad's bytes or settings do not follow its protocol;
 * - `timeout`: the pad did not answer a command in time.
 */
export type SignaturePadErrorKind = 'canceled' | 'empty' | 'disconnected' | 'busy' | 'malformed' | 'timeout';

export class SignaturePadError extends DeviceError<SignaturePadErrorKind> {
  override readonly name = 'SignaturePadError';
}

export interface CaptureRequest {
  readonly signal?: AbortSignal;
}

export interface SignaturePad extends EventEmitter<SignaturePadEvents> {
  readonly protocol: string;
  /** Known once the pad is open (from its descriptor, its settings or its answer to a query). */
  readonly extent: PadExtent | undefined;
  open(): Promise<void>;
  close(): Promise<void>;
  /**
   * Collects strokes until accept() (resolves with them) or cancel(), the signal, or a disconnect
   * (rejects with a SignaturePadError). Pen movement outside a capture is ignored.
   */
  capture(request?: CaptureRequest): Promise<SignatureStrokes>;
  /** Throws the strokes so far away; the capture goes on. */
  clear(): void;
  /** Ends the capture with the strokes so far; with none, the capture goes on and this throws `empty`. */
  accept(): void;
  /** Ends the capture without a signature. */
  cancel(): void;
}
