import { SettingsError, type SettingIssue } from './settings-error';

type Parse = (raw: string) => { value: unknown } | { error: string };

const text: Parse = (raw) => ({ value: raw });

const integer: Parse = (raw) =>
  /^-?\d+$/.test(raw.trim()) ? { value: Number(raw.trim()) } : { error: `expected an integer, got "${raw}"` };

const truthy = ['1', 'true', 'yes', 'on'];
const falsy = ['0', 'false', 'no', 'off'];
const flag: Parse = (raw) => {
  const value = raw.trim().toLowerCase();
  if (truthy.includes(value)) return { value: true };
  if (falsy.includes(value)) return { value: false };
  return { error: `expected one of ${[...truthy, ...falsy].join(', ')}, got "${raw}"` };
};

/**
 * The one table of environment overrides: variable → setting path and how to read it. The
 * README's Settings table lists the same rows.
 */
export const settingsEnvironment: ReadonlyArray<{ variable: string; setting: string; parse: Parse }> = [
  { variable: 'LANEPOINT_MODE', setting: 'mode', parse: text },
  { variable: 'LANEPOINT_TRAINING', setting: 'training', parse: flag },
  { variable: 'LANEPOINT_TERMINAL_ID', setting: 'terminalId', parse: text },
  { variable: 'LANEPOINT_MERCHANT_ID', setting: 'merchantId', parse: text },
  { variable: 'LANEPOINT_GATEWAY_URL', setting: 'gateway.url', parse: text },
  { variable: 'LANEPOINT_HOST_PORT', setting: 'host.port', parse: integer },
  { variable: 'LANEPOINT_LOG_LEVEL', setting: 'log.level', parse: text },
];

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    node[key] = next !== null && typeof next === 'object' && !Array.isArray(next) ? { ...next } : {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1] as string] = value;
}

/**
 * Lays the `LANEPOINT_*` overrides over the file's values. Returns the merged (still unchecked)
 * input, and for each overridden setting the variable that set it.
 */
export function applyEnvironment(
  input: Record<string, unknown>,
  env: NodeJS.ProcessEnv,
): { input: Record<string, unknown>; sources: Record<string, string> } {
  const merged: Record<string, unknown> = { ...input };
  const sources: Record<string, string> = {};
  const issues: SettingIssue[] = [];
  for (const { variable, setting, parse } of settingsEnvironment) {
    const raw = env[variable];
    if (raw === undefined || raw === '') continue;
    const parsed = parse(raw);
    if ('error' in parsed) {
      issues.push({ setting, source: { kind: 'env', variable }, reason: parsed.error });
      continue;
    }
    setPath(merged, setting, parsed.value);
    sources[setting] = variable;
  }
  if (issues.length > 0) throw new SettingsError(issues);
  return { input: merged, sources };
}
