import type { CliIo } from './io';
import { UsageError } from './usage';
import { KindedError } from '../platform/errors';

export interface SettleOptions {
  /** The emulator's base URL, as it printed it (ending in /rest). */
  readonly emulator: string;
  readonly merchid?: string;
  readonly reject: readonly string[];
  readonly username: string;
  readonly password: string;
}

export const defaultEmulatorUrl = 'http://127.0.0.1:8711/rest';

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
  const response = await fetch(adminUrl, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ ...(options.merchid ? { merchid: options.merchid } : {}), reject: options.reject }),
  }).catch((error: unknown) => {
    throw new KindedError('unavailable', `No emulator answered at ${adminUrl.origin}: ${(error as Error).message}`, {
      cause: error,
    });
  });
  if (!response.ok) {
    io.stderr(`The emulator refused the settlement: HTTP ${response.status} ${await response.text()}`);
    return 1;
  }
  const batches = (await response.json()) as Array<{
    batchid: string;
    merchid: string;
    hoststat: string;
    txns: number;
  }>;
  if (batches.length === 0) io.stdout('No open batches to settle.');
  for (const batch of batches) {
    io.stdout(
      `Settled batch ${batch.batchid} of merchant ${batch.merchid}: ${batch.hoststat}, ${batch.txns} transaction(s)`,
    );
  }
  return 0;
}
