import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { z } from 'zod';
import type { BridgeServerMessage } from '../ipc/contract';
import type { Dispatch } from '../ipc/dispatcher';
import type { EventHub } from '../ipc/event-hub';
import type { Logger } from '../log/logger';

/** The largest frame a renderer needs to send (a signature is 6 KiB); more is an attack. */
export const maxBridgeMessageBytes = 256 * 1024;

const clientMessageSchema = z
  .object({
    type: z.literal('command'),
    id: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    name: z.string().max(128),
    args: z.unknown().optional(),
  })
  .strict();

/** A command frame as the page sends it, checked. */
export type BridgeClientMessage = z.infer<typeof clientMessageSchema>;

/**
 * Reads one frame from a page: a text frame holding one command message. Throws (a
 * SyntaxError for text that is not JSON, a ZodError for JSON that is not a command message, an
 * Error for a binary frame); the connection is then closed as malformed.
 */
export function readClientMessage(data: RawData | string, isBinary: boolean): BridgeClientMessage {
  if (isBinary) throw new Error('binary frame');
  return clientMessageSchema.parse(JSON.parse(data.toString()));
}

/** WebSocket close code for a frame that is not a well-formed bridge message. */
export const closeMalformed = 1007;

export interface Bridge {
  /** Completes a WebSocket handshake the caller has already authorized. */
  accept(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  readonly clientCount: number;
  close(): Promise<void>;
}

/**
 * The browser-mode end of the contract: command frames go through the same validated
 * `dispatch` as Electron IPC, and every core event is pushed to every connected page.
 */
export function createBridge(options: { dispatch: Dispatch; events: EventHub; logger: Logger }): Bridge {
  const { dispatch, events, logger } = options;
  const server = new WebSocketServer({ noServer: true, maxPayload: maxBridgeMessageBytes });
  const clients = new Set<WebSocket>();

  const send = (socket: WebSocket, message: BridgeServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };

  const stopEvents = events.subscribe((name, payload) => {
    for (const socket of clients) send(socket, { type: 'event', name, payload });
  });

  const onMessage = async (socket: WebSocket, data: RawData, isBinary: boolean) => {
    let message: BridgeClientMessage;
    try {
      message = readClientMessage(data, isBinary);
    } catch {
      logger.warn('bridge: closing a connection that sent a malformed message');
      socket.close(closeMalformed, 'malformed message');
      return;
    }
    const reply = await dispatch(message.name, message.args);
    send(socket, { type: 'reply', id: message.id, ...reply });
  };

  server.on('connection', (socket) => {
    clients.add(socket);
    socket.on('message', (data, isBinary) => void onMessage(socket, data, isBinary));
    socket.on('close', () => clients.delete(socket));
    socket.on('error', (error) => logger.warn({ err: error }, 'bridge: connection error'));
  });

  return {
    accept(request, socket, head) {
      server.handleUpgrade(request, socket, head, (ws) => server.emit('connection', ws, request));
    },
    get clientCount() {
      return clients.size;
    },
    async close() {
      stopEvents();
      for (const socket of clients) socket.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
