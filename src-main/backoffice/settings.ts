/**
 * The back office's own app-data folder and settings file. The folder is not the lane's: the
 * reseller's boarding credentials live in its secret store and never in a lane's folder.
 */
import { homedir } from 'node:os';
import { join, posix, win32 } from 'node:path';
import { z } from 'zod';
import { defaultAppDataDir } from '../lane/config/settings';
import { LaneError } from '../lane/errors';
import { checkSettings, loadSettingsFile } from '../platform/config';
import { tightenPrivateFile, writeFileAtomic } from '../platform/private-file';
import { SettingsError } from '../platform/settings-error';

/**
 * `LANEPOINT_BACKOFFICE_HOME`, else a folder beside the lane's default one in the user's home
 * (`~/.config/lanepoint-backoffice`, `~/Library/Application Support/Lanepoint Back Office`,
 * `%APPDATA%\Lanepoint Back Office`). Pure: everything it reads is passed in.
 */
export function defaultBackofficeHome(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (env.LANEPOINT_BACKOFFICE_HOME) return env.LANEPOINT_BACKOFFICE_HOME;
  const path = platform === 'win32' ? win32 : posix;
  const lane = defaultAppDataDir({ ...env, LANEPOINT_HOME: '' }, platform, home);
  const name = platform === 'win32' || platform === 'darwin' ? 'Lanepoint Back Office' : 'lanepoint-backoffice';
  return path.join(path.dirname(lane), name);
}

const rootUrl = z
  .string({ error: 'expected a URL' })
  .max(2000)
  .refine((text) => text === '' || URL.canParse(text), { error: 'expected an http(s) URL, or empty' });

export const backofficeSettingsSchema = z.strictObject({
  /** The boarding API root; empty means none configured (training then). */
  boardingUrl: rootUrl.default(''),
  /** The auth root when it is not the API root. */
  authUrl: rootUrl.default(''),
  /** The gateway URL provisioned lanes are given. */
  gatewayUrl: rootUrl.default(''),
  /** The store hub's root (`lanepoint hub`); empty means no hub. Its admin key is a secret. */
  hubUrl: rootUrl.default(''),
  /** Unset: training exactly when no boarding URL is configured. */
  training: z.boolean({ error: 'expected true or false' }).optional(),
});
export type BackofficeSettings = z.output<typeof backofficeSettingsSchema>;

/** The settings file inside the back office's folder. */
export function backofficeSettingsPath(home: string): string {
  return join(home, 'backoffice.json');
}

/**
 * Reads the settings file through the one settings loader (missing means defaults): a file that
 * cannot be used, or a wrong value, is a `SettingsError` naming the file, the key path and what
 * was wrong. A file left open to group or others is tightened to 0600 first.
 */
export function loadBackofficeSettings(home: string, env: NodeJS.ProcessEnv = process.env): BackofficeSettings {
  const file = backofficeSettingsPath(home);
  tightenPrivateFile(file);
  return loadSettingsFile({ file, schema: backofficeSettingsSchema, env }).settings;
}

/** Checks and saves the settings (0600, atomically); a wrong value is refused naming the field. */
export function saveBackofficeSettings(home: string, settings: BackofficeSettings): BackofficeSettings {
  let checked: BackofficeSettings;
  try {
    checked = checkSettings(backofficeSettingsSchema, settings);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    const reasons = error.issues.map((issue) => `${issue.setting}: ${issue.reason}`).join('; ');
    throw new LaneError('invalid', reasons, error.setting);
  }
  writeFileAtomic(backofficeSettingsPath(home), `${JSON.stringify(checked, null, 2)}\n`);
  return checked;
}
