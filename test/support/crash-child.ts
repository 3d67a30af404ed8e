import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles `test/src-main/lane/journal/crash-child.ts` (a lane process the crash tests SIGKILL at a
 * chosen point) into one file under the checkout's `.lanepoint-dev/test-build/`, so each of the
 * many processes starts in a fraction of a second. `name` keeps each test file's bundle its own:
 * files run in parallel and must not rewrite one another's. Resolves with the bundle's path.
 */
export async function buildCrashChild(name: string): Promise<string> {
  const dir = join(process.cwd(), '.lanepoint-dev', 'test-build');
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, `${name}.mjs`);
  await build({
    entryPoints: ['test/src-main/lane/journal/crash-child.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    external: ['better-sqlite3'],
    logLevel: 'silent',
  });
  return outfile;
}
