import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One event as the hub stored it. */
export interface StoredEvent {
  readonly seq: number;
  readonly kind: string;
  readonly at: number;
  readonly body: unknown;
}

/**
 * The store hub's lane-facing wire, as docs/hub-wire.md fixes it, for one lane and in memory:
 * the key check (401 a wrong key, 403 another lane's path), dedupe by seq, 409 gap and
 * journal-replaced, heartbeats, the settings push. Hooks make it fail as a real one can.
 */
export class FakeHub {
  readonly events: StoredEvent[] = [];
  /** Every events post, in order: how many events each carried (0: a heartbeat). */
  readonly posts: number[] = [];
  journalId: string | undefined;
  lastSeq = 0;
  settings: { version: number; document: unknown } | undefined;
  /** The next answers, before anything is stored ('5xx') or after the batch is stored ('lost'). */
  readonly failures: Array<'5xx' | 'lost-after-storing' | 'gap-once' | 'hang'> = [];
  #server: Server | undefined;
  port = 0;

  constructor(
    readonly laneId: string,
    readonly secret: string,
  ) {}

  get key(): string {
    return `lpk_${this.laneId}_${this.secret}`;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = createServer((request, response) => void this.#answer(request, response));
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.#server = server;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  async #answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const reply = (status: number, body?: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
      response.end(body === undefined ? undefined : JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const match = /^\/api\/lanes\/([^/]+)\/(events|settings)$/.exec(request.url ?? '');
    if (!match) return reply(404, { error: 'not-found', message: 'no such path' });
    const auth = /^Bearer lpk_([A-Za-z0-9-]{1,40})_(.+)$/.exec(request.headers.authorization ?? '');
    if (!auth || auth[2] !== this.secret) return reply(401, { error: 'unauthorized', message: 'bad key' });
    if (auth[1] !== match[1] || match[1] !== this.laneId)
      return reply(403, { error: 'forbidden', message: 'another lane' });
    if (match[2] === 'settings') return this.settings ? reply(200, this.settings) : reply(204);
    const failure = this.failures.shift();
    if (failure === '5xx') return reply(503, { error: 'unavailable', message: 'down for a moment' });
    const { journalId, events } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      journalId: string;
      events: StoredEvent[];
    };
    this.posts.push(events.length);
    if (failure === 'hang') return; // never answers
    if (this.journalId !== undefined && journalId !== this.journalId)
      return reply(409, { error: 'journal-replaced', message: 'another journal' });
    if (events.length > 500) return reply(413, { error: 'too-large', message: 'at most 500 events' });
    const fresh = events.filter((event) => event.seq > this.lastSeq);
    if (failure === 'gap-once' || (fresh[0] && fresh[0].seq > this.lastSeq + 1))
      return reply(409, { error: 'gap', acknowledgedSeq: this.lastSeq });
    if (events.length > 0) this.journalId ??= journalId;
    for (const event of fresh) {
      this.events.push(event);
      this.lastSeq = event.seq;
    }
    if (failure === 'lost-after-storing') return reply(500, { error: 'internal', message: 'answer lost' });
    reply(200, { acknowledgedSeq: this.lastSeq });
  }
}
