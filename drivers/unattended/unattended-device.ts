import { EventEmitter } from 'node:events';
import { setAnswerDeadline } from '../clock';
import { systemClock, type Clock } from '../../src-main/platform/clock';
import type { Transport } from '../transport/types';
import { dptData, readDptAnswer, readLcdPrompt, type DptAnswer, type DptRequest } from './dpt';
import { UnattendedDeviceError } from './errors';
import { encodePaeFrame, PaeFrameReader, type MessageKey, type PaeFrame } from './frame';
import { generalCodes, readResponseCode } from './response-codes';

/** An LCD message the device shows while a DPT runs; the customer's screen shows it too. */
export interface LcdPrompt {
  readonly code: number;
  readonly message: string;
}

export interface UnattendedDeviceEvents {
  /** An LCD passthrough (response code 0201) during a DPT. */
  prompt: [prompt: LcdPrompt];
  connected: [];
  disconnected: [error: Error];
  /** A frame that could not be read, or an answer nobody waited for; the device stays usable. */
  error: [error: Error];
}

/** What CPT achieved: canceled, or why not (01A4 after the card was read, 01A5 no payment, 01A6 failed). */
export type CancelResult =
  { readonly canceled: true } | { readonly canceled: false; readonly code: string; readonly reason: string };

export interface UnattendedDeviceOptions {
  readonly clock?: Clock;
  /** How long CPT, GCS, GTI and RBT may take (default 5 s). */
  readonly replyTimeoutMs?: number;
  /**
   * How long a DPT may take from the command to its answer: the customer's card, the device's own
   * card timeout and the gateway's 32 s (default 180 s). Past it the outcome is unknown.
   */
  readonly paymentTimeoutMs?: number;
}

interface Waiter {
  /** Counts commands sent, so the latest one is known. */
  readonly sequence: number;
  /** Takes a frame of its key; returns true once the command is finished. */
  readonly take: (frame: PaeFrame) => boolean;
  readonly fail: (error: UnattendedDeviceError) => void;
}

/**
 * A CardPointe unattended payment device (the guide's "PAE") over a serial link: it reads the
 * card and authorizes with the gateway itself, so the lane sends DPT with the order id and
 * amount, shows the LCD prompts, and keeps the answer's `processorReference`. One command of a
 * key at a time; CPT, GCS, GTI may be sent while a DPT runs.
 */
export class UnattendedPaymentDevice extends EventEmitter<UnattendedDeviceEvents> {
  readonly protocol = 'pae';
  readonly #transport: Transport;
  readonly #reader = new PaeFrameReader();
  readonly #clock: Clock;
  readonly #replyTimeoutMs: number;
  readonly #paymentTimeoutMs: number;
  readonly #waiting = new Map<MessageKey, Waiter>();
  #sent = 0;
  /**
   * A CPT ended a running DPT, and the device still owes that DPT's 01FB "canceled by POS": when
   * it comes it is set aside, not taken as the answer to a DPT sent since.
   */
  #cancelEchoOwed = false;

  constructor(transport: Transport, options: UnattendedDeviceOptions = {}) {
    super();
    this.#transport = transport;
    this.#clock = options.clock ?? systemClock;
    this.#replyTimeoutMs = options.replyTimeoutMs ?? 5000;
    this.#paymentTimeoutMs = options.paymentTimeoutMs ?? 180_000;
    transport.on('data', (chunk) => {
      // Nothing thrown here may reach the transport's emitter: it would be an uncaught exception.
      try {
        this.#onData(chunk);
      } catch (error) {
        this.#report(error as Error);
      }
    });
    transport.on('open', () => this.emit('connected'));
    transport.on('disconnected', (error) => {
      // The waiting commands fail first, so a throwing listener cannot leave a payment hanging.
      this.#failAll(new UnattendedDeviceError('disconnected', `the payment device was disconnected: ${error.message}`));
      this.emit('disconnected', error);
    });
  }

  get description(): string {
    return this.#transport.description;
  }

  async open(): Promise<void> {
    await this.#transport.open();
  }

  async close(): Promise<void> {
    this.#failAll(new UnattendedDeviceError('canceled', 'the payment device was closed'));
    await this.#transport.close();
  }

