// The preload: the renderer's only door to the main process. It exposes `window.pos`, built
// from the contract's command and event names; never ipcRenderer, never a Node object. It runs
// sandboxed, so it is bundled into one CommonJS file and imports nothing but `electron`.
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
} from '../../lane/ipc/contract';

/** The three ipcRenderer calls the preload needs; the tests pass a fake. */
export type RendererIpc = Pick<typeof ipcRenderer, 'invoke' | 'on' | 'removeListener'>;

/**
 * Builds `window.pos` over `ipc`. `call` resolves with the reply envelope, never rejects: an
 * Error crossing the contextBridge keeps only its message, so `code` and `field` would be lost.
 * A failure to reach the main process is a reply too, with code `unavailable`.
 */
export function buildPosApi(ipc: RendererIpc): PosApi {
  const call = (async (name: CommandName, args?: unknown): Promise<CommandReply> => {
    if (!commandNames.includes(name)) {
      return {
        ok: false,
        error: { code: 'unknown_command', message: `Unknown command "${String(name).slice(0, 64)}"` },
      };
    }
    try {
      return (await ipc.invoke(ipcChannels.command(name), args ?? {})) as CommandReply;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, error: { code: 'unavailable', message: `The terminal did not answer ${name}: ${message}` } };
    }
  }) as PosTransport['call'];

  const onEvent: PosTransport['onEvent'] = (name, listener, options) => {
    if (!eventNames.includes(name)) throw new Error(`Unknown event "${String(name).slice(0, 64)}"`);
    const signal = options?.signal;
    // An already-aborted signal never fires 'abort': subscribing would leak a listener for good.
    if (signal?.aborted) return () => undefined;
    const relay = (_event: IpcRendererEvent, eventName: EventName, payload: unknown) => {
      if (eventName === name) (listener as (payload: unknown) => void)(payload);
    };
    const stop = () => {
      ipc.removeListener(ipcChannels.event, relay);
      signal?.removeEventListener('abort', stop);
    };
    ipc.on(ipcChannels.event, relay);
    signal?.addEventListener('abort', stop, { once: true });
    return stop;
  };

  // pos.devices.list(args) is call('devices.list', args): split each name at its first dot.
  const actions: Record<string, Record<string, (args?: unknown) => Promise<CommandReply>>> = {};
  for (const name of commandNames) {
    const dot = name.indexOf('.');
    const namespace = name.slice(0, dot);
    const action = name.slice(dot + 1);
    actions[namespace] ??= {};
    actions[namespace][action] = (args?: unknown) => call(name, args as never);
  }
  return { ...(actions as PosActions), call, onEvent } satisfies PosApi;
}

contextBridge.exposeInMainWorld('pos', buildPosApi(ipcRenderer));
