import { defineConfig } from 'vite';
import { sharedConfig } from './vite.shared.js';

// The app (index.html). The landing page is a second build (vite.landing.config.ts) into the same
// folder; `vite build --ssr src/landing-prerender.tsx` builds its server renderer, which
// scripts/prerender-landing.mjs runs to fill landing.html.
export default defineConfig(({ isSsrBuild }) => ({
  ...sharedConfig,
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
  build: {
    outDir: isSsrBuild ? 'dist-prerender' : 'dist',
    sourcemap: true,
    // Prints every chunk with its gzip size.
    reportCompressedSize: true,
  },
}));