  /**
   * Runs one DPT: resolves with the device's answer (accepted or declined), passing every LCD
   * prompt to `onPrompt` and the `prompt` event. Aborting `signal` sends CPT: before the card is
   * read it cancels (rejects `canceled`); after, the device refuses and the payment runs on to
   * its answer, which the caller must then void if it no longer wants it. Rejects `timeout` or
   * `disconnected` when the answer is lost: the outcome is then unknown (inquire by order id).
   * An answer for another order id is set aside (reported) and the wait goes on; a final answer
   * with no `externalTransactionID` rejects `malformed`, since it cannot be told to be this
   * payment's: that outcome is unknown too.
   */
  async pay(request: DptRequest, options: { signal?: AbortSignal; onPrompt?: (prompt: LcdPrompt) => void } = {}) {
    const data = dptData(request);
    const { signal, onPrompt } = options;
    if (signal?.aborted) throw new UnattendedDeviceError('canceled', 'the payment was canceled before it started');
    // A CPT that cancels ends the payment itself (cancelPayment); a refused or lost one changes nothing.
    const onAbort = () => void this.cancelPayment().catch(() => undefined);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await this.#exchange<DptAnswer>('DPT', data, this.#paymentTimeoutMs, (frame, finish) => {
        const code = readResponseCode(frame.code);
        if (!code) throw new UnattendedDeviceError('malformed', `a DPT answer has no response code ("${frame.code}")`);
        if (code.general === generalCodes.lcdMessage) {
          const prompt = readLcdPrompt(frame.data);
          if (prompt) this.#showPrompt(prompt, onPrompt);
          return;
        }
        // "DPT finished" follows the answer: it ends a DPT, whichever one, and answers none.
        if (code.general === generalCodes.accepted && code.detail === dptFinishedDetail) return;
        if (code.general === generalCodes.accepted || code.general === generalCodes.declined) {
          const answer = finalAnswer(code.general, frame);
          // Without the order id it carried, an answer could be any payment's: the caller recovers this one by order id.
          if (answer.orderId === undefined)
            throw new UnattendedDeviceError(
              'malformed',
              `a DPT answer without its externalTransactionID came while order ${request.orderId} was paying: it is not taken as this payment's`,
              { code: frame.code },
            );
          if (answer.orderId !== request.orderId) {
            this.#report(
              new UnattendedDeviceError(
                'malformed',
                `a DPT answer for order ${answer.orderId} came while order ${request.orderId} was paying; it was set aside`,
                { code: frame.code },
              ),
            );
            return;
          }
          return finish(answer);
        }
        if (code.general === generalCodes.canceledByPos) throw canceledByPos(frame.code);
        throw new UnattendedDeviceError('refused', `the payment device refused the payment: ${code.description}`, {
          code: frame.code,
        });
      });
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * CPT: cancels a DPT whose card has not been read yet. Once the device agrees, the DPT that was
   * running rejects `canceled` at once; the device's own 01FB for it is then set aside.
   */
  async cancelPayment(): Promise<CancelResult> {
    const payment = this.#waiting.get('DPT');
    return this.#exchange<CancelResult>('CPT', '', this.#replyTimeoutMs, (frame, finish) => {
      const code = readResponseCode(frame.code);
      if (code?.general === generalCodes.succeeded) {
        if (payment && this.#waiting.get('DPT') === payment) {
          this.#cancelEchoOwed = true;
          payment.fail(canceledByPos());
        }
        return finish({ canceled: true });
      }
      return finish({ canceled: false, code: frame.code, reason: code?.description ?? 'no response code' });
    });
  }

  /** GCS: the device's status flags (Started, Registered, Connected, Encryption, CardInReader, InPayment, ...). */
  async status(): Promise<Readonly<Record<string, string | number>>> {
    return this.#objectCommand('GCS');
  }

  /** GTI: the device's versions and serial number. */
  async terminalInfo(): Promise<Readonly<Record<string, string | number>>> {
    return this.#objectCommand('GTI');
  }

  /** RBT: asks the device to restart; resolves once it agreed. */
  async reboot(): Promise<void> {
    await this.#exchange<void>('RBT', '', this.#replyTimeoutMs, (frame, finish) => {
      succeededOrThrow('RBT', frame);
      finish(undefined);
    });
  }

  #objectCommand(key: 'GCS' | 'GTI'): Promise<Readonly<Record<string, string | number>>> {
    return this.#exchange(key, '', this.#replyTimeoutMs, (frame, finish) => {
      succeededOrThrow(key, frame);
      try {
        const parsed: unknown = JSON.parse(frame.data);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
          return finish(parsed as Record<string, string | number>);
      } catch {
        // Named below.
      }
      throw new UnattendedDeviceError('malformed', `the ${key} answer carries no JSON object`, { code: frame.code });
    });
  }

  /**
   * Sends one command and reads the frames of its key with `read` until it calls `finish` or
   * throws; the timer runs on the device clock.
   */
  #exchange<T>(
    key: MessageKey,
    data: string,
    timeoutMs: number,
    read: (frame: PaeFrame, finish: (value: T) => void) => void,
  ): Promise<T> {
    if (this.#waiting.has(key))
      return Promise.reject(new UnattendedDeviceError('busy', `a ${key} is still waiting for its answer`));
    return new Promise<T>((resolve, reject) => {
      let stopTimer = () => undefined as void;
      const end = () => {
        stopTimer();
        if (this.#waiting.get(key) === waiter) this.#waiting.delete(key);
      };
      const waiter: Waiter = {
        sequence: ++this.#sent,
        take: (frame) => {
          let done = false;
          try {
            read(frame, (value) => {
              done = true;
              end();
              resolve(value);
            });
          } catch (error) {
            done = true;
            end();
            reject(error as Error);
          }
          return done;
        },
        fail: (error) => {
          end();
          reject(error);
        },
      };
      this.#waiting.set(key, waiter);
      stopTimer = setAnswerDeadline(
        this.#clock,
        () =>
          waiter.fail(
            new UnattendedDeviceError(
              'timeout',
              `the payment device did not answer ${key} within ${Math.round(timeoutMs / 1000)} s`,
            ),
          ),
        timeoutMs,
      );
      const frame = encodePaeFrame({ key, type: 'CMD', code: '1', data });
      this.#transport.write(new TextEncoder().encode(frame)).catch((error: unknown) => {
        waiter.fail(
          new UnattendedDeviceError('disconnected', `cannot write to the payment device: ${(error as Error).message}`),
        );
      });
    });
  }

  #onData(chunk: Uint8Array): void {
    const { frames, errors } = this.#reader.push(chunk);
    for (const error of errors) this.#report(error);
    for (const frame of frames) {
      if (frame.type !== 'RESP') {
        this.#report(new UnattendedDeviceError('malformed', `the device sent a ${frame.key} command, not a response`));
        continue;
      }
      if (frame.key === 'PAE') {
        this.#onInternalError(frame);
        continue;
      }
      if (this.#cancelEchoOwed && frame.key === 'DPT' && isCanceledByPos(frame)) {
        this.#cancelEchoOwed = false;
        continue;
      }
      const waiter = this.#waiting.get(frame.key);
      if (waiter) waiter.take(frame);
      // A frame nobody waits for (a late "DPT finished", an answer after a timeout) is dropped.
    }
  }

  /**
   * A PAE internal error (bad checksum, invalid message, PAE starting) names no command: it
   * answers the command sent last, so that one fails with the device's words.
   */
  #onInternalError(frame: PaeFrame): void {
    const code = readResponseCode(frame.code);
    const latest = [...this.#waiting.entries()].sort(([, a], [, b]) => b.sequence - a.sequence)[0];
    const error = new UnattendedDeviceError(
      'refused',
      `the payment device refused ${latest ? `the ${latest[0]}` : 'a message'}: ${code?.description ?? frame.code}`,
      { code: frame.code },
    );
    if (latest) latest[1].fail(error);
    else this.#report(error);
  }

  /** A prompt for the caller and the listeners; one that throws is reported and cannot fail the payment. */
  #showPrompt(prompt: LcdPrompt, onPrompt: ((prompt: LcdPrompt) => void) | undefined): void {
    try {
      onPrompt?.(prompt);
      this.emit('prompt', prompt);
    } catch (error) {
      this.#report(error as Error);
    }
  }

  #failAll(error: UnattendedDeviceError): void {
    for (const waiter of [...this.#waiting.values()]) waiter.fail(error);
  }

  #report(error: Error): void {
    if (this.listenerCount('error') > 0) this.emit('error', error);
  }
}

function succeededOrThrow(key: MessageKey, frame: PaeFrame): void {
  const code = readResponseCode(frame.code);
  if (code?.general !== generalCodes.succeeded)
    throw new UnattendedDeviceError(
      'refused',
      `the payment device refused ${key}: ${code?.description ?? `no response code ("${frame.code}")`}`,
      { code: frame.code },
    );
}

/** The detail code of the guide's `01F402FE DPT finished`, sent after a DPT's answer. */
const dptFinishedDetail = 0x02fe;

/** A finished DPT's answer: an approval's JSON, or a decline's JSON or short text. */
function finalAnswer(general: number, frame: PaeFrame): DptAnswer {
  if (general === generalCodes.accepted) return readDptAnswer('accepted', frame.code, frame.data);
  if (frame.data.startsWith('{')) return readDptAnswer('declined', frame.code, frame.data);
  return { outcome: 'declined', code: frame.code, ...(frame.data ? { processorMsg: frame.data } : {}) };
}

const isCanceledByPos = (frame: PaeFrame) => readResponseCode(frame.code)?.general === generalCodes.canceledByPos;

const canceledByPos = (code?: string) =>
  new UnattendedDeviceError('canceled', 'the payment was canceled before a card was read', code ? { code } : {});
