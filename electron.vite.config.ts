import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { build, type LogLevel, type Plugin } from 'vite';

/**
 * The pay page a customer's phone opens is built for older phones than the renderer (its own
 * target, vite.pay-page.config.ts), so it is its own build; it runs after the renderer's, so
 * every `electron-vite build` (npm run build, prepare, test:e2e, dist) leaves out/pay-page/
 * beside out/renderer/ (ADR 051).
 */
function buildPayPage(): Plugin {
  let logLevel: LogLevel | undefined;
  return {
    name: 'lanepoint:pay-page',
    apply: 'build',
    configResolved(config) {
      logLevel = config.logLevel;
    },
    async closeBundle() {
      await build({ configFile: resolve(import.meta.dirname, 'vite.pay-page.config.ts'), logLevel });
    },
  };
}

import { buildCli } from './scripts/build-cli';

/**
 * The `lanepoint` command is compiled with the app (out/cli), so every build that makes out/main
 * (`npm install`'s prepare step, `npm run build`, the e2e and dist scripts) also makes the CLI
 * that bin/lanepoint.mjs loads, and neither can be older than the other.
 */
const lanepointCli: Plugin = {
  name: 'lanepoint-cli',
  apply: 'build',
  async closeBundle() {
    await buildCli(import.meta.dirname);
  },
};

// One build for both shells: out/main and out/preload for Electron, out/renderer served by the
// Electron app:// protocol and by the browser-mode host alike; out/pay-page, the pay-link
// service's page; and out/cli for the command.
export default defineConfig({
  main: {
    plugins: [lanepointCli],
    build: {
      outDir: 'out/main',
      externalizeDeps: true,
      rollupOptions: {
        input: { main: resolve(import.meta.dirname, 'src-main/shells/electron/main.ts') },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot load modules: bundle everything into one CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { preload: resolve(import.meta.dirname, 'src-main/shells/electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src-renderer'),
    plugins: [react(), buildPayPage()],
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      emptyOutDir: true,
      // Kiosk browsers load this over loopback on modest hardware: ship it minified.
      minify: true,
      // Three pages: the lane's (index.html), the customer display's (customer.html, issue 36) and
      // the back office's, which `lanepoint backoffice` serves.
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src-renderer/index.html'),
          customer: resolve(import.meta.dirname, 'src-renderer/customer.html'),
          backoffice: resolve(import.meta.dirname, 'src-renderer/backoffice.html'),
        },
      },
    },
  },
});
