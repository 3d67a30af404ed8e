import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The unit suite's slow tier: files that spend tens of seconds on real processes and real time
 * (SIGKILLed lanes, the answer window, 20 MB streams, the 10,000-sale soak), measured on a quiet
 * two-core machine. `npm test` runs them, first (see SlowFirstSequencer); `npm run test:quick`
 * leaves them out. A file that grows past about 5 s belongs here; docs/developers.md lists the tiers.
 */
export const slowTier: readonly string[] = [
  'test/kills/kills.test.ts', // 30-45 s: 20 SIGKILLs of a real lane, its clock moved past each answer window it would wait out
  'test/kills/offline-kills.test.ts', // 60-77 s: 8 SIGKILLs of a lane storing and forwarding while its network comes and goes
  'test/src-main/lane/journal/crash.test.ts', // 55 s: 150 lane processes killed at three points
  'test/hostile/shutdown.test.ts', // 14 s: real lanes under SIGTERM, one waiting out its 5 s bound
  'test/src-main/backoffice/attachment-upload.test.ts', // 8 s: a 20 MB upload streamed end to end
  'test/src-main/backoffice/boarding/attachment.test.ts', // 15 s: a 20 MB file streamed both ways
  'test/bench/soak.test.ts', // 5 s: the soak's sales against the emulator
  'test/src-main/shells/cli/hub-command.test.ts', // 9 s: a real `lanepoint hub` creating its embedded database
  'test/src-main/backoffice/hub-commands.test.ts', // 7 s: the real hub per test, through the back office's commands
];

/**
 * Starts the slow tier first, longest first, then the rest as vitest orders them. On a fresh
 * clone vitest has no durations cached and starts the biggest files first, which put the 100 s
 * kills file at the end of a run with nothing left to overlap it.
 */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = slowTier.indexOf(relative(file.project.config.root, file.moduleId).replaceAll('\\', '/'));
      return index === -1 ? slowTier.length : index;
    };
    // Array.prototype.sort is stable: outside the slow tier vitest's own order stays.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * The node files that replace a module with `vi.mock` (or `vi.doMock`). The node project shares
 * one module registry per worker across files (isolate: false): importing each file's graph again
 * cost 230 s of a 500 s unit run on two cores. A replaced module only takes effect in a fresh
 * registry, so these files run in a project of their own that isolates them. Found by reading the
 * files, so a new one can never land in the shared registry by mistake. `suffixes`: the renderer's
 * `.test.tsx` too, and `.e2e.ts` for the end-to-end suite, which share their registries the same way.
 */
export function filesThatMockModules(
  root = 'test',
  suffixes: readonly string[] = ['.test.ts'],
  skipped: readonly string[] = [],
): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) {
      if (!skipped.includes(path.replaceAll('\\', '/'))) found.push(...filesThatMockModules(path, suffixes, skipped));
    } else if (
      suffixes.some((suffix) => entry.name.endsWith(suffix)) &&
      /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(path, 'utf8'))
    )
      found.push(path.replaceAll('\\', '/'));
  }
  return found;
}

const nodeMockingFiles = filesThatMockModules('test', ['.test.ts'], ['test/src-renderer', 'test/e2e']);
const rendererMockingFiles = filesThatMockModules('test/src-renderer', ['.test.ts', '.test.tsx']);

/**
 * A project whose files share one module registry per worker (isolate: false; see
 * filesThatMockModules), with what a file changes outside its modules put back after each test.
 */
export const sharedRegistry = { isolate: false, restoreMocks: true, unstubEnvs: true, unstubGlobals: true } as const;

// Unit and integration tests. Node code runs in the node environment; renderer components run
// in jsdom. End-to-end tests in Chromium have their own config (vitest.e2e.config.ts).
// `vitest run --mode quick` (npm run test:quick) leaves the slow tier out; `npm test` runs all.
export default defineConfig(({ mode }) => ({
  test: {
    // Every temporary file the tests make (journals, app-data folders, logs) stays under
    // test-results/, where the card-data scan that closes `npm test` reads it.
    env: { TMPDIR: resolve('test-results', 'tmp') },
    globalSetup: ['test/support/make-tmpdir.ts', 'test/support/postgres-global.ts'],
    reporters: ['default', ['json', { outputFile: 'test-results/vitest-unit.json' }]],
    // Two files at a time even on two cores (vitest's default there is one): the slow tier spends
    // most of its time waiting on child processes and real time, which the other worker fills.
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
    // Bounds for a machine loaded with other jobs: a test's own waits are on the manual clock,
    // so these only catch a hang; hooks start emulators and real processes, which slow down first.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: [
            'test/src-renderer/**',
            'test/e2e/**',
            'test/lint/fixtures/**',
            ...nodeMockingFiles,
            ...(mode === 'quick' ? slowTier : []),
          ],
          ...sharedRegistry,
        },
      },
      {
        extends: true,
        test: {
          name: 'node-isolated',
          environment: 'node',
          include: nodeMockingFiles,
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['test/src-renderer/**/*.test.{ts,tsx}'],
          exclude: rendererMockingFiles,
          // One jsdom page and module registry per worker, shared by its files: a fresh page and
          // React for each of the 62 files made these tests 209 CPU-s on two cores (111 s), shared
          // 49 CPU-s (29 s). The setup file puts the page back after every test.
          ...sharedRegistry,
          setupFiles: ['test/src-renderer/support/shared-page.ts'],
        },
      },
      ...(rendererMockingFiles.length > 0
        ? [
            {
              extends: true as const,
              plugins: [react()],
              test: { name: 'renderer-isolated', environment: 'jsdom' as const, include: rendererMockingFiles },
            },
          ]
        : []),
    ],
  },
}));
