import { defaultAppDataDir, settingsPath } from '../../lane/config/settings';
import { formatMinorUnits } from '../../platform/money';
import { createGatewayClient } from '../../lane/gateway/client';
import { defaultJournalPath, Journal, JournalError } from '../../lane/journal/journal';
import { journalIdentityPath, openLaneJournal, type LaneJournalOptions } from '../../lane/journal/journal-check';
import { recoverJournal, recoveredKind, stillOpen } from '../../lane/journal/journaled';
import type { CliIo } from './io';
import { UsageError } from './usage';

/** The lane's own journal in its app-data folder, checked against the lane's record as at start. */
function laneJournalOptions(options: Pick<LaneJournalOptions, 'clock' | 'terminalId'>, training: boolean) {
  const appDataDir = defaultAppDataDir(process.env);
  return {
    ...options,
    path: defaultJournalPath(appDataDir, training),
    settingsFile: settingsPath(appDataDir),
    legacyIdentityFile: journalIdentityPath(appDataDir),
  };
}

/**
 * The journal named by --journal, or the lane's own in its app-data folder: that one checked as
 * the lane checks it at start, so a journal that disappeared or was replaced is reported as
 * such, not listed as a new empty one.
 */
export function openJournal(
  io: CliIo,
  given: string | undefined,
  training: boolean,
  command = 'journal',
): Journal | undefined {
  const options = { clock: io.clock, terminalId: 'CLI' };
  try {
    if (given) return Journal.open(given, options);
    const opened = openLaneJournal(laneJournalOptions(options, training));
    if ('journal' in opened) return opened.journal;
    io.stderr(`lanepoint ${command}: ${opened.refusal.message}`);
    return undefined;
  } catch (error) {
    if (!(error instanceof JournalError)) throw error;
    io.stderr(`lanepoint ${command}: ${error.message}`);
    return undefined;
  }
}

/** `lanepoint journal list [--journal PATH] [--last-four NNNN] [--order ID]`: the newest entries, one a line. */
export async function runJournalListCommand(
  io: CliIo,
  options: { journal?: string; training: boolean; lastFour?: string; orderId?: string; limit: number },
): Promise<number> {
  if (options.lastFour !== undefined && !/^\d{4}$/.test(options.lastFour))
    throw new UsageError('--last-four takes the card\u2019s last four digits');
  const journal = openJournal(io, options.journal, options.training);
  if (!journal) return 1;
  try {
    const entries = journal.list({
      limit: options.limit,
      ...(options.lastFour ? { lastFour: options.lastFour } : {}),
      ...(options.orderId ? { orderId: options.orderId } : {}),
    });
    if (entries.length === 0) io.stdout('No journal entries.');
    for (const entry of entries) {
      const when = new Date(entry.createdAt).toISOString().replace('T', ' ').slice(0, 19);
      const outcome = entry.outcome
        ? [
            entry.outcome.respstat,
            entry.outcome.respcode,
            entry.outcome.resptext,
            entry.outcome.retref && `retref ${entry.outcome.retref}`,
            entry.outcome.authcode && `auth ${entry.outcome.authcode}`,
          ]
            .filter(Boolean)
            .join(' ')
        : '';
      io.stdout(
        [
          when,
          entry.orderId.padEnd(19),
          entry.operation.padEnd(13),
          formatMinorUnits(entry.amountMinor).padStart(11),
          (entry.maskedPan ?? '').padEnd(16),
          entry.state.padEnd(9),
          outcome,
          entry.note ?? '',
        ]
          .join('  ')
          .trimEnd(),
      );
    }
    return 0;
  } finally {
    journal.close();
  }
}

/**
 * `lanepoint recover --gateway URL --merchid M`: the lost-response procedure for every entry whose
 * outcome is not known, as the terminal runs it at start; prints what became of each.
 */
export async function runRecoverCommand(
  io: CliIo,
  options: {
    journal?: string;
    training: boolean;
    gateway: string;
    merchid: string;
    username: string;
    password: string;
  },
): Promise<number> {
  // The gateway's merchid is a string of up to 16, not always digits: recovery must reach every merchant.
  if (!/^[\x21-\x7E]{1,16}$/.test(options.merchid))
    throw new UsageError('--merchid takes the merchant id (1 to 16 characters, no spaces)');
  const journal = openJournal(io, options.journal, options.training);
  if (!journal) return 1;
  try {
    const client = createGatewayClient({
      baseUrl: options.gateway,
      credentials: { level: 'site', username: options.username, password: options.password },
    });
    const results = await recoverJournal(journal, client, options.merchid);
    if (results.length === 0) io.stdout('Nothing to recover: every entry has a known outcome.');
    for (const result of results)
      io.stdout(
        `${result.entry.orderId}  ${result.entry.operation}  ${formatMinorUnits(result.entry.amountMinor)}  ${recoveredKind(result)}  ${journal.get(result.entry.id)?.note ?? ''}`,
      );
    return results.some(stillOpen) ? 1 : 0;
  } finally {
    journal.close();
  }
}
