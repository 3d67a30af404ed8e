import type { Clock } from '../src-main/platform/clock';

/**
 * Loop turns a due answer deadline gives the event loop before it runs: one to read what the
 * device sent during a stall, and, for an emulated peer in this same process, one to let it see
 * the request and one to carry its answer back.
 */
export const deadlineCatchUpTurns = 3;

/**
 * A timer for a deadline on a device's answer, cancelled by the answer. A stalled event loop (a
 * long collection, a synchronous fsync, a busy 2-core machine) delays the timer and the answer
 * alike, and Node runs due timers before the I/O and immediates that carry the answer: a plain
 * timer would report "no answer" while the answer waits in the queue. Once due, this one lets
 * the loop take `deadlineCatchUpTurns` turns (each reads pending I/O and runs queued
 * immediates) and runs `run` only if nothing cancelled it meanwhile, so a device that truly
 * never answers still times out, a few loop turns after `ms`.
 */
export function setAnswerDeadline(clock: Pick<Clock, 'setTimer'>, run: () => void, ms: number): () => void {
  let stopTurns: (() => void) | undefined;
  const stopTimer = clock.setTimer(() => {
    stopTurns = afterLoopTurns(run);
  }, ms);
  return () => {
    stopTimer();
    stopTurns?.();
  };
}

/**
 * Runs `run` after the event loop has taken `turns` more turns (each reads pending I/O and
 * runs the immediates queued before it), unless the returned function cancels it first: what
 * a due timer does before it acts on "nothing came", when something may be waiting unread.
 */
export function afterLoopTurns(run: () => void, turns = deadlineCatchUpTurns): () => void {
  let canceled = false;
  let taken = 0;
  const turn = () => {
    if (canceled) return;
    taken += 1;
    if (taken < turns) setImmediate(turn);
    else run();
  };
  setImmediate(turn);
  return () => {
    canceled = true;
  };
}
