#!/usr/bin/env node
// Runs every test tier in order and prints one closing line "N passed, N failed".
//   1. type check (all packages)      2. unit tests
//   3. integration on the embedded shape (PGlite, in-process bus)
//   4. the same integration suite on PostgreSQL + Redis when TEST_DATABASE_URL and TEST_REDIS_URL are set
//   5. production build of the web app, then end-to-end journeys in real Chromium
// Set SR_SKIP_E2E=1 to leave out step 5 locally.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const reportDir = '.test-data/reports';
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];

const durations = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  durations.push(`${label}: ${Math.round((Date.now() - started) / 1000)} s`);
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
}

function vitest(label, project, env = {}) {
  const out = join(reportDir, `${label.replace(/\W+/g, '-')}.json`);
  run(
    label,
    'npx',
    ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    env,
  );
  try {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  } catch {
    failed += 1;
  }
}

/** Commands run side by side (two cores: the two type checks overlap); true when all succeeded. */
async function runTogether(label, commands) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const codes = await Promise.all(
    commands.map(
      ([command, args]) =>
        new Promise((resolve) => spawn(command, args, { stdio: 'inherit' }).once('exit', (code) => resolve(code))),
    ),
  );
  durations.push(`${label}: ${Math.round((Date.now() - started) / 1000)} s`);
  const ok = codes.every((code) => code === 0);
  if (!ok) failures.push(label);
  return ok;
}

// The same checks as `npm run typecheck`: the packages first (the others read their declarations), then
// the tests and the web app together.
const typesOk =
  run('type check (packages)', 'npx', ['tsc', '-b']) &&
  (await runTogether('type check (tests, web)', [
    ['npx', ['tsc', '-p', 'tsconfig.tests.json']],
    ['npm', ['run', 'typecheck', '--silent', '-w', '@signalroom/web']],
  ]));
if (!typesOk) failed += 1;
if (!run('lint', 'npx', ['biome', 'check', '.'])) failed += 1;
vitest('unit', 'unit');
vitest('integration (embedded: PGlite)', 'integration', { SR_TEST_SHAPE: 'embedded' });
if (process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL) {
  vitest('integration (distributed: PostgreSQL + Redis)', 'integration', { SR_TEST_SHAPE: 'distributed' });
} else {
  console.log('\n(TEST_DATABASE_URL/TEST_REDIS_URL not set: distributed integration run skipped)');
}
if (!process.env.SR_SKIP_E2E) {
  if (run('web build', 'npm', ['run', 'build', '--silent'])) vitest('end to end (Chromium)', 'e2e');
  else failed += 1;
}

// How long each step took, so a slow step shows in CI's output.
console.log(`\n${durations.join('\n')}`);
if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || failures.length > 0 ? 1 : 0);
