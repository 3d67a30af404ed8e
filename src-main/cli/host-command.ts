import { bootCore } from '../core/boot';
import { startHost, type RunningHost } from '../host/server';
import type { CliIo } from './io';
import { builtRendererDir } from './paths';
import { UsageError } from './usage';

/** Parses `--port`: an integer 0..65535, where 0 asks the system for a free port. */
export function parsePort(value: string): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
    throw new UsageError(`--port must be an integer from 0 to 65535, got "${value}"`);
  }
  return Number(value);
}

/** Starts the core and the browser-mode host; returns once it is listening. */
export async function startBrowserMode(
  io: CliIo,
  options: { port?: number; rendererDir?: string } = {},
): Promise<RunningHost> {
  const { core } = bootCore({ shell: 'browser', env: io.env });
  const port = options.port ?? core.settings.host.port;
  let host: RunningHost;
  try {
    host = await startHost({
      core,
      port,
      rendererDir: options.rendererDir ?? builtRendererDir,
      ...(io.env.LANEPOINT_HOST_TOKEN ? { token: io.env.LANEPOINT_HOST_TOKEN } : {}),
    });
  } catch (error) {
    await core.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`Port ${port} is already in use: stop the other program, or pass --port 0 for any free port.`, {
        cause: error,
      });
    }
    throw error;
  }
  const { mode, training } = core.info();
  io.stdout(`Lanepoint browser mode (${training ? 'training ' : ''}${mode}) at ${host.url}`);
  return {
    ...host,
    async close() {
      await host.close();
      await core.close();
    },
  };
}

/** `lanepoint host`: serve until Ctrl+C or SIGTERM, then close cleanly. */
export async function runHostCommand(io: CliIo, options: { port?: number }): Promise<number> {
  const host = await startBrowserMode(io, options);
  const signal = await io.stopRequested;
  io.stderr(`${signal}: stopping the browser-mode host`);
  await host.close();
  return 0;
}
