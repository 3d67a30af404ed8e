import { createHash } from 'node:crypto';
import { join } from 'node:path';

/** Where a lane keeps its journal: its own file for training, so practice never mixes with sales. */
export function defaultJournalPath(appDataDir: string, training: boolean): string {
  return join(appDataDir, training ? 'training-journal.sqlite' : 'journal.sqlite');
}

/** The lane's part of an order id: its terminal id in letters and digits, 6 at most. */
export function lanePrefix(terminalId: string): string {
  const compact = terminalId.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  if (compact.length <= 6) return compact;
  const hash = BigInt(`0x${createHash('sha256').update(terminalId).digest('hex').slice(0, 12)}`)
    .toString(36)
    .toUpperCase()
    .slice(-4)
    .padStart(4, '0');
  return `${compact.slice(0, 2)}${hash}`;
}
