import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of run-time data (assets/: the training card deck, printer profiles, signatures).
 * Found by walking up from this module: the repository's assets/ in development and tests,
 * `resources/assets` beside the app archive in a package (electron-builder's extraResources).
 */
export function defaultAssetsDir(from: string = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  for (let depth = 0; depth < 8; depth += 1) {
    const candidate = join(dir, 'assets');
    if (existsSync(join(candidate, 'test-cards.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return resolve('assets');
}
