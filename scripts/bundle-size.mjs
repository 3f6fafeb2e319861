#!/usr/bin/env node
// Prints the gzip size of the JavaScript a first visit to the landing page loads (landing.html's entry
// chunk and every chunk it imports statically) and fails above the
// budget. Reads web/dist/.vite/landing-manifest.json from the landing page's build
// (web/vite.landing.config.ts). Lazy chunks (dynamic imports) load after the page and are not counted.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// The goal is 80 kB. React alone (react, react-dom and scheduler hydrating one element) is 68.3 kB of it,
// and the page's own code, about 14 kB, does not fit in the rest yet. The budget holds today's size with
// a little room, so that nothing grows unseen. 85 since the landing page has one lazy part (the track
// record's witness check and its cryptography, loaded after the page: 43 kB that stay out of this count),
// which costs the bundler's loader and a Suspense boundary, about 1 kB.
const BUDGET_BYTES = 85 * 1000;
const GOAL_BYTES = 80 * 1000;
const dist = process.argv[2] ?? 'web/dist';
const LANDING_ENTRY = 'landing.html';
const MANIFEST = '.vite/landing-manifest.json';

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, MANIFEST), 'utf8'));
} catch (error) {
  console.error(`bundle-size: cannot read ${dist}/${MANIFEST} (run the web build first): ${error.message}`);
  process.exit(1);
}

if (!manifest[LANDING_ENTRY]?.isEntry) {
  console.error(`bundle-size: ${LANDING_ENTRY} is not the entry of ${MANIFEST} (web/vite.landing.config.ts)`);
  process.exit(1);
}

/** Every chunk key reachable through static imports from the given keys. */
function staticClosure(keys) {
  const seen = new Set();
  const stack = [...keys];
  while (stack.length) {
    const key = stack.pop();
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

const kb = (n) => `${(n / 1000).toFixed(2)} kB`;
const chunks = [...staticClosure([LANDING_ENTRY])]
  .map((key) => {
    const file = manifest[key].file;
    const raw = readFileSync(join(dist, file));
    return { file, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
  })
  .filter((c) => c.file.endsWith('.js'))
  .sort((a, b) => b.gzip - a.gzip);

console.log('\nJavaScript the landing page (landing.html) loads:');
for (const c of chunks)
  console.log(`  ${c.file.padEnd(52)} ${kb(c.raw).padStart(11)}  gzip ${kb(c.gzip).padStart(10)}`);
const total = chunks.reduce((sum, c) => sum + c.gzip, 0);
console.log(`  ${'total'.padEnd(52)} ${''.padStart(11)}  gzip ${kb(total).padStart(10)}  (budget ${kb(BUDGET_BYTES)})`);
console.log(`  goal ${kb(GOAL_BYTES)}: ${(total / GOAL_BYTES).toFixed(2)}× the goal`);
if (total > BUDGET_BYTES) {
  console.error(
    `\nbundle-size: the landing page loads ${kb(total)} of gzipped JavaScript, over the ${kb(BUDGET_BYTES)} budget.`,
  );
  process.exit(1);
}
