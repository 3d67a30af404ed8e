import { userInfo } from 'node:os';
import { defaultAppDataDir, settingsPath } from '../../lane/config/settings';
import { defaultJournalPath, JournalError } from '../../lane/journal/journal';
import { journalIdentityPath, openLaneJournal, type JournalRefusalCause } from '../../lane/journal/journal-check';
import { createLogger } from '../../platform/log/logger';
import type { CliIo } from './io';
import { UsageError } from './usage';

/** Which refusals each decision answers: a new journal for a lost one, or the file in place taken as the lane's. */
const answers: Record<'new' | 'accept', readonly JournalRefusalCause[]> = {
  new: ['missing', 'emptied', 'damaged'],
  accept: ['replaced', 'behind'],
};

/**
 * `lanepoint journal new|accept --reason TEXT [--live]`: store IT's deliberate answer to a journal
 * the lane refuses (ADR 044), the same as a manager's acknowledgement on the lane. `new` starts a
 * new journal in place of one that disappeared, was emptied, or is damaged (set aside for
 * support); `accept` takes the file in place (another lane's, an older copy) as the lane's own.
 * Refused, changing nothing, when the journal is in order or refused for the other kind of cause.
 * The decision is printed and logged with who made it and why; run it with the lane stopped.
 */
export async function runJournalDecisionCommand(
  io: CliIo,
  options: { decision: 'new' | 'accept'; reason: string; training: boolean },
): Promise<number> {
  const reason = options.reason.trim();
  if (reason.length < 4) throw new UsageError(`journal ${options.decision} needs --reason "why" (a few words)`);
  const appDataDir = defaultAppDataDir(process.env);
  const lane = {
    clock: io.clock,
    terminalId: 'CLI',
    path: defaultJournalPath(appDataDir, options.training),
    settingsFile: settingsPath(appDataDir),
    legacyIdentityFile: journalIdentityPath(appDataDir),
  };
  const other = options.training ? ' (this is the training journal; add --live for the live one)' : '';
  try {
    const checked = openLaneJournal(lane);
    if ('journal' in checked) {
      checked.journal.close();
      io.stderr(`lanepoint journal: the journal ${lane.path} is in order; nothing was changed${other}.`);
      return 1;
    }
    const { refusal } = checked;
    if (!answers[options.decision].includes(refusal.cause)) {
      const fits = (Object.keys(answers) as Array<'new' | 'accept'>).find((key) =>
        answers[key].includes(refusal.cause),
      );
      io.stderr(`lanepoint journal: ${refusal.message}`);
      io.stderr(
        fits
          ? `lanepoint journal: "journal ${options.decision}" does not answer this; "journal ${fits}" does. Nothing was changed.`
          : 'lanepoint journal: no acknowledgement answers this. Nothing was changed.',
      );
      return 1;
    }
    const opened = openLaneJournal(lane, true);
    if ('refusal' in opened) {
      io.stderr(`lanepoint journal: ${opened.refusal.message}`);
      return 1;
    }
    const identity = opened.journal.identity;
    opened.journal.close();
    const who = userInfo().username;
    const done =
      options.decision === 'new'
        ? `started a new journal ${lane.path} (identity ${identity})`
        : `accepted ${lane.path} (identity ${identity}) as this lane's journal`;
    const line = `${done} in answer to "${refusal.cause}", by ${who}, because: ${reason}`;
    createLogger({ level: 'info', format: 'json', destination: { write: (text) => io.stderr(text.trimEnd()) } }).warn(
      { cause: refusal.cause, file: lane.path, by: who },
      `journal: ${line}`,
    );
    io.stdout(`The lane's journal: ${line}. Start the lane again to sell.`);
    return 0;
  } catch (error) {
    if (!(error instanceof JournalError)) throw error;
    io.stderr(`lanepoint journal: ${error.message}`);
    return 1;
  }
}
