/** What a CLI command may touch, injected so commands run in tests without a real terminal. */
export interface CliIo {
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
  readonly env: NodeJS.ProcessEnv;
  /** Resolves when the operator asks a long-running command to stop (Ctrl+C, SIGTERM). */
  readonly stopRequested: Promise<string>;
}

/** The real process: lines to stdout/stderr, and SIGINT/SIGTERM as the stop request. */
export function processIo(): CliIo {
  return {
    stdout: (line) => process.stdout.write(`${line}\n`),
    stderr: (line) => process.stderr.write(`${line}\n`),
    env: process.env,
    stopRequested: new Promise((resolve) => {
      process.once('SIGINT', () => resolve('SIGINT'));
      process.once('SIGTERM', () => resolve('SIGTERM'));
    }),
  };
}
