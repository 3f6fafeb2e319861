import { defaultClientConditions, defaultServerConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that take a minute or more, started first in their tier (the path's end, slowest first, as
 * measured on 2026-12-02 on a 2-core machine). A clean checkout has no timings of earlier runs, where
 * Vitest would order by file size and start a long file last, alone: the distributed run's slot fault
 * file (86 s) started at 201 s of 287.
 */
const SLOWEST_FIRST = [
  // Integration.
  'ops/slot-faults.test.ts',
  'signals/market-feeds.test.ts',
  'ops/data-dir-lock.test.ts',
  'ops/data-dir-modes.test.ts',
  'ops/database-chaos.test.ts',
  'fuzz/member-admin-calls.fuzz.test.ts',
  'auth/enumeration-timing.test.ts',
  'ops/embedded-stall.test.ts',
  'ops/storage-full.test.ts',
  'track-record/record-witnessed.test.ts',
  'auth/rate-limits.test.ts',
  'admin/bootstrap.test.ts',
  'desk/desk-api.test.ts',
  'admin/tier-expiry.test.ts',
  'auth/signup-limits.test.ts',
  // Journeys: the accessibility walks take minutes each, and their files are small (the walk lives in a
  // module beside them).
  'e2e/every-page-desktop.test.ts',
  'e2e/every-page-phone.test.ts',
  'e2e/admin-users.test.ts',
  'e2e/landing.test.ts',
  'e2e/dashboard.test.ts',
  'e2e/screens.test.ts',
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = SLOWEST_FIRST.findIndex((end) => file.moduleId.endsWith(`/${end}`));
      return index === -1 ? SLOWEST_FIRST.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * Integration files whose subject is the same on both shapes, run once (on the embedded one): request
 * validation and documents, headers and HTTP parsing, the login timing, the fuzzers' hostile input, and
 * code that never opens the database or the bus (market adapters against local servers, the backtest CLI,
 * the witness). Every file that touches what the shapes differ in (the bus, the queue and scheduler,
 * Redis-backed limits and caches, concurrent connections, database faults) runs on both.
 */
const SHAPE_INDEPENDENT = [
  'server/test/http/openapi-document.test.ts',
  'server/test/http/api-contract.test.ts',
  'server/test/http/security-headers.test.ts',
  'server/test/http/static-files.test.ts',
  'server/test/http/trust-proxy.test.ts',
  'server/test/http/request-log.test.ts',
  'server/test/http/cross-origin-reads.test.ts',
  'server/test/input/**',
  'server/test/fuzz/**',
  'server/test/auth/enumeration-timing.test.ts',
  'server/test/auth/validation.test.ts',
  'server/test/auth/reset-password-rules.test.ts',
  'server/test/witness/**',
  'server/test/storage/file-store-contract.test.ts',
  'worker/test/**',
];

// Workspace packages resolve to their TypeScript sources in tests (no build step needed).

export default defineConfig({
  resolve: { conditions: ['@signalroom/source', ...defaultClientConditions] },
  // Without Vite's `module` condition: Vitest hands these conditions to Node, and packages whose `module`
  // build only a bundler can load (the AWS SDK's imports files without extensions) must resolve in tests
  // as they do in production, where Node never picks `module`.
  ssr: {
    resolve: {
      conditions: ['@signalroom/source', ...defaultServerConditions.filter((condition) => condition !== 'module')],
    },
  },
  test: {
    // Vitest takes the sequencer from the root configuration only.
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'shared/src/**/*.test.ts',
            'shared/node/src/**/*.test.ts',
            'worker/src/**/*.test.ts',
            'server/src/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            // Repository-wide rules (the lock file's dependency tree).
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          // Pure rules: no file keeps state another reads, and loading each file's modules afresh cost
          // most of the tier's time (87 files, 3 s of tests, 29 s of loading).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['server/test/**/*.test.ts', 'worker/test/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.SR_TEST_SHAPE === 'distributed' ? SHAPE_INDEPENDENT : []),
          ],
          globalSetup: ['server/test/helpers/migrated-databases.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Three files at a time on two cores: the tier mostly waits (slot boundaries, timers, restarts,
          // spawned processes), measured at 286 CPU-seconds in 405 s of wall time with two at a time.
          maxWorkers: 3,
          // Files in one worker share the loaded modules (the server's graph takes over a second to load
          // per file). Safe because every server keeps its state in its own context, never in a module.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['server/test/helpers/migrated-databases.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // Two files at a time, each with its own server and Chromium: a journey mostly waits on the
          // page, the socket or a timer, so two overlap on two cores.
          maxWorkers: 2,
          isolate: false,
        },
      },
    ],
  },
});
