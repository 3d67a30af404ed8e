import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Written beside the compiled CLI by scripts/build-cli.ts: the source files it was built from. */
export const buildInputsFile = 'inputs.json';

/** What scripts/build-cli.ts writes into out/cli/inputs.json. */
export interface BuildInputs {
  /** Source files, relative to the project root, as the bundler read them. */
  readonly inputs: readonly string[];
}

/**
 * The sources changed after the compiled CLI at `entryUrl` was built, newest build input first
 * found. Empty when the entry runs from source (no inputs.json beside it) and in a packaged app
 * (the sources are not shipped, so none can be newer).
 */
export function sourcesNewerThanBuild(entryUrl: string): string[] {
  const entry = fileURLToPath(entryUrl);
  let listed: BuildInputs;
  try {
    listed = JSON.parse(readFileSync(join(dirname(entry), buildInputsFile), 'utf8')) as BuildInputs;
  } catch {
    return [];
  }
  const root = join(dirname(entry), '..', '..');
  const builtAt = statSync(entry).mtimeMs;
  return listed.inputs.filter((input) => {
    const modified = statSync(join(root, input), { throwIfNoEntry: false })?.mtimeMs;
    return modified !== undefined && modified > builtAt;
  });
}

/**
 * The line to print when a checkout's compiled CLI is older than its sources: the command would
 * otherwise run yesterday's code without a word (the build is what `npm run build` makes).
 */
export function staleBuildWarning(entryUrl: string): string | undefined {
  const changed = sourcesNewerThanBuild(entryUrl);
  if (changed.length === 0) return undefined;
  const where = relative(process.cwd(), fileURLToPath(new URL('.', entryUrl))) || '.';
  const named = changed.slice(0, 3).join(', ') + (changed.length > 3 ? ` and ${changed.length - 3} more` : '');
  return `lanepoint: ${named} changed after the CLI in ${where} was built; run "npm run build" to run the changes`;
}
