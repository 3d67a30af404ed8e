import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { z } from 'zod';
import type { BridgeServerMessageOf, EventMap } from '../../lane/ipc/contract/derive';
import type { CommandCaller, Dispatch } from '../../lane/ipc/dispatcher';
import { isForSource, type EventFeed } from '../../lane/ipc/event-hub';
import { mayHear } from '../../lane/ipc/customer-role';
import type { Logger } from '../../platform/log/logger';

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
/** WebSocket close code for a page that stopped reading what the host sends it. */
export const closeSlowReader = 1008;

/** What one connection may hold of the host's memory and attention. */
export interface BridgeLimits {
  /** Commands from one connection still being answered; more are refused at once. */
  readonly maxPendingCalls: number;
  /** Bytes waiting to go out to one connection; past this the page is not reading and is closed. */
  readonly maxUnsentBytes: number;
}

/**
 * A screen sends a command, waits, then sends the next; a few run side by side (a keystroke
 * while a sale runs). 32 at once is far beyond that and far below what makes the lane wait.
 * 4 MiB is hundreds of receipt previews: a page that lets that much pile up has stopped reading.
 */
export const defaultBridgeLimits: BridgeLimits = { maxPendingCalls: 32, maxUnsentBytes: 4 * 1024 * 1024 };

/**
 * Commands outside the waiting-calls limit. A keystroke is answered by the core at once and
 * never waits, but a reader types hundreds of them faster than the replies come back; refusing
 * one would type card data into the page (a refused key is typed) or break the card's read.
 * The wedge bounds what it holds, and the unsent-bytes limit bounds what goes back.
 */
const uncountedCommands: ReadonlySet<string> = new Set(['devices.keystroke', 'devices.keysPaused']);

/** Who a connection is, as the token it presented says: staff's screen, or the customer display. */
export type BridgeRole = 'staff' | 'customer-display';

export interface Bridge {
  /**
   * Completes a WebSocket handshake the caller has already authorized, as `role` (staff's unless
   * said): a customer display's commands go to the core in its role, and it hears its events only.
   */
  accept(request: IncomingMessage, socket: Duplex, head: Buffer, role?: BridgeRole): void;
  readonly clientCount: number;
  close(): Promise<void>;
}

interface Connection {
  readonly socket: WebSocket;
  /** Who the core sees: events addressed to one screen go to this connection only. */
  readonly caller: CommandCaller;
  pendingCalls: number;
}

/**
 * The browser-mode end of the contract: command frames go through the same validated
 * `dispatch` as Electron IPC, as this connection's own caller; events for every screen go to
 * every connected page, and an event for one screen (released keystrokes) to that page only.
 * Each connection is bounded: commands it has waiting, and bytes it has not read.
 */
export function createBridge(options: {
  dispatch: Dispatch;
  events: EventFeed;
  logger: Logger;
  limits?: Partial<BridgeLimits>;
  /** Told when a customer display connects; the function it returns, when that connection ends. */
  onCustomerDisplay?: (source: string) => () => void;
}): Bridge {
  const { dispatch, events, logger } = options;
  const limits: BridgeLimits = { ...defaultBridgeLimits, ...options.limits };
  const server = new WebSocketServer({ noServer: true, maxPayload: maxBridgeMessageBytes });
  const connections = new Set<Connection>();
  let lastConnection = 0;

  const send = (connection: Connection, message: BridgeServerMessageOf<EventMap>) => {
    const { socket } = connection;
    if (socket.readyState !== socket.OPEN) return;
    // Checked before each send: a page that stopped reading would otherwise grow the host's
    // memory by everything sent to it, and keep it after it left.
    if (socket.bufferedAmount >= limits.maxUnsentBytes) {
      logger.warn(
        { source: connection.caller.source, unsentBytes: socket.bufferedAmount },
        'bridge: closing a page that stopped reading',
      );
      socket.close(closeSlowReader, 'This page stopped reading: reload it to reconnect.');
      return;
    }
    socket.send(JSON.stringify(message));
  };

  const stopEvents = events.subscribe((name, payload, target) => {
    for (const connection of connections) {
      if (isForSource(target, connection.caller.source) && mayHear(connection.caller, name))
        send(connection, { type: 'event', name, payload });
    }
  });

  const onMessage = async (connection: Connection, data: RawData, isBinary: boolean) => {
    let message: BridgeClientMessage;
    try {
      message = readClientMessage(data, isBinary);
    } catch {
      logger.warn('bridge: closing a connection that sent a malformed message');
      connection.socket.close(closeMalformed, 'malformed message');
      return;
    }
    if (uncountedCommands.has(message.name)) {
      send(connection, {
        type: 'reply',
        id: message.id,
        ...(await dispatch(message.name, message.args, connection.caller)),
      });
      return;
    }
    if (connection.pendingCalls >= limits.maxPendingCalls) {
      send(connection, {
        type: 'reply',
        id: message.id,
        ok: false,
        error: {
          code: 'resource_exhausted',
          message: `This screen already has ${limits.maxPendingCalls} commands waiting for an answer: wait for them, then try again.`,
        },
      });
      return;
    }
    connection.pendingCalls += 1;
    try {
      const reply = await dispatch(message.name, message.args, connection.caller);
      send(connection, { type: 'reply', id: message.id, ...reply });
    } finally {
      connection.pendingCalls -= 1;
    }
  };

  server.on('connection', (socket: WebSocket, _request: IncomingMessage, role: BridgeRole = 'staff') => {
    lastConnection += 1;
    const source = `bridge:${lastConnection}`;
    const caller: CommandCaller = role === 'customer-display' ? { source, role } : { source };
    const connection: Connection = { socket, caller, pendingCalls: 0 };
    connections.add(connection);
    const gone = role === 'customer-display' ? options.onCustomerDisplay?.(source) : undefined;
    socket.on('message', (data, isBinary) => void onMessage(connection, data, isBinary));
    socket.on('close', () => {
      connections.delete(connection);
      gone?.();
    });
    socket.on('error', (error) => logger.warn({ err: error }, 'bridge: connection error'));
  });

  return {
    accept(request, socket, head, role = 'staff') {
      server.handleUpgrade(request, socket, head, (ws) => server.emit('connection', ws, request, role));
    },
    get clientCount() {
      return connections.size;
    },
    async close() {
      stopEvents();
      for (const { socket } of connections) socket.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
