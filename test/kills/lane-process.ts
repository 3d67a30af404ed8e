import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleTestEntry } from '../support/test-bundle';
import { builtRendererDir } from '../../src-main/shells/cli/paths';
import { runCommand, runLanepoint, type RunningProcess } from '../e2e/support/process';

/** A lane as a real process: `lanepoint host --port 0` on its own app-data folder. */
export interface LaneProcess {
  /** The address the host printed, session token included. */
  readonly url: string;
  readonly pid: number;
  /** SIGKILL, as a power cut or the OOM killer: nothing runs after it. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the lane closes cleanly. */
  stop(): Promise<void>;
  /**
   * Moves the lane's wall clock on by the clock's step (a lane started with `clock` only):
   * resolves once the lane says its clock has moved.
   */
  moveClock(): Promise<void>;
}

/**
 * A lane whose wall clock the run moves: the compiled test/kills/lane-host.ts (compileLaneHost),
 * where its clock starts, and by how much each move takes it on.
 */
export interface MovedClock {
  readonly entry: string;
  readonly offsetMs: number;
  readonly stepMs: number;
}

/**
 * The app-data folder of a training lane that authorizes at the emulator at `gatewayUrl`
 * (ADR 020), signing on the screen, so a test can sign as a page does; an unknown outcome is
 * checked again every 5 s at first (the shortest back-off), so one past the answer window settles soon.
 * `more` adds settings sections (the offline run's `offline`).
 */
export function prepareLaneHome(home: string, more: Record<string, unknown> = {}): void {
  mkdirSync(home, { recursive: true, mode: 0o700 });
  writeFileSync(
    join(home, 'settings.json'),
    JSON.stringify({ signature: { capture: 'screen' }, payments: { recoveryRetrySeconds: 5 }, ...more }),
    { mode: 0o600 },
  );
}

/**
 * test/kills/lane-host.ts bundled (packages left to node_modules, as in the built command): a run
 * starts one lane per kill, and from source under tsx each took about 3 s to start, bundled
 * under 1 s. A run bundles it once, under a name of its own, and removes it at its end.
 */
export async function compileLaneHost(): Promise<{ readonly entry: string; remove(): void }> {
  const entry = await bundleTestEntry('test/kills/lane-host.ts', `kills-lane-host-${process.pid}-${Date.now()}`, {
    packages: 'external',
  });
  return { entry, remove: () => rmSync(entry, { force: true }) };
}

/**
 * Starts the lane on `home` against the gateway at `gatewayUrl`; resolves once it serves. `env`
 * adds to the lane's environment (`LANEPOINT_MODE: 'kiosk'` for a self-checkout). With `clock`,
 * the lane is the same host command from source with a wall clock the run moves
 * (test/kills/lane-host.ts); without, it is the built `lanepoint host`.
 */
export async function startLaneProcess(
  home: string,
  gatewayUrl: string,
  terminalId: string,
  env: Readonly<Record<string, string>> = {},
  clock?: MovedClock,
): Promise<LaneProcess> {
  if (!existsSync(join(builtRendererDir, 'index.html'))) {
    throw new Error(
      `The renderer is not built (no ${join(builtRendererDir, 'index.html')}): run "npm run build" first; browser mode serves it.`,
    );
  }
  const laneEnv = {
    LANEPOINT_HOME: home,
    LANEPOINT_TRAINING: 'true',
    LANEPOINT_GATEWAY_URL: gatewayUrl,
    LANEPOINT_TERMINAL_ID: terminalId,
    LANEPOINT_LOG_LEVEL: 'warn',
    LANEPOINT_HOST_TOKEN: '',
    ...env,
  };
  const lane: RunningProcess = clock
    ? runCommand(
        process.execPath,
        [clock.entry],
        {
          ...process.env,
          ...laneEnv,
          LANEPOINT_KILLS_CLOCK_OFFSET_MS: String(clock.offsetMs),
          LANEPOINT_KILLS_CLOCK_STEP_MS: String(clock.stepMs),
        },
        'host',
      )
    : runLanepoint(['host', '--port', '0'], laneEnv);
  let offsetMs = clock?.offsetMs ?? 0;
  const line = await lane.waitForLine(/browser mode .* at http:\/\/\S+/);
  const url = /(http:\/\/\S+)/.exec(line)![1]!;
  const pid = lane.child.pid!;
  const gone = new Promise<void>((resolve) => lane.child.once('exit', () => resolve()));
  return {
    url,
    pid,
    async kill() {
      if (lane.child.exitCode === null && lane.child.signalCode === null) process.kill(pid, 'SIGKILL');
      await gone;
    },
    async stop() {
      await lane.stop();
    },
    async moveClock() {
      if (!clock) throw new Error('this lane keeps the system clock: start it with a clock to move');
      offsetMs += clock.stepMs;
      process.kill(pid, 'SIGUSR2');
      await lane.waitForLine(new RegExp(`^clock moved on to \\+${offsetMs} ms$`));
    },
  };
}
