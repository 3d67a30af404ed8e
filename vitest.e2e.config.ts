import { defineConfig } from 'vitest/config';
import { resolve } from 'node:path';
import { filesThatMockModules, sharedRegistry } from './vitest.config.ts';

const e2eFiles = 'test/e2e/**/*.e2e.ts';
const mockingFiles = filesThatMockModules('test/e2e', ['.e2e.ts']);

// End-to-end: Playwright drives Chromium against browser mode. One file at a time: each test
// starts a browser, and the machines this runs on have two cores.
export default defineConfig({
  test: {
    // Every temporary file the tests make (journals, app-data folders, logs) stays under
    // test-results/, where the card-data scan that closes `npm test` reads it.
    env: { TMPDIR: resolve('test-results', 'tmp') },
    globalSetup: ['test/support/make-tmpdir.ts'],
    environment: 'node',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // An expect.poll without its own bound waits up to 10 s, not vitest's 1 s: a hang guard, not a
    // timing (a customer-display poll missed 1 s in a run beside the unit suite and 4 busy jobs).
    expect: { poll: { timeout: 10_000 } },
    reporters: ['default', ['json', { outputFile: 'test-results/vitest-e2e.json' }]],
    // Closes each file's shared Chromium after its last test (a setup file runs for every file;
    // a hook registered when a shared module loads would run for the first file only).
    setupFiles: ['test/e2e/support/close-chromium.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'e2e',
          include: [e2eFiles],
          exclude: mockingFiles,
          // One module registry for the files, as the unit suite's node project: importing each
          // file's graph afresh (the lane, Playwright, the emulators) was 69 s of a 578 s run.
          ...sharedRegistry,
        },
      },
      // A file that replaces a module (vi.mock) needs a registry of its own.
      { extends: true, test: { name: 'e2e-isolated', include: mockingFiles } },
    ],
  },
});
