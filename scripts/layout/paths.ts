import { posix } from 'node:path';
import { layout } from './mapping';

/** Where the layout applies: the source path itself, and the same path under test/. */
const roots = ['', 'test/'];

const withoutExtension = (file: string) => file.replace(/\.[^./]+$/, '');

/**
 * The new place of a repository path, or the path itself when no entry names it. A folder entry
 * (`a/`) takes everything below it; a file entry (`a/b.ts`) takes that file and its tests
 * (`a/b.test.ts`: the same stem); the longest matching entry wins.
 */
export function newPathOf(path: string, entries: Readonly<Record<string, string>> = layout): string {
  let best: { root: string; key: string } | undefined;
  for (const root of roots) {
    if (!path.startsWith(root)) continue;
    const rest = path.slice(root.length);
    for (const key of Object.keys(entries)) {
      const matches = key.endsWith('/')
        ? rest.startsWith(key)
        : rest === key || rest.startsWith(`${withoutExtension(key)}.`);
      if (matches && (!best || key.length > best.key.length)) best = { root, key };
    }
  }
  if (!best) return path;
  const { root, key } = best;
  const rest = path.slice(root.length);
  const target = entries[key]!;
  if (key.endsWith('/')) return root + target + rest.slice(key.length);
  return root + withoutExtension(target) + rest.slice(withoutExtension(key).length);
}

/** The new place of a folder (no trailing slash; '' is the repository root). */
export function newFolderOf(folder: string): string {
  if (folder === '') return '';
  const probe = newPathOf(`${folder}/\u0000`);
  return probe.slice(0, -2);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Path fragments in prose and configuration (`src-main/core/core.ts`, `drivers/emulated`,
 * `test/src-main/cli/`): each entry as a fragment, longest first so a file entry beats its folder.
 */
export function fragmentReplacer(entries: Readonly<Record<string, string>> = layout): (text: string) => string {
  const pairs = Object.entries(entries).map(([from, to]) =>
    from.endsWith('/') ? [from.slice(0, -1), to.slice(0, -1)] : [withoutExtension(from), withoutExtension(to)],
  );
  pairs.sort((a, b) => b[0]!.length - a[0]!.length);
  const to = new Map(pairs.map(([from, target]) => [from!, target!]));
  const pattern = new RegExp(`(?<![\\w.-])(${pairs.map(([from]) => escape(from!)).join('|')})(?![\\w-])`, 'g');
  return (text) => text.replace(pattern, (fragment: string) => to.get(fragment) ?? fragment);
}

/** A relative module specifier from `fromFile` to `target`, `./`-prefixed as import needs. */
export function relativeSpecifier(fromFile: string, target: string): string {
  const relative = posix.relative(posix.dirname(fromFile), target) || '.';
  return relative.startsWith('.') ? relative : `./${relative}`;
}
