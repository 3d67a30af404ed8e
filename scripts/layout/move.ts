/**
 * The layout by program (issue 31, ADR 060), as a script the merge re-runs on the merged tree:
 * `node --import tsx scripts/layout/move.ts`. Moves every tracked file an entry of mapping.ts
 * names (git mv), then points every relative import, export, import(), require, vi.mock and
 * `new URL(..., import.meta.url)` of every tracked module at where its target now lies, and
 * rewrites path fragments (`src-main/core/...`) in every other tracked text file: package.json,
 * the Vite, Vitest, ESLint and TypeScript configs, electron-builder.yml, .ci/run, the docs, and
 * tests that name source paths in strings. A second run finds nothing to do.
 * `--dry-run` prints what it would do and changes nothing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { layout } from './mapping';
import { fragmentReplacer, newPathOf } from './paths';
import { rewriteSpecifiers, treeOf } from './imports';

const dryRun = process.argv.includes('--dry-run');
const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' });

const modules = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
/** Tracked files that are not text, or whose paths are not ours to rewrite. */
const notText = /(^|\/)package-lock\.json$|\.(png|jpg|jpeg|gif|ico|bmp|woff2?|ttf|sqlite|bin|pem|der|gz|zip)$/i;

const files = git('ls-files', '-z')
  .split('\0')
  .filter((file) => file !== '' && existsSync(file));
const tree = treeOf(files);
const replaceFragments = fragmentReplacer();

// The moves, checked before anything changes: no two files to one place, nothing overwritten.
const moves = new Map<string, string>();
for (const file of files) {
  const target = newPathOf(file);
  if (target !== file) moves.set(file, target);
}
const destinations = new Map<string, string>();
const problems: string[] = [];
for (const [from, to] of moves) {
  const other = destinations.get(to);
  if (other) problems.push(`${from} and ${other} would both move to ${to}`);
  destinations.set(to, from);
  if (tree.files.has(to) && !moves.has(to)) problems.push(`${from} would overwrite ${to}, which stays`);
}
if (problems.length > 0) {
  console.error(`layout: nothing moved; resolve these first (mapping.ts):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}

// The new text of every file whose text changes, keyed by its place after the move.
const rewritten = new Map<string, string>();
for (const file of files) {
  // The mapping names the old paths on purpose: the script's own folder is left as written.
  if (notText.test(file) || file.startsWith('scripts/layout/')) continue;
  const before = readFileSync(file, 'utf8');
  if (before.includes('\u0000')) continue;
  const newFile = moves.get(file) ?? file;
  let after = modules.test(file) ? rewriteSpecifiers(tree, file, newFile, before) : before;
  after = replaceFragments(after);
  if (after !== before) rewritten.set(newFile, after);
}

// What moved, per entry of the mapping.
const perEntry = new Map<string, number>();
for (const from of moves.keys()) {
  const entry = Object.keys(layout)
    .filter((key) => from.includes(key.endsWith('/') ? key : key.replace(/\.[^./]+$/, '.')))
    .sort((a, b) => b.length - a.length)[0];
  perEntry.set(entry ?? from, (perEntry.get(entry ?? from) ?? 0) + 1);
}
for (const [entry, count] of perEntry) console.log(`${entry} -> ${layout[entry] ?? '?'}  (${count} files)`);

if (moves.size === 0 && rewritten.size === 0) {
  console.log('layout: nothing to move, every path already in place');
  process.exit(0);
}
console.log(
  `layout: ${moves.size} files ${dryRun ? 'to move' : 'moved'}, ${rewritten.size} files' paths ${dryRun ? 'to rewrite' : 'rewritten'}`,
);
if (dryRun) process.exit(0);

for (const [from, to] of moves) {
  mkdirSync(dirname(to), { recursive: true });
  git('mv', from, to);
}
for (const [file, text] of rewritten) writeFileSync(file, text);
// Longer paths change where prettier breaks lines: the rewritten modules are formatted again.
const formatted = [...rewritten.keys()].filter((file) => /\.(ts|tsx|mjs|cjs|js|css)$/.test(file));
if (formatted.length > 0)
  execFileSync('npx', ['prettier', '--write', '--log-level', 'warn', ...formatted], { stdio: 'inherit' });
git('add', '--', ...rewritten.keys());
