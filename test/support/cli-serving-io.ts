import { systemClock } from '../../src-main/platform/clock';
import type { CliIo } from '../../src-main/shells/cli/io';

/**
 * A CliIo for a command that serves until it is stopped (`lanepoint emulator`): it collects
 * standard output, drops standard error, and `stop` ends the serving as a signal would.
 */
export function servingIo() {
  let stopServing: (signal: string) => void = () => undefined;
  const out: string[] = [];
  const io: CliIo = {
    stdout: (line) => out.push(line),
    stderr: () => undefined,
    env: {},
    stopRequested: new Promise((resolve) => (stopServing = resolve)),
    readInput: async () => '',
    clock: systemClock,
  };
  return { io, out, stop: (signal: string) => stopServing(signal) };
}
