import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/**
 * The pay page a customer's phone opens (src-renderer/pay-page/, ADR 051): its own small build,
 * run by electron-vite's build (electron.vite.config.ts), into out/pay-page/, which the pay-link
 * service serves under its strict CSP. Fixed names (pay.js, wallets.js, pay.css): the service
 * answers with no-store, so nothing caches a stale one, and its markup names them
 * (pay-page-parts.ts). ES modules lowered to ES2017 for phones as old as iOS 12's Safari and
 * Chrome 64: the page must open on whatever phone the customer has.
 */
export const payPageTarget = ['es2017', 'safari12', 'chrome64', 'firefox67', 'edge79'];

export default defineConfig({
  root: resolve(import.meta.dirname, 'src-renderer/pay-page'),
  // The page's files are at /pay-assets/ on the service.
  base: '/pay-assets/',
  publicDir: false,
  build: {
    outDir: resolve(import.meta.dirname, 'out/pay-page'),
    emptyOutDir: true,
    target: payPageTarget,
    cssTarget: payPageTarget,
    minify: true,
    modulePreload: false,
    rollupOptions: {
      input: {
        pay: resolve(import.meta.dirname, 'src-renderer/pay-page/pay.ts'),
        wallets: resolve(import.meta.dirname, 'src-renderer/pay-page/wallets.ts'),
      },
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: '[name]-[hash].js',
        assetFileNames: '[name][extname]',
      },
    },
  },
});
