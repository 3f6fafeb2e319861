import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { THealth } from '@signalroom/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { type ServerProcess, startServerProcess } from '../helpers/processes.js';
import { prepareShape, testShape } from '../helpers/shape.js';
import { pollUntil } from '../helpers/wait-for.js';

const INTERVAL = 2000;
/** Longer than three slots: the process can write nothing meanwhile, as behind a paused VM or a stalled disk. */
const FROZEN_MS = 7000;

/**
 * The embedded shape has no network between the process and its database to stall or refuse; what
 * applies there is a process that can write nothing for several slots (its VM paused, its disk stalled)
 * and then goes on. Every slot of the freeze must then have its signal or a recorded 'missed' gap, none
 * doubled, and the process serves on. Before, such slots were skipped with a log line and no record.
 */
describe.skipIf(testShape !== 'embedded')('the embedded process frozen for several slots', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sr-frozen-'));
  const dataDir = join(dir, 'data');
  let server: ServerProcess | null = null;
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGCONT');
      server.child.kill('SIGKILL');
      await server.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  const newestSlot = async (url: string) => {
    const answer = await fetch(`${url}/api/health`);
    const body = (await answer.json()) as { data: THealth };
    return body.data.lastSignalAt ? Date.parse(body.data.lastSignalAt) : 0;
  };

  it('accounts for every slot of the freeze (a signal or a missed gap), doubles none and serves on', async () => {
    // The folder starts as the run's migrated image: creating a PGlite folder from nothing takes long.
    const image = (await prepareShape()).startOptions.pgliteImage;
    await (await PGlite.create({ dataDir, ...(image ? { loadDataDir: image } : {}) })).close();
    server = await startServerProcess({
      DATA_DIR: dataDir,
      EMBEDDED_WORKER: 'true',
      SIGNAL_INTERVAL_MS: String(INTERVAL),
      RATE_LIMITS: 'false',
    });
    const running = server;
    const first = await pollUntil(() => newestSlot(running.url).then((slot) => slot || undefined), {
      timeoutMs: 20_000,
      message: 'no signal before the freeze',
    });

    running.child.kill('SIGSTOP');
    await new Promise((resolve) => setTimeout(resolve, FROZEN_MS));
    running.child.kill('SIGCONT');
    const resumedAt = Date.now();
    const last = await pollUntil(() => newestSlot(running.url).then((slot) => (slot > resumedAt ? slot : undefined)), {
      timeoutMs: 20_000,
      message: 'signals never resumed after the freeze',
    });
    expect((await fetch(`${running.url}/api/health/live`)).status).toBe(200);

    running.child.kill('SIGTERM');
    expect(await running.waitForExit(15_000), running.output()).toBe(0);
    const database = await openDatabase({ dataDir });
    try {
      const [signals, gaps] = await Promise.all([
        database.db.selectFrom('signals').select('slot_start').execute(),
        database.db.selectFrom('signal_slot_gaps').select(['slot_start', 'reason']).execute(),
      ]);
      const times = [...signals, ...gaps].map((row) => new Date(row.slot_start).getTime());
      expect(new Set(times).size, 'a slot has its signal or one gap, never both').toBe(times.length);
      const uncovered: string[] = [];
      for (let slot = first; slot <= last; slot += INTERVAL) {
        if (!times.includes(slot)) uncovered.push(new Date(slot).toISOString());
      }
      expect(uncovered).toEqual([]);
      expect(gaps.length).toBeGreaterThanOrEqual(2);
      expect(gaps.every((gap) => gap.reason === 'missed')).toBe(true);
    } finally {
      await database.close();
    }
  }, 90_000);
});
