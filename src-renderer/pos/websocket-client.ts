import type { CommandReply, PosApi, PosTransport } from '../../src-main/lane/ipc/contract';
import type { ConnectionStatus } from '../store/connection-slice';
import { namedActions } from './named-actions';

/** What a page keeps of the bridge besides its contract's calls: the connection's state, and closing it. */
export interface BridgeConnection {
  onConnectionChange(listener: (status: ConnectionStatus) => void): () => void;
  close(): void;
}

/** A contract's transport half: `call` by name and `onEvent` by name, as `PosTransport` declares them. */
export interface ContractTransport {
  call: (...args: never[]) => Promise<CommandReply<unknown>>;
  onEvent: (...args: never[]) => () => void;
}

export type WebSocketPos = PosApi & BridgeConnection;

type Pending = (reply: CommandReply) => void;

/** The host's bridge messages, whichever contract: a reply to a command, or an event. */
type ServerMessage =
  | ({ readonly type: 'reply'; readonly id: number } & CommandReply)
  | { readonly type: 'event'; readonly name: string; readonly payload: unknown };

const retryDelaysMs = [250, 500, 1000, 2000, 4000];

/**
 * A contract over a host's WebSocket bridge, the browser-mode transport of the lane and of the
 * back office alike: `T` is the contract's transport type, which only the caller knows (the
 * renderer imports contracts for types only). It reconnects with backoff; a call made while
 * disconnected, or cut off by a disconnect, answers with code `unavailable` instead of hanging,
 * because nobody at a screen must wait on a dead socket. `peer` names the other end in those
 * answers ("the terminal", "the back office").
 */
export function connectBridge<T extends ContractTransport>(url: string, peer: string): T & BridgeConnection {
  const pending = new Map<number, Pending>();
  const eventListeners = new Set<(name: string, payload: unknown) => void>();
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
    const message = JSON.parse(String(event.data)) as ServerMessage;
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
    // A retry after the bridge closed is part of "retrying": the page keeps saying the other end
    // cannot be reached until it opens, instead of flickering back to "connecting" at each attempt.
    if (attempt === 0) setStatus('connecting');
    const ws = new WebSocket(url);
    socket = ws;
    ws.addEventListener('open', () => {
      attempt = 0;
      setStatus('open');
    });
    ws.addEventListener('message', onMessage);
    ws.addEventListener('close', () => {
      socket = null;
      failPending(`The connection to ${peer} was lost.`);
      setStatus('closed');
      if (closedByUs) return;
      const delay = retryDelaysMs[Math.min(attempt, retryDelaysMs.length - 1)];
      attempt += 1;
      retryTimer = setTimeout(open, delay);
    });
  };

  const call = (name: string, args?: unknown) =>
    new Promise<CommandReply>((resolve) => {
      if (!socket || socket.readyState !== WebSocket.OPEN) {
        resolve(unavailable(`Not connected to ${peer}.`));
        return;
      }
      const id = nextId++;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ type: 'command', id, name, args: args ?? {} }));
    });

  const onEvent = (name: string, listener: (payload: unknown) => void, options?: { signal?: AbortSignal }) => {
    const filtered = (eventName: string, payload: unknown) => {
      if (eventName === name) listener(payload);
    };
    eventListeners.add(filtered);
    const stop = () => eventListeners.delete(filtered);
    options?.signal?.addEventListener('abort', stop, { once: true });
    return stop;
  };

  open();
  const connection: BridgeConnection = {
    onConnectionChange(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    close() {
      closedByUs = true;
      clearTimeout(retryTimer);
      socket?.close();
    },
  };
  return { call, onEvent, ...connection } as unknown as T & BridgeConnection;
}

/** The lane's contract over the bridge, with its named actions (`pos.devices.list(...)`). */
export function connectWebSocketPos(url: string): WebSocketPos {
  const bridge = connectBridge<PosTransport>(url, 'the terminal');
  return Object.assign(Object.create(namedActions(bridge.call)) as PosApi, bridge) as WebSocketPos;
}
