/**
 * What is wrong with a settings file of any Lanepoint program (the lane's settings.json, the back
 * office's backoffice.json): each issue names the setting's key path and where the value came from.
 */
import { KindedError } from './errors';

/** Where a wrong value came from, so the message can say what to fix. */
export type SettingSource =
  | { readonly kind: 'file'; readonly path: string }
  | { readonly kind: 'env'; readonly variable: string }
  /** Passed in by code (e.g. the back office saving settings), not read from anywhere. */
  | { readonly kind: 'value' };

export interface SettingIssue {
  /** Dotted path, e.g. "gateway.url"; "(file)" when the file as a whole cannot be read. */
  readonly setting: string;
  readonly source: SettingSource;
  readonly reason: string;
}

function describe(issue: SettingIssue): string {
  switch (issue.source.kind) {
    case 'env':
      return `${issue.source.variable} (${issue.setting}): ${issue.reason}`;
    case 'file':
      return issue.setting === '(file)'
        ? `${issue.source.path}: ${issue.reason}`
        : `${issue.source.path}: ${issue.setting}: ${issue.reason}`;
    default:
      return `${issue.setting}: ${issue.reason}`;
  }
}

/**
 * One or more settings are wrong. The message names each one and where it came from, e.g.
 * `LANEPOINT_HOST_PORT (host.port): expected an integer from 0 to 65535, got "abc"`;
 * `setting` and `source` describe the first, `issues` all of them.
 */
export class SettingsError extends KindedError<'invalid-setting'> {
  readonly issues: readonly SettingIssue[];
  readonly setting: string;
  readonly source: SettingSource;

  constructor(issues: readonly [SettingIssue, ...SettingIssue[]]) {
    super(
      'invalid-setting',
      issues.length === 1
        ? `Invalid setting: ${describe(issues[0])}`
        : `Invalid settings:\n${issues.map((issue) => `  - ${describe(issue)}`).join('\n')}`,
    );
    this.name = 'SettingsError';
    this.issues = issues;
    this.setting = issues[0].setting;
    this.source = issues[0].source;
  }
}
