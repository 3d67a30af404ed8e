import { bundleTestEntry } from './test-bundle';

/**
 * Bundles `test/src-main/lane/journal/crash-child.ts` (a lane process the crash tests SIGKILL at a
 * chosen point), so each of the many processes starts in a fraction of a second; `name` keeps
 * each test file's bundle its own (see bundleTestEntry). Resolves with the bundle's path.
 */
export function buildCrashChild(name: string): Promise<string> {
  return bundleTestEntry('test/src-main/lane/journal/crash-child.ts', name, { external: ['better-sqlite3'] });
}
