/** What a CLI command may touch, injected so commands run in tests without a real terminal. */
export interface CliIo {
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
  readonly env: NodeJS.ProcessEnv;
  /** Resolves when the operator asks a long-running command to stop (Ctrl+C, SIGTERM). */
  readonly stopRequested: Promise<string>;
  /** Everything on standard input (a PIN piped in, never typed on the command line). */
  readonly readInput: () => Promise<string>;
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
    async readInput() {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
  };
}
