import type {
  AppInfo,
  CommandName,
  CommandReply,
  DeviceInfo,
  EventName,
  EventPayload,
  PosApi,
  SignatureSession,
  TerminalState,
} from '../../../src-main/ipc/contract';
import { namedActions } from '../../../src-renderer/pos/named-actions';

const idleSignature: SignatureSession = { state: 'idle', source: null, deviceId: null, extent: null, emulated: false, result: null };

/**
 * A renderer-side test double for window.pos: answers from the data given and lets the test
 * push events, as the main process would. Calls are recorded.
 */
const unstubbed = (name: string) => () => {
  throw new Error(`stubPos: ${name} has no stubbed answer`);
};

export function stubPos(data: { info: AppInfo; devices?: DeviceInfo[]; terminal?: TerminalState }) {
  const calls: Array<[CommandName, unknown]> = [];
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const answers: Record<CommandName, () => unknown> = {
    'app.info': () => data.info,
    'devices.list': () => data.devices ?? [],
    'terminal.state': () => data.terminal ?? { phase: 'idle', since: 0, detail: null },
    'devices.readCard': () => {
      throw new Error('stubPos: devices.readCard has no stubbed answer');
    },
    'devices.cancelRead': () => ({ canceled: false }),
    'devices.keystroke': () => ({ consumed: false }),
    'devices.testCards': () => [],
    'devices.presentTestCard': () => ({ presented: true }),
    'terminal.sale': () => {
      throw new Error('stubPos: terminal.sale has no stubbed answer');
    },
    'terminal.cancel': () => ({ canceled: false }),
    'terminal.achSale': unstubbed('terminal.achSale'),
    'terminal.profileSale': unstubbed('terminal.profileSale'),
    'terminal.capture': unstubbed('terminal.capture'),
    'terminal.void': unstubbed('terminal.void'),
    'terminal.refund': unstubbed('terminal.refund'),
    'terminal.reprint': unstubbed('terminal.reprint'),
    'terminal.lookup': unstubbed('terminal.lookup'),
    'terminal.endOfDay': unstubbed('terminal.endOfDay'),
    'terminal.history': () => [],
    'terminal.recoveryQueue': () => [],
    'terminal.recover': () => ({ settled: 0, open: 0 }),
    'terminal.settleByHand': () => [],
    'printers.testPrint': () => ({ printed: true }),
    'printers.resume': () => ({ held: 0 }),
    'printers.discardHeld': () => ({ discarded: 0 }),
    'printers.lastPage': () => ({ png: null, lines: [] }),
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
  };
  const call = (async (name: CommandName, args?: unknown): Promise<CommandReply> => {
    calls.push([name, args]);
    return { ok: true, result: answers[name]() };
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
