import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { z } from 'zod';
import { applyEnvironment } from './environment';
import { settingsSchema, type Settings, type SettingsInput } from './schema';
import { SettingsError, type SettingSource } from './settings-error';

export { settingsSchema, isLoopbackHost, type Settings, type SettingsInput } from './schema';
export { SettingsError, type SettingIssue, type SettingSource } from './settings-error';
export { settingsEnvironment } from './environment';

/** The settings file inside an app-data folder. */
export function settingsPath(appDataDir: string): string {
  return join(appDataDir, 'settings.json');
}

/**
 * The Node host's app-data folder: `LANEPOINT_HOME`, else the platform's per-user settings
 * folder. (The Electron shell passes `app.getPath('userData')` instead.)
 */
export function defaultAppDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (env.LANEPOINT_HOME) return env.LANEPOINT_HOME;
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Lanepoint');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Lanepoint');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'lanepoint');
}

function sourceOf(setting: string, sources: Record<string, string>, file: string): SettingSource {
  // An env variable overrides a whole leaf; anything under it came from the file.
  const variable = sources[setting];
  return variable ? { kind: 'env', variable } : { kind: 'file', path: file };
}

function issuesOf(error: z.ZodError, sources: Record<string, string>, file: string) {
  return error.issues.map((issue) => {
    const keys = 'keys' in issue && Array.isArray(issue.keys) ? (issue.keys as string[]) : [];
    const base = issue.path.map(String).join('.');
    const setting = keys.length > 0 ? [base, keys.join(', ')].filter(Boolean).join('.') : base || '(settings)';
    return { setting, source: sourceOf(setting, sources, file), reason: issue.message };
  });
}

function readSettingsFile(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const reason = `not valid JSON (${(error as Error).message})`;
    throw new SettingsError([{ setting: '(file)', source: { kind: 'file', path: file }, reason }]);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    const reason = 'must hold one JSON object';
    throw new SettingsError([{ setting: '(file)', source: { kind: 'file', path: file }, reason }]);
  }
  return parsed as Record<string, unknown>;
}

/**
 * Reads `settings.json` (missing means defaults), lays the `LANEPOINT_*` overrides over it and
 * checks the result. Throws one `SettingsError` listing every wrong setting and its source.
 */
export function loadSettings(options: { appDataDir: string; env?: NodeJS.ProcessEnv }): {
  settings: Settings;
  /** Setting path → the environment variable that overrode it. */
  sources: Record<string, string>;
} {
  const file = settingsPath(options.appDataDir);
  const { input, sources } = applyEnvironment(readSettingsFile(file), options.env ?? {});
  const result = settingsSchema.safeParse(input);
  if (!result.success) throw new SettingsError(issuesOf(result.error, sources, file));
  return { settings: result.data, sources };
}

/**
 * Checks and writes the settings atomically: a temporary file in the same folder, flushed to
 * disk, then renamed over the old one, so a crash or a bad value never leaves a broken file.
 */
export function saveSettings(appDataDir: string, settings: SettingsInput): Settings {
  const file = settingsPath(appDataDir);
  const result = settingsSchema.safeParse(settings);
  if (!result.success) {
    throw new SettingsError(
      issuesOf(result.error, {}, file).map((issue) => ({ ...issue, source: { kind: 'value' } as const })),
    );
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(result.data, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
  return result.data;
}
