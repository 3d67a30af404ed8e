import type { EmulatorAnswer, EmulatorContext } from './emulator-context';
import { settleOpenBatches } from './settlement';
import { merchidField, readField } from './wire-fields';

/** The guides' failure answer of both services: the text "null" for the batch id, and noBatch. */
const noBatch: EmulatorAnswer = { status: 200, body: { batchid: 'null', respcode: 'noBatch' } };

/** Captures still waiting in the merchant's open batch. */
function batchHolds(context: EmulatorContext, merchid: string, batchid: string): boolean {
  return context.ledger.inBatch(merchid, batchid).length > 0;
}

/**
 * openbatch: opens a new batch for the merchant, which the next captures join. The emulator
 * keeps one open batch per merchant (the gateway manages batches itself unless told): an empty
 * open batch is replaced by the new one, but one that already holds captures must be closed
 * first, and openbatch answers noBatch. The batch source is kept with the batch, for
 * settlestatByBatchSource; the gateway does not validate it, nor does the emulator.
 */
export function openMerchantBatch(context: EmulatorContext, merchid: string, batchsource: string): EmulatorAnswer {
  readField({ merchid }, 'merchid', merchidField);
  readField({ batchsource }, 'batchsource', {
    max: 40,
    pattern: /^[\x21-\x7E]+$/,
    shape: 'printable characters without spaces',
    required: true,
  });
  const open = context.openBatches.get(merchid);
  if (open && batchHolds(context, merchid, open)) return noBatch;
  const batchid = context.ids.batchid();
  context.openBatches.set(merchid, batchid);
  context.batchSources.set(batchid, batchsource);
  return { status: 200, body: { batchid, respcode: 'success' } };
}

/**
 * closebatch: closes the merchant's open batch now, as the daily cut-off would: its captures are
 * settled (Accepted), settlestat reports it and funding pays it out. With a batch id, only that
 * batch; noBatch when it is not the merchant's open batch (unknown, or closed already).
 */
export function closeMerchantBatch(
  context: EmulatorContext,
  merchid: string,
  batchid: string | undefined,
): EmulatorAnswer {
  readField({ merchid }, 'merchid', merchidField);
  readField({ batchid }, 'batchid', { max: 12, pattern: /^\d+$/, shape: 'digits only' });
  const open = context.openBatches.get(merchid);
  if (!open || (batchid !== undefined && batchid !== open)) return noBatch;
  const [closed] = settleOpenBatches(context, { merchid });
  return closed ? { status: 200, body: { batchid: closed.batchid, respcode: 'success' } } : noBatch;
}
