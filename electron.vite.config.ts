import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
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
// Electron app:// protocol and by the browser-mode host alike, and out/cli for the command.
export default defineConfig({
  main: {
    plugins: [lanepointCli],
    build: {
      outDir: 'out/main',
      externalizeDeps: true,
      rollupOptions: {
        input: { main: resolve(import.meta.dirname, 'src-main/electron/main.ts') },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot load modules: bundle everything into one CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { preload: resolve(import.meta.dirname, 'src-main/electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src-renderer'),
    plugins: [react()],
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      emptyOutDir: true,
      // Kiosk browsers load this over loopback on modest hardware: ship it minified.
      minify: true,
      // Two pages: the lane's (index.html) and the back office's, which `lanepoint backoffice` serves.
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src-renderer/index.html'),
          backoffice: resolve(import.meta.dirname, 'src-renderer/backoffice.html'),
        },
      },
    },
  },
});
