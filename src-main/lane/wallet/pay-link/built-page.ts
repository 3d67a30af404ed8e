import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LaneError } from '../../errors';
import { payPageAssets } from './pay-page-parts';

/**
 * The pay page's script and style as `npm run build` made them (src-renderer/pay-page/, built by
 * vite.pay-page.config.ts into out/pay-page/; ADR 051). The service reads them once when it
 * starts and serves them from memory, by name: nothing else in the folder, nothing outside it.
 */

/** One built file as it is served. */
export interface PayPageFile {
  readonly type: string;
  readonly body: Buffer;
}

/** The built files by their path on the service (`/pay-assets/<name>`). */
export type BuiltPayPage = ReadonlyMap<string, PayPageFile>;

const types: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * out/pay-page/ of the checkout or the packaged app: beside the package.json above this module,
 * which is src-main/lane/wallet/pay-link/ in a checkout and out/main/ once electron-vite bundled it.
 */
export function builtPayPageDir(from: string = fileURLToPath(import.meta.url)): string {
  let folder = dirname(from);
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new LaneError('refused', `No package.json above ${from}: cannot find the pay page.`);
    folder = parent;
  }
  return join(folder, 'out', 'pay-page');
}

/** Reads the built page from `folder`; refuses, naming the missing file, where it was not built. */
export function loadBuiltPayPage(folder: string): BuiltPayPage {
  for (const asset of Object.values(payPageAssets)) {
    const file = join(folder, asset.slice('/pay-assets/'.length));
    if (!existsSync(file))
      throw new LaneError('refused', `The pay page is not built (no ${file}); run "npm run build".`);
  }
  const files = new Map<string, PayPageFile>();
  for (const name of readdirSync(folder)) {
    const type = types[/\.[a-z]+$/.exec(name)?.[0] ?? ''];
    if (type) files.set(`/pay-assets/${name}`, { type, body: readFileSync(join(folder, name)) });
  }
  return files;
}
