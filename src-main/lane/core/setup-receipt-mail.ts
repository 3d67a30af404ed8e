import { dirname, join } from 'node:path';
import type { Clock } from '../../platform/clock';
import { createReceiptOutbox, type ReceiptOutbox } from '../receipt-mail/outbox';
import type { GatewayAccess } from '../terminal/lane-access';
import { receiptFactsForOrder } from '../terminal/reprint';
import type { CoreOptions } from './core-options';
import type { LaneJournal } from './setup-journal';

/** The outbox file's name, beside the journal; training keeps its own, as it keeps its own journal. */
export const receiptOutboxFile = (training: boolean) =>
  training ? 'receipt-outbox-training.sqlite' : 'receipt-outbox.sqlite';

/**
 * Emailed and texted receipts (ADR 068, ADR 070): the outbox in its own SQLite file beside the
 * journal (in memory when the lane has no journal file), composing each receipt from the journal
 * as a reprint does. The journal keeps no signature; an email asks the gateway's record of the
 * sale for it when it is sent (off the payment path; without an answer it goes without).
 */
export function setupReceiptMail(
  options: CoreOptions,
  clock: Clock,
  journal: LaneJournal,
  gateway: () => Promise<GatewayAccess>,
): ReceiptOutbox {
  const { settings, logger } = options;
  const signatureOf = async (orderId: string): Promise<string | undefined> => {
    const retref = journal.current().authorization(orderId)?.outcome?.retref;
    if (!retref) return undefined;
    try {
      const { client, merchid } = await gateway();
      return (await client.inquire({ merchid, retref })).signature;
    } catch (error) {
      logger.warn({ err: error, orderId }, 'the sale\u2019s signature could not be read; the receipt goes without it');
      return undefined;
    }
  };
  return createReceiptOutbox({
    path: options.journalPath ? join(dirname(options.journalPath), receiptOutboxFile(settings.training)) : ':memory:',
    clock,
    settings: () => settings.receiptMail,
    smsSettings: () => settings.receiptSms,
    password: async () => options.secrets?.()?.get('mail.password'),
    smsToken: async () => options.secrets?.()?.get('sms.token'),
    receiptFacts: (orderId) =>
      receiptFactsForOrder(
        journal.current(),
        { merchid: settings.merchantId, terminalId: settings.terminalId },
        orderId,
      ),
    signatureOf,
    training: settings.training,
    logger,
  });
}
