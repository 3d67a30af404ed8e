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
  };
  return { io, out, err };
}
