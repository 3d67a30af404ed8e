import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The checkout (or unpacked app) root: the first folder above this module with a package.json.
 * Found by walking up, not by a fixed `../../`: the source (src-main/...) and the compiled CLI
 * (out/cli/) lie at different depths below it.
 */
export function findProjectRoot(from: string = fileURLToPath(import.meta.url)): string {
  let folder = dirname(from);
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) return process.cwd();
    folder = parent;
  }
  return folder;
}

export const projectRoot = findProjectRoot();

/** Where `npm run build` (electron-vite) puts the renderer both shells serve. */
export const builtRendererDir = join(projectRoot, 'out', 'renderer');
