import { clockFrom, systemClock, type Clock } from '../../src-main/platform/clock';
import { runHostCommand } from '../../src-main/shells/cli/host-command';
import { processIo } from '../../src-main/shells/cli/io';

/**
 * `lanepoint host --port 0` as the random-kills run starts it: the same command in a process of
 * its own, with one difference, a wall clock the run moves instead of waiting for it.
 *
 * A lane restarted after a kill may hold an authorization the gateway has no record of, and it
 * may not call that final until the answer window has passed since it was sent (ADR 028): 35 s
 * on the lane's clock. The run's gateway emulator finishes every request within its hold (at
 * most 400 ms), and the run waits that out before the restart, so nothing can still arrive at the
 * gateway: the window's wait is only time passing. The run sends SIGUSR2 and the lane's clock
 * moves on by `LANEPOINT_KILLS_CLOCK_STEP_MS`; the lane then settles the row at its next
 * scheduled check, as it would 35 s later. `LANEPOINT_KILLS_CLOCK_OFFSET_MS` starts a restarted
 * lane where the last one's clock was, so the lane's time never runs back over its journal.
 * A move runs at once every timer of the lane's clock it passes, as the time would have.
 */
let offsetMs = Number(process.env.LANEPOINT_KILLS_CLOCK_OFFSET_MS ?? 0);
const stepMs = Number(process.env.LANEPOINT_KILLS_CLOCK_STEP_MS ?? 0);
const now = () => systemClock.now() + offsetMs;

/** A timer waits on the system's timers and is due at a moment on the moved clock: a move runs every timer it passes. */
interface Pending {
  readonly due: number;
  readonly run: () => void;
  cancel: () => void;
}
const pending = new Set<Pending>();
const setTimer: Clock['setTimer'] = (run, ms, options) => {
  const timer: Pending = { due: now() + ms, run, cancel: () => undefined };
  timer.cancel = systemClock.setTimer(
    () => {
      pending.delete(timer);
      run();
    },
    ms,
    options,
  );
  pending.add(timer);
  return () => {
    pending.delete(timer);
    timer.cancel();
  };
};

process.on('SIGUSR2', () => {
  offsetMs += stepMs;
  const due = [...pending].filter((timer) => timer.due <= now()).sort((a, b) => a.due - b.due);
  for (const timer of due) {
    pending.delete(timer);
    timer.cancel();
    timer.run();
  }
  process.stdout.write(`clock moved on to +${offsetMs} ms\n`);
});

const clock: Clock = clockFrom({ now, setTimer, monotonic: systemClock.monotonic });
process.exitCode = await runHostCommand({ ...processIo(), clock }, { port: 0 });
// As `lanepoint` does: the command has ended, and nothing left open keeps the process.
systemClock.setTimer(() => process.exit(), 1000, { unref: true });
