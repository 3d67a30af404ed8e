import type { GatewayClient } from '../gateway/client';
import {
  AuthenticationError,
  GatewayError,
  GatewayTransportError,
  RetryableError,
  ValidationError,
} from '../gateway/errors';
import { resolveLostAuthorization } from '../gateway/recovery';
import type { Journal, OfflineRow } from '../journal/journal';
import { outcomeOf, recordRecovery, sentAtOf } from '../journal/journaled';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/log/logger';
import type { GatewayLink } from './link-state';
import type { OfflineBook } from './offline-book';

export interface ForwarderOptions {
  readonly journal: Journal;
  readonly book: OfflineBook;
  readonly link: GatewayLink;
  readonly client: Pick<GatewayClient, 'auth' | 'inquireByOrderid' | 'voidByOrderId'>;
  readonly merchid: string;
  readonly clock: Pick<Clock, 'now' | 'setTimer'>;
  /** True while a sale is being taken: it goes first, and the forwarder tries again after `retryMs`. */
  readonly saleInProgress?: () => boolean;
  /** How long to wait before trying again while payments wait (a sale in progress, an answer not known yet). */
  readonly retryMs?: number;
  readonly logger?: Pick<Logger, 'warn' | 'error'>;
  /** Told after each payment forwarded and when a pass starts or ends: the status changed. */
  readonly onChange?: () => void;
}

/** What one pass did. */
export interface ForwardPass {
  readonly sent: number;
  /** Why the pass stopped with payments still stored, or null when none is left. */
  readonly stopped: string | null;
}

type OneResult = { readonly kind: 'done' } | { readonly kind: 'stop'; readonly why: string };

/**
 * Sends the stored offline payments (ADR 074) while the link is online: oldest first, one at a
 * time, in the background, each with its journaled order id. The row goes stored -> pending
 * (`forwardedAt` starts its answer window), then the journaled path: an answer completes it; a
 * lost answer makes it unknown and the lost-response procedure asks by order id (never sent
 * twice); a request that never left, or a "try again", puts it back to stored, one attempt more.
 * An outcome that is not an approval becomes an offline-decline finding; the sealed request is
 * emptied once the outcome is known.
 */
export class Forwarder {
  readonly #options: ForwarderOptions;
  #running: Promise<ForwardPass> | undefined;
  #cancelTimer: (() => void) | undefined;
  #unsubscribe: (() => void) | undefined;
  #closed = false;

  constructor(options: ForwarderOptions) {
    this.#options = options;
  }

  /** Whether a pass is running. */
  get forwarding(): boolean {
    return this.#running !== undefined;
  }

  /** Forwards whenever the link comes online, and once now. */
  start(): void {
    this.#unsubscribe = this.#options.link.onChange((state) => {
      if (state === 'online') this.kick();
    });
    this.kick();
  }

  /** A pass in the background now, unless one runs; its failure is logged, never thrown at a sale. */
  kick(): void {
    if (this.#closed || this.#running) return;
    this.forwardAll().catch((error: unknown) =>
      this.#options.logger?.error({ err: error }, 'forwarding the stored offline payments failed; tried again later'),
    );
  }

  /** One pass: every payment stored when it starts, oldest first, while the link stays online. */
  forwardAll(): Promise<ForwardPass> {
    if (this.#running) return this.#running;
    const pass = this.#pass().finally(() => {
      this.#running = undefined;
      this.#options.onChange?.();
    });
    this.#running = pass;
    this.#options.onChange?.();
    return pass;
  }

  /** Stops: no new pass; the payment being sent finishes (its row is never left half-done by the close). */
  async close(): Promise<void> {
    this.#closed = true;
    this.#cancelTimer?.();
    this.#unsubscribe?.();
    await this.#running?.catch(() => undefined);
  }

  async #pass(): Promise<ForwardPass> {
    const { book, link } = this.#options;
    // Whatever a crash left between an answer and its tidying up (a completed row with its sealed request).
    this.#options.journal.offline.settleKnown();
    let sent = 0;
    for (const row of book.stored()) {
      if (this.#closed) return { sent, stopped: 'the lane is closing' };
      if (link.state() !== 'online') return this.#later(sent, 'the gateway cannot be reached');
      if (this.#options.saleInProgress?.()) return this.#later(sent, 'a sale is in progress: it goes first');
      const result = await this.#forwardOne(row);
      this.#options.onChange?.();
      if (result.kind === 'stop') return this.#later(sent, result.why);
      sent += 1;
    }
    return { sent, stopped: book.stored().length > 0 ? this.#later(sent, 'more were stored meanwhile').stopped : null };
  }

  /** Tries again after `retryMs` (on the injected clock) while payments wait. */
  #later(sent: number, why: string): ForwardPass {
    if (!this.#closed && !this.#cancelTimer) {
      this.#cancelTimer = this.#options.clock.setTimer(() => {
        this.#cancelTimer = undefined;
        if (this.#options.link.state() === 'online') this.kick();
      }, this.#options.retryMs ?? 5000);
    }
    return { sent, stopped: why };
  }

  async #forwardOne(row: OfflineRow): Promise<OneResult> {
    const { journal, book, link, client, merchid } = this.#options;
    const entryId = row.entry.id;
    const request = book.requestOf(entryId);
    if (!request) return { kind: 'done' };
    if (!journal.offline.beginForwarding(entryId)) return { kind: 'done' };
    try {
      const answer = await client.auth(request);
      link.noteAnswered();
      journal.complete(entryId, outcomeOf(answer));
      journal.offline.settleKnown();
      return { kind: 'done' };
    } catch (error) {
      if (error instanceof GatewayTransportError && !error.requestSent) {
        journal.offline.backToStored(entryId, `not sent yet: ${error.message}`);
        link.noteNeverLeft(error.message);
        return { kind: 'stop', why: `the gateway cannot be reached (${error.message})` };
      }
      if (error instanceof RetryableError || error instanceof AuthenticationError) {
        link.noteAnswered();
        journal.offline.backToStored(entryId, `not processed: ${error.message}`);
        return { kind: 'stop', why: `the gateway did not take it (${error.message})` };
      }
      if (error instanceof ValidationError) {
        // It can never be sent as it is: a manager sees it, as a decline.
        journal.resolve(entryId, `could not be sent: ${error.message}`, { respstat: 'C', resptext: error.message });
        journal.offline.settleKnown();
        return { kind: 'done' };
      }
      if (!(error instanceof GatewayError)) throw error;
      // The request left: its answer was lost. Never sent again: asked by order id (principle 10).
      journal.markUnknown(entryId, `the answer was lost: ${error.message}`);
      const entry = journal.get(entryId);
      const outcome = await resolveLostAuthorization(
        client,
        { merchid, orderid: request.orderid ?? row.entry.orderId },
        { sentAt: entry ? sentAtOf(entry) : journal.clock.now(), now: journal.clock.now() },
      );
      recordRecovery(journal, entryId, outcome);
      journal.offline.settleKnown();
      return outcome.kind === 'unresolved'
        ? { kind: 'stop', why: `the outcome of order ${row.entry.orderId} is not known yet` }
        : { kind: 'done' };
    }
  }
}
