import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const rendererDir = resolve(import.meta.dirname, '../../src-renderer');

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
 * Every module a page's entry loads before it runs: static imports followed from the entry, type-only
 * imports and dynamic `import()` left out (Vite puts those in chunks of their own).
 */
function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.startsWith('package:') || /\.css$/.test(file)) continue;
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^import\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gms)) {
      const target = resolveImport(file, match[1]!);
      if (target) pending.push(target);
    }
  }
  return seen;
}

describe("the lane page's first chunk (ADR 064)", () => {
  const graph = [...staticGraph(resolve(rendererDir, 'main.tsx'))].map((file) =>
    file.startsWith('package:') ? file : file.slice(rendererDir.length + 1),
  );

  it('holds the sign-in screen and the connection to the terminal', () => {
    expect(graph).toContain('screens/sign-in/SignInScreen.tsx');
    expect(graph).toContain('pos/websocket-client.ts');
  });

  it('leaves out every screen the first one does not show, and the QR encoder', () => {
    const later = [
      'screens/sale/SaleScreen.tsx',
      'screens/history/HistoryScreen.tsx',
      'screens/settings/SettingsScreen.tsx',
      'screens/end-of-day/EndOfDayScreen.tsx',
      'screens/devices/DevicesScreen.tsx',
      'training/TrainingPanel.tsx',
      'kiosk/KioskApp.tsx',
      'components/SignaturePanel.tsx',
      'components/ManagerApproval.tsx',
      'package:qrcode',
    ];
    expect(later.filter((file) => graph.includes(file))).toEqual([]);
  });
});
