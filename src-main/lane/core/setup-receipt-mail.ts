import { dirname, join } from 'node:path';
import type { Clock } from '../../platform/clock';
import { createReceiptOutbox, type ReceiptOutbox } from '../receipt-mail/outbox';
import { receiptFactsForOrder } from '../terminal/reprint';
import type { CoreOptions } from './core-options';
import type { LaneJournal } from './setup-journal';

/** The outbox file's name, beside the journal; training keeps its own, as it keeps its own journal. */
export const receiptOutboxFile = (training: boolean) =>
  training ? 'receipt-outbox-training.sqlite' : 'receipt-outbox.sqlite';

/**
 * Emailed receipts (ADR 068): the outbox in its own SQLite file beside the journal (in memory when
 * the lane has no journal file), composing each receipt from the journal as a reprint does.
 */
export function setupReceiptMail(options: CoreOptions, clock: Clock, journal: LaneJournal): ReceiptOutbox {
  const { settings, logger } = options;
  return createReceiptOutbox({
    path: options.journalPath ? join(dirname(options.journalPath), receiptOutboxFile(settings.training)) : ':memory:',
    clock,
    settings: () => settings.receiptMail,
    password: async () => options.secrets?.()?.get('mail.password'),
    receiptFacts: (orderId) =>
      receiptFactsForOrder(
        journal.current(),
        { merchid: settings.merchantId, terminalId: settings.terminalId },
        orderId,
      ),
    training: settings.training,
    logger,
  });
}
