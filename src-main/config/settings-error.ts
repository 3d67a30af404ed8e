/** Where a wrong value came from, so the message can say what to fix. */
export type SettingSource =
  | { readonly kind: 'file'; readonly path: string }
  | { readonly kind: 'env'; readonly variable: string }
  | { readonly kind: 'value' };

export interface SettingIssue {
  /** Dotted path, e.g. "gateway.url"; "(file)" for a file that is not valid JSON at all. */
  readonly setting: string;
  readonly source: SettingSource;
  readonly reason: string;
}

function describe(issue: SettingIssue): string {
  switch (issue.source.kind) {
    case 'env':
      return `${issue.source.variable} (${issue.setting}): ${issue.reason}`;
    case 'file':
      return `${issue.source.path}: ${issue.setting}: ${issue.reason}`;
    default:
      return `${issue.setting}: ${issue.reason}`;
  }
}

/** One or more settings are wrong; the message names each one and where it came from. */
export class SettingsError extends Error {
  readonly issues: readonly SettingIssue[];

  constructor(issues: readonly SettingIssue[]) {
    super(
      issues.length === 1
        ? `Invalid setting: ${describe(issues[0] as SettingIssue)}`
        : `Invalid settings:\n${issues.map((issue) => `  - ${describe(issue)}`).join('\n')}`,
    );
    this.name = 'SettingsError';
    this.issues = issues;
  }

  /** The first wrong setting's dotted path. */
  get setting(): string {
    return this.issues[0]?.setting ?? '';
  }

  get source(): SettingSource {
    return this.issues[0]?.source ?? { kind: 'value' };
  }
}
