#!/usr/bin/env node
// node scripts/prerender-landing.mjs [web]: renders the landing page into web/dist/landing.html with
// React's server renderer (web/dist-prerender, from the web build's `vite build --ssr` step), so its
// content paints before any script runs. The web build's last step; precompress.mjs then compresses it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const web = resolve(process.argv[2] ?? 'web');
const PLACEHOLDER = '<!--landing-prerender-->';
const htmlPath = join(web, 'dist', 'landing.html');

const html = readFileSync(htmlPath, 'utf8');
if (!html.includes(PLACEHOLDER)) {
  console.error(`prerender-landing: ${htmlPath} has no ${PLACEHOLDER} (already rendered, or the template changed)`);
  process.exit(1);
}
const { renderLanding } = await import(pathToFileURL(join(web, 'dist-prerender', 'landing-prerender.js')).href);
const markup = renderLanding();
writeFileSync(htmlPath, html.replace(PLACEHOLDER, markup));
console.log(`prerender-landing: ${(markup.length / 1000).toFixed(1)} kB of HTML in ${htmlPath}`);
