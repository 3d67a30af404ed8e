import type { CliIo } from '../../src-main/cli/io';

/** A CliIo that collects what a command prints; `env` is empty unless given. */
export function fakeIo(env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (line) => out.push(line),
    stderr: (line) => err.push(line),
    env,
    stopRequested: new Promise(() => undefined),
  };
  return { io, out, err };
}
