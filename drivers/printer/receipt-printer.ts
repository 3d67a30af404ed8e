import { EventEmitter } from 'node:events';
import { setAnswerDeadline } from '../clock';
import { systemClock, type Clock } from '../../src-main/platform/clock';
import type { Transport } from '../transport/types';
import {
  type DrawerOpenLevel,
  type DrawerPulse,
  type DrawerState,
  drawerFromPrinterStatus,
  drawerKickBytes,
  drawerSensorRequest,
  type PrinterLanguage,
  realtimeDrawerKickBytes,
} from './drawer';
import { PrinterError } from './printer-error';
import {
  isStatusByte,
  parseRealtimeStatus,
  type PrinterProblem,
  problemOf,
  type PrinterStatus,
  realtimeStatusRequests,
} from './status';

export { PrinterError, type PrinterErrorKind } from './printer-error';

export interface PrinterEvents {
  /** The link is open (the first time and after each reconnection). */
  connected: [];
  disconnected: [error: Error];
  /** A link problem that did not close it (a failed reconnection attempt). */
  error: [error: Error];
  /** A status read before or after a job. */
  status: [status: PrinterStatus];
  /** Jobs are held until the operator fixes the problem and calls `resume()`. */
  attention: [problem: PrinterProblem, held: number];
  printed: [label: string];
}

export interface ReceiptPrinterOptions {
  /** Whether the link is two-way and the printer answers DLE EOT (a profile's `realtimeStatus`). */
  readonly realtimeStatus: boolean;
  /** How long to wait for each status byte (default 1000 ms). */
  readonly statusTimeoutMs?: number;
  /** Runs the status timeout (default: the process's timers). */
  readonly clock?: Clock;
  /** The command language, for the drawer kick (default ESC/POS; a profile's `language`). */
  readonly language?: PrinterLanguage;
  /** Which level of the drawer connector's pin 3 means open (default `'low'`, see DrawerOpenLevel). */
  readonly drawerOpenLevel?: DrawerOpenLevel;
}

interface Job {
  readonly bytes: Uint8Array;
  readonly label: string;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

/**
 * One printer: one queue and one writer, so jobs never interleave. Where the link is two-way the
 * printer's real-time status is read before each job (a job is not sent to a printer with its
 * cover open, out of paper or offline) and after it (paper that ran out during the job). Either
 * way the job is kept, not dropped: it stays at the head of the queue, `attention` says why, and
 * `resume()` (the operator has loaded paper or closed the cover) prints it again from the start.
 * `print()` resolves once the bytes are written and drained and the printer reports no problem;
 * it rejects when the link fails or the held job is discarded.
 */
export class ReceiptPrinter extends EventEmitter<PrinterEvents> {
  readonly #transport: Transport;
  readonly #options: ReceiptPrinterOptions;
  readonly #queue: Job[] = [];
  #running = false;
  #held: PrinterProblem | null = null;
  #replies: number[] = [];
  #waiter: (() => void) | undefined;
  /** The link's turn: a job's bytes, a status request and its answers, a drawer kick never interleave. */
  #turn: Promise<unknown> = Promise.resolve();

  constructor(transport: Transport, options: ReceiptPrinterOptions) {
    super();
    this.#transport = transport;
    this.#options = options;
    transport.on('open', () => this.emit('connected'));
    transport.on('disconnected', (error) => this.emit('disconnected', error));
    transport.on('error', (error) => {
      if (this.listenerCount('error') > 0) this.emit('error', error);
    });
    transport.on('data', (chunk) => {
      for (const byte of chunk) if (isStatusByte(byte)) this.#replies.push(byte);
      this.#waiter?.();
    });
  }

  /** The problem jobs are held for, if any. */
  get held(): PrinterProblem | null {
    return this.#held;
  }

  get queued(): number {
    return this.#queue.length;
  }

  async open(): Promise<void> {
    await this.#transport.open();
  }

