import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, posix, win32 } from 'node:path';
import type { z } from 'zod';
import { deviceFileIssues } from './device-files';
import { applyEnvironment } from './environment';
import { duplicateKeys } from './json-keys';
import { writeFileAtomic } from './private-file';
import { settingsSchema, type Settings, type SettingsInput } from './schema';
import { SettingsError, type SettingIssue, type SettingSource } from './settings-error';

export { settingsSchema, isLoopbackHost, logLevels, type Settings, type SettingsInput } from './schema';
export { SettingsError, type SettingIssue, type SettingSource } from './settings-error';
export { settingsEnvironment, type SettingVariable } from './environment';

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

/** How a rejected value is shown in a message: short, quoted, never a whole object. */
function shown(input: unknown): string {
  if (typeof input === 'string') return JSON.stringify(input.length > 64 ? `${input.slice(0, 64)}…` : input);
  if (typeof input === 'number' || typeof input === 'boolean' || input === null) return String(input);
  return Array.isArray(input) ? 'a list' : typeof input === 'object' ? 'an object' : 'nothing';
}

/**
 * zod issues → setting issues: one per unknown key, the rejected value appended (except a
 * gateway URL's, which might carry credentials), and the source of each: the variable that set
 * it, else `fallback`.
 */
function issuesOf(error: z.ZodError, sources: Record<string, string>, fallback: SettingSource): SettingIssue[] {
  const sourceOf = (setting: string): SettingSource => {
    const variable = sources[setting];
    return variable ? { kind: 'env', variable } : fallback;
  };
  return error.issues.flatMap((issue) => {
    const base = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => {
        const setting = [...base, key].join('.');
        return { setting, source: sourceOf(setting), reason: 'unknown setting; check its spelling' };
      });
    }
    const setting = base.join('.') || '(settings)';
    const withInput = 'input' in issue && setting !== 'gateway.url' && issue.code !== 'custom';
    const reason = withInput ? `${issue.message}, got ${shown(issue.input)}` : issue.message;
    return [{ setting, source: sourceOf(setting), reason }];
  });
}

/** "position 19" in V8's message → "line 1, column 20" in the file, which an editor can find. */
function jsonPosition(text: string, message: string): string {
  const match = /position (\d+)/.exec(message);
  const offset = match ? Number(match[1]) : text.length;
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${(before[before.length - 1]?.length ?? 0) + 1}`;
}

function fileIssue(file: string, reason: string): SettingsError {
  return new SettingsError([{ setting: '(file)', source: { kind: 'file', path: file }, reason }]);
}

/**
 * UTF-16 (Windows Notepad's "Unicode"): a byte-order mark, or text whose every other byte is
 * NUL (ASCII characters in UTF-16 without a mark). NUL bytes anywhere else are not an encoding.
 */
function isUtf16(data: Buffer): boolean {
  if (data.length >= 2 && ((data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff)))
    return true;
  const sample = data.subarray(0, 64 - (Math.min(data.length, 64) % 2));
  if (sample.length < 2) return false;
  const everyOther = (start: number) => sample.every((byte, index) => index % 2 !== start || byte === 0);
  return everyOther(1) !== everyOther(0);
}

/** A file with NUL bytes in it: a write the power cut (the file system kept the length, not the data). */
function nulBytesIssue(data: Buffer): string | undefined {
  const first = data.indexOf(0);
  if (first < 0) return undefined;
  const remedy = 'restore it from a copy, or delete it to start again from the defaults';
  if (data.every((byte) => byte === 0)) return `the file is all NUL bytes (e.g. an interrupted write); ${remedy}`;
  return `holds NUL bytes from byte ${first + 1} on (e.g. an interrupted write); ${remedy}`;
}

/** What settings.json itself holds (no defaults, no environment overrides); `{}` when there is no file. */
export function readSettingsFile(file: string): Record<string, unknown> {
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return {};
    if (code === 'EISDIR')
      throw fileIssue(file, 'is a folder, not a file; move the folder away so the settings file can be written there');
    if (code === 'EACCES')
      throw fileIssue(
        file,
        'cannot be read by this user; give the user that runs Lanepoint read and write access to it',
      );
    throw error;
  }
  if (isUtf16(data))
    throw fileIssue(file, 'is saved as UTF-16; save it again as UTF-8 (in Notepad: Save as, Encoding "UTF-8")');
  const nul = nulBytesIssue(data);
  if (nul) throw fileIssue(file, nul);
  // Windows editors like to start UTF-8 files with a byte-order mark, which JSON.parse rejects.
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    throw fileIssue(file, `not valid JSON at ${jsonPosition(text, message)}: ${message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw fileIssue(file, 'must hold one JSON object, e.g. { "mode": "counter" }');
  }
  const [first, ...rest] = duplicateKeys(text).map((duplicate): SettingIssue => ({
    setting: duplicate.path,
    source: { kind: 'file', path: file },
    reason: `written twice (again at line ${duplicate.line}); keep the one you mean and delete the other`,
  }));
  if (first) throw new SettingsError([first, ...rest]);
  return parsed as Record<string, unknown>;
}

export interface LoadedSettings {
  readonly settings: Settings;
  /** Setting path → the environment variable that overrode it, for diagnostics. */
  readonly sources: Record<string, string>;
}

/**
 * Reads `<appDataDir>/settings.json` (missing means defaults), lays the `LANEPOINT_*`
 * overrides of `settingsEnvironment` over it and checks the result. Throws one
 * `SettingsError` listing every wrong setting with its source (the file or the variable).
 */
export function loadSettings(options: { appDataDir: string; env?: NodeJS.ProcessEnv }): LoadedSettings {
  const file = settingsPath(options.appDataDir);
  const fromFile = readSettingsFile(file);
  const { input, sources, issues } = applyEnvironment(fromFile, options.env ?? process.env);
  const result = settingsSchema.safeParse(input, { reportInput: true });
  const all = [...issues, ...(result.success ? [] : issuesOf(result.error, sources, { kind: 'file', path: file }))];
  // A variable laid over a wrong value in the file would hide it until the day the variable is
  // unset: the file's own values are checked too, and each one a variable covers is reported.
  const overridden = Object.keys(sources);
  if (overridden.length > 0) {
    const fileAlone = settingsSchema.safeParse(fromFile, { reportInput: true });
    if (!fileAlone.success) {
      const hidden = issuesOf(fileAlone.error, {}, { kind: 'file', path: file }).filter((issue) =>
        overridden.some((setting) => issue.setting === setting || issue.setting.startsWith(`${setting}.`)),
      );
      all.push(
        ...hidden.map((issue) => ({
          ...issue,
          reason: `${issue.reason} (${sources[issue.setting] ?? 'an environment variable'} overrides it now, but the file must be right too)`,
        })),
      );
    }
  }
  const [first, ...rest] = all;
  if (first) throw new SettingsError([first, ...rest]);
  if (!result.success) throw result.error; // unreachable: a failed parse always has issues
  return { settings: result.data, sources };
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
  const result = settingsSchema.safeParse(settings, { reportInput: true });
  if (!result.success) {
    const [first, ...rest] = issuesOf(result.error, {}, { kind: 'value' });
    if (first) throw new SettingsError([first, ...rest]);
    throw result.error;
  }
  // Read here, not in the schema: whether a path is a device is the file system's answer.
  const [device, ...devices] = deviceFileIssues(result.data, appDataDir);
  if (device) throw new SettingsError([device, ...devices]);
  writeFileAtomic(settingsPath(appDataDir), `${JSON.stringify(settings, null, 2)}\n`);
  return result.data;
}
