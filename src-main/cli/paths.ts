import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The checkout (or unpacked app) root: src-main/cli/ is two folders below it. */
export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Where `npm run build` (electron-vite) puts the renderer both shells serve. */
export const builtRendererDir = join(projectRoot, 'out', 'renderer');
