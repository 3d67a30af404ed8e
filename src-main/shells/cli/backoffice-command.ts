import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateFolder, removeStaleTemporaryFiles } from '../../platform/private-file';
import { defaultAppDataDir } from '../../lane/config/settings';
import {
  createBackoffice,
  type Backoffice,
  type BackofficeOptions,
  type TrainingBackends,
} from '../../backoffice/backoffice';
import { applyProvisioning, readProvisioningFile } from '../../backoffice/provisioning';
import { defaultBackofficeHome, loadBackofficeSettings } from '../../backoffice/settings';
import { startTrainingBackends } from '../training/backoffice-training';
import { startHost, type RunningHost } from '../host/server';
import { createLogger, type Logger } from '../../platform/log/logger';
import type { CliIo } from './io';
import { builtRendererDir, projectRoot } from './paths';
import { findElectronExecutable } from './start-command';
import { KindedError } from '../../platform/errors';

/** The back office's page in the built renderer (a second electron-vite input beside index.html). */
export const backofficePage = 'backoffice.html';
/** The back office's default port, beside the lane's 8710 and the emulator's 8711. */
export const defaultBackofficePort = 8712;

export interface RunningBackoffice extends RunningHost {
  readonly backoffice: Backoffice;
  readonly training: TrainingBackends | undefined;
}

export interface BackofficeStartOptions {
  readonly port?: number;
  /** Training (the emulators in this process); by default when no boarding URL is configured. */
  readonly training?: boolean;
  readonly rendererDir?: string;
  readonly logger?: Logger;
  /** Tests: the poller's waits and the upload cap. */
  readonly poll?: BackofficeOptions['poll'];
  readonly maxAttachmentBytes?: number;
}

/**
 * Starts the back office in browser mode: its own folder and secret store, training's emulators
 * when in training, and a host on 127.0.0.1 serving backoffice.html with the session token.
 */
export async function startBackofficeHost(io: CliIo, options: BackofficeStartOptions = {}): Promise<RunningBackoffice> {
  const home = defaultBackofficeHome(io.env);
  ensurePrivateFolder(home);
  const logger = options.logger ?? createLogger({ level: 'info' });
  const stale = removeStaleTemporaryFiles(home);
  if (stale.length > 0) logger.warn({ removed: stale }, 'removed temporary files an interrupted save left behind');
  const settings = loadBackofficeSettings(home);
  const inTraining = options.training ?? settings.training ?? settings.boardingUrl === '';
  const training = inTraining ? await startTrainingBackends() : undefined;
  const backoffice = createBackoffice({
    home,
    laneHome: defaultAppDataDir(io.env),
    logger,
    shell: 'browser',
    ...(training ? { training } : {}),
    ...(options.poll ? { poll: options.poll } : {}),
    ...(options.maxAttachmentBytes ? { maxAttachmentBytes: options.maxAttachmentBytes } : {}),
  });
  const port = options.port ?? defaultBackofficePort;
  let host: RunningHost;
  try {
    host = await startHost({
      core: backoffice,
      port,
      rendererDir: options.rendererDir ?? builtRendererDir,
      indexFile: backofficePage,
      routes: backoffice.routes,
      ...(io.env.LANEPOINT_BACKOFFICE_TOKEN ? { token: io.env.LANEPOINT_BACKOFFICE_TOKEN } : {}),
    });
  } catch (error) {
    await backoffice.close();
    await training?.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new KindedError(
        'busy',
        `Port ${port} is already in use: stop the other program, or pass --port 0 for any free port.`,
        {
          cause: error,
        },
      );
    throw error;
  }
  io.stdout(`Lanepoint back office (${training ? 'training' : 'live'}) at ${host.url}`);
  if (training) io.stdout(`  boarding emulator ${training.boardingUrl}, gateway emulator ${training.gatewayUrl}`);
  return {
    ...host,
    backoffice,
    training,
    async close() {
      await host.close();
      await backoffice.close();
      await training?.close();
    },
  };
}

/** What tells the Electron app to open the back office instead of a lane, and in training. */
export const backofficeAppEnv = { app: 'LANEPOINT_APP', training: 'LANEPOINT_BACKOFFICE_TRAINING' } as const;

/**
 * `lanepoint backoffice [--port N] [--training] [--browser]`: the back office's window where the
 * Electron runtime is installed (ADR 032), else (or with `--browser`) browser mode, served until
 * Ctrl+C or SIGTERM.
 */
export async function runBackofficeCommand(
  io: CliIo,
  options: BackofficeStartOptions & { readonly browser?: boolean },
): Promise<number> {
  const electron = options.browser ? null : findElectronExecutable();
  if (electron && existsSync(join(projectRoot, 'out', 'main', 'main.js'))) {
    const env = {
      ...io.env,
      [backofficeAppEnv.app]: 'backoffice',
      ...(options.training ? { [backofficeAppEnv.training]: '1' } : {}),
    };
    const child = spawn(electron, [projectRoot], { stdio: 'inherit', env });
    void io.stopRequested.then(() => child.kill('SIGTERM'));
    return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  }
  if (!options.browser)
    io.stdout(
      'The Electron runtime is not installed (or the app is not built); serving the back office in browser mode.',
    );
  const running = await startBackofficeHost(io, options);
  const signal = await io.stopRequested;
  io.stderr(`${signal}: stopping the back office`);
  await running.close();
  return 0;
}

/**
 * `lanepoint provision <file.json>`: applies a provisioning file the back office exported to
 * this lane's settings (merchant id and gateway URL, the hub and the integrated terminal when it
 * names them; a file is refused naming its bad field).
 */
export async function runProvisionCommand(io: CliIo, file: string): Promise<number> {
  const provisioning = readProvisioningFile(file);
  const settingsFile = await applyProvisioning(defaultAppDataDir(io.env), provisioning);
  io.stdout(
    `This lane now sells as merchant ${provisioning.merchantId} (${provisioning.dbaName}) through ${provisioning.gatewayUrl}.`,
  );
  if (provisioning.hub)
    io.stdout(
      `It reports to the store hub ${provisioning.hub.url} as ${provisioning.hub.laneId} (its key is in the secret store).`,
    );
  if (provisioning.integratedTerminal)
    io.stdout(
      `It takes cards on the integrated terminal ${provisioning.integratedTerminal.hsn} through ${provisioning.integratedTerminal.baseUrl} (the API key is in the secret store).`,
    );
  io.stdout(`  written to ${settingsFile}; enter the gateway credentials under Settings, then restart the lane.`);
  return 0;
}
