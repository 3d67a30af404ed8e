import { spawn } from 'node:child_process';
import { afterAll, beforeAll } from 'vitest';
import {
  startEmulator,
  type EmulatorOptions,
  type RunningEmulator,
} from '../../../src-main/stand-ins/gateway-emulator/server';
import { buildCrashChild } from '../../support/crash-child';

/** What a crash test works against: the file's own emulator, and the bundled lane process it kills. */
export interface CrashBench {
  readonly emulator: RunningEmulator;
  /** The path of the bundled crash child (`buildCrashChild`). */
  readonly child: string;
}

/**
 * Registers the file's hooks: before its tests, an emulator (no rate limit, no realism delays)
 * and the crash child bundled under `bundleName`; after them, the emulator closed. The bench is
 * filled in by the time a test runs. `clock`: the emulator's (a test that holds its delay faults).
 */
export function crashBench(bundleName: string, options: Pick<EmulatorOptions, 'clock'> = {}): CrashBench {
  const bench = {} as { emulator: RunningEmulator; child: string };
  beforeAll(async () => {
    bench.emulator = await startEmulator({ rateLimit: false, realism: false, ...options });
    bench.child = await buildCrashChild(bundleName);
  }, 60_000);
  afterAll(async () => {
    await bench.emulator?.close();
  });
  return bench;
}

/**
 * Runs a 42.00 sale as lane `terminalId` in a child process with its journal at `journalPath`,
 * SIGKILLed after the gateway approved and before its journal recorded the answer. Resolves with
 * the sale's order id; rejects when the child was not killed.
 */
export function crashMidAuthorization(bench: CrashBench, journalPath: string, terminalId: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const lane = spawn(
      process.execPath,
      [bench.child, journalPath, bench.emulator.url, 'answered', '4200', terminalId],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    lane.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    lane.on('error', reject);
    lane.on('exit', (_code, signal) =>
      signal === 'SIGKILL'
        ? resolve(out.split('\n')[0]!)
        : reject(new Error(`the child was not killed (${String(signal)})`)),
    );
  });
}
