import { systemClock } from '../../src-main/platform/clock';
import type { CliIo } from '../../src-main/shells/cli/io';

/** A CliIo that collects what a command prints; `env` is empty and standard input is `input`. */
export function fakeIo(env: NodeJS.ProcessEnv = {}, input = '') {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (line) => out.push(line),
    stderr: (line) => err.push(line),
    env,
    stopRequested: new Promise(() => undefined),
    readInput: async () => input,
    // The commands run real cores and devices: a sale waits for its reader to connect.
    clock: systemClock,
  };
  return { io, out, err };
}