  async close(): Promise<void> {
    for (const job of this.#queue.splice(0))
      job.reject(new PrinterError('closed', 'the printer was closed before the job printed'));
    await this.#transport.close();
  }

  /** Queues a job; see the class comment for when it settles. */
  print(bytes: Uint8Array, label = 'receipt'): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ bytes, label, resolve, reject });
      void this.#run();
    });
  }

  /** The operator fixed the problem: check again and print the held jobs. */
  async resume(): Promise<void> {
    this.#held = null;
    await this.#run();
  }

  /** Gives up the held jobs (each `print()` rejects as canceled); returns how many. */
  discardHeld(): number {
    const jobs = this.#queue.splice(0);
    for (const job of jobs)
      job.reject(new PrinterError('canceled', `the ${job.label} was not printed: discarded by the operator`));
    this.#held = null;
    return jobs.length;
  }

  /** DLE EOT 1, 2 and 4, in that order. Rejects with `no-status` when the printer does not answer. */
  async status(): Promise<PrinterStatus> {
    if (!this.#options.realtimeStatus)
      throw new PrinterError('no-status', 'this printer link is one-way and reports no status');
    const [printer, offline, paper] = (await this.#request(
      Uint8Array.from([
        ...realtimeStatusRequests.printer,
        ...realtimeStatusRequests.offlineCause,
        ...realtimeStatusRequests.paperSensor,
      ]),
      3,
    )) as [number, number, number];
    const status = parseRealtimeStatus(printer, offline, paper);
    this.emit('status', status);
    return status;
  }

  /**
   * Kicks the cash drawer open: the pulse goes out at once, ahead of any held job, because a
   * drawer must open while the printer waits for paper. While jobs are held (the printer is
   * offline) an ESC/POS printer gets the real-time kick (DLE DC4), which it runs on arrival; ESC p
   * would wait in its buffer until paper is loaded. Resolves once the bytes are written; a drawer
   * has no acknowledgement: read `drawerStatus()` to see it open. Rejects `invalid` for a pulse
   * out of range, `unreachable` when the link fails.
   */
  async openDrawer(pulse: DrawerPulse = {}): Promise<void> {
    const language = this.#options.language ?? 'esc-pos';
    const bytes =
      language === 'esc-pos' && (await this.#offline())
        ? realtimeDrawerKickBytes(pulse)
        : drawerKickBytes(language, pulse);
    await this.#exclusive(async () => {
      try {
        if (!this.#transport.isOpen) await this.#transport.open();
        await this.#transport.write(bytes);
      } catch (error) {
        throw new PrinterError('unreachable', `the drawer could not be opened: ${(error as Error).message}`);
      }
    });
  }

  /**
   * The drawer's switch, from DLE EOT 1 (bit 2, read with `drawerOpenLevel`). `'unknown'` where the
   * printer cannot say: a one-way link, or a StarPRNT printer (it reports the drawer only in its
   * automatic status, which this driver does not read). Rejects `no-status` when the printer does
   * not answer.
   */
  async drawerStatus(): Promise<DrawerState> {
    if (!this.#options.realtimeStatus || (this.#options.language ?? 'esc-pos') !== 'esc-pos') return 'unknown';
    const [reply] = (await this.#request(drawerSensorRequest, 1)) as [number];
    return drawerFromPrinterStatus(reply, this.#options.drawerOpenLevel ?? 'low');
  }

  /** Whether the printer is known to be offline now (held jobs, or a status read that says so). */
  async #offline(): Promise<boolean> {
    if (this.#held !== null) return true;
    if (!this.#options.realtimeStatus) return false;
    try {
      return problemOf(await this.status()) !== null;
    } catch (error) {
      // No answer: the buffered kick is the one every ESC/POS printer runs once it can.
      if (error instanceof PrinterError) return false;
      throw error;
    }
  }

  /** Runs `work` when the link is free, so its bytes and answers do not mix with another's. */
  #exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#turn.then(work, work);
    this.#turn = result.catch(() => undefined);
    return result;
  }

  /** Writes status requests and waits for `count` status bytes, in the link's turn. */
  #request(bytes: Uint8Array, count: number): Promise<number[]> {
    return this.#exclusive(async () => {
      this.#replies = [];
      await this.#transport.write(bytes);
      await this.#answers(count);
      return this.#replies.slice(0, count);
    });
  }

  async #answers(count: number): Promise<void> {
    const timeout = this.#options.statusTimeoutMs ?? 1000;
    // One deadline for the three replies, decided by the timer alone: after a stalled loop the
    // clock is past it while the answers wait in the queue (see setAnswerDeadline).
    await new Promise<void>((resolve, reject) => {
      const answered = () => {
        if (this.#replies.length < count) return;
        stopDeadline();
        this.#waiter = undefined;
        resolve();
      };
      const stopDeadline = setAnswerDeadline(
        this.#options.clock ?? systemClock,
        () => {
          this.#waiter = undefined;
          reject(new PrinterError('no-status', `the printer did not answer a status request within ${timeout} ms`));
        },
        timeout,
      );
      this.#waiter = answered;
      answered();
    });
  }

  async #run(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    try {
      while (this.#queue.length > 0 && this.#held === null) {
        const job = this.#queue[0]!;
        try {
          if (!this.#transport.isOpen) await this.#transport.open();
          if (this.#options.realtimeStatus && this.#hold(await this.status())) break;
          await this.#exclusive(() => this.#transport.write(job.bytes));
          if (this.#options.realtimeStatus && this.#hold(await this.status())) break;
        } catch (error) {
          this.#queue.shift();
          job.reject(
            error instanceof PrinterError
              ? error
              : new PrinterError('unreachable', `the ${job.label} could not be sent: ${(error as Error).message}`),
          );
          continue;
        }
        this.#queue.shift();
        job.resolve();
        this.emit('printed', job.label);
      }
    } finally {
      this.#running = false;
    }
  }

  /** Holds the queue when the status shows a problem; true when it did. */
  #hold(status: PrinterStatus): boolean {
    const problem = problemOf(status);
    if (!problem) return false;
    this.#held = problem;
    this.emit('attention', problem, this.#queue.length);
    return true;
  }
}
