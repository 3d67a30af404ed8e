import { systemClock, type Clock } from '../../src-main/platform/clock';
import { appendFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { settingsSchema, type Settings } from '../../src-main/lane/config/settings';
import { createCore, type Core } from '../../src-main/lane/core/core';
import type { CommandReply, ShellKind } from '../../src-main/lane/ipc/contract';
import { Journal, type JournalEntry } from '../../src-main/lane/journal/journal';
import { createLogger } from '../../src-main/platform/log/logger';
import { laneTraining } from '../../src-main/shells/training/lane-training';

export { until } from './until';

/** Where the suite's log lines are also written, for the card-data scan at the end of `npm test`. */
const logFile = join(tmpdir(), 'logs', `unit-${process.pid}.log`);

/**
 * A logger whose JSON lines are kept in memory, so a test can assert what was (not) logged,
 * and appended to a log file under the tests' temporary folder, as a lane's log would be.
 */
export function collectingLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      mkdirSync(dirname(logFile), { recursive: true });
      appendFileSync(logFile, chunk as Buffer);
      done();
    },
  });
  return { logger: createLogger({ level: 'debug', destination }), lines };
}

/**
 * A real core with default settings (training counter mode) and an in-memory log. Its clock shows
 * a fixed day on the process's timers, or is the test's own (a ManualClock the test moves).
 */
export function testCore(
  settings: Partial<Settings> = {},
  shell: ShellKind = 'browser',
  clock: Clock = { ...systemClock, now: () => Date.UTC(2026, 10, 22, 12) },
): { core: Core; lines: string[] } {
  const { logger, lines } = collectingLogger();
  const core = createCore({
    training: laneTraining,
    settings: settingsSchema.parse(settings),
    shell,
    logger,
    clock,
    version: '9.9.9-test',
  });
  return { core, lines };
}

/** A command's result, or a thrown error naming the command error. */
export function ok<R>(reply: CommandReply<R>): R {
  if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
  return reply.result;
}

/** The entries of the training journal in `dir`, read the way support would, after the lane closed it. */
export function trainingJournalEntries(dir: string): JournalEntry[] {
  const journal = Journal.open(join(dir, 'training-journal.sqlite'), {
    clock: { now: () => Date.now() },
    terminalId: 'TEST',
  });
  try {
    return journal.list();
  } finally {
    journal.close();
  }
}
