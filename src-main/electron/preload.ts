// The preload: the renderer's only door to the main process. It exposes `window.pos`, built
// from the contract's command and event names; never ipcRenderer, never a Node object.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  commandNames,
  eventNames,
  ipcChannels,
  type CommandName,
  type CommandReply,
  type EventName,
  type PosActions,
  type PosApi,
  type PosTransport,
} from '../ipc/contract';

/** Builds `window.pos` over an ipcRenderer-like object; exported for the tests. */
export function buildPosApi(ipc: Pick<typeof ipcRenderer, 'invoke' | 'on' | 'removeListener'>): PosApi {
  const call = ((name: CommandName, args?: unknown): Promise<CommandReply> => {
    if (!commandNames.includes(name)) {
      return Promise.resolve({ ok: false, error: { code: 'unknown_command', message: `Unknown command "${String(name)}"` } });
    }
    return ipc.invoke(ipcChannels.command(name), args ?? {}) as Promise<CommandReply>;
  }) as PosTransport['call'];

  const onEvent: PosTransport['onEvent'] = (name, listener, options) => {
    if (!eventNames.includes(name)) throw new Error(`Unknown event "${String(name)}"`);
    const relay = (_event: IpcRendererEvent, eventName: EventName, payload: unknown) => {
      if (eventName === name) (listener as (payload: unknown) => void)(payload);
    };
    ipc.on(ipcChannels.event, relay);
    const stop = () => {
      ipc.removeListener(ipcChannels.event, relay);
    };
    options?.signal?.addEventListener('abort', stop, { once: true });
    return stop;
  };

  const actions: Record<string, Record<string, (args?: unknown) => Promise<CommandReply>>> = {};
  for (const name of commandNames) {
    const [namespace = '', action = ''] = name.split(/\.(.*)/s);
    actions[namespace] ??= {};
    actions[namespace][action] = (args?: unknown) => call(name, args as never);
  }
  return { ...(actions as unknown as PosActions), call, onEvent };
}

if (typeof contextBridge?.exposeInMainWorld === 'function') {
  contextBridge.exposeInMainWorld('pos', buildPosApi(ipcRenderer));
}
