import { createFileSecretStore, type SecretStore } from '../config/secrets';
import { join } from 'node:path';
import { ensurePrivateFolder, removeStaleTemporaryFiles, tightenPrivateFile } from '../../platform/private-file';
import { defaultAppDataDir, loadSettings, settingsPath } from '../config/settings';
import { defaultJournalPath } from '../journal/journal';
import { journalIdentityPath } from '../journal/journal-check';
import type { ShellKind } from '../ipc/contract';
import { createLogger, type Logger } from '../../platform/log/logger';
import { createCore, type Core, type CoreOptions } from './core';

export interface BootOptions {
  readonly shell: ShellKind;
  /** Training's kit (the shells pass `laneTraining`). */
  readonly training: CoreOptions['training'];
  readonly env?: NodeJS.ProcessEnv;
  /** Electron passes `app.getPath('userData')`; the Node host uses the platform default. */
  readonly appDataDir?: string;
  /** Tests pass a collecting stream. */
  readonly logger?: Logger;
  /** The journal to use instead of the app-data one. */
  readonly journalPath?: string;
  readonly gateway?: CoreOptions['gateway'];
  /** The Electron shell passes its keychain-backed store; the Node host keeps a 0600 file in the app-data folder. */
  readonly secrets?: CoreOptions['secrets'];
  /** Tests move time instead of waiting for it; the system clock otherwise. */
  readonly clock?: CoreOptions['clock'];
  /** The gateway link's health for offline payments (ADR 074); none: always online. */
  readonly gatewayLink?: CoreOptions['gatewayLink'];
}

export interface BootedCore {
  readonly core: Core;
  readonly appDataDir: string;
}

/**
 * Loads the settings (file, then `LANEPOINT_*` overrides), makes the logger and starts the
 * core. A bad setting throws a `SettingsError` that names it; nothing starts half-configured.
 */
export function bootCore(options: BootOptions): BootedCore {
  const env = options.env ?? process.env;
  const appDataDir = options.appDataDir ?? defaultAppDataDir(env);
  const { settings, sources } = loadSettings({ appDataDir, env });
  const logger = options.logger ?? createLogger({ level: settings.log.level });
  // A new user has no app-data folder yet: every file below is written into it, privately.
  ensurePrivateFolder(appDataDir);
  // An installer may have written settings.json 0644: it names the devices and the gateway.
  const settingsFile = settingsPath(appDataDir);
  const loose = tightenPrivateFile(settingsFile);
  if (loose !== undefined)
    logger.warn({ file: settingsFile, was: loose.toString(8) }, 'settings.json was readable by others; made it 0600');
  const stale = removeStaleTemporaryFiles(appDataDir);
  if (stale.length > 0) logger.warn({ removed: stale }, 'removed temporary files an interrupted save left behind');
  let fileSecrets: SecretStore | undefined;
  const core = createCore({
    settings,
    shell: options.shell,
    training: options.training,
    logger,
    journalPath: options.journalPath ?? defaultJournalPath(appDataDir, settings.training),
    ...(options.gateway ? { gateway: options.gateway } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.gatewayLink ? { gatewayLink: options.gatewayLink } : {}),
    journalRecordFile: settingsPath(appDataDir),
    legacyJournalIdentityFile: journalIdentityPath(appDataDir),
    trainingGatewayPath: join(appDataDir, 'training-gateway.sqlite'),
    walletFolder: appDataDir,
    kioskFolder: appDataDir,
    pinLockFolder: appDataDir,
    settingsFile: { appDataDir, sources },
    secrets:
      options.secrets ??
      (() => (fileSecrets ??= createFileSecretStore(appDataDir, { onWarning: (message) => logger.warn(message) }))),
  });
  if (Object.keys(sources).length > 0) logger.info({ overrides: sources }, 'settings overridden by environment');
  return { core, appDataDir };
}
