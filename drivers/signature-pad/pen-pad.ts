import { EventEmitter } from 'node:events';
import { pendingRead, type PendingRead } from '../pending-read';
import type { Transport } from '../transport/types';
import { type PadButtons, StrokeRecorder } from './strokes';
import {
  type CaptureRequest,
  type PadExtent,
  type PenSample,
  type SignaturePad,
  SignaturePadError,
  type SignaturePadEvents,
  type SignatureStrokes,
} from './types';

export interface PenPadOptions {
  /** Buttons on the signing surface, in device coordinates. */
  readonly buttons?: PadButtons;
}

/**
 * A pad that streams pen reports over one transport (a HID digitizer, a serial pen tablet). A
 * protocol implements `receive` for each chunk and hands decoded samples to `pen`; it may
 * override `start` to set the pad up (query its extent, start sampling) each time the link
 * opens. This class keeps the capture: strokes, clear, accept, cancel and the pad's buttons.
 */
export abstract class PenSignaturePad extends EventEmitter<SignaturePadEvents> implements SignaturePad {
  abstract readonly protocol: string;
  protected readonly transport: Transport;
  readonly #buttons: PadButtons;
  #extent: PadExtent | undefined;
  #recorder: StrokeRecorder | undefined;
  #ready: Promise<void> | undefined;
  #capture: PendingRead<SignatureStrokes> | undefined;

  constructor(transport: Transport, options: PenPadOptions = {}) {
    super();
    this.transport = transport;
    this.#buttons = options.buttons ?? {};
    transport.on('data', (chunk) => this.receive(chunk));
    transport.on('open', () => {
      this.reopened();
      const ready = this.start().then(() => {
        this.emit('connected');
      });
      // A failed start is reported once: to open()'s caller, or as an error on a reopen.
      ready.catch((error: unknown) => {
        if (this.#ready !== ready) return;
        this.fault(error instanceof Error ? error : new Error(String(error)));
      });
      this.#ready = ready;
    });
    transport.on('disconnected', (error) => {
      this.#ready = undefined;
      this.emit('disconnected', error);
      this.#capture?.reject(
        new SignaturePadError('disconnected', `the signature pad was disconnected: ${error.message}`),
      );
    });
  }

  get extent(): PadExtent | undefined {
    return this.#extent;
  }

  /** For protocols: the pad's range, known from a descriptor, a query or settings. */
  protected setExtent(extent: PadExtent): void {
    if (!(extent.width > 0 && extent.height > 0))
      throw new SignaturePadError('malformed', `the pad reports an extent of ${extent.width} x ${extent.height}`);
    this.#extent = extent;
    this.#recorder = new StrokeRecorder(extent, this.#buttons);
  }

  /** One chunk from the transport. */
  protected abstract receive(chunk: Uint8Array): void;

  /** Called when the link (re)opens, before `start`: drop half-read bytes here. */
  protected reopened(): void {}

  /** Sets the pad up after the link opens; rejects when it does not answer. */
  protected async start(): Promise<void> {}

  /** Opens the link and waits until the pad is set up. */
  async open(): Promise<void> {
    await this.transport.open();
    const ready = this.#ready;
    if (!ready) throw new SignaturePadError('disconnected', `${this.transport.description} closed while opening`);
    try {
      await ready;
    } catch (error) {
      this.#ready = undefined;
      await this.transport.close();
      throw error;
    }
  }

  async close(): Promise<void> {
    this.#capture?.reject(new SignaturePadError('canceled', 'the signature pad was closed'));
    this.#ready = undefined;
    await this.transport.close();
  }

  /** For protocols: a decoded pen report. Ignored outside a capture. */
  protected pen(sample: PenSample): void {
    const recorder = this.#recorder;
    if (!this.#capture || !recorder) return;
    const { ink, press } = recorder.sample(sample);
    if (ink) this.emit('ink', ink.stroke, ink.points);
    if (press === 'clear') this.clear();
    else if (press === 'cancel') this.cancel();
    else if (press === 'accept' && !recorder.empty) this.accept();
  }

  /** For protocols: bytes that could not be read. The pad stays usable. */
  protected fault(error: Error): void {
    if (this.listenerCount('error') > 0) this.emit('error', error);
  }

  capture(request: CaptureRequest = {}): Promise<SignatureStrokes> {
    if (this.#capture)
      return Promise.reject(new SignaturePadError('busy', `${this.protocol}: a signature is already being captured`));
    if (!this.#recorder || !this.transport.isOpen)
      return Promise.reject(new SignaturePadError('disconnected', `${this.protocol}: the signature pad is not open`));
    if (request.signal?.aborted) return Promise.reject(new SignaturePadError('canceled', 'the signature was canceled'));
    this.#recorder.clear();
    const capture = pendingRead<SignatureStrokes>({
      signal: request.signal,
      canceled: () => new SignaturePadError('canceled', 'the signature was canceled'),
      onSettled: () => {
        this.#capture = undefined;
        this.#recorder?.clear();
      },
    });
    this.#capture = capture;
    return capture.promise;
  }

  clear(): void {
    if (!this.#capture) return;
    this.#recorder?.clear();
    this.emit('cleared');
  }

  accept(): void {
    const recorder = this.#recorder;
    const extent = this.#extent;
    if (!this.#capture || !recorder || !extent)
      throw new SignaturePadError('canceled', 'no signature is being captured');
    if (recorder.empty) throw new SignaturePadError('empty', 'nothing has been signed yet');
    const strokes = recorder.strokes.map((stroke) => [...stroke]);
    this.#capture?.resolve({ width: extent.width, height: extent.height, strokes });
  }

  cancel(): void {
    this.#capture?.reject(new SignaturePadError('canceled', 'the signature was canceled'));
  }
}
