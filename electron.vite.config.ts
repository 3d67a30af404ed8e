import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// One build for both shells: out/main and out/preload for Electron, out/renderer served by the
// Electron app:// protocol and by the browser-mode host alike.
export default defineConfig({
  main: {
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
