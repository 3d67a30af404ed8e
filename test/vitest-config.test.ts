import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { SlowFirstSequencer, slowTier } from '../vitest.config';

const root = process.cwd();

/** What the sequencer reads of a file to run: its project (name, root, order group) and path. */
function specification(path: string): TestSpecification {
  const project = { name: 'node', config: { root, isolate: true, sequence: { groupOrder: 0 } } };
  return { project, moduleId: resolve(root, path) } as unknown as TestSpecification;
}

/** A fresh clone: vitest has no durations or sizes cached, so its own order is the given one. */
const freshClone = {
  cache: { getFileTestResults: () => undefined, getFileStats: () => undefined },
  config: { root },
} as unknown as Vitest;

describe('the slow tier', () => {
  it('names files that exist (a moved or renamed file would silently leave the tier)', () => {
    expect(slowTier.filter((path) => !existsSync(resolve(root, path)))).toEqual([]);
  });

  it('starts first, in its own order, and the rest keep vitest order', async () => {
    const files = ['test/support/until.ts', slowTier[2]!, 'test/support/cards.ts', slowTier[0]!].map(specification);
    const sorted = await new SlowFirstSequencer(freshClone).sort(files);
    expect(sorted.map((file) => file.moduleId)).toEqual(
      [slowTier[0]!, slowTier[2]!, 'test/support/until.ts', 'test/support/cards.ts'].map((path) => resolve(root, path)),
    );
  });
});

describe('the files that replace modules', () => {
  it('are found by reading them, and run isolated, outside the shared registry', async () => {
    const { filesThatMockModules } = await import('../vitest.config');
    const found = filesThatMockModules();
    expect(found).toContain('test/src-main/lane/terminal/unrecorded-outcome.test.ts');
    expect(found).toContain('test/src-main/shells/electron/preload.test.ts');
    expect(found.every((path) => path.endsWith('.test.ts'))).toBe(true);
  });

  it('include the end-to-end files that replace a module, which the e2e config runs in a registry of their own', async () => {
    const { filesThatMockModules } = await import('../vitest.config');
    const { default: e2e } = await import('../vitest.e2e.config');
    const found = filesThatMockModules('test/e2e', ['.e2e.ts']);
    expect(found).toContain('test/e2e/journal-full.e2e.ts');
    const projects = (e2e.test?.projects ?? []) as Array<{
      test: { name: string; include: string[]; exclude?: string[]; isolate?: boolean };
    }>;
    const shared = projects.find((project) => project.test.name === 'e2e')!;
    const isolated = projects.find((project) => project.test.name === 'e2e-isolated')!;
    expect(shared.test).toMatchObject({ isolate: false, exclude: found });
    expect(isolated.test.include).toEqual(found);
    expect(isolated.test.isolate).toBeUndefined();
  });
});
