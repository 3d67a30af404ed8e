import { EventEmitter } from 'node:events';
import { systemClock, type Clock } from '../../src-main/platform/clock';
import { WedgeDetector, type Keystroke, type WedgeOptions, type WedgeOutput } from './keyboard-wedge';
import type { Transport, TransportEvents } from './types';

/**
 * How a source's keystrokes are timed.
 * - `here`: by this process's clock on arrival (the Electron main process's `before-input-event`,
 *   which carries no time of its own). A held burst is settled by this process's timer.
 * - `sender`: by the sender's own clock, where the key was pressed (a browser page's event time).
 *   This process's event loop may stall between two keys of one burst, so its clock never
 *   decides: a burst ends by its Enter, by a later key past the gap, or by the sender saying it
 *   saw the pause (`pause`). Only when the sender stays silent long after (`senderSilenceMs`,
 *   it closed or hung) are its held keys settled here.
 */
export type KeystrokeTiming = 'here' | 'sender';

export interface WedgeTransportOptions extends WedgeOptions {
  readonly description?: string;
  /** Reads the time of `here` keys and runs the timers (default: the process's own). */
  readonly clock?: Clock;
  /**
   * How long a `sender`-timed source may hold keys without a word before they are settled here
   * (default 2000 ms, forty gaps: a page that closed or hung, never a busy machine's stall).
   */
  readonly senderSilenceMs?: number;
}

interface SourceState {
  readonly detector: WedgeDetector;
  timing: KeystrokeTiming;
  cancelTimer?: () => void;
  /** Counts the waits begun, so a wait overtaken by a newer key does nothing. */
  waits: number;
}

/**
 * The keyboard wedge as a Transport: its `data` chunks are whole reader bursts (UTF-8), fed
 * by whoever sees the keystrokes (the Electron main process's `before-input-event`, or a page
 * over the contract in browser mode). Each source (a window, a page) has its own detector,
 * since a burst is typed into one of them and two clocks are never compared. It cannot write:
 * a keyboard takes no commands.
 */
export class KeyboardWedgeTransport extends EventEmitter<TransportEvents> implements Transport {
  readonly kind = 'keyboard-wedge' as const;
  readonly description: string;
  readonly #options: WedgeOptions;
  readonly #clock: Clock;
  readonly #senderSilenceMs: number;
  readonly #sources = new Map<string, SourceState>();
  readonly #releaseListeners = new Set<(keys: readonly Keystroke[]) => void>();
  readonly #barcodeListeners = new Set<(barcode: string) => void>();
  readonly #unreadableListeners = new Set<(source: string | undefined) => void>();
  #open = false;

  constructor(options: WedgeTransportOptions = {}) {
    super();
    this.description = options.description ?? 'keyboard-mode card reader';
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#senderSilenceMs = options.senderSilenceMs ?? 2000;
  }

  get isOpen(): boolean {
    return this.#open;
  }

  async open(): Promise<void> {
    if (this.#open) return;
    this.#open = true;
    this.emit('open');
  }

  async write(): Promise<void> {
    throw new Error(`${this.description} is a keyboard and takes no commands`);
  }

  async close(): Promise<void> {
    if (!this.#open) return;
    this.#open = false;
    for (const state of this.#sources.values()) {
      state.cancelTimer?.();
      this.#emit(state.detector.tick(Number.POSITIVE_INFINITY), undefined);
    }
    this.#sources.clear();
    this.emit('close');
  }

  /**
   * One keystroke from the keyboard stream. Returns true when the caller must keep it from the
   * page. While closed, every keystroke passes. `timing` says whose clock `stroke.at` is on.
   */
  feed(stroke: Keystroke, timing: KeystrokeTiming = 'here'): boolean {
    if (!this.#open) return false;
    const state = this.#state(stroke.source);
    state.timing = timing;
    const { verdict, output } = state.detector.feed(stroke);
    this.#emit(output, stroke.source);
    this.#schedule(stroke.source, state);
    return verdict === 'consume';
  }

  /**
   * A `sender`-timed source saw no key from its last one until `at` (its own clock): the held
   * burst ends there if the gap has passed. Returns when to ask again, as `settleAt` does.
   */
  pause(source: string | undefined, at: number): number | undefined {
    const state = this.#sources.get(source ?? '');
    if (!state || !this.#open) return undefined;
    this.#emit(state.detector.tick(at), source);
    this.#schedule(source, state);
    return state.detector.deadline;
  }

  /** When, on the source's own clock, its held keys settle unless another key comes; undefined when none are held. */
  settleAt(source: string | undefined): number | undefined {
    return this.#sources.get(source ?? '')?.detector.deadline;
  }

  /**
   * Held keystrokes that turned out to be a person typing: whoever feeds the wedge types them
   * into the page when this is called. Returns the unsubscribe function.
   */
  onRelease(listener: (keys: readonly Keystroke[]) => void): () => void {
    this.#releaseListeners.add(listener);
    return () => this.#releaseListeners.delete(listener);
  }

  /** A barcode scanner's codes (only with the `barcodes` option). Returns the unsubscribe function. */
  onBarcode(listener: (barcode: string) => void): () => void {
    this.#barcodeListeners.add(listener);
    return () => this.#barcodeListeners.delete(listener);
  }

  /** A scan that went wrong (only with the `barcodes` option), by the source it was typed in. */
  onUnreadable(listener: (source: string | undefined) => void): () => void {
    this.#unreadableListeners.add(listener);
    return () => this.#unreadableListeners.delete(listener);
  }

  /** Feeds a key with the current time. */
  key(key: string): boolean {
    return this.feed({ key, at: this.#clock.monotonic() });
  }

  #state(source: string | undefined): SourceState {
    const key = source ?? '';
    let state = this.#sources.get(key);
    if (!state) {
      state = { detector: new WedgeDetector(this.#options), timing: 'here', waits: 0 };
      this.#sources.set(key, state);
    }
    return state;
  }

  #schedule(source: string | undefined, state: SourceState): void {
    state.cancelTimer?.();
    state.cancelTimer = undefined;
    const wait = ++state.waits;
    const deadline = state.detector.deadline;
    if (deadline === undefined) return;
    if (state.timing === 'sender') {
      // Settled here only if the sender stays silent. Keys that arrived while this process was
      // stalled are read before the settling (setImmediate runs after the poll for I/O), and
      // any of them restarts the wait.
      state.cancelTimer = this.#clock.setTimer(
        () => setImmediate(() => this.#silent(source, state, wait)),
        this.#senderSilenceMs,
      );
      return;
    }
    state.cancelTimer = this.#clock.setTimer(
      () => {
        this.#emit(state.detector.tick(this.#clock.monotonic()), source);
        this.#schedule(source, state);
      },
      Math.max(0, deadline - this.#clock.monotonic()) + 1,
    );
  }

  #silent(source: string | undefined, state: SourceState, wait: number): void {
    if (this.#sources.get(source ?? '') !== state || state.waits !== wait) return;
    state.cancelTimer = undefined;
    this.#emit(state.detector.tick(Number.POSITIVE_INFINITY), source);
  }

  #emit(output: WedgeOutput, source: string | undefined): void {
    const release = output.release;
    if (release) for (const listener of [...this.#releaseListeners]) listener(release);
    if (output.burst !== undefined) this.emit('data', Uint8Array.from(Buffer.from(output.burst, 'utf8')));
    const barcode = output.barcode;
    if (barcode !== undefined) for (const listener of [...this.#barcodeListeners]) listener(barcode);
    if (output.unreadable) for (const listener of [...this.#unreadableListeners]) listener(source);
  }
}
