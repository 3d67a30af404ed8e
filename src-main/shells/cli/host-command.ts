import { bootCore } from '../../lane/core/boot';
import { shutDown, stopWithinMs, type ShutdownResult } from '../../lane/core/shutdown';
import { startHost, type HostOptions, type RunningHost } from '../host/server';
import type { Core } from '../../lane/core/core';
import type { CliIo } from './io';
import { builtRendererDir } from './paths';
import { KindedError } from '../../platform/errors';
import { laneTraining } from '../training/lane-training';
import type { Settings } from '../../lane/config/settings';

/**
 * A counter lane serves its customer display's page when the store set one up, and always in
 * training, where a trainee may open it beside the counter (the training panel shows it too).
 */
export function servesCustomerDisplay(settings: Pick<Settings, 'mode' | 'training' | 'customerDisplay'>): boolean {
  return settings.mode === 'counter' && (settings.customerDisplay.enabled || settings.training);
}

/** The host's customer display for a lane: its page counted by the lane while connected, on `token` when fixed. */
export function laneCustomerDisplay(
  core: Pick<Core, 'customerDisplay'>,
  token?: string,
): NonNullable<HostOptions['customerDisplay']> {
  return { ...(token ? { token } : {}), connect: (source) => core.customerDisplay.connect(source) };
}

/** Starts the core and the browser-mode host; returns once it is listening. */
export async function startBrowserMode(
  io: CliIo,
  options: { port?: number; rendererDir?: string } = {},
): Promise<RunningHost & { stop(withinMs: number): Promise<ShutdownResult> }> {
  const { core } = bootCore({ training: laneTraining, shell: 'browser', env: io.env, clock: io.clock });
  const port = options.port ?? core.settings.host.port;
  let host: RunningHost;
  try {
    host = await startHost({
      core,
      port,
      rendererDir: options.rendererDir ?? builtRendererDir,
      ...(io.env.LANEPOINT_HOST_TOKEN ? { token: io.env.LANEPOINT_HOST_TOKEN } : {}),
      ...(servesCustomerDisplay(core.settings)
        ? { customerDisplay: laneCustomerDisplay(core, io.env.LANEPOINT_CUSTOMER_DISPLAY_TOKEN) }
        : {}),
    });
  } catch (error) {
    await core.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new KindedError(
        'busy',
        `Port ${port} is already in use: stop the other program, or pass --port 0 for any free port.`,
        {
          cause: error,
        },
      );
    }
    throw error;
  }
  const { mode, training } = core.info();
  io.stdout(`Lanepoint browser mode (${training ? 'training ' : ''}${mode}) at ${host.url}`);
  if (host.customerUrl) io.stdout(`Customer display at ${host.customerUrl}`);
  // The port first: no new page or command arrives while the rest stops.
  const steps = () => [{ name: 'the browser-mode host', run: () => host.close() }, ...core.shutdownSteps()];
  return {
    ...host,
    async close() {
      for (const step of steps()) await step.run();
    },
    stop: (withinMs) => shutDown(steps(), { withinMs, setTimer: core.clock.setTimer, logger: core.logger }),
  };
}

/** `lanepoint host`: serve until Ctrl+C, SIGTERM or SIGHUP (or its parent is gone), then stop within `stopWithinMs`. */
export async function runHostCommand(io: CliIo, options: { port?: number }): Promise<number> {
  const host = await startBrowserMode(io, options);
  const signal = await io.stopRequested;
  io.stderr(`${signal}: stopping the browser-mode host`);
  const stopped = await host.stop(stopWithinMs);
  if (stopped.finished) return 0;
  io.stderr(`Stopped after ${stopWithinMs / 1000} s with these still open: ${stopped.stillOpen.join(', ')}`);
  return 1;
}
