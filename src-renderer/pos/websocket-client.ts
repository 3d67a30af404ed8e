import type {
  BridgeServerMessage,
  CommandName,
  CommandReply,
  EventName,
  EventPayload,
  PosApi,
  PosTransport,
} from '../../src-main/ipc/contract';
import type { ConnectionStatus } from '../store/connection-slice';
import { namedActions } from './named-actions';

export interface WebSocketPos extends PosApi {
  onConnectionChange(listener: (status: ConnectionStatus) => void): () => void;
  close(): void;
}

type Pending = (reply: CommandReply) => void;

const retryDelaysMs = [250, 500, 1000, 2000, 4000];

/**
 * The browser-mode transport: the contract over the host's WebSocket bridge. It reconnects
 * with backoff; a call made while disconnected, or cut off by a disconnect, answers with code
 * `unavailable` instead of hanging, because a cashier must never wait on a dead socket.
 */
export function connectWebSocketPos(url: string): WebSocketPos {
  const pending = new Map<number, Pending>();
  const eventListeners = new Set<(name: EventName, payload: unknown) => void>();
  const statusListeners = new Set<(status: ConnectionStatus) => void>();
  let socket: WebSocket | null = null;
  let nextId = 1;
  let attempt = 0;
  let closedByUs = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const setStatus = (status: ConnectionStatus) => {
    for (const listener of [...statusListeners]) listener(status);
  };

  const unavailable = (message: string): CommandReply => ({
    ok: false,
    error: { code: 'unavailable', message },
  });

  const failPending = (message: string) => {
    for (const [id, settle] of pending) {
      pending.delete(id);
      settle(unavailable(message));
    }
  };

  const onMessage = (event: MessageEvent) => {
    const message = JSON.parse(String(event.data)) as BridgeServerMessage;
    if (message.type === 'event') {
      for (const listener of [...eventListeners]) listener(message.name, message.payload);
      return;
    }
    const settle = pending.get(message.id);
    if (!settle) return;
    pending.delete(message.id);
    const { type: _type, id: _id, ...reply } = message;
    settle(reply);
  };

  const open = () => {
    setStatus('connecting');
    const ws = new WebSocket(url);
    socket = ws;
    ws.addEventListener('open', () => {
      attempt = 0;
      setStatus('open');
    });
    ws.addEventListener('message', onMessage);
    ws.addEventListener('close', () => {
      socket = null;
      failPending('The connection to the terminal was lost.');
      setStatus('closed');
      if (closedByUs) return;
      const delay = retryDelaysMs[Math.min(attempt, retryDelaysMs.length - 1)];
      attempt += 1;
      retryTimer = setTimeout(open, delay);
    });
  };

  const call = ((name: CommandName, args?: unknown) =>
    new Promise<CommandReply>((resolve) => {
      if (!socket || socket.readyState !== WebSocket.OPEN) {
        resolve(unavailable('Not connected to the terminal.'));
        return;
      }
      const id = nextId++;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ type: 'command', id, name, args: args ?? {} }));
    })) as PosTransport['call'];

  const onEvent: PosTransport['onEvent'] = <N extends EventName>(
    name: N,
    listener: (payload: EventPayload<N>) => void,
    options?: { signal?: AbortSignal },
  ) => {
    const filtered = (eventName: EventName, payload: unknown) => {
      if (eventName === name) listener(payload as EventPayload<N>);
    };
    eventListeners.add(filtered);
    const stop = () => eventListeners.delete(filtered);
    options?.signal?.addEventListener('abort', stop, { once: true });
    return stop;
  };

  open();
  return Object.assign(Object.create(namedActions(call)) as PosApi, {
    call,
    onEvent,
    onConnectionChange(listener: (status: ConnectionStatus) => void) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    close() {
      closedByUs = true;
      clearTimeout(retryTimer);
      socket?.close();
    },
  }) as WebSocketPos;
}
