import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { projectRoot } from '../src-main/shells/cli/paths';
import type { BenchCase, MeasuredSlice } from './harness';

/**
 * Issue 31's start row: `lanepoint host` (what `npm start` runs where Electron cannot), from the
 * process being spawned to the line that gives the counter's address, on a new machine's first
 * start (an empty home: settings, journal and the training gateway made fresh). Reads the built
 * command (`npm run build`), as a store's machine runs it.
 */
async function startToReady(): Promise<MeasuredSlice> {
  const home = mkdtempSync(join(tmpdir(), 'lanepoint-bench-start-'));
  const started = performance.now();
  const child = spawn(process.execPath, [join(projectRoot, 'bin', 'lanepoint.mjs'), 'host', '--port', '0'], {
    env: { PATH: process.env.PATH ?? '', HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const measuredMs = await new Promise<number>((resolve, reject) => {
      let said = '';
      child.stdout.on('data', (chunk: Buffer) => {
        said += chunk.toString('utf8');
        if (/ at https?:\/\//.test(said)) resolve(performance.now() - started);
      });
      child.on('exit', (code) => reject(new Error(`lanepoint host ended (${code}) before it was ready: ${said}`)));
    });
    return { measuredMs };
  } finally {
    const ended = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await ended;
    rmSync(home, { recursive: true, force: true });
  }
}

export const startBenchmarks: BenchCase[] = [
  {
    name: 'start: lanepoint host spawned to ready, first start on a new machine (target <= 1.5 s)',
    run: startToReady,
    iterations: 10,
  },
];
