import type { ReceiptPrinter } from '../../../drivers/printer/receipt-printer';
import type { PrinterProblem } from '../../../drivers/printer/status';
import type { Logger } from '../../platform/log/logger';
import { encodeReceipt } from './escpos';
import { buildReceipt, type ReceiptDocument, type ReceiptFacts } from './model';
import type { PrinterProfile } from './profiles';

/** Where a lane's receipts go: its printer and the printer's profile. */
export interface ReceiptTarget {
  readonly printer: ReceiptPrinter;
  readonly profile: PrinterProfile;
}

/** A payment's two slips, the merchant's copy then the customer's, as first printed (not duplicates). */
export function paymentReceipts(
  facts: ReceiptFacts,
  lane: { training: boolean; printedAt: Date; columns: number },
): ReceiptDocument[] {
  const options = { training: lane.training, duplicate: false, printedAt: lane.printedAt, columns: lane.columns };
  return [buildReceipt(facts, { ...options, copy: 'merchant' }), buildReceipt(facts, { ...options, copy: 'customer' })];
}

/**
 * Sends receipts to the printer. A printer out of paper keeps them and prints them on resume;
 * the caller does not wait for that. A printer already holding jobs is said to need attention at
 * once (it sends nothing until someone fixes it, and will not say so again). Whatever goes wrong
 * is in the result for the screen and in the log (the job's label and the printer's words, never
 * the receipt); the attention listener comes off on every way out.
 */
export async function printReceipts(
  target: ReceiptTarget,
  receipts: readonly ReceiptDocument[],
  logger?: Pick<Logger, 'warn'>,
): Promise<{ ok: boolean; problem?: string }> {
  const { printer, profile } = target;
  const alreadyHeld = printer.held;
  let onAttention: ((problem: PrinterProblem) => void) | undefined;
  const held = new Promise<PrinterProblem>((resolve) => {
    onAttention = resolve;
    printer.on('attention', onAttention);
  });
  try {
    const jobs = Promise.all(
      receipts.map((document) => printer.print(encodeReceipt(document, profile), `${document.copy} copy`)),
    );
    const first = await Promise.race([jobs.then(() => null), alreadyHeld ?? held]);
    if (first === null) return { ok: true };
    // Nobody waits for the held jobs any more: a later failure (discarded, link lost) goes to the log.
    jobs.catch((error: unknown) => logger?.warn({ err: error, problem: first }, 'held receipts did not print'));
    return { ok: false, problem: `the printer needs attention (${first}); the receipts print when it is fixed` };
  } catch (error) {
    logger?.warn({ err: error }, 'the receipts did not print');
    return { ok: false, problem: (error as Error).message };
  } finally {
    if (onAttention) printer.off('attention', onAttention);
  }
}
