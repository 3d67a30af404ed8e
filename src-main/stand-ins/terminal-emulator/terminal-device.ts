import type { Clock } from '../../platform/clock';
import { KindedError } from '../../platform/errors';
import type { ConfiguredTerminal, DeviceType, TerminalModel } from './config';
import { deviceTypes } from './config';
import { acceptInput, parseInputFormat } from './input-format';
import type { TerminalCard } from './test-cards';

/**
 * One emulated terminal: what its screen shows, which prompt waits for the customer, the one
 * command the terminal service runs on it, and the faults a trainer sets. The terminal service
 * (server.ts) runs commands; a trainee or a test acts through the methods below, as a customer
 * at the real device would (developer-guides.md, "Payment Workflow": confirm the amount,
 * swipe/insert/tap, PIN, signature; the operational endpoints' prompts).
 */

export type CardMethod = 'insert' | 'tap' | 'swipe';

/** What the terminal is waiting for. */
export type TerminalPrompt =
  | { readonly kind: 'none' }
  /** Yes or no: readConfirmation, or the amount before a card is asked for (confirmAmount). */
  | { readonly kind: 'confirm'; readonly text: string }
  | { readonly kind: 'card'; readonly amountMinor: number | undefined; readonly methods: readonly CardMethod[] }
  /** Card details typed on the keypad (readManual, authManual). */
  | { readonly kind: 'keyed-card'; readonly expiry: boolean; readonly cvv: boolean }
  | { readonly kind: 'pin'; readonly amountMinor: number | undefined }
  /** The billing ZIP code (includeAVS). */
  | { readonly kind: 'zip' }
  | {
      readonly kind: 'tip';
      readonly amountMinor: number;
      readonly presets: readonly number[];
      readonly custom: boolean;
    }
  | { readonly kind: 'input'; readonly text: string; readonly format: string }
  | { readonly kind: 'signature'; readonly text: string };

export type PromptKind = TerminalPrompt['kind'];

/** A point of a signature, in the pad's pixels. */
export interface SignaturePoint {
  readonly x: number;
  readonly y: number;
}
export type SignatureStroke = readonly SignaturePoint[];

export interface KeyedCard {
  readonly number: string;
  /** MMYY. */
  readonly expiry?: string;
  readonly cvv?: string;
}

/** What each prompt is answered with. */
export interface PromptAnswers {
  none: never;
  confirm: boolean;
  card: { readonly method: CardMethod; readonly card: TerminalCard };
  'keyed-card': KeyedCard;
  pin: string;
  zip: string;
  tip: number;
  input: string;
  signature: readonly SignatureStroke[];
}

/** What a drawing of the terminal needs. */
export interface TerminalScreen {
  readonly hsn: string;
  readonly deviceType: DeviceType;
  /** Connected to the terminal service (the offline and reboot faults say false). */
  readonly connected: boolean;
  /** The display's text; '' is the idle image. Lines are separated by \n. */
  readonly text: string;
  readonly prompt: TerminalPrompt;
  /** The command the terminal service runs now (readCard, authCard, ...), if any. */
  readonly command: string | undefined;
}

/** Why a command on the terminal stopped before it finished; the service words each (api-overview.md, 500 table). */
export type StopKind = 'command-cancelled' | 'operation-cancelled' | 'timed-out' | 'disconnected';
export class CommandStop extends KindedError<StopKind> {}

/** An action the terminal cannot take now (it is not asking for that, or the input is not accepted). */
export type ActionErrorKind = 'not-asked' | 'not-accepted' | 'offline';
export class TerminalActionError extends KindedError<ActionErrorKind> {}

/** The running command, as its flow sees it. */
export interface Command {
  readonly signal: AbortSignal;
  /** Shows a prompt and waits for its answer; rejects with a CommandStop when the command stops. */
  ask<K extends Exclude<PromptKind, 'none'>>(prompt: Extract<TerminalPrompt, { kind: K }>): Promise<PromptAnswers[K]>;
  show(text: string): void;
  /** The authorization request has left for the gateway: the command no longer times out. */
  authorizing(): void;
}

interface Waiting {
  readonly kind: PromptKind;
  resolve(value: unknown): void;
}

const idle: TerminalPrompt = { kind: 'none' };

export class TerminalDevice {
  readonly hsn: string;
  readonly merchantId: string;
  readonly deviceType: DeviceType;
  readonly model: TerminalModel;
  readonly name: string;
  readonly panPadVersion: string;
  /** Receipts the terminal printed (Clover), newest last. */
  readonly printed: Array<Record<string, unknown>> = [];
  /** The terminal's own time as dateTime last set it: the local time string and when it was set. */
  localTime: { readonly set: string; readonly at: number } | undefined;

  readonly #clock: Clock;
  #text = '';
  #prompt: TerminalPrompt = idle;
  #waiting: Waiting | undefined;
  #command: { name: string; controller: AbortController; authorizing: boolean } | undefined;
  #connected = true;
  #busy = false;
  #loseNextAnswer = false;
  readonly #listeners = new Set<(screen: TerminalScreen) => void>();
  /** The text shown is a command's own (a tip screen's words, a result): the next command clears it. */
  #commandText = false;

