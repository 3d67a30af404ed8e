import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { resolve } from 'node:path';
import { SlowFirstSequencer, slowTier } from './test/support/test-tiers';

// Unit and integration tests. Node code runs in the node environment; renderer components run
// in jsdom. End-to-end tests in Chromium have their own config (vitest.e2e.config.ts).
// `vitest run --mode quick` (npm run test:quick) leaves the slow tier out; `npm test` runs all.
export default defineConfig(({ mode }) => ({
  test: {
    // Every temporary file the tests make (journals, app-data folders, logs) stays under
    // test-results/, where the card-data scan that closes `npm test` reads it.
    env: { TMPDIR: resolve('test-results', 'tmp') },
    globalSetup: ['test/support/make-tmpdir.ts'],
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
            ...(mode === 'quick' ? slowTier : []),
          ],
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['test/src-renderer/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
}));
