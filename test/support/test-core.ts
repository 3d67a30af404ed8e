import { Writable } from 'node:stream';
import { settingsSchema, type Settings } from '../../src-main/config/settings';
import { createCore, type Core } from '../../src-main/core/core';
import type { ShellKind } from '../../src-main/ipc/contract';
import { createLogger } from '../../src-main/log/logger';

/** A logger whose JSON lines are kept in memory, so a test can assert what was (not) logged. */
export function collectingLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger({ level: 'debug', destination }), lines };
}

/** A real core with default settings (training counter mode) and an in-memory log. */
export function testCore(
  settings: Partial<Settings> = {},
  shell: ShellKind = 'browser',
): { core: Core; lines: string[] } {
  const { logger, lines } = collectingLogger();
  const core = createCore({
    settings: settingsSchema.parse(settings),
    shell,
    logger,
    clock: { now: () => Date.UTC(2026, 10, 22, 12) },
    version: '9.9.9-test',
  });
  return { core, lines };
}
