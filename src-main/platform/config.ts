/**
 * The one settings loader of every Lanepoint program (the lane's settings.json, the back
 * office's backoffice.json): a JSON file read with care (encodings, cut writes, keys written
 * twice), environment overrides laid over it, and a zod schema checking the result; whatever is
 * wrong is one `SettingsError` naming the file or variable, the key path and what was wrong.
 * Writing goes through writeFileAtomic (private-file.ts): 0600, whole or not at all.
 */
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { applyEnvironment, type SettingVariable } from './environment';
import { duplicateKeys } from './json-keys';
import { SettingsError, type SettingIssue, type SettingSource } from './settings-error';

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
export function settingIssues(
  error: z.ZodError,
  sources: Record<string, string>,
  fallback: SettingSource,
): SettingIssue[] {
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

/**
 * What a JSON settings file itself holds (no defaults, no environment overrides); `{}` when there
 * is no file. A file that cannot be used (a folder, unreadable, UTF-16, NUL bytes from a cut
 * write, not JSON, not one object, a key written twice) is a `SettingsError` naming the file
 * and, where it can, the line.
 */
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
    throw fileIssue(file, 'must hold one JSON object, e.g. { "training": true }');
  }
  const [first, ...rest] = duplicateKeys(text).map((duplicate): SettingIssue => ({
    setting: duplicate.path,
    source: { kind: 'file', path: file },
    reason: `written twice (again at line ${duplicate.line}); keep the one you mean and delete the other`,
  }));
  if (first) throw new SettingsError([first, ...rest]);
  return parsed as Record<string, unknown>;
}

export interface LoadedSettings<Settings> {
  readonly settings: Settings;
  /** Setting path → the environment variable that overrode it, for diagnostics. */
  readonly sources: Record<string, string>;
}

export interface SettingsFileOptions<Schema extends z.ZodType> {
  readonly file: string;
  readonly schema: Schema;
  /** The program's environment overrides; none by default. */
  readonly variables?: readonly SettingVariable[];
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * Reads `file` (missing means defaults), lays the overrides of `variables` over it and checks
 * the result with `schema`. Throws one `SettingsError` listing every wrong setting with its
 * source (the file or the variable).
 */
export function loadSettingsFile<Schema extends z.ZodType>(
  options: SettingsFileOptions<Schema>,
): LoadedSettings<z.output<Schema>> {
  const { file, schema } = options;
  const fromFile = readSettingsFile(file);
  const { input, sources, issues } = applyEnvironment(fromFile, options.env ?? process.env, options.variables ?? []);
  const result = schema.safeParse(input, { reportInput: true });
  const all = [
    ...issues,
    ...(result.success ? [] : settingIssues(result.error, sources, { kind: 'file', path: file })),
  ];
  // A variable laid over a wrong value in the file would hide it until the day the variable is
  // unset: the file's own values are checked too, and each one a variable covers is reported.
  const overridden = Object.keys(sources);
  if (overridden.length > 0) {
    const fileAlone = schema.safeParse(fromFile, { reportInput: true });
    if (!fileAlone.success) {
      const hidden = settingIssues(fileAlone.error, {}, { kind: 'file', path: file }).filter((issue) =>
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
 * Checks settings passed in by code (a screen saving them) before they are written: a
 * `SettingsError` naming each wrong key path, source "value". Returns the parsed settings.
 */
export function checkSettings<Schema extends z.ZodType>(schema: Schema, settings: unknown): z.output<Schema> {
  const result = schema.safeParse(settings, { reportInput: true });
  if (result.success) return result.data;
  const [first, ...rest] = settingIssues(result.error, {}, { kind: 'value' });
  if (first) throw new SettingsError([first, ...rest]);
  throw result.error; // unreachable: a failed parse always has issues
}
