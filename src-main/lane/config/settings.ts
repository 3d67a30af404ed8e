import { homedir } from 'node:os';
import { join, posix, win32 } from 'node:path';
import { deviceFileIssues } from './device-files';
import { checkSettings, loadSettingsFile, type LoadedSettings as Loaded } from '../../platform/config';
import { writeFileAtomic } from '../../platform/private-file';
import { settingsEnvironment } from './environment';
import { settingsSchema, type Settings, type SettingsInput } from './schema';
import { SettingsError } from '../../platform/settings-error';

export { settingsSchema, isLoopbackHost, logLevels, type Settings, type SettingsInput } from './schema';
export { SettingsError, type SettingIssue, type SettingSource } from '../../platform/settings-error';
export { settingsEnvironment, type SettingVariable } from './environment';
export { readSettingsFile } from '../../platform/config';

/** The settings file inside an app-data folder. */
export function settingsPath(appDataDir: string): string {
  return join(appDataDir, 'settings.json');
}

/**
 * The Node host's app-data folder: `LANEPOINT_HOME`, else the platform's per-user settings
 * folder (`$XDG_CONFIG_HOME/lanepoint` or `~/.config/lanepoint`, `~/Library/Application
 * Support/Lanepoint`, `%APPDATA%\Lanepoint`). Pure: everything it reads is passed in. (The
 * Electron shell passes `app.getPath('userData')` instead.)
 */
export function defaultAppDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (env.LANEPOINT_HOME) return env.LANEPOINT_HOME;
  if (platform === 'win32') return win32.join(env.APPDATA || win32.join(home, 'AppData', 'Roaming'), 'Lanepoint');
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', 'Lanepoint');
  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const xdg = env.XDG_CONFIG_HOME;
  return posix.join(xdg && posix.isAbsolute(xdg) ? xdg : posix.join(home, '.config'), 'lanepoint');
}

/** The lane's settings as loaded, with the variable behind each overridden setting. */
export type LoadedSettings = Loaded<Settings>;

/**
 * Reads `<appDataDir>/settings.json` (missing means defaults), lays the `LANEPOINT_*`
 * overrides of `settingsEnvironment` over it and checks the result. Throws one
 * `SettingsError` listing every wrong setting with its source (the file or the variable).
 */
export function loadSettings(options: { appDataDir: string; env?: NodeJS.ProcessEnv }): LoadedSettings {
  return loadSettingsFile({
    file: settingsPath(options.appDataDir),
    schema: settingsSchema,
    variables: settingsEnvironment,
    ...(options.env ? { env: options.env } : {}),
  });
}

/**
 * Checks `settings` and writes them to `<appDataDir>/settings.json` atomically (temporary
 * file in the same folder, fsync, rename), creating the folder (0700) when needed. Invalid
 * settings throw a `SettingsError` before anything is written, so the old file stays whole.
 * Pass the values meant for the file, not ones merged with environment overrides, or the
 * overrides become permanent. The file gets the values as given, not the parsed ones: defaults
 * stay out of it, and values the schema transforms (a USB id in hex) stay as a person wrote
 * them, so the file loads again. A printer's `deviceFile` must be a device node (the file
 * system is asked: device-files.ts). Returns the parsed settings (defaults filled in).
 */
export function saveSettings(appDataDir: string, settings: SettingsInput): Settings {
  const parsed = checkSettings(settingsSchema, settings);
  // Read here, not in the schema: whether a path is a device is the file system's answer.
  const [device, ...devices] = deviceFileIssues(parsed, appDataDir);
  if (device) throw new SettingsError([device, ...devices]);
  writeFileAtomic(settingsPath(appDataDir), `${JSON.stringify(settings, null, 2)}\n`);
  return parsed;
}
