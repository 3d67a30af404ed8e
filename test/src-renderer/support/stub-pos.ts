import type {
  AppInfo,
  CommandError,
  CommandName,
  CommandReply,
  CustomerView,
  DeviceInfo,
  EventName,
  EventPayload,
  OfflineStatusView,
  PosApi,
  StaffSession,
  TerminalState,
} from '../../../src-main/lane/ipc/contract';
import { namedActions } from '../../../src-renderer/pos/named-actions';
import { idleSignature } from '../../../src-main/lane/ipc/signature-session';

/**
 * A renderer-side test double for window.pos: answers from the data given and lets the test
 * push events, as the main process would. Calls are recorded.
 */
const unstubbed = (name: string) => () => {
  throw new Error(`stubPos: ${name} has no stubbed answer`);
};

/** The gateway answering and nothing stored: what a lane says when nothing is offline. */
export const onlineStatus: OfflineStatusView = {
  link: 'online',
  configured: true,
  enabled: true,
  storedCount: 0,
  storedMinor: 0,
  oldestStoredAt: null,
  refusing: null,
  forwarding: false,
  declines: 0,
};

/** A stubbed answer: returns the result (or a promise of it), or throws a `StubRefusal` for an error reply. */
export type StubAnswer = (args: unknown) => unknown;

/** A command refused by the main process, as a stubbed answer throws it. */
export class StubRefusal extends Error {
  constructor(readonly error: CommandError) {
    super(error.message);
  }
}

/** The main process asking for a manager: `forbidden`, naming the PIN field, saying that `what` needs a manager's PIN. */
export function managerNeeded(what: string): StubRefusal {
  return new StubRefusal({
    code: 'forbidden',
    field: 'managerPin',
    message: `A manager approves this: ${what} needs a manager\u2019s PIN.`,
  });
}

/** The main process refusing a value: `invalid_argument`, naming the setting or field it refused. */
export function invalidArgument(field: string, message: string): StubRefusal {
  return new StubRefusal({ code: 'invalid_argument', field, message });
}

/** A lane with no customer display connected: the counter asks at the counter. */
export const noCustomerDisplay: CustomerView = {
  seq: 0,
  language: 'en',
  languages: ['en', 'es'],
  store: { name: '', message: '' },
  order: null,
  step: { kind: 'idle' },
  takenBack: null,
  training: false,
  displays: 0,
  besideTheCounter: false,
};

