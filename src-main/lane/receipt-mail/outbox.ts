import nodemailer, { type Transporter } from 'nodemailer';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/log/logger';
import type { ReceiptMailSettings } from '../config/receipt-mail-settings';
import { LaneError } from '../errors';
import { composeReceiptEmail } from '../receipt/email';
import type { ReceiptFacts } from '../receipt/model';
import { decodeSignature } from '../signature/codec';
import { addressProblem } from './address';
import { OutboxStore, type FinishedMail, type WaitingMail } from './outbox-store';
import { mailVerdict } from './retry';

/** The outbox as the screen shows it: what waits (and why it has not gone yet) and what became of the rest. No addresses. */
export interface ReceiptOutboxState {
  readonly waiting: ReadonlyArray<Omit<WaitingMail, 'address' | 'signature'>>;
  readonly finished: readonly FinishedMail[];
}

export interface ReceiptOutbox {
  /**
   * Queues the receipt of `orderId` for `address` and returns at once: the row is on disk, and
   * the sender takes it from there on the clock. A malformed address is refused (`invalid`,
   * naming it) before anything is written; with no mail server configured, `refused`.
   * `signature`: the sale's signature as the gateway carries it, when the caller has it in hand.
   */
  queue(args: { orderId: string; address: string; signature?: string | undefined }): {
    readonly id: number;
    readonly queuedAt: number;
  };
  state(): ReceiptOutboxState;
  /** Resolves when the sender has nothing in hand (tests await it after moving the clock). */
  settled(): Promise<void>;
  /** Stops the sender after the attempt in hand, and closes the file. */
  close(): Promise<void>;
}

export interface ReceiptOutboxOptions {
  /** The outbox file, beside the journal (`receipt-outbox.sqlite`), or `:memory:`. */
  readonly path: string;
  readonly clock: Clock;
  readonly settings: () => ReceiptMailSettings;
  /** The mail account's password from the lane's secret store. */
  readonly password: () => Promise<string | undefined>;
  /** The receipt of an order, as the journal has it (the reprint's facts); undefined when there is none. */
  readonly receiptFacts: (orderId: string) => ReceiptFacts | undefined;
  readonly training: boolean;
  readonly currency?: string;
  readonly logger: Pick<Logger, 'info' | 'warn'>;
}

/**
 * The durable receipt-mail outbox and its sender (ADR 068): `queue` writes a row and returns; a
 * sender on the injected clock composes each due receipt from the journal, sends it with
 * nodemailer, retries a server that is down or says 4xx with backoff, gives up on a 5xx or after
 * the bound, and in either end deletes the row (and with it the address), keeping the order id
 * and the outcome. Nothing here is on the payment path.
 */
export function createReceiptOutbox(options: ReceiptOutboxOptions): ReceiptOutbox {
  const { clock, logger } = options;
  const store = new OutboxStore(options.path);
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let cancelTimer: (() => void) | undefined;

  const schedule = (at: number | undefined) => {
    cancelTimer?.();
    cancelTimer = undefined;
    if (at === undefined || closed) return;
    cancelTimer = clock.setTimer(() => kick(), Math.max(0, at - clock.now()), { unref: true });
  };

  const kick = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await sendDue();
      } while (again && !closed);
    })()
      .catch((error: unknown) => logger.warn({ err: error }, 'the receipt-mail sender stopped a pass'))
      .finally(() => {
        running = null;
        if (!closed) schedule(store.nextDue());
      });
  };

  async function sendDue(): Promise<void> {
    const settings = options.settings();
    if (settings.host === null || settings.from === null) return;
    const password = settings.user ? await options.password() : undefined;
    const transport = nodemailer.createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.security === 'tls',
      requireTLS: settings.security === 'starttls',
      ignoreTLS: settings.security === 'none',
      ...(settings.user ? { auth: { user: settings.user, pass: password ?? '' } } : {}),
      connectionTimeout: settings.timeoutMs,
      greetingTimeout: settings.timeoutMs,
      socketTimeout: settings.timeoutMs,
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    try {
      for (const mail of store.due(clock.now())) {
        if (closed) return;
        await attempt(mail, settings, transport);
      }
    } finally {
      transport.close();
    }
  }

  async function attempt(mail: WaitingMail, settings: ReceiptMailSettings, transport: Transporter): Promise<void> {
    const attempts = mail.attempts + 1;
    const facts = options.receiptFacts(mail.orderId);
    if (!facts) {
      giveUp(mail, attempts, `No answered sale has order id ${mail.orderId} in this lane's journal.`);
      return;
    }
    let image = facts.signature.image;
    if (mail.signature) {
      try {
        image = decodeSignature(mail.signature);
      } catch {
        // A signature that does not decode: the receipt goes without its image, as a reprint does.
        image = undefined;
      }
    }
    const email = composeReceiptEmail(
      { ...facts, signature: { ...facts.signature, ...(image ? { image } : {}) } },
      {
        training: options.training,
        printedAt: new Date(clock.now()),
        ...(options.currency ? { currency: options.currency } : {}),
      },
    );
    try {
      await transport.sendMail({
        from: settings.from!,
        to: mail.address,
        subject: email.subject,
        text: email.text,
        html: email.html,
        attachments: email.attachments.map((attachment) => ({ ...attachment })),
      });
    } catch (error) {
      const verdict = mailVerdict(error, attempts, settings);
      if (!verdict.retry) {
        giveUp(mail, attempts, verdict.reason);
        return;
      }
      store.retryLater(mail.id, attempts, clock.now() + verdict.waitMs, verdict.problem);
      logger.warn(
        { orderId: mail.orderId, outboxId: mail.id, attempts, retryInMs: verdict.waitMs, problem: verdict.problem },
        'receipt email not sent yet; will try again',
      );
      return;
    }
    store.finish(mail.id, { state: 'sent', reason: null, attempts, finishedAt: clock.now() });
    logger.info({ orderId: mail.orderId, outboxId: mail.id, attempts }, 'receipt email sent');
  }

  function giveUp(mail: WaitingMail, attempts: number, reason: string): void {
    store.finish(mail.id, { state: 'not-sent', reason, attempts, finishedAt: clock.now() });
    logger.warn({ orderId: mail.orderId, outboxId: mail.id, attempts, reason }, 'receipt email not sent');
  }

  // Rows left by the last run are due now.
  schedule(store.nextDue());

  return {
    queue({ orderId, address, signature }) {
      if (options.settings().host === null)
        throw new LaneError(
          'refused',
          'Emailed receipts are off: no mail server is set (receiptMail.host in the settings).',
        );
      const problem = addressProblem(address);
      if (problem)
        throw new LaneError(
          'invalid',
          `${JSON.stringify(address.slice(0, 80))} is not an email address: ${problem}.`,
          'address',
        );
      if (!options.receiptFacts(orderId))
        throw new LaneError(
          'refused',
          `No answered sale has order id ${orderId} in this lane's journal, so there is no receipt to email.`,
          'orderId',
        );
      const queuedAt = clock.now();
      const id = store.add({ orderId, address, signature, now: queuedAt });
      // The sender starts on the clock, not in this call: queueing never waits on the mail server.
      if (running) again = true;
      else schedule(queuedAt);
      return { id, queuedAt };
    },
    state: () => ({ waiting: store.waiting(), finished: store.finished() }),
    settled: async () => {
      while (running) await running;
    },
    async close() {
      closed = true;
      schedule(undefined);
      while (running) await running;
      store.close();
    },
  };
}
