#!/usr/bin/env node
// Runs every test tier in order and prints one closing line "N passed, N failed".
//   1. type check (all packages) and lint      2. unit tests
//   3. integration on the embedded shape (PGlite, in-process bus)
//   4. the integration files whose subject differs by shape again on PostgreSQL + Redis, when
//      TEST_DATABASE_URL and TEST_REDIS_URL are set (vitest.config.ts lists the files run once)
//   5. production build of the web app (beside step 4), then end-to-end journeys in real Chromium
// Set SR_SKIP_E2E=1 to leave out step 5 locally. Each test tier has a time limit (TIER_LIMIT_MINUTES;
// SR_TIER_LIMIT_MINUTES sets one for all), past which it is stopped and what it was running is named.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const reportDir = '.test-data/reports';
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];
/** Each failed test's file and name: CI keeps only the tail of the output, so the end must name them. */
const failedTests = [];

const durations = [];

/**
 * CPU-seconds the whole machine spent busy so far (Linux's /proc/stat; null elsewhere): beside a step's
 * wall time it says whether the step keeps the cores busy or mostly waits, which decides what may overlap.
 */
function busyCpuSeconds() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = fields;
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return null;
  }
}

/** Records how long a step took and how busy the cores were meanwhile. */
function timeStep(label) {
  const started = Date.now();
  const cpuAtStart = busyCpuSeconds();
  return () => {
    const seconds = (Date.now() - started) / 1000;
    const cpu = cpuAtStart === null ? null : (busyCpuSeconds() ?? cpuAtStart) - cpuAtStart;
    durations.push(
      `${label}: ${Math.round(seconds)} s${cpu === null ? '' : ` (${Math.round(cpu)} CPU-s, ${(cpu / seconds).toFixed(1)} cores busy)`}`,
    );
  };
}

/**
 * A step run beside another, its output held back and printed once it ends (two outputs interleaved
 * line by line would be unreadable); resolves to whether it succeeded.
 */
function runBeside(label, command, args) {
  const done = timeStep(label);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.once('close', (code) => {
      done();
      console.log(`\n=== ${label} (ran beside the step above) ===\n${Buffer.concat(output).toString()}`);
      if (code !== 0) failures.push(label);
      resolve(code === 0);
    });
  });
}

/**
 * A step in the foreground (its output goes straight through), without blocking steps run beside it.
 * With a limit, the step's whole process group is killed once it has run that many minutes, and
 * `onOverrun` says what it was doing.
 */
function runForeground(label, command, args, { env = {}, limitMinutes, onOverrun } = {}) {
  console.log(`\n=== ${label} ===`);
  const done = timeStep(label);
  return new Promise((resolve) => {
    // Its own process group, so the limit reaches the test workers and every server they started.
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env }, detached: true });
    const stopOnInterrupt = () => killGroup(child.pid);
    process.once('SIGINT', stopOnInterrupt);
    let overran = false;
    const limit =
      limitMinutes &&
      setTimeout(() => {
        overran = true;
        killGroup(child.pid);
      }, limitMinutes * 60_000);
    child.once('exit', (code) => {
      if (limit) clearTimeout(limit);
      process.off('SIGINT', stopOnInterrupt);
      done();
      if (overran) {
        failures.push(`${label} (stopped at its limit of ${limitMinutes} min)`);
        onOverrun?.();
      } else if (code !== 0) failures.push(label);
      resolve(code === 0 && !overran);
    });
  });
}

function killGroup(pid) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * Minutes each test tier may run before it is stopped and what it was running is named: about three
 * times its usual length on a 2-core machine, so a slow machine passes and a test stuck in a loop fails
 * the run in time to say so, well inside CI's 90 minutes.
 */
const TIER_LIMIT_MINUTES = { unit: 5, integration: 25, e2e: 30 };

/** The files and tests a tier had started and not finished, from the progress reporter's lines. */
function unfinishedWork(progressFile) {
  let lines = [];
  try {
    lines = readFileSync(progressFile, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
  const running = new Set();
  for (const line of lines) {
    const [kind, ...what] = line.split('\t');
    const work = what.join(' > ');
    if (kind.endsWith('-start')) running.add(work);
    else running.delete(work);
  }
  return [...running];
}

async function vitest(label, project, env = {}) {
  const slug = label.replace(/\W+/g, '-');
  const out = join(reportDir, `${slug}.json`);
  const progress = join(reportDir, `${slug}.progress`);
  await runForeground(
    label,
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      '--reporter=./scripts/test-progress-reporter.mjs',
      `--outputFile.json=${out}`,
    ],
    {
      env: { ...env, SR_TEST_PROGRESS: progress },
      limitMinutes: Number(process.env.SR_TIER_LIMIT_MINUTES) || TIER_LIMIT_MINUTES[project],
      onOverrun: () => {
        for (const work of unfinishedWork(progress)) failedTests.push(`${label}: still running at the limit: ${work}`);
      },
    },
  );
  try {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        const reason = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
        failedTests.push(`${label}: ${file.name.replace(`${process.cwd()}/`, '')} > ${test.fullName}\n    ${reason}`);
      }
      // A file that failed to load has no tests to name, only its message.
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed')) {
        failedTests.push(
          `${label}: ${file.name.replace(`${process.cwd()}/`, '')}\n    ${(file.message ?? '').split('\n')[0]}`,
        );
      }
    }
  } catch {
    failed += 1;
  }
}

/** Commands run side by side (two cores: the two type checks overlap); true when all succeeded. */
async function runTogether(label, commands) {
  console.log(`\n=== ${label} ===`);
  const done = timeStep(label);
  const codes = await Promise.all(
    commands.map(
      ([command, args]) =>
        new Promise((resolve) => spawn(command, args, { stdio: 'inherit' }).once('exit', (code) => resolve(code))),
    ),
  );
  done();
  const ok = codes.every((code) => code === 0);
  if (!ok) failures.push(label);
  return ok;
}

// The same checks as `npm run typecheck`: the packages first (the others read their declarations), then
// the tests, the web app and the linter together.
const typesOk =
  (await runForeground('type check (packages)', 'npx', ['tsc', '-b'])) &&
  (await runTogether('type check (tests, web) and lint', [
    ['npx', ['tsc', '-p', 'tsconfig.tests.json']],
    ['npm', ['run', 'typecheck', '--silent', '-w', '@signalroom/web']],
    ['npx', ['biome', 'check', '.']],
  ]));
if (!typesOk) failed += 1;
await vitest('unit', 'unit');
await vitest('integration (embedded: PGlite)', 'integration', { SR_TEST_SHAPE: 'embedded' });
// The web build (for the journeys) runs beside the distributed run, which mostly waits on its services.
const build = process.env.SR_SKIP_E2E ? null : runBeside('web build', 'npm', ['run', 'build', '--silent']);
if (process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL) {
  await vitest('integration (distributed: PostgreSQL + Redis)', 'integration', { SR_TEST_SHAPE: 'distributed' });
} else {
  console.log('\n(TEST_DATABASE_URL/TEST_REDIS_URL not set: distributed integration run skipped)');
}
if (build) {
  if (await build) await vitest('end to end (Chromium)', 'e2e');
  else failed += 1;
}

// How long each step took, so a slow step shows in CI's output.
console.log(`\n${durations.join('\n')}`);
if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((line) => `  ${line}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || failures.length > 0 ? 1 : 0);