export function stubPos(data: {
  info: AppInfo;
  devices?: DeviceInfo[];
  terminal?: TerminalState;
  session?: StaffSession | null;
  answers?: Partial<Record<CommandName, StubAnswer>>;
}) {
  const calls: Array<[CommandName, unknown]> = [];
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const answers: Record<CommandName, StubAnswer> = {
    'session.current': () => data.session ?? null,
    'session.signIn': unstubbed('session.signIn'),
    'session.signOut': () => ({ signedOut: true }),
    'session.trainingLogins': () => [],
    'settings.get': unstubbed('settings.get'),
    'settings.update': unstubbed('settings.update'),
    'settings.setCredentials': unstubbed('settings.setCredentials'),
    'settings.testCredentials': unstubbed('settings.testCredentials'),
    'app.info': () => data.info,
    'devices.list': () => data.devices ?? [],
    'terminal.state': () => data.terminal ?? { phase: 'idle', since: 0, detail: null, sale: null },
    'devices.readCard': () => {
      throw new Error('stubPos: devices.readCard has no stubbed answer');
    },
    'devices.cancelRead': () => ({ canceled: false }),
    'devices.keystroke': () => ({ consumed: false }),
    'devices.keysPaused': () => ({ consumed: true }),
    'devices.testCards': () => [],
    'devices.presentTestCard': () => ({ presented: true }),
    'terminal.sale': () => {
      throw new Error('stubPos: terminal.sale has no stubbed answer');
    },
    'terminal.cancel': () => ({ canceled: false }),
    'terminal.confirmFee': () => ({ confirmed: true }),
    'terminal.skipSignature': () => ({ skipped: true }),
    'terminal.keyEntry': () => ({
      active: false,
      field: 'account',
      fields: ['account', 'expiry', 'cvv', 'postal'],
      account: '',
      expiry: '',
      cvv: '',
      postal: '',
      country: '',
      street: '',
      problem: null,
      checks: { account: null, expiry: null, postal: null },
    }),
    'terminal.achSale': unstubbed('terminal.achSale'),
    'terminal.profileSale': unstubbed('terminal.profileSale'),
    'terminal.walletSale': unstubbed('terminal.walletSale'),
    'terminal.capture': unstubbed('terminal.capture'),
    'terminal.void': unstubbed('terminal.void'),
    'terminal.refund': unstubbed('terminal.refund'),
    'terminal.reprint': unstubbed('terminal.reprint'),
    'terminal.lookup': unstubbed('terminal.lookup'),
    'terminal.storedCards': () => ({ hasProfile: false, cards: [] }),
    'terminal.deleteStoredCard': unstubbed('terminal.deleteStoredCard'),
    'terminal.addSignature': unstubbed('terminal.addSignature'),
    'terminal.endOfDay': unstubbed('terminal.endOfDay'),
    'terminal.openAuthorizations': () => ({
      authorizations: [],
      expiryDays: 30,
      warnDays: 25,
      needAttention: 0,
      tips: false,
    }),
    'terminal.funding': (args) => ({
      date: `2026${(args as { date: string }).date}`,
      found: false,
      fundingDate: null,
      deposits: [],
      fundedMinor: 0,
      batchids: [],
      transactions: 0,
      achReturns: [],
      adjustments: 0,
      chargebacks: 0,
    }),
    'terminal.history': () => [],
    'terminal.recoveryQueue': () => [],
    'terminal.recover': () => ({ settled: 0, open: 0 }),
    'journal.refusal': () => null,
    'journal.acknowledge': unstubbed('journal.acknowledge'),
    'training.reset': unstubbed('training.reset'),
    'terminal.settleByHand': () => [],
    'terminal.newSale': () => data.terminal ?? { phase: 'idle', since: 0, detail: null, sale: null },
    'terminal.restTakenOutside': () => data.terminal ?? { phase: 'idle', since: 0, detail: null, sale: null },
    'terminal.cash': unstubbed('terminal.cash'),
    'terminal.returnParts': unstubbed('terminal.returnParts'),
    'terminal.findings': () => [],
    'terminal.acknowledgeFinding': () => [],
    'terminal.printFinding': unstubbed('terminal.printFinding'),
    'receipts.email': unstubbed('receipts.email'),
    'receipts.sms': unstubbed('receipts.sms'),
    'receipts.outbox': () => ({ waiting: [], finished: [] }),
    'day.shift': () => null,
    'day.openShift': unstubbed('day.openShift'),
    'day.closeShift': unstubbed('day.closeShift'),
    'day.noSale': unstubbed('day.noSale'),
    'day.xReport': unstubbed('day.xReport'),
    'day.zReport': unstubbed('day.zReport'),
    'printers.testPrint': () => ({ printed: true }),
    'printers.resume': () => ({ held: 0 }),
    'printers.discardHeld': () => ({ discarded: 0 }),
    'printers.lastPage': () => ({ png: null, lines: [] }),
    'training.loseNextAnswer': () => ({ armed: true }),
    'training.settleBatches': () => ({ batches: 1 }),
    'training.networkDown': (args) => args,
    'training.failDns': (args) => args,
    'training.networkBack': () => ({ back: true }),
    'training.payOnPhone': unstubbed('training.payOnPhone'),
    'training.terminalScreen': () => null,
    'training.terminalAction': unstubbed('training.terminalAction'),
    'signature.session': () => idleSignature,
    'signature.begin': () => ({ ...idleSignature, state: 'capturing', source: 'screen' }),
    'signature.clear': () => idleSignature,
    'signature.accept': () => {
      throw new Error('stubPos: signature.accept has no stubbed answer');
    },
    'signature.submit': () => {
      throw new Error('stubPos: signature.submit has no stubbed answer');
    },
    'signature.cancel': () => ({ canceled: true }),
    'signature.recorded': () => [],
    'signature.replay': () => ({ signed: true }),
    'kiosk.state': unstubbed('kiosk.state'),
    'kiosk.catalogue': unstubbed('kiosk.catalogue'),
    'kiosk.start': unstubbed('kiosk.start'),
    'kiosk.scan': unstubbed('kiosk.scan'),
    'kiosk.add': unstubbed('kiosk.add'),
    'kiosk.setQuantity': unstubbed('kiosk.setQuantity'),
    'kiosk.pay': unstubbed('kiosk.pay'),
    'kiosk.receipt': unstubbed('kiosk.receipt'),
    'kiosk.finish': unstubbed('kiosk.finish'),
    'kiosk.abandon': unstubbed('kiosk.abandon'),
    'kiosk.callStaff': unstubbed('kiosk.callStaff'),
    'kiosk.setService': unstubbed('kiosk.setService'),
    'kiosk.voidPayment': unstubbed('kiosk.voidPayment'),
    'offline.status': () => onlineStatus,
    'offline.queue': () => [],
    'offline.retry': unstubbed('offline.retry'),
    'offline.switch': unstubbed('offline.switch'),
    'hub.status': () => null,
    'customerDisplay.view': () => noCustomerDisplay,
    'customerDisplay.brand': () => ({ logo: null }),
    'customerDisplay.showOrder': () => noCustomerDisplay,
    'customerDisplay.askTip': unstubbed('customerDisplay.askTip'),
    'customerDisplay.answer': unstubbed('customerDisplay.answer'),
    'customerDisplay.takeBack': unstubbed('customerDisplay.takeBack'),
  };
  Object.assign(answers, data.answers);
  const call = (async (name: CommandName, args?: unknown): Promise<CommandReply> => {
    calls.push([name, args]);
    try {
      return { ok: true, result: await answers[name](args) };
    } catch (error) {
      if (error instanceof StubRefusal) return { ok: false, error: error.error };
      throw error;
    }
  }) as PosApi['call'];
  const onEvent: PosApi['onEvent'] = (name, listener, options) => {
    const set = listeners.get(name) ?? new Set();
    listeners.set(name, set);
    const wrapped = listener as (payload: unknown) => void;
    set.add(wrapped);
    options?.signal?.addEventListener('abort', () => set.delete(wrapped));
    return () => set.delete(wrapped);
  };
  const pos = Object.assign(Object.create(namedActions(call)) as PosApi, { call, onEvent });
  return {
    pos,
    calls,
    emit<N extends EventName>(name: N, payload: EventPayload<N>) {
      for (const listener of listeners.get(name) ?? []) listener(payload);
    },
  };
}
