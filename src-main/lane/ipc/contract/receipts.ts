/** Emailed and texted receipts: queue one for an order, and what the outbox holds (issue 32, ADR 068, ADR 070). */
import { z } from 'zod';
import { command } from './spec';

/** The receipt outbox as the screen shows it. No addresses or phone numbers: they stay in the outbox file until sent. */
export interface ReceiptOutboxView {
  /** Receipts still to go, oldest first, and why the last try failed. */
  readonly waiting: ReadonlyArray<{
    readonly id: number;
    readonly orderId: string;
    /** `email`, or `sms` for a text through the store's SMS gateway. */
    readonly channel: 'email' | 'sms';
    readonly queuedAt: number;
    readonly attempts: number;
    readonly nextAttemptAt: number;
    readonly problem: string | null;
  }>;
  /** What became of the others, newest first: `not-sent` with the reason in words. */
  readonly finished: ReadonlyArray<{
    readonly id: number;
    readonly orderId: string;
    readonly channel: 'email' | 'sms';
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
  'receipts.sms': command<{ readonly id: number; readonly queuedAt: number }>()(
    'Queues a short text receipt (total, card\u2019s last four, approval code, the store\u2019s link) of an answered sale for a phone number, sent through the store\u2019s SMS gateway; returns at once. A phone number that is neither E.164 (+15551234567) nor 10 US digits is refused, naming it.',
    z
      .object({
        orderId: z.string().min(1).max(50),
        phone: z.string({ error: 'expected a phone number' }).max(40),
      })
      .strict(),
  ),
  'receipts.outbox': command<ReceiptOutboxView>()(
    'The emailed and texted receipts waiting to go, and what became of the rest (sent, or not sent and why).',
    z.object({}).strict(),
  ),
} as const;