  constructor(configured: ConfiguredTerminal, clock: Clock) {
    this.hsn = configured.hsn;
    this.merchantId = configured.merchantId;
    this.deviceType = configured.deviceType;
    this.model = deviceTypes[configured.deviceType].model;
    this.name = configured.name;
    this.panPadVersion = configured.panPadVersion;
    this.#clock = clock;
  }

  get capabilities() {
    return deviceTypes[this.deviceType];
  }

  get connected(): boolean {
    return this.#connected;
  }

  /** Whether a command runs, or the busy fault holds the terminal. */
  get inUse(): boolean {
    return this.#busy || this.#command !== undefined;
  }

  screen(): TerminalScreen {
    return {
      hsn: this.hsn,
      deviceType: this.deviceType,
      connected: this.#connected,
      text: this.#text,
      prompt: this.#prompt,
      command: this.#command?.name,
    };
  }

  /** Calls `listener` with the new screen on every change; returns the function that stops it. */
  onChange(listener: (screen: TerminalScreen) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  #changed(): void {
    const screen = this.screen();
    for (const listener of this.#listeners) listener(screen);
  }

  /** The display command: text replaces what is shown; '' returns to the idle image. */
  display(text: string): void {
    this.#text = text;
    this.#commandText = false;
    this.#changed();
  }

  /**
   * Runs one command of the terminal service on this terminal: it is the only one (the service
   * checks `inUse` first), it times out after `timeoutMs` on the clock unless its authorization
   * has left, and `cancel`, the terminal's cancel key or a reboot stop it.
   */
  async run<T>(name: string, timeoutMs: number, flow: (command: Command) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const running = { name, controller, authorizing: false };
    this.#command = running;
    const cancelTimer = this.#clock.setTimer(() => {
      if (!running.authorizing) controller.abort(new CommandStop('timed-out', 'Terminal request timed out'));
    }, timeoutMs);
    if (this.#commandText) {
      this.#text = '';
      this.#commandText = false;
    }
    const command: Command = {
      signal: controller.signal,
      ask: (prompt) => this.#ask(prompt, controller.signal) as never,
      show: (text) => {
        this.display(text);
        this.#commandText = true;
      },
      authorizing: () => {
        running.authorizing = true;
      },
    };
    this.#changed();
    try {
      return await flow(command);
    } finally {
      cancelTimer();
      if (this.#command === running) this.#command = undefined;
      // A command stopped (canceled, timed out) takes its words with it: the terminal is idle again.
      if (controller.signal.aborted && this.#commandText) {
        this.#text = '';
        this.#commandText = false;
      }
      this.#prompt = idle;
      this.#waiting = undefined;
      this.#changed();
    }
  }

