/** Emailed receipts: queue one for an order in History, and what the outbox holds (issue 32). */
import { z } from 'zod';
import { command } from './spec';

/** The receipt-mail outbox as the screen shows it. No addresses: they stay in the outbox file until sent. */
export interface ReceiptOutboxView {
  /** Receipts still to go, oldest first, and why the last try failed. */
  readonly waiting: ReadonlyArray<{
    readonly id: number;
    readonly orderId: string;
    readonly queuedAt: number;
    readonly attempts: number;
    readonly nextAttemptAt: number;
    readonly problem: string | null;
  }>;
  /** What became of the others, newest first: `not-sent` with the reason in words. */
  readonly finished: ReadonlyArray<{
    readonly id: number;
    readonly orderId: string;
    readonly state: 'sent' | 'not-sent';
    readonly reason: string | null;
    readonly attempts: number;
    readonly queuedAt: number;
    readonly finishedAt: number;
  }>;
}

export const receiptCommands = {
  'receipts.email': command<{ readonly id: number; readonly queuedAt: number }>()(
    'Queues the receipt of an answered sale in the journal for an email address; returns at once (the mail server is never waited on). A malformed address is refused, naming it.',
    z
      .object({
        orderId: z.string().min(1).max(50),
        address: z.string({ error: 'expected an email address' }).max(320),
      })
      .strict(),
  ),
  'receipts.outbox': command<ReceiptOutboxView>()(
    'The emailed receipts waiting to go, and what became of the rest (sent, or not sent and why).',
    z.object({}).strict(),
  ),
} as const;
