import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Two documents: the app (index.html) and the landing page (landing.html), which has its own small entry.
// `vite build --ssr src/landing-prerender.tsx` (the web build's second step) builds the landing page's
// server renderer, which scripts/prerender-landing.mjs runs to fill landing.html.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: { conditions: ['@signalroom/source'] },
  ssr: { resolve: { conditions: ['@signalroom/source'] } },
  // Styles are CSS Modules beside their component; class names are written kebab-case in CSS and read
  // camelCase in code (`styles.signalCard`; the kebab-case key is kept for names built at run time).
  css: { modules: { localsConvention: 'camelCase' } },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Prints every chunk with its gzip size; the landing budget is checked by scripts/bundle-size.mjs.
    reportCompressedSize: true,
    // scripts/bundle-size.mjs reads the manifest to find what the landing route loads.
    manifest: true,
    rollupOptions: {
      input: isSsrBuild ? undefined : { app: 'index.html', landing: 'landing.html' },
      output: isSsrBuild
        ? undefined
        : {
            codeSplitting: {
              // A group takes only the modules it names; what they import stays where rolldown puts it.
              includeDependenciesRecursively: false,
              groups: [
                // React in one chunk that both documents load, so a visitor going from the landing page to
                // the app downloads it once.
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
                // What only the landing page uses, in one chunk: a dozen small ones cost more to fetch
                // and compress less.
                { name: 'landing', test: /src[\\/]pages[\\/]landing[\\/]/, priority: 1 },
              ],
            },
          },
      // Schema definitions (`z.object(...)`, the shared field builders `zText(...)` and the like, and the
      // API contract's `withSchemas(...)`) have no side effects: modules of @signalroom/shared that a page
      // uses for one pure function or a route table do not drag zod into its bundle, nor build a schema
      // before the app's zod settings (app/zod-config.ts) are in place.
      treeshake: {
        manualPureFunctions: ['z', 'zText', 'zEmailText', 'zChoice', 'zFlag', 'zQueryInteger', 'withSchemas'],
      },
    },
  },
}));
