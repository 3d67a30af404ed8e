import { randomBytes } from 'node:crypto';
import type { IntegratedTerminalConnection } from '../../lane/config/integrated-terminal-settings';
import type { TrainingGateway, TrainingTerminal } from '../../lane/core/training-kit';
import { trainingCredentials } from './lane-training-gateway';
import { LaneError } from '../../lane/errors';
import type {
  TrainingTerminalAction,
  TrainingTerminalCard,
  TrainingTerminalPrompt,
  TrainingTerminalView,
} from '../../lane/ipc/contract';
import type { Clock } from '../../platform/clock';
import {
  deviceTypes,
  type DeviceType,
  type TerminalEmulatorConfigInput,
} from '../../stand-ins/terminal-emulator/config';
import { startTerminalEmulator, type RunningTerminalEmulator } from '../../stand-ins/terminal-emulator/server';
import {
  TerminalActionError,
  type CardMethod,
  type SignatureStroke,
  type TerminalDevice,
  type TerminalPrompt,
  type TerminalScreen,
} from '../../stand-ins/terminal-emulator/terminal-device';
import { terminalTestCards, type TerminalCard } from '../../stand-ins/terminal-emulator/test-cards';

/** Training's one emulated terminal: a countertop with a touch screen, so it captures signatures. */
export const trainingTerminalHsn = 'TRAIN0001';
export const trainingTerminalType: DeviceType = 'iSC250 Touch';

/** Where the terminal service authorizes: the built-in gateway's REST root, its tokenizer and training's credentials. */
export type TrainingTerminalGateway = TerminalEmulatorConfigInput['gateway'];

export interface TrainingTerminalOptions {
  /** The built-in gateway, started on first use: asked when the terminal service starts. */
  readonly gateway: () => Promise<TrainingTerminalGateway>;
  /** The lane's clock: the terminal's timeouts and its reboot run on it. */
  readonly clock: Clock;
  /** The merchant id the built-in gateway sells under when the lane's settings name none. */
  readonly defaultMerchantId: string;
  /** The signature the trainee signs with, in the screen's pixels (width x height). */
  readonly signature: (screen: { readonly width: number; readonly height: number }) => readonly SignatureStroke[];
  /** How long a rebooted terminal is away; 10 s, so a trainee does not wait the minute a real one may take. */
  readonly rebootMs?: number;
}

const deck: readonly TerminalCard[] = Object.values(terminalTestCards);

/** Public test numbers, shown with their last four digits only. */
const masked = (pan: string) => `${'*'.repeat(pan.length - 4)}${pan.slice(-4)}`;

const cardMethods = (card: TerminalCard): CardMethod[] => [
  ...(card.chip ? (['insert'] as const) : []),
  ...(card.contactless ? (['tap'] as const) : []),
  'swipe',
];

const deckView: readonly TrainingTerminalCard[] = deck.map((card) => ({
  id: card.id,
  label: card.label,
  maskedPan: masked(card.pan),
  methods: cardMethods(card),
}));

function promptView(prompt: TerminalPrompt): TrainingTerminalPrompt {
  switch (prompt.kind) {
    case 'card':
      return { kind: 'card', amountMinor: prompt.amountMinor ?? null, methods: [...prompt.methods] };
    case 'pin':
      return { kind: 'pin', amountMinor: prompt.amountMinor ?? null };
    case 'tip':
      return { kind: 'tip', amountMinor: prompt.amountMinor, presets: [...prompt.presets], custom: prompt.custom };
    default:
      return prompt;
  }
}

function view(screen: TerminalScreen): TrainingTerminalView {
  return {
    hsn: screen.hsn,
    deviceType: screen.deviceType,
    connected: screen.connected,
    text: screen.text,
    prompt: promptView(screen.prompt),
    command: screen.command ?? null,
    cards: deckView,
  };
}

