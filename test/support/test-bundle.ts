import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, type BuildOptions } from 'esbuild';

/**
 * Bundles a process a test starts many times (a lane it kills, a crash child) into one file under
 * the checkout's `.lanepoint-dev/test-build/`, as `npm run build` compiles the command: such a
 * process then starts in well under a second, where loading its TypeScript through tsx takes
 * about three. The checkout's folder, not the system's temporary one, so the packages left out
 * of the bundle resolve from its node_modules; not `out/` (the installer ships that), nor
 * `test-results/` (the card-data scan reads that). `name` keeps each caller's bundle its own:
 * files run in parallel and must not rewrite one another's. Resolves with the bundle's path.
 */
export async function bundleTestEntry(
  entry: string,
  name: string,
  leftOut: Pick<BuildOptions, 'external' | 'packages'>,
): Promise<string> {
  const dir = resolve('.lanepoint-dev', 'test-build');
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, `${name}.mjs`);
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    outfile,
    ...leftOut,
    logLevel: 'warning',
  });
  return outfile;
}
