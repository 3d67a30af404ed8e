import { systemClock, type Clock } from '../../platform/clock';

/** What a CLI command may touch, injected so commands run in tests without a real terminal. */
export interface CliIo {
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
  readonly env: NodeJS.ProcessEnv;
  /**
   * Resolves when a long-running command is asked to stop: Ctrl+C, SIGTERM, SIGHUP, or the
   * process that started it is gone.
   */
  readonly stopRequested: Promise<string>;
  /** Everything on standard input (a PIN piped in, never typed on the command line). */
  readonly readInput: () => Promise<string>;
  /** The command's time: waits for a device, a signature's settling (the system clock in the process). */
  readonly clock: Clock;
}

/** How often the process checks that what started it is still there. */
export const parentCheckMs = 500;

/**
 * Resolves with `parent gone` once this process's parent changes. `npx lanepoint host` runs the
 * bin under `sh -c`; a SIGTERM to npm reaches the shell, which dies without passing it on, and
 * the lane would go on orphaned and listening. A process started with no parent to lose
 * (reparented already, as under a service manager) is never told.
 */
export function parentGone(
  ppid: () => number = () => process.ppid,
  repeat: (check: () => void) => () => void = everyParentCheck(systemClock),
): Promise<string> {
  const first = ppid();
  return new Promise((resolve) => {
    const stop = repeat(() => {
      if (ppid() === first) return;
      stop();
      resolve('parent gone');
    });
  });
}

/** Runs `check` every `parentCheckMs` on `clock`, without keeping the process alive for it. */
export function everyParentCheck(clock: Pick<Clock, 'setTimer'>) {
  return (check: () => void): (() => void) => {
    let cancel = (): void => undefined;
    const next = () => {
      cancel = clock.setTimer(
        () => {
          next();
          check();
        },
        parentCheckMs,
        { unref: true },
      );
    };
    next();
    return () => cancel();
  };
}

/** The real process: lines to stdout/stderr, and SIGINT/SIGTERM/SIGHUP or a lost parent as the stop request. */
export function processIo(): CliIo {
  return {
    clock: systemClock,
    stdout: (line) => process.stdout.write(`${line}\n`),
    stderr: (line) => process.stderr.write(`${line}\n`),
    env: process.env,
    stopRequested: Promise.race([
      new Promise<string>((resolve) => {
        // Once: a second signal while stopping ends the process at once, as the operator meant.
        for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => resolve(signal));
      }),
      parentGone(() => process.ppid, everyParentCheck(systemClock)),
    ]),
    async readInput() {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
  };
}
