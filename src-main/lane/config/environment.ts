import {
  applyEnvironment as applyVariables,
  flag,
  integer,
  text,
  type SettingVariable,
} from '../../platform/environment';
import type { SettingIssue } from '../../platform/settings-error';

export type { SettingVariable } from '../../platform/environment';

/**
 * The one table of environment overrides: variable → setting path and how its text is read.
 * docs/reference/settings.md shows each row beside its setting (npm run docs). A variable that is unset or empty leaves
 * the file's value (or the default) in place. `kiosk.idleResetSeconds` is file-only.
 */
export const settingsEnvironment: readonly SettingVariable[] = [
  { variable: 'LANEPOINT_MODE', setting: 'mode', read: text },
  { variable: 'LANEPOINT_TRAINING', setting: 'training', read: flag },
  { variable: 'LANEPOINT_TERMINAL_ID', setting: 'terminalId', read: text },
  { variable: 'LANEPOINT_MERCHANT_ID', setting: 'merchantId', read: text },
  { variable: 'LANEPOINT_GATEWAY_URL', setting: 'gateway.url', read: text },
  { variable: 'LANEPOINT_HOST_PORT', setting: 'host.port', read: integer },
  { variable: 'LANEPOINT_LOG_LEVEL', setting: 'log.level', read: text },
];

/** Lays the lane's `LANEPOINT_*` overrides (`settingsEnvironment`) over the file's values. */
export function applyEnvironment(
  input: Record<string, unknown>,
  env: NodeJS.ProcessEnv,
): { input: Record<string, unknown>; sources: Record<string, string>; issues: SettingIssue[] } {
  return applyVariables(input, env, settingsEnvironment);
}
