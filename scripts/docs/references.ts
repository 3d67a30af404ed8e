/** The generated references and where each is kept: what `npm run docs` writes and the test compares. */
import { cliReference } from './cli-reference';
import { settingsReference } from './settings-reference';

export interface GeneratedFile {
  /** Relative to the repository's root. */
  readonly path: string;
  readonly text: string;
}

export async function generatedReferences(): Promise<GeneratedFile[]> {
  return [
    { path: 'docs/reference/settings.md', text: settingsReference() },
    { path: 'docs/reference/cli.md', text: await cliReference() },
  ];
}
