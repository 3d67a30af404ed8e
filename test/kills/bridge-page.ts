import WebSocket from 'ws';
import type { BridgeServerMessage, CommandReply } from '../../src-main/lane/ipc/contract';

/** One event the page received, in arrival order. */
export interface PageEvent {
  readonly name: string;
  readonly payload: unknown;
}

/**
 * A page on the bridge as the renderer is one: the WebSocket with the session token from the
 * address the host printed and the host's own origin, commands sent as frames and answered by
 * id, every event kept. What the screen would show is read from these frames only.
 */
export interface BridgePage {
  call<R = unknown>(name: string, args?: unknown): Promise<CommandReply<R>>;
  readonly events: PageEvent[];
  /** Told of each event as it arrives. */
  onEvent(listener: (event: PageEvent) => void): () => void;
  /** Resolves when the connection ends (the host died or closed it). */
  readonly closed: Promise<void>;
  close(): void;
}

/** Connects to the bridge of the host at `hostUrl` (`http://127.0.0.1:PORT/?token=...`). */
export async function openBridgePage(hostUrl: string): Promise<BridgePage> {
  const address = new URL(hostUrl);
  const token = address.searchParams.get('token') ?? '';
  const socket = new WebSocket(`ws://${address.host}/bridge?token=${encodeURIComponent(token)}`, {
    origin: address.origin,
  });
  const events: PageEvent[] = [];
  const listeners = new Set<(event: PageEvent) => void>();
  const waiting = new Map<
    number,
    { resolve: (reply: CommandReply<unknown>) => void; reject: (error: Error) => void; name: string }
  >();
  let lastId = 0;
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      for (const { reject, name } of waiting.values())
        reject(new Error(`the bridge closed before ${name} was answered`));
      waiting.clear();
      resolve();
    }),
  );
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as BridgeServerMessage;
    if (message.type === 'event') {
      const event = { name: message.name, payload: message.payload };
      events.push(event);
      for (const listener of listeners) listener(event);
      return;
    }
    const { type: _type, id, ...reply } = message;
    const caller = waiting.get(id);
    waiting.delete(id);
    caller?.resolve(reply as CommandReply<unknown>);
  });
  // A refused handshake or a connection error ends here as a thrown error, naming the host.
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`the host at ${address.host} refused the bridge: HTTP ${response.statusCode}`)),
    );
    socket.once('error', (error) => reject(new Error(`the bridge at ${address.host} did not open: ${error.message}`)));
  });
  return {
    call<R>(name: string, args: unknown = {}) {
      lastId += 1;
      const id = lastId;
      return new Promise<CommandReply<R>>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (reply: CommandReply<unknown>) => void, reject, name });
        socket.send(JSON.stringify({ type: 'command', id, name, args }), (error) => {
          if (!error) return;
          waiting.delete(id);
          reject(error);
        });
      });
    },
    events,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    closed,
    close: () => socket.close(),
  };
}
