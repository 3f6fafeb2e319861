import { defineConfig } from 'vite';
import { viteSingleFile } from 'vite-plugin-singlefile';
import { pureSchemaBuilders } from './vite.pure-schemas.js';

/**
 * The standalone track record verifier (verifier.html): one self-contained HTML file, its script and
 * style inlined, so anyone can save it and run it without the product or the repository. Built after
 * the app into dist/verifier/; the server serves it at /verify-track-record.html with a policy that
 * allows exactly its inline script and style.
 */
export default defineConfig({
  resolve: { conditions: ['@signalroom/source'] },
  plugins: [pureSchemaBuilders(), viteSingleFile({ removeViteModuleLoader: true })],
  publicDir: false,
  build: {
    outDir: 'dist/verifier',
    emptyOutDir: true,
    rollupOptions: { input: { verifier: 'verifier.html' } },
  },
});
