import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/log/logger';
import type { ReceiptMailSettings } from '../config/receipt-mail-settings';
import type { ReceiptSmsSettings } from '../config/receipt-sms-settings';
import { LaneError } from '../errors';
import type { ReceiptFacts } from '../receipt/model';
import { addressProblem } from './address';
import { openMailPass, type ChannelPass } from './mail-channel';
import { OutboxStore, type FinishedMail, type ReceiptChannel, type WaitingMail } from './outbox-store';
import { phoneNumberOf } from './phone';
import { openSmsPass } from './sms-channel';

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
  /**
   * Queues a text receipt of `orderId` for `phone` (E.164, or 10 NANP digits as people type
   * them), the same way: refused (`invalid`, field `phone`) before anything is written when it
   * is not a number a text can go to; `refused` with no SMS gateway configured.
   */
  queueText(args: { orderId: string; phone: string }): { readonly id: number; readonly queuedAt: number };
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
  /** The store's SMS gateway (ADR 070); texted receipts are off without it. */
  readonly smsSettings?: () => ReceiptSmsSettings;
  /** The mail account's password from the lane's secret store. */
  readonly password: () => Promise<string | undefined>;
  /** The SMS gateway's token (`sms.token`) from the lane's secret store. */
  readonly smsToken?: () => Promise<string | undefined>;
  /** The receipt of an order, as the journal has it (the reprint's facts); undefined when there is none. */
  readonly receiptFacts: (orderId: string) => ReceiptFacts | undefined;
  /** The sale's signature as the gateway keeps it, for an email whose row holds none (from History). */
  readonly signatureOf?: (orderId: string) => Promise<string | undefined>;
  readonly training: boolean;
  readonly currency?: string;
  readonly logger: Pick<Logger, 'info' | 'warn'>;
}

const noun: Record<ReceiptChannel, string> = { email: 'receipt email', sms: 'receipt text' };

/**
 * The durable receipt outbox and its sender (ADR 068, ADR 070): `queue` and `queueText` write a
 * row and return; a sender on the injected clock composes each due receipt from the journal,
 * sends it by its channel (SMTP with nodemailer, or the store's SMS gateway over HTTP), retries a
 * server that is down or says try later with backoff, gives up on a final no or after the bound,
 * and in either end deletes the row (and with it the address or number), keeping the order id
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
      .catch((error: unknown) => logger.warn({ err: error }, 'the receipt outbox sender stopped a pass'))
      .finally(() => {
        running = null;
        if (!closed) schedule(store.nextDue());
      });
  };

  async function sendDue(): Promise<void> {
    const due = store.due(clock.now());
    if (due.length === 0) return;
    const passes: Partial<Record<ReceiptChannel, ChannelPass | undefined>> = {};
    const open = async (channel: ReceiptChannel) => {
      if (!(channel in passes))
        passes[channel] =
          channel === 'email'
            ? await openMailPass({
                settings: options.settings(),
                password: options.password,
                ...(options.signatureOf ? { signatureOf: options.signatureOf } : {}),
                training: options.training,
                currency: options.currency,
                now: () => clock.now(),
              })
            : options.smsSettings
              ? await openSmsPass({
                  settings: options.smsSettings(),
                  token: options.smsToken ?? (async () => undefined),
                  clock,
                  training: options.training,
                  currency: options.currency,
                })
              : undefined;
      return passes[channel];
    };
    try {
      for (const row of due) {
        if (closed) return;
        const pass = await open(row.channel);
        if (pass) await attempt(row, pass);
        // A channel switched off since the row was queued: the row waits, uncounted, for it to come back.
        else store.retryLater(row.id, row.attempts, clock.now() + 60_000, `${noun[row.channel]}s are switched off`);
      }
    } finally {
      for (const pass of Object.values(passes)) pass?.close();
    }
  }

  async function attempt(row: WaitingMail, pass: ChannelPass): Promise<void> {
    const attempts = row.attempts + 1;
    const facts = options.receiptFacts(row.orderId);
    if (!facts) {
      giveUp(row, attempts, `No answered sale has order id ${row.orderId} in this lane's journal.`);
      return;
    }
    const delivery = await pass.send(row, facts, attempts);
    if ('sent' in delivery) {
      store.finish(row.id, { state: 'sent', reason: null, attempts, finishedAt: clock.now() });
      logger.info(
        { orderId: row.orderId, outboxId: row.id, channel: row.channel, attempts },
        `${noun[row.channel]} sent`,
      );
    } else if (!delivery.retry) giveUp(row, attempts, delivery.reason);
    else {
      store.retryLater(row.id, attempts, clock.now() + delivery.waitMs, delivery.problem);
      logger.warn(
        {
          orderId: row.orderId,
          outboxId: row.id,
          channel: row.channel,
          attempts,
          retryInMs: delivery.waitMs,
          problem: delivery.problem,
        },
        `${noun[row.channel]} not sent yet; will try again`,
      );
    }
  }

  function giveUp(row: WaitingMail, attempts: number, reason: string): void {
    store.finish(row.id, { state: 'not-sent', reason, attempts, finishedAt: clock.now() });
    logger.warn(
      { orderId: row.orderId, outboxId: row.id, channel: row.channel, attempts, reason },
      `${noun[row.channel]} not sent`,
    );
  }

  /** Writes the row; the sender starts on the clock, not in this call: queueing never waits on a server. */
  function enqueue(row: { orderId: string; channel: ReceiptChannel; address: string; signature?: string | undefined }) {
    if (!options.receiptFacts(row.orderId))
      throw new LaneError(
        'refused',
        `No answered sale has order id ${row.orderId} in this lane's journal, so there is no receipt to ${row.channel === 'sms' ? 'text' : 'email'}.`,
        'orderId',
      );
    const queuedAt = clock.now();
    const id = store.add({ ...row, now: queuedAt });
    if (running) again = true;
    else schedule(queuedAt);
    return { id, queuedAt };
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
      return enqueue({ orderId, channel: 'email', address, signature });
    },
    queueText({ orderId, phone }) {
      if (!options.smsSettings?.().url)
        throw new LaneError(
          'refused',
          'Texted receipts are off: no SMS gateway is set (receiptSms.url in the settings).',
        );
      const number = phoneNumberOf(phone);
      if ('problem' in number)
        throw new LaneError(
          'invalid',
          `The phone number ${JSON.stringify(phone.slice(0, 40))} cannot take a text: ${number.problem}.`,
          'phone',
        );
      return enqueue({ orderId, channel: 'sms', address: number.e164 });
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
