import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningProcess {
  readonly child: ChildProcess;
  readonly stdout: string[];
  readonly stderr: string[];
  /** Resolves with the first stdout line matching, or rejects when the process ends first. */
  waitForLine(pattern: RegExp): Promise<string>;
  /** Sends SIGTERM to the child's process group and resolves with the child's exit code. */
  stop(): Promise<number | null>;
  /** Resolves with the exit code of a command that ends by itself (no signal is sent). */
  ended(): Promise<number | null>;
}

/** Starts `node bin/lanepoint.mjs ...` as a real child process with its output collected. */
export function runLanepoint(args: string[], env: NodeJS.ProcessEnv): RunningProcess {
  return runCommand(process.execPath, ['bin/lanepoint.mjs', ...args], { ...process.env, ...env }, args[0]);
}

/**
 * Starts `command` in the checkout with exactly `env`, in its own process group, so `stop`
 * reaches what it starts in turn (`npm start` runs node under a shell).
 */
export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv, logName = 'run'): RunningProcess {
  const child = spawn(command, args, {
    cwd: process.cwd(),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  const waiters = new Set<() => void>();
  const collect = (into: string[]) => (chunk: Buffer) => {
    into.push(...chunk.toString().split('\n').filter(Boolean));
    for (const wake of [...waiters]) wake();
  };
  child.stdout?.on('data', collect(stdout));
  child.stderr?.on('data', collect(stderr));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      // The process's output is kept as its log, for the card-data scan at the end of `npm test`.
      const logs = join(tmpdir(), 'logs');
      mkdirSync(logs, { recursive: true });
      writeFileSync(join(logs, `lanepoint-${logName}-${child.pid ?? 0}.log`), [...stdout, ...stderr].join('\n'));
      resolve(code);
    }),
  );

  return {
    child,
    stdout,
    stderr,
    waitForLine(pattern) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const line = stdout.find((l) => pattern.test(l));
          if (line) {
            waiters.delete(check);
            resolve(line);
          }
        };
        waiters.add(check);
        check();
        void exited.then((code) => {
          waiters.delete(check);
          reject(new Error(`lanepoint exited (${code}) before printing ${pattern}: ${stderr.join('\n')}`));
        });
      });
    },
    ended: () => exited,
    async stop() {
      // The group this child leads (detached above): npm and the lane under it.
      if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
      const code = await exited;
      // npm leaves as soon as its shell does, while the lane is still closing its journal and
      // writing its record: the group is gone only when every process in it is.
      if (child.pid !== undefined) await groupGone(child.pid);
      return code;
    },
  };
}

/** How long a stopped lane may take to leave (its own bound is 5 s, ADR 046) before it is killed. */
const groupExitMs = 15_000;

/**
 * Waits until no process of the group `leader` led is left, so a test does not delete a folder
 * a closing lane still writes to; past `groupExitMs` the rest are killed and the test is told.
 */
async function groupGone(leader: number): Promise<void> {
  const alive = () => {
    try {
      process.kill(-leader, 0);
      return true;
    } catch {
      return false;
    }
  };
  // Polling a process's exit is waiting for another process, not timing the product.
  for (const started = Date.now(); alive(); await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (Date.now() - started > groupExitMs) {
      process.kill(-leader, 'SIGKILL');
      throw new Error(`the lane started as process group ${leader} was still running ${groupExitMs} ms after SIGTERM`);
    }
  }
}