/** What each prompt asks for, in the trainee's words. */
const promptWords: Record<TerminalPrompt['kind'], string> = {
  none: 'nothing',
  confirm: 'a yes or no',
  card: 'a card',
  'keyed-card': 'a card number typed on its keypad',
  pin: 'a PIN',
  zip: 'a ZIP code',
  tip: 'a tip',
  input: 'something typed on its keypad',
  signature: 'a signature',
};

/** What each action answers. */
const actionAnswers: Partial<Record<TrainingTerminalAction['action'], readonly TerminalPrompt['kind'][]>> = {
  present: ['card'],
  pin: ['pin'],
  tip: ['tip'],
  confirm: ['confirm'],
  sign: ['signature'],
  input: ['input', 'zip', 'keyed-card'],
};

/**
 * Where training's terminal service authorizes: in front of the built-in gateway (or the loopback
 * one training was given), its REST root and tokenizer, with training's API user.
 */
export async function trainingTerminalGateway(
  gateway: Pick<TrainingGateway, 'tokenizerUrl'>,
): Promise<TrainingTerminalGateway> {
  const root = await gateway.tokenizerUrl();
  return {
    restUrl: `${root}/rest`,
    tokenizeUrl: `${new URL(root).origin}/cardsecure/api/v1/ccn/tokenize`,
    ...trainingCredentials,
  };
}

/**
 * Training's integrated terminal (ADR 085): the Terminal API emulator on a loopback port in front
 * of training's built-in gateway, with one emulated terminal (`TRAIN0001`, a touch-screen
 * countertop) boarded to the lane's merchant id with PIN debit on, and an API key made for this
 * run. The trainee works the terminal from the training panel; the lane reaches it over real
 * HTTP, as it would reach the terminal service.
 */
