import { defineConfig } from 'vite';
import { sharedConfig } from './vite.shared.js';

/**
 * The landing page's own build (landing.html), run after the app's into the same folder: one script and
 * one stylesheet, so a first visit on a slow phone connection waits for as few requests as possible
 * before the prerendered page is styled and then interactive. It shares no chunk with the app: React
 * comes again with the app's first page, the price of a landing page that fetches three files.
 * scripts/bundle-size.mjs reads its manifest.
 */
export default defineConfig({
  ...sharedConfig,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    reportCompressedSize: true,
    manifest: '.vite/landing-manifest.json',
    // One script: nothing to preload. The record's witness check (its cryptography) is the one lazy part:
    // it loads after the page is interactive, in a chunk of its own.
    modulePreload: false,
    rollupOptions: {
      input: { landing: 'landing.html' },
    },
  },
});
