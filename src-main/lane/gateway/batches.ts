import { z } from 'zod';
import { describeIssue } from './auth-response';
import { ProtocolError, ValidationError } from './errors';
import { checkField, requireField } from './field-rules';
import { text } from './wire-schema';

/** openbatch / closebatch: the batch id and whether the gateway did it ("success", else "noBatch"). */
export interface BatchChange {
  readonly done: boolean;
  /** Undefined when the gateway answered the text "null" (nothing opened or closed). */
  readonly batchid: string | undefined;
  readonly respcode: string;
}

const segment = (value: string) => encodeURIComponent(value);

/**
 * A batch source: the caller's own id for a batch, sent the same on openbatch, auth, capture and
 * settlestatByBatchSource ("must match"), so one rule for all of them: at most 40 printable
 * characters, no spaces or slashes (openbatch carries it as a path segment).
 */
export function checkBatchSource(batchsource: string): void {
  requireField('batchsource', batchsource, 'the batch source names the batch for the caller');
  checkField('batchsource', batchsource, { max: 40, type: 'AN' });
  if (/[\s/]/.test(batchsource))
    throw new ValidationError('batchsource', 'no spaces or slashes (it is a path segment)');
}

/** openbatch/{merchid}/{batchsource}: the batch source is the caller's own id for the batch. */
export function openBatchPath(request: { merchid: string; batchsource: string }): string {
  requireField('merchid', request.merchid);
  checkField('merchid', request.merchid, { max: 16, type: 'AN' });
  checkBatchSource(request.batchsource);
  return `openbatch/${segment(request.merchid)}/${segment(request.batchsource)}`;
}

/** closebatch/{merchid}[/{batchid}]: without a batch id the gateway closes its lowest open batch. */
export function closeBatchPath(request: { merchid: string; batchid?: string | undefined }): string {
  requireField('merchid', request.merchid);
  checkField('merchid', request.merchid, { max: 16, type: 'AN' });
  if (request.batchid === undefined) return `closebatch/${segment(request.merchid)}`;
  requireField('batchid', request.batchid);
  checkField('batchid', request.batchid, { max: 12, type: 'N' });
  return `closebatch/${segment(request.merchid)}/${segment(request.batchid)}`;
}

const batchAnswerSchema = z.object({ batchid: text.optional(), respcode: text });

/** Reads openbatch and closebatch answers. */
export function parseBatchChange(operation: 'openbatch' | 'closebatch', json: unknown, raw: string): BatchChange {
  const parsed = batchAnswerSchema.safeParse(json);
  if (!parsed.success)
    throw new ProtocolError(`${operation}: unexpected answer (${describeIssue(parsed.error)})`, { raw });
  const { batchid, respcode } = parsed.data;
  return {
    done: respcode.toLowerCase() === 'success',
    batchid: batchid === undefined || batchid === 'null' ? undefined : batchid,
    respcode,
  };
}
