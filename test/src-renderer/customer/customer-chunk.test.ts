import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const rendererDir = resolve(import.meta.dirname, '../../../src-renderer');

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

/** Every module the page's entry imports, static or dynamic; type-only imports are left out. */
function moduleGraph(entry: string): string[] {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.startsWith('package:') || /\.css$/.test(file)) continue;
    const source = readFileSync(file, 'utf8');
    const specifiers = [
      ...source.matchAll(/^import\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gms),
      ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
    ].map((match) => match[1]!);
    for (const specifier of specifiers) {
      const target = resolveImport(file, specifier);
      if (target) pending.push(target);
    }
  }
  return [...seen].map((file) => (file.startsWith('package:') ? file : file.slice(rendererDir.length + 1)));
}

describe("the customer display's page (issue 36)", () => {
  const graph = moduleGraph(resolve(rendererDir, 'customer/main.tsx'));

  it('holds the customer display, its words and the connection to the lane', () => {
    expect(graph).toContain('customer/ConnectedCustomerDisplay.tsx');
    expect(graph).toContain('customer/customer-words.ts');
    expect(graph).toContain('pos/websocket-client.ts');
  });

  it("loads none of the counter's or the kiosk's app: no screens, no store, no App", () => {
    expect(graph.filter((file) => file.startsWith('screens/'))).toEqual([]);
    expect(graph).not.toContain('store/pos-store.ts');
    expect(graph).not.toContain('components/App.tsx');
    expect(graph).not.toContain('components/CounterApp.tsx');
    expect(graph).not.toContain('kiosk/KioskApp.tsx');
    expect(graph).not.toContain('training/TrainingPanel.tsx');
  });
});
