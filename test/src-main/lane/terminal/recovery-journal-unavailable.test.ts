import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDispatcher, type CommandHandlers } from '../../../../src-main/lane/ipc/dispatcher';
import { Journal } from '../../../../src-main/lane/journal/journal';
import { createRecovery } from '../../../../src-main/lane/terminal/recovery';
import { collectingLogger } from '../../../support/test-core';

/**
 * A journal that cannot be opened is not an empty journal (issue 21, item 2): the recovery queue
 * and the findings say why instead of answering "nothing", and the background checks say in the
 * log that they are stopped and why, rather than stopping silently. A real SQLite open that fails.
 */
function unopenableRecovery() {
  // A folder where the journal file should be: SQLite cannot open it.
  const folder = mkdtempSync(join(tmpdir(), 'journal-unopenable-'));
  const { logger, lines } = collectingLogger();
  const timers: number[] = [];
  const recovery = createRecovery({
    journal: () => Journal.open(folder, { clock: { now: () => Date.now() }, terminalId: 'LANE-01' }),
    gateway: () => Promise.reject(new Error('not reached')),
    retrySeconds: 30,
    logger,
    setTimer: (_run, ms) => (timers.push(ms), () => undefined),
    onQueueChange: () => undefined,
    onFindings: () => undefined,
  });
  return { recovery, lines, timers };
}

describe('recovery over a journal that cannot be opened', () => {
  it('the queue and the findings say why, through the dispatcher, instead of an empty list', async () => {
    const { recovery } = unopenableRecovery();
    expect(() => recovery.queue()).toThrow(/journal/);
    expect(() => recovery.findings()).toThrow(/journal/);
    const handlers = {
      'terminal.recoveryQueue': () => recovery.queue(),
      'terminal.findings': () => recovery.findings(),
    };
    const dispatch = createDispatcher(handlers as unknown as CommandHandlers, collectingLogger().logger);
    for (const name of ['terminal.recoveryQueue', 'terminal.findings'] as const) {
      expect(await dispatch(name, {})).toMatchObject({
        ok: false,
        error: { code: 'failed_precondition', message: expect.stringMatching(/^The journal cannot be used: /) },
      });
    }
  });

  it('the background checks stop and the log says so and why; nothing is scheduled', () => {
    const { recovery, lines, timers } = unopenableRecovery();
    recovery.schedule();
    recovery.publish();
    expect(timers).toEqual([]);
    const stopped = lines.filter((line) => line.includes('recovery is stopped: the journal cannot be opened'));
    expect(stopped).toHaveLength(2);
    expect(JSON.parse(stopped[0]!)).toMatchObject({ level: 50, err: { type: 'JournalError' } });
  });
});
