import { defineConfig } from 'vitest/config';
import { resolve } from 'node:path';

// End-to-end: Playwright drives Chromium against browser mode. One file at a time: each test
// starts a browser, and the machines this runs on have two cores.
export default defineConfig({
  test: {
    // Every temporary file the tests make (journals, app-data folders, logs) stays under
    // test-results/, where the card-data scan that closes `npm test` reads it.
    env: { TMPDIR: resolve('test-results', 'tmp') },
    globalSetup: ['test/support/make-tmpdir.ts'],
    name: 'e2e',
    environment: 'node',
    include: ['test/e2e/**/*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'test-results/vitest-e2e.json' }]],
  },
});
