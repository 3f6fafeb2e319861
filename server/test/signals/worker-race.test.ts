import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { silentLogger } from '@signalroom/shared-node';
import { type RunningSignalWorker, startSignalWorker } from '@signalroom/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testShape } from '../helpers/shape.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pollUntil } from '../helpers/wait-for.js';
import { type BusRecorder, recordBus } from './signal-helpers.js';

// 1.5 s slots: short enough for a quick test, long enough that a loaded CI machine does not skip a slot as late.
const INTERVAL = 1500;
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Several workers on one database (and one Redis namespace in the distributed shape) racing for the
 * same slots, one of them restarted midway: every slot yields exactly one signal, published once.
 * In the distributed shape one of the racers is the standalone worker process (`worker/src/main.ts`).
 */
describe(`workers racing for slots (${testShape})`, () => {
  let server: TestServer;
  let bus: BusRecorder;
  const workers: RunningSignalWorker[] = [];
  let child: ChildProcess | null = null;
  let childLog = '';

  const start = () =>
    startSignalWorker({
      db: server.context.db,
      bus: server.context.bus,
      logger: silentLogger,
      timeZone: server.config.TIME_ZONE,
      intervalMs: INTERVAL,
      redis: server.context.redis,
      countdown: false,
    });

  beforeAll(async () => {
    server = await startTestServer();
    bus = await recordBus(server.context.bus);
  });
  afterAll(async () => {
    bus?.stop();
    for (const w of workers) {
      // Best-effort teardown: one worker failing to close must not keep the others open.
      await w.close().catch((error: Error) => console.warn(`worker close failed: ${error.message}`));
    }
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child?.once('exit', resolve));
    }
    await server?.close();
  });

  it('issues one signal per slot with two workers and a restart', async () => {
    workers.push(await start(), await start());
    if (testShape === 'distributed') {
      child = spawn(process.execPath, ['--conditions=@signalroom/source', '--import', 'tsx', 'worker/src/main.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          DATABASE_URL: server.config.DATABASE_URL,
          REDIS_URL: server.config.REDIS_URL,
          REDIS_NAMESPACE: server.config.REDIS_NAMESPACE,
          SIGNAL_INTERVAL_MS: String(INTERVAL),
          // Info, for the line that says it has started.
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (d) => {
        childLog += String(d);
      });
      child.stderr?.on('data', (d) => {
        childLog += String(d);
      });
      // Loading the worker's modules takes seconds on a busy machine; until its start line it is not yet
      // racing, and a SIGTERM before it has set up its shutdown would kill it instead of stopping it.
      await pollUntil(() => childLog.includes('signal worker started'), {
        timeoutMs: 60_000,
        message: 'the worker process started',
      });
    }
    const announcedSoFar = () => bus.events.filter((e) => e.type === 'signal:new').length;
    const slotsIssued = (count: number, phase: string) =>
      pollUntil(() => announcedSoFar() >= count, {
        timeoutMs: count * INTERVAL + 10_000,
        message: `${count} signals announced ${phase}`,
      });
    await slotsIssued(3, 'before the restart');
    // Restart: one worker goes away, a fresh one joins.
    await workers.shift()?.close();
    workers.push(await start());
    await slotsIssued(announcedSoFar() + 2, 'after the restart');
    for (const w of workers.splice(0)) await w.close();
    if (child) {
      expect(child.exitCode, childLog).toBeNull();
      child.kill('SIGTERM');
      const code = await new Promise((resolve) => child?.once('exit', resolve));
      expect(code, childLog).toBe(0);
    }

    const rows = await server.context.db
      .selectFrom('signals')
      .select(['id', 'slot_start', 'day_sequence'])
      .orderBy('slot_start')
      .execute();
    // Every stored signal's announcement has arrived (the last may still be on its way from the worker
    // process); a second announcement of one would still show in the comparison below.
    const announcedIds = () => new Set(bus.events.flatMap((e) => (e.type === 'signal:new' ? [e.signal.id] : [])));
    await bus.drained();
    await pollUntil(() => rows.every((r) => announcedIds().has(r.id)), {
      timeoutMs: 5000,
      message: 'an announcement for every stored signal',
    });
    const slotTimes = rows.map((r) => new Date(r.slot_start).getTime());
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(new Set(slotTimes).size).toBe(rows.length);
    // No boundary skipped: consecutive slots, and a gapless day sequence.
    for (let i = 1; i < slotTimes.length; i += 1) expect(slotTimes[i]! - slotTimes[i - 1]!).toBe(INTERVAL);
    const sequences = rows.map((r) => r.day_sequence);
    expect(new Set(sequences).size).toBe(sequences.length);
    // Each signal announced exactly once.
    const announced = bus.events.flatMap((e) => (e.type === 'signal:new' ? [e.signal.id] : []));
    expect(announced.sort()).toEqual(rows.map((r) => r.id).sort());
    expect(bus.invalid).toEqual([]);
    // The worker process's start (module loading included) may take most of a minute on a busy machine.
  }, 90_000);
});
