import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The journeys' longest files first: the accessibility walks take minutes each, and a clean checkout has
 * no timings of earlier runs, where Vitest would start the largest files first and leave these two small
 * ones (their walk lives in a module beside them) to run last, alone.
 */
class WalksFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const walk = (file: TestSpecification) => (file.moduleId.includes('/every-page-') ? 0 : 1);
    return (await super.sort(files)).sort((a, b) => walk(a) - walk(b));
  }
}

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
    sequence: { sequencer: WalksFirst },
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
