import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { resolve } from 'node:path';

// Unit and integration tests. Node code runs in the node environment; renderer components run
// in jsdom. End-to-end tests in Chromium have their own config (vitest.e2e.config.ts).
export default defineConfig({
  test: {
    // Every temporary file the tests make (journals, app-data folders, logs) stays under
    // test-results/, where the card-data scan that closes `npm test` reads it.
    env: { TMPDIR: resolve('test-results', 'tmp') },
    globalSetup: ['test/support/make-tmpdir.ts'],
    reporters: ['default', ['json', { outputFile: 'test-results/vitest-unit.json' }]],
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/src-renderer/**', 'test/e2e/**', 'test/lint/fixtures/**'],
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
});
