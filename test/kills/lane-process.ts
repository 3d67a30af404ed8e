import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtRendererDir } from '../../src-main/shells/cli/paths';
import { runLanepoint, type RunningProcess } from '../e2e/support/process';

/** A lane as a real process: `lanepoint host --port 0` on its own app-data folder. */
export interface LaneProcess {
  /** The address the host printed, session token included. */
  readonly url: string;
  readonly pid: number;
  /** SIGKILL, as a power cut or the OOM killer: nothing runs after it. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the lane closes cleanly. */
  stop(): Promise<void>;
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
 * Starts the lane on `home` against the gateway at `gatewayUrl`; resolves once it serves. `env`
 * adds to the lane's environment (`LANEPOINT_MODE: 'kiosk'` for a self-checkout).
 */
export async function startLaneProcess(
  home: string,
  gatewayUrl: string,
  terminalId: string,
  env: Readonly<Record<string, string>> = {},
): Promise<LaneProcess> {
  if (!existsSync(join(builtRendererDir, 'index.html'))) {
    throw new Error(
      `The renderer is not built (no ${join(builtRendererDir, 'index.html')}): run "npm run build" first; browser mode serves it.`,
    );
  }
  const lane: RunningProcess = runLanepoint(['host', '--port', '0'], {
    LANEPOINT_HOME: home,
    LANEPOINT_TRAINING: 'true',
    LANEPOINT_GATEWAY_URL: gatewayUrl,
    LANEPOINT_TERMINAL_ID: terminalId,
    LANEPOINT_LOG_LEVEL: 'warn',
    LANEPOINT_HOST_TOKEN: '',
    ...env,
  });
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
  };
}
