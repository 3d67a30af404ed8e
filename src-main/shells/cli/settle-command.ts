import { z } from 'zod';
import type { CliIo } from './io';
import { systemClock } from '../../platform/clock';
import { basicAuthorization, createOutboundSender } from '../../platform/http/outbound';
import { readAnswer } from '../../platform/http/outbound-answer';
import { UsageError } from './usage';
import { KindedError } from '../../platform/errors';

export interface SettleOptions {
  /** The emulator's base URL, as it printed it (ending in /rest). */
  readonly emulator: string;
  readonly merchid?: string;
  readonly reject: readonly string[];
  readonly username: string;
  readonly password: string;
}

export const defaultEmulatorUrl = 'http://127.0.0.1:8711/rest';

/** Settling a day of training sales takes well under this. */
const settleTimeoutMs = 60_000;

/** What the emulator answers: each batch it settled. */
const settledBatches = z.array(
  z.object({ batchid: z.string(), merchid: z.string(), hoststat: z.string(), txns: z.number() }),
);

/**
 * `lanepoint settle`: runs the emulator's settlement now (POST /__emulator/settle), for a
 * trainer or a test that cannot wait for the 02:00 cut-off, and prints each batch.
 */
export async function runSettleCommand(io: CliIo, options: SettleOptions): Promise<number> {
  let adminUrl: URL;
  try {
    adminUrl = new URL(
      '../__emulator/settle',
      options.emulator.endsWith('/') ? options.emulator : `${options.emulator}/`,
    );
  } catch {
    throw new UsageError(`--emulator must be the emulator's URL, got "${options.emulator}"`);
  }
  const result = await createOutboundSender({ clock: systemClock }).send({
    operation: 'settle',
    method: 'POST',
    url: adminUrl,
    headers: {
      Authorization: basicAuthorization(options.username, options.password),
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ ...(options.merchid ? { merchid: options.merchid } : {}), reject: options.reject }),
    timeoutMs: settleTimeoutMs,
  });
  if (result.outcome !== 'answered') {
    throw new KindedError('unavailable', `No emulator answered at ${adminUrl.origin}: ${result.problem}`, {
      cause: result.cause,
    });
  }
  if (result.status < 200 || result.status > 299) {
    io.stderr(`The emulator refused the settlement: HTTP ${result.status} ${result.text}`);
    return 1;
  }
  const batches = readAnswer('settle', result, settledBatches);
  if (batches.length === 0) io.stdout('No open batches to settle.');
  for (const batch of batches) {
    io.stdout(
      `Settled batch ${batch.batchid} of merchant ${batch.merchid}: ${batch.hoststat}, ${batch.txns} transaction(s)`,
    );
  }
  return 0;
}
