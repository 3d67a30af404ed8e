/**
 * Environment overrides of a settings file, for any program: a table of variables, each naming
 * the setting it overrides and how its text is read. The lane's table is config/environment.ts.
 */
import type { SettingIssue } from './settings-error';

/** Turns a variable's text into the setting's value, or says why it cannot. */
export type ReadVariable = (raw: string) => { value: unknown } | { error: string };

export const text: ReadVariable = (raw) => ({ value: raw });

// Whole numbers become numbers; anything else is passed on as text, so the schema rejects it
// with the same words (and range) it uses for the file.
export const integer: ReadVariable = (raw) => (/^\s*-?\d+\s*$/.test(raw) ? { value: Number(raw) } : { value: raw });

const truthy = ['1', 'true', 'yes'];
const falsy = ['0', 'false', 'no'];
export const flag: ReadVariable = (raw) => {
  const value = raw.trim().toLowerCase();
  if (truthy.includes(value)) return { value: true };
  if (falsy.includes(value)) return { value: false };
  return { error: `expected one of ${[...truthy, ...falsy].join(', ')}, got ${JSON.stringify(raw)}` };
};

export interface SettingVariable {
  readonly variable: string;
  /** Dotted path of the setting it overrides. */
  readonly setting: string;
  readonly read: ReadVariable;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    // Copy each section on the way down so the caller's object is never changed. A section
    // that is not an object in the file stays wrong, and the schema reports it.
    const next = node[key];
    if (next !== undefined && !isRecord(next)) return;
    node[key] = { ...next };
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1] as string] = value;
}

/**
 * Lays a program's environment overrides (`variables`) over its file's values. Returns the merged (not yet
 * checked) input, per overridden setting path the variable that set it, and an issue for each
 * variable whose text cannot be read at all (the caller reports them with the file's).
 */
export function applyEnvironment(
  input: Record<string, unknown>,
  env: NodeJS.ProcessEnv,
  variables: readonly SettingVariable[],
): { input: Record<string, unknown>; sources: Record<string, string>; issues: SettingIssue[] } {
  const merged: Record<string, unknown> = { ...input };
  const sources: Record<string, string> = {};
  const issues: SettingIssue[] = [];
  for (const { variable, setting, read } of variables) {
    const raw = env[variable];
    if (raw === undefined || raw === '') continue;
    const parsed = read(raw);
    if ('error' in parsed) {
      issues.push({ setting, source: { kind: 'env', variable }, reason: parsed.error });
      continue;
    }
    setPath(merged, setting, parsed.value);
    sources[setting] = variable;
  }
  return { input: merged, sources, issues };
}
