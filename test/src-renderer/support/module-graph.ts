import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** The renderer's sources, the root the graph's names are relative to. */
export const rendererDir = resolve(import.meta.dirname, '../../../src-renderer');

/** Resolves a relative import the way Vite does for these sources (.ts, .tsx, index files). */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return `package:${specifier}`;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/**
 * Every module a page's entry (a path under src-renderer/) imports, as paths relative to
 * src-renderer/ (packages as `package:<name>`). Type-only imports are left out; dynamic `import()`
 * is followed only with `dynamic` (Vite puts those in chunks of their own, loaded later).
 */
export function moduleGraph(entry: string, { dynamic }: { dynamic: boolean }): string[] {
  const seen = new Set<string>();
  const pending = [resolve(rendererDir, entry)];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.startsWith('package:') || /\.css$/.test(file)) continue;
    const source = readFileSync(file, 'utf8');
    const specifiers = [
      ...source.matchAll(/^import\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gms),
      ...(dynamic ? source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g) : []),
    ].map((match) => match[1]!);
    for (const specifier of specifiers) {
      const target = resolveImport(file, specifier);
      if (target) pending.push(target);
    }
  }
  return [...seen].map((file) => (file.startsWith('package:') ? file : file.slice(rendererDir.length + 1)));
}