export function createTrainingTerminal(options: TrainingTerminalOptions): TrainingTerminal {
  const listeners = new Set<(view: TrainingTerminalView) => void>();
  interface Started {
    readonly merchantId: string;
    readonly emulator: RunningTerminalEmulator;
    readonly device: TerminalDevice;
    readonly connection: IntegratedTerminalConnection;
    readonly stop: () => void;
  }
  let starting: { readonly merchantId: string; readonly started: Promise<Started> } | undefined;
  let started: Started | undefined;

  const start = async (merchantId: string): Promise<Started> => {
    if (!/^[A-Za-z0-9]{1,16}$/.test(merchantId))
      throw new LaneError(
        'refused',
        `Training's terminal is boarded to a merchant id of 1 to 16 letters or digits, not "${merchantId.slice(0, 20)}": set the lane's merchantId.`,
      );
    const gateway = await options.gateway();
    const apiKey = `training-${randomBytes(18).toString('base64url')}`;
    const emulator = await startTerminalEmulator({
      config: {
        apiKeys: [{ key: apiKey, merchantIds: [merchantId] }],
        merchants: [{ merchantId, pinDebit: true }],
        terminals: [{ hsn: trainingTerminalHsn, merchantId, deviceType: trainingTerminalType, name: 'Training' }],
        gateway,
      },
      clock: options.clock,
      timings: { rebootMs: options.rebootMs ?? 10_000 },
    });
    const device = emulator.terminal(trainingTerminalHsn);
    const stop = device.onChange((screen) => {
      const next = view(screen);
      for (const listener of listeners) listener(next);
    });
    return {
      merchantId,
      emulator,
      device,
      stop,
      connection: { baseUrl: emulator.url, merchantId, hsn: trainingTerminalHsn, apiKey },
    };
  };

  const stopCurrent = async () => {
    const current = started;
    started = undefined;
    starting = undefined;
    if (!current) return;
    current.stop();
    await current.emulator.close();
  };

  const running = (): Started => {
    if (!started)
      throw new LaneError(
        'refused',
        'The training terminal has not started: it starts when the lane, set to take cards on the integrated terminal, first reaches it.',
      );
    return started;
  };

  /** The device's refusal in the trainee's words (never with what was typed: a PIN stays out of every message). */
  const refusal = (error: unknown, device: TerminalDevice, action: TrainingTerminalAction): never => {
    if (!(error instanceof TerminalActionError)) throw error;
    if (error.kind === 'offline')
      throw new LaneError('refused', 'The terminal is off the network: bring it back on the network first.');
    if (error.kind === 'not-asked') {
      const waiting = promptWords[device.screen().prompt.kind];
      const wanted = (actionAnswers[action.action] ?? []).map((kind) => promptWords[kind]).join(' or ');
      throw new LaneError('refused', `The terminal is not asking for ${wanted}: it waits for ${waiting}.`);
    }
    throw new LaneError('refused', `The terminal does not take that: ${error.message}.`);
  };

  const tipChoice = (device: TerminalDevice, tipMinor: number) => {
    const prompt = device.screen().prompt;
    if (tipMinor === 0) return 'none' as const;
    if (prompt.kind === 'tip') {
      const percent = prompt.presets.find((preset) => Math.round((prompt.amountMinor * preset) / 100) === tipMinor);
      if (percent !== undefined) return { percent };
    }
    return { amountMinor: tipMinor };
  };

  const typed = (device: TerminalDevice, text: string) => {
    const prompt = device.screen().prompt;
    if (prompt.kind === 'zip') return device.enterZip(text);
    if (prompt.kind === 'keyed-card') {
      // "<number> <MMYY> <CVV>", as the keypad takes them one after another.
      const [number = '', expiry, cvv] = text.trim().split(/[\s/]+/);
      return device.keyCard({ number, ...(expiry ? { expiry } : {}), ...(cvv ? { cvv } : {}) });
    }
    return device.typeInput(text);
  };

  const perform = (current: Started, action: TrainingTerminalAction): void => {
    const { device, emulator } = current;
    switch (action.action) {
      case 'present': {
        const card = deck.find((candidate) => candidate.id === action.cardId);
        if (!card) throw new LaneError('invalid', `No card "${action.cardId}" in the terminal's deck.`, 'cardId');
        if (action.method === 'insert') return device.insertCard(card);
        if (action.method === 'tap') return device.tapCard(card);
        return device.swipeCard(card);
      }
      case 'pin':
        return device.enterPin(action.pin);
      case 'tip':
        return device.chooseTip(tipChoice(device, action.tipMinor));
      case 'confirm':
        return device.confirm(action.yes);
      case 'sign': {
        const { x, y } = deviceTypes[device.deviceType];
        return device.sign(options.signature({ width: x, height: y }));
      }
      case 'input':
        return typed(device, action.text);
      case 'cancel':
        return device.pressCancel();
      case 'network':
        return device.setConnected(action.connected);
      case 'reboot':
        return emulator.reboot(device.hsn);
      case 'loseNextAnswer':
        return device.loseNextAnswer();
    }
  };

  return {
    async connection(given) {
      // No merchant id set: training's own, the one the built-in gateway sells under.
      const merchantId = given || options.defaultMerchantId;
      // The lane's merchant id changed (its settings): the terminal is boarded afresh to the new one.
      if (starting && starting.merchantId !== merchantId) {
        await starting.started.catch(() => undefined);
        await stopCurrent();
      }
      const attempt = (starting ??= {
        merchantId,
        started: start(merchantId).then((made) => (started = made)),
      });
      // A failed start is not kept: the next use tries again.
      attempt.started.catch(() => {
        if (starting === attempt) starting = undefined;
      });
      return (await attempt.started).connection;
    },
    screen: () => (started ? view(started.device.screen()) : null),
    async act(action) {
      const current = running();
      try {
        perform(current, action);
      } catch (error) {
        refusal(error, current.device, action);
      }
      return view(current.device.screen());
    },
    onScreen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async close() {
      await starting?.started.catch(() => undefined);
      await stopCurrent();
    },
  };
}
