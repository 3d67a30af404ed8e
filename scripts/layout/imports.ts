import { posix } from 'node:path';
import { newFolderOf, newPathOf, relativeSpecifier } from './paths';

/** The files the repository tracks (before the move), to resolve relative specifiers against. */
export interface Tree {
  readonly files: ReadonlySet<string>;
  /** Every folder holding a tracked file, at any depth ('' is the root). */
  readonly folders: ReadonlySet<string>;
}

export function treeOf(files: readonly string[]): Tree {
  const folders = new Set<string>(['']);
  for (const file of files) {
    for (let folder = posix.dirname(file); folder !== '.'; folder = posix.dirname(folder)) folders.add(folder);
  }
  return { files: new Set(files), folders };
}

const added = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json', '/index.ts', '/index.tsx'];

/** What a relative specifier names in the tree: a file (and the suffix the specifier left off), or a folder. */
function resolve(tree: Tree, base: string): { file: string; leftOff: string } | { folder: string } | undefined {
  if (tree.files.has(base)) return { file: base, leftOff: '' };
  for (const suffix of added) if (tree.files.has(base + suffix)) return { file: base + suffix, leftOff: suffix };
  // TypeScript's ESM style: `./x.js` names x.ts.
  const js = /\.(m|c)?js$/.exec(base);
  if (js) {
    const stem = base.slice(0, -js[0].length);
    for (const ext of ['.ts', '.tsx', '.mts', '.cts'])
      if (tree.files.has(stem + ext)) return { file: stem + ext, leftOff: `=${js[0]}` };
  }
  if (tree.folders.has(base === '.' ? '' : base)) return { folder: base === '.' ? '' : base };
  return undefined;
}

/** The specifier `spec`, written in `oldFile`, as `newFile` must write it once every file has moved. */
export function movedSpecifier(tree: Tree, oldFile: string, newFile: string, spec: string): string {
  const trailingSlash = spec.endsWith('/') && spec.length > 1;
  const base = posix.normalize(posix.join(posix.dirname(oldFile), spec)).replace(/\/$/, '');
  const found = resolve(tree, base);
  if (!found) return spec; // not a file of this tree (built output, a runtime folder): left as it is
  if ('folder' in found) {
    const target = newFolderOf(found.folder);
    if (target === found.folder && newFile === oldFile) return spec;
    const relative = relativeSpecifier(newFile, target === '' ? '.' : target);
    return trailingSlash ? `${relative}/` : relative;
  }
  const target = newPathOf(found.file);
  if (target === found.file && newFile === oldFile) return spec;
  const { leftOff } = found;
  let written = target;
  if (leftOff.startsWith('=')) written = target.replace(/\.[^./]+$/, leftOff.slice(1));
  else if (leftOff.startsWith('/index')) written = target.slice(0, -leftOff.length);
  else if (leftOff) written = target.slice(0, -leftOff.length);
  return relativeSpecifier(newFile, written);
}

/**
 * Every relative specifier of a module: static and dynamic imports, re-exports, require,
 * vi.mock/doMock/importActual, and `new URL('...', import.meta.url)`.
 */
const specifierPatterns = [
  /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\bvi\.(?:do)?[mM]ock\s*\(\s*|\bvi\.importActual(?:<[^>]*>)?\s*\(\s*)(['"])(\.\.?(?:\/[^'"\n]*)?)\2/g,
  /(\bnew URL\(\s*)(['"])(\.\.?(?:\/[^'"\n]*)?)\2(?=\s*,\s*import\.meta\.url)/g,
];

/** The module's text with every relative specifier pointing where its target now lies. */
export function rewriteSpecifiers(tree: Tree, oldFile: string, newFile: string, text: string): string {
  let result = text;
  for (const pattern of specifierPatterns) {
    result = result.replace(pattern, (whole, lead: string, quote: string, spec: string) => {
      const moved = movedSpecifier(tree, oldFile, newFile, spec);
      return moved === spec ? whole : `${lead}${quote}${moved}${quote}`;
    });
  }
  return result;
}
