#!/usr/bin/env node
// node scripts/precompress.mjs [web/dist]: writes a brotli (.br) and a gzip (.gz) copy beside every
// text file of the built web app, at the highest levels (done once at build, not per request). The
// server sends them with the matching Content-Encoding (@fastify/static `preCompressed`).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? 'web/dist';
const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.map', '.webmanifest']);
// Below this, the encoding headers cost about what compression saves.
const MIN_BYTES = 512;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const path of files(dist)) {
  if (!TEXT.has(extname(path)) || path.includes(`${join(dist, '.vite')}`)) continue;
  const bytes = readFileSync(path);
  if (bytes.length < MIN_BYTES) continue;
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  const gz = gzipSync(bytes, { level: 9 });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gz);
  count += 1;
  before += bytes.length;
  after += br.length;
}
console.log(`precompress: ${count} files, ${(before / 1000).toFixed(0)} kB → ${(after / 1000).toFixed(0)} kB brotli`);
