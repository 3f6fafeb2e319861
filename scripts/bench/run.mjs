#!/usr/bin/env node
// npm run bench -- <name> [flags]: runs `npm run bench:<name> -- [flags]` (push, calibration, ...).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const [name, ...flags] = process.argv.slice(2);
const scripts = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).scripts;
const available = Object.keys(scripts)
  .filter((key) => key.startsWith('bench:'))
  .map((key) => key.slice('bench:'.length));
if (!name || !available.includes(name)) {
  console.error(`usage: npm run bench -- <${available.join('|')}> [flags]`);
  process.exit(2);
}
const result = spawnSync('npm', ['run', '--silent', `bench:${name}`, '--', ...flags], { stdio: 'inherit' });
process.exit(result.status ?? 1);
