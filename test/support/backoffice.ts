import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { NewApplication } from '../../src-main/backoffice/contract';
import {
  createBackoffice,
  type Backoffice,
  type BackofficeOptions,
  type TrainingBackends,
} from '../../src-main/backoffice/backoffice';
import { startTrainingBackends } from '../../src-main/shells/training/backoffice-training';
import type { Clock } from '../../src-main/platform/clock';
import { createLogger } from '../../src-main/platform/log/logger';
import { handClock, minimalMerchant } from './boarding';

/** A logger whose JSON lines a test reads back. */
export function capturedLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logger: createLogger({ level: 'debug', destination, format: 'json' }), text: () => lines.join('') };
}

/** A clock whose timers a test fires by hand: the poller's waits are read, never slept. */
export function handTimers() {
  const scheduled: { run: () => void; ms: number; cancelled: boolean }[] = [];
  const clock: Pick<Clock, 'setTimer'> = {
    setTimer(run, ms) {
      const timer = { run, ms, cancelled: false };
      scheduled.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  };
  const pending = () => scheduled.filter((timer) => !timer.cancelled);
  return {
    clock,
    /** The waits scheduled so far, in order (cancelled ones too). */
    waits: () => scheduled.map((timer) => timer.ms),
    pending,
    /** Runs the one pending wait now. */
    fire() {
      const [timer] = pending();
      if (!timer) throw new Error('no wait is pending');
      timer.cancelled = true;
      timer.run();
      return timer.ms;
    },
  };
}

export interface BackofficeBench {
  readonly backoffice: Backoffice;
  readonly training: TrainingBackends | undefined;
  readonly clock: ReturnType<typeof handClock>;
  readonly home: string;
  readonly laneHome: string;
  readonly log: () => string;
  readonly timers: ReturnType<typeof handTimers>;
  close(): Promise<void>;
}

/** A back office over training's real emulators (one hand clock), in temporary folders of its own. */
export async function startBackofficeBench(
  options: Partial<BackofficeOptions> & { live?: boolean } = {},
): Promise<BackofficeBench> {
  const clock = handClock();
  const folder = mkdtempSync(join(tmpdir(), 'backoffice-'));
  const home = join(folder, 'backoffice');
  const laneHome = join(folder, 'lane');
  const training = await startTrainingBackends({ clock, tickMs: 0 });
  const { logger, text } = capturedLogger();
  const timers = handTimers();
  const backoffice = createBackoffice({
    home,
    laneHome,
    logger,
    shell: 'browser',
    clock,
    poll: { clock: timers.clock },
    ...(options.live ? {} : { training }),
    ...options,
  });
  return {
    backoffice,
    training,
    clock,
    home,
    laneHome,
    log: text,
    timers,
    async close() {
      await backoffice.close();
      await training.close();
      // The folders may hold the emulator's client secret (live-mode tests store it): gone before the scan.
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** The developer guide's minimal application, as `applications.create` takes it. */
export function newApplicationArgs(
  dbaName = 'The Card Shoppe',
): NewApplication & { merchant: { demographic: object } } {
  return { templateId: 999, merchant: minimalMerchant(dbaName) as NewApplication['merchant'] };
}