  #ask(prompt: TerminalPrompt, signal: AbortSignal): Promise<unknown> {
    signal.throwIfAborted();
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        if (this.#waiting === waiting) {
          this.#waiting = undefined;
          this.#prompt = idle;
          this.#changed();
        }
        reject(signal.reason);
      };
      const waiting: Waiting = {
        kind: prompt.kind,
        resolve: (value) => {
          signal.removeEventListener('abort', onAbort);
          this.#waiting = undefined;
          this.#prompt = idle;
          resolve(value);
          this.#changed();
        },
      };
      this.#waiting = waiting;
      this.#prompt = prompt;
      signal.addEventListener('abort', onAbort, { once: true });
      this.#changed();
    });
  }

  /** Stops the running command (the POS's cancel, a forced connect): its request ends as `kind` says. */
  stopCommand(kind: StopKind, message: string): boolean {
    if (!this.#command) return false;
    this.#command.controller.abort(new CommandStop(kind, message));
    return true;
  }

  #answer<K extends Exclude<PromptKind, 'none'>>(kind: K, value: PromptAnswers[K]): void {
    if (!this.#connected) throw new TerminalActionError('offline', `Terminal ${this.hsn} is not connected`);
    if (!this.#waiting || this.#waiting.kind !== kind)
      throw new TerminalActionError(
        'not-asked',
        `Terminal ${this.hsn} is not asking for ${kind}; it waits for ${this.#prompt.kind === 'none' ? 'nothing' : this.#prompt.kind}`,
      );
    this.#waiting.resolve(value);
  }

  #cardPrompt(method: CardMethod): void {
    const prompt = this.#prompt;
    if (prompt.kind === 'card' && !prompt.methods.includes(method))
      throw new TerminalActionError('not-accepted', `Terminal ${this.hsn} does not take a card by ${method} now`);
  }

  // The customer's actions.

  insertCard(card: TerminalCard): void {
    this.#cardPrompt('insert');
    if (!card.chip) throw new TerminalActionError('not-accepted', `${card.label} has no chip to insert`);
    this.#answer('card', { method: 'insert', card });
  }

  tapCard(card: TerminalCard): void {
    this.#cardPrompt('tap');
    if (!card.contactless) throw new TerminalActionError('not-accepted', `${card.label} is not contactless`);
    this.#answer('card', { method: 'tap', card });
  }

  swipeCard(card: TerminalCard): void {
    this.#cardPrompt('swipe');
    this.#answer('card', { method: 'swipe', card });
  }

  keyCard(card: KeyedCard): void {
    if (!/^\d{12,19}$/.test(card.number))
      throw new TerminalActionError('not-accepted', 'a card number is 12 to 19 digits');
    if (card.expiry !== undefined && !/^(0[1-9]|1[0-2])\d{2}$/.test(card.expiry))
      throw new TerminalActionError('not-accepted', 'an expiry is MMYY');
    if (card.cvv !== undefined && !/^\d{3,4}$/.test(card.cvv))
      throw new TerminalActionError('not-accepted', 'a CVV is 3 or 4 digits');
    const prompt = this.#prompt;
    if (prompt.kind === 'keyed-card' && prompt.expiry && card.expiry === undefined)
      throw new TerminalActionError('not-accepted', 'the terminal asks for the expiry date too');
    if (prompt.kind === 'keyed-card' && prompt.cvv && card.cvv === undefined)
      throw new TerminalActionError('not-accepted', 'the terminal asks for the CVV too');
    this.#answer('keyed-card', card);
  }

  enterPin(pin: string): void {
    if (!/^\d{4,12}$/.test(pin)) throw new TerminalActionError('not-accepted', 'a PIN is 4 to 12 digits');
    this.#answer('pin', pin);
  }

  enterZip(zip: string): void {
    if (!/^[A-Za-z0-9 -]{3,10}$/.test(zip))
      throw new TerminalActionError('not-accepted', 'a ZIP code is 3 to 10 characters');
    this.#answer('zip', zip);
  }

  /** A preset percentage, a custom amount (minor units) where the prompt offers one, or no tip. */
  chooseTip(choice: { readonly percent: number } | { readonly amountMinor: number } | 'none'): void {
    const prompt = this.#prompt;
    if (prompt.kind !== 'tip') return this.#answer('tip', 0);
    if (choice === 'none') return this.#answer('tip', 0);
    if ('percent' in choice) {
      if (!prompt.presets.includes(choice.percent))
        throw new TerminalActionError(
          'not-accepted',
          `the terminal offers ${prompt.presets.join('%, ')}%, not ${choice.percent}%`,
        );
      return this.#answer('tip', Math.round((prompt.amountMinor * choice.percent) / 100));
    }
    if (!prompt.custom) throw new TerminalActionError('not-accepted', 'the terminal offers no custom tip');
    if (!Number.isSafeInteger(choice.amountMinor) || choice.amountMinor < 0)
      throw new TerminalActionError('not-accepted', 'a tip is a whole number of cents, 0 or more');
    this.#answer('tip', choice.amountMinor);
  }

  confirm(yes: boolean): void {
    this.#answer('confirm', yes);
  }

  /** Typed on the keypad; refused as the keypad would refuse it when it does not fit the prompt's format. */
  typeInput(text: string): void {
    const prompt = this.#prompt;
    const format = prompt.kind === 'input' ? parseInputFormat(prompt.format) : undefined;
    if (!format) return this.#answer('input', text);
    const accepted = acceptInput(format, text);
    if ('problem' in accepted) throw new TerminalActionError('not-accepted', `The terminal takes ${accepted.problem}`);
    this.#answer('input', accepted.value);
  }

  sign(strokes: readonly SignatureStroke[]): void {
    if (strokes.length === 0 || strokes.every((stroke) => stroke.length === 0))
      throw new TerminalActionError('not-accepted', 'a signature needs at least one point');
    this.#answer('signature', strokes);
  }

  /** The terminal's cancel key: the running command ends as "Operation Cancelled". */
  pressCancel(): void {
    if (!this.#connected) throw new TerminalActionError('offline', `Terminal ${this.hsn} is not connected`);
    if (!this.stopCommand('operation-cancelled', 'Operation Cancelled')) this.display('');
  }

  // The trainer's faults.

  /** Offline: the terminal is not connected to the terminal service (api-overview.md, error code 6). */
  setConnected(connected: boolean): void {
    this.#connected = connected;
    this.#changed();
  }

  /** Busy: someone else holds the terminal; every command is answered "Terminal in use" (code 7). */
  setBusy(busy: boolean): void {
    this.#busy = busy;
  }

  /** The next authCard or authManual authorizes at the gateway, and its answer never reaches the POS. */
  loseNextAnswer(): void {
    this.#loseNextAnswer = true;
  }

  /** Whether this answer is the one to lose (once). */
  takeLostAnswer(): boolean {
    const lose = this.#loseNextAnswer;
    this.#loseNextAnswer = false;
    return lose;
  }

  /** Reboot: the running command ends (not connected), the terminal is away for `awayMs`, the display is idle. */
  reboot(awayMs: number): void {
    this.stopCommand('disconnected', `Terminal ${this.hsn} rebooted`);
    this.#text = '';
    this.setConnected(false);
    this.#clock.setTimer(() => this.setConnected(true), awayMs);
  }
}
