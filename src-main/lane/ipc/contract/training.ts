/** Training's built-in gateway: a lost answer on purpose, the network down or DNS failing for a while, a fresh practice day, the overnight batch close, the emulated phone. */
import { z } from 'zod';
import { amountMinorFrom, managerPin, noArgs } from './schemas';
import { command, event } from './spec';

/** How long a training network fault lasts. */
const faultSeconds = z.number().int().min(1).max(600);

/** How a card reaches the integrated terminal's reader. */
export const terminalCardMethods = ['insert', 'tap', 'swipe'] as const;
export type TerminalCardMethod = (typeof terminalCardMethods)[number];

/** What the training terminal waits for, as its screen shows it. */
export type TrainingTerminalPrompt =
  | { readonly kind: 'none' }
  | { readonly kind: 'confirm'; readonly text: string }
  | { readonly kind: 'card'; readonly amountMinor: number | null; readonly methods: readonly TerminalCardMethod[] }
  | { readonly kind: 'keyed-card'; readonly expiry: boolean; readonly cvv: boolean }
  | { readonly kind: 'pin'; readonly amountMinor: number | null }
  | { readonly kind: 'zip' }
  | {
      readonly kind: 'tip';
      readonly amountMinor: number;
      /** Percentages. */
      readonly presets: readonly number[];
      readonly custom: boolean;
    }
  | { readonly kind: 'input'; readonly text: string; readonly format: string }
  | { readonly kind: 'signature'; readonly text: string };

/** A card of the training terminal's deck (public test numbers, shown masked). */
export interface TrainingTerminalCard {
  readonly id: string;
  readonly label: string;
  readonly maskedPan: string;
  readonly methods: readonly TerminalCardMethod[];
}

/** Training: the emulated integrated terminal as the trainee sees it, drawn beside the lane. */
export interface TrainingTerminalView {
  readonly hsn: string;
  readonly deviceType: string;
  /** On the terminal service's network (false while offline or rebooting). */
  readonly connected: boolean;
  /** The display's text, lines split by \n; '' is the idle screen. */
  readonly text: string;
  readonly prompt: TrainingTerminalPrompt;
  /** The Terminal API command it runs now (authCard, tip, ...), or null. */
  readonly command: string | null;
  readonly cards: readonly TrainingTerminalCard[];
}

/** What the trainee (or a trainer's fault) does at the training terminal. */
export const trainingTerminalAction = z.discriminatedUnion('action', [
  z
    .object({ action: z.literal('present'), cardId: z.string().min(1).max(64), method: z.enum(terminalCardMethods) })
    .strict(),
  /** A PIN typed on the terminal's keypad: 4 to 12 digits. Never logged. */
  z.object({ action: z.literal('pin'), pin: z.string().regex(/^\d{4,12}$/) }).strict(),
  /** The tip chosen: an amount in minor units (a preset's amount or a custom one). */
  z.object({ action: z.literal('tip'), tipMinor: amountMinorFrom(0) }).strict(),
  z.object({ action: z.literal('confirm'), yes: z.boolean() }).strict(),
  /** Signs on the terminal's screen with one of training's recorded signatures. */
  z.object({ action: z.literal('sign') }).strict(),
  z.object({ action: z.literal('input'), text: z.string().max(64) }).strict(),
  /** The customer presses the terminal's red key. */
  z.object({ action: z.literal('cancel') }).strict(),
  /** The trainer takes the terminal off the network, or brings it back. */
  z.object({ action: z.literal('network'), connected: z.boolean() }).strict(),
  /** The terminal restarts: its command ends and it is away for a moment. */
  z.object({ action: z.literal('reboot') }).strict(),
  /** The next authorization is made, but the terminal's answer never reaches the lane. */
  z.object({ action: z.literal('loseNextAnswer') }).strict(),
]);
export type TrainingTerminalAction = z.output<typeof trainingTerminalAction>;

export const trainingCommands = {
  'training.loseNextAnswer': command<{ readonly armed: true }>()(
    'Training: the built-in gateway processes the next authorization but its answer is lost on the way back, so the lane\u2019s recovery runs.',
    noArgs,
  ),
  'training.networkDown': command<{ readonly seconds: number }>()(
    'Training: the built-in gateway goes off the network for `seconds` (1 to 600): every connection is refused and the open ones are cut, then it is back by itself. What offline payments are practised on.',
    z.object({ seconds: faultSeconds }).strict(),
  ),
  'training.failDns': command<{ readonly seconds: number }>()(
    'Training: for `seconds` (1 to 600) the lane\u2019s gateway host does not resolve (a DNS failure); then it does again.',
    z.object({ seconds: faultSeconds }).strict(),
  ),
  'training.networkBack': command<{ readonly back: true }>()(
    'Training: the network and DNS faults end now (the built-in gateway listens again and its host resolves), as the trainer brings the network back before their time is up.',
    noArgs,
  ),
  'training.reset': command<{ readonly reset: true }>()(
    'Starts training\u2019s built-in gateway afresh: its store (the practice day) is set aside for support and a new one made. A manager\u2019s: a cashier gives `managerPin`.',
    z.object({ managerPin }).strict(),
  ),
  'training.settleBatches': command<{ readonly batches: number }>()(
    'Training: the built-in gateway closes its open batches now, as the processor does overnight, so settled sales can be refunded.',
    noArgs,
  ),
  'training.payOnPhone': command<{ readonly status: number; readonly message: string }>()(
    'Training: the emulated phone pays the pay link the lane shows now (terminal.walletSale waiting), posting over HTTPS what the pay page\u2019s training button posts: a real EC_v1 payload for the amount, signed under training\u2019s root (`fresh-ec-v2`: the other wallet\u2019s ECv2 token, sealed for the tokenizer under training\u2019s root signing key). `expired` signs it three minutes ago; `replayed` posts the last payload again. Answers the pay-link service\u2019s HTTP status and words.',
    z.object({ payload: z.enum(['fresh', 'fresh-ec-v2', 'expired', 'replayed']).default('fresh') }).strict(),
  ),
  'training.terminalScreen': command<TrainingTerminalView | null>()(
    'Training: the emulated integrated terminal\u2019s screen now, with its card deck; null when the lane takes cards on its own reader.',
    noArgs,
  ),
  'training.terminalAction': command<TrainingTerminalView>()(
    'Training: the trainee acts at the emulated integrated terminal (a card inserted, tapped or swiped, a PIN, a tip, a yes or no, a signature, the red key) or the trainer makes a fault (off the network, a reboot, a lost answer). Refused, with the screen\u2019s words, when the terminal is not asking for that. Answers the screen after it.',
    trainingTerminalAction,
  ),
} as const;

export const trainingEvents = {
  'training.terminalScreen': event<TrainingTerminalView>(
    'Training: the emulated integrated terminal\u2019s screen changed (a prompt, its text, its network).',
  ),
} as const;
