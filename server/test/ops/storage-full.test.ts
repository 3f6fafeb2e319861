import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Messages, type THealth } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { type ServerProcess, spawnSource, startServerProcess } from '../helpers/processes.js';
import { testShape } from '../helpers/shape.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pollUntil } from '../helpers/wait-for.js';

const MB = 1024 * 1024;
/** The reserve the servers here keep free (STORAGE_RESERVE_MB). */
const RESERVE_MB = 24;

/**
 * A small file system of its own (tmpfs, 192 MB), so filling it touches nothing else. Mounting needs root
 * (CI runs as root); where it is refused the file is skipped, with the reason printed.
 */
function mountSmallDisk(): { dir: string; unmount(): void } | null {
  const dir = mkdtempSync(join(tmpdir(), 'sr-full-disk-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=192m', 'tmpfs', dir], { encoding: 'utf8' });
  if (mounted.status !== 0) {
    console.warn(
      `storage-full tests skipped: mounting a tmpfs was refused (${(mounted.stderr || mounted.error?.message || '').trim()}); they need root`,
    );
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    dir,
    unmount() {
      spawnSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const freeBytes = (dir: string) => {
  const stats = statfsSync(dir);
  return stats.bavail * stats.bsize;
};

/** Fills the disk until only `leaveMb` is free, in one file (removing it gives the space back). */
function fillDisk(dir: string, leaveMb: number): string {
  const filler = join(dir, 'filler.bin');
  writeFileSync(filler, Buffer.alloc(Math.max(0, freeBytes(dir) - leaveMb * MB)));
  return filler;
}

const disk = testShape === 'embedded' ? mountSmallDisk() : null;

/**
 * A full disk under the embedded shape: writes are refused with "The server's storage is full" before
 * they reach the database (which would stop answering for good), reads go on, liveness answers, health
 * says `storage: full`; space back, writes go through again within seconds with nothing lost; SIGTERM
 * still stops the process; a start on a full disk fails at once with the sentence, no stack.
 */
describe.runIf(disk)('a full disk (embedded shape, on a small tmpfs)', () => {
  const root = disk?.dir as string;
  let server: TestServer;
  afterAll(async () => {
    await server?.close();
    rmSync(join(root, 'filler.bin'), { force: true });
    disk?.unmount();
  });

  beforeAll(async () => {
    server = await startTestServer({ DATA_DIR: join(root, 'in-process'), STORAGE_RESERVE_MB: String(RESERVE_MB) });
  });

  it('refuses writes while full, keeps reads and liveness, and recovers by itself within 10 s', async () => {
    const member = await createMember(server.context.db, { tier: 'silver' });
    const ticket = (subject: string) =>
      server.api('POST', '/api/support/tickets', {
        token: member.token,
        body: { category: 'signals', priority: 'low', subject, message: 'Checking the storage.' },
      });
    expect((await ticket('Written before the disk filled')).status).toBe(201);

    const filler = fillDisk(root, RESERVE_MB / 2);
    await pollUntil(
      async () => {
        const health = await server.api<THealth>('GET', '/api/health');
        return health.body.data?.storage === 'full' ? health : undefined;
      },
      { timeoutMs: 5000, everyMs: 200, message: 'health never said storage: full' },
    );
    const refused = await ticket('Written while the disk is full');
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe(Messages.common.storageFull);
    const health = await server.api<THealth>('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body.data?.problems).toContain('storage full');
    expect((await server.api('GET', '/api/health/live')).status).toBe(200);
    const read = await server.api<{ subject: string }[]>('GET', '/api/support/tickets', {
      token: member.token,
    });
    expect(read.status).toBe(200);

    rmSync(filler);
    const startedAt = Date.now();
    await pollUntil(async () => ((await ticket('Written once space returned')).status === 201 ? true : undefined), {
      timeoutMs: 10_000,
      everyMs: 250,
      message: 'writes still refused 10 s after space returned',
    });
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    const after = await server.api<{ subject: string }[]>('GET', '/api/support/tickets', {
      token: member.token,
    });
    // The acknowledged writes are there; the refused one never landed, even in part.
    expect(after.body.data?.map((t) => t.subject).sort()).toEqual([
      'Written before the disk filled',
      'Written once space returned',
    ]);
  });

  it('refuses every writer, not only requests, while the disk is full to the last byte', async () => {
    // The in-process worker and the timed tasks write to the same database a request does: on a disk
    // filled by something else, one write that reached PGlite would stop it answering for good.
    const filler = fillDisk(root, 0);
    try {
      await pollUntil(async () => (server.context.storage.state() === 'full' ? true : undefined), {
        timeoutMs: 5000,
        everyMs: 100,
        message: 'the guard never saw the disk full',
      });
      // A write straight to the database, as a background task makes it (no request, no route's check).
      await expect(createMember(server.context.db, { tier: 'silver' })).rejects.toMatchObject({
        message: Messages.common.storageFull,
      });
      // The database still answers: reads, then (space back) writes.
      const count = await server.context.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBeGreaterThan(0);
      expect((await server.api('GET', '/api/health/live')).status).toBe(200);
    } finally {
      rmSync(filler, { force: true });
    }
    await pollUntil(async () => (server.context.storage.state() === 'ok' ? true : undefined), {
      timeoutMs: 10_000,
      everyMs: 100,
      message: 'the guard never saw the room come back',
    });
    const member = await createMember(server.context.db, { tier: 'silver' });
    expect(member.user.id).toBeTruthy();
  });

  it('a server process stops on SIGTERM while full, and one started on a full disk exits at once with the reason', async () => {
    const dataDir = join(root, 'process');
    const env = { DATA_DIR: dataDir, STORAGE_RESERVE_MB: String(RESERVE_MB), RECORD_ORIGIN: 'storage.test/log' };
    let running: ServerProcess | null = await startServerProcess(env);
    const filler = fillDisk(root, RESERVE_MB / 2);
    try {
      await pollUntil(
        async () => {
          const response = await fetch(`${running?.url}/api/health`);
          const body = (await response.json()) as { data?: THealth };
          return body.data?.storage === 'full' ? true : undefined;
        },
        { timeoutMs: 5000, everyMs: 200, message: 'the process never saw the disk full' },
      );
      const stopping = Date.now();
      running.child.kill('SIGTERM');
      expect(await running.waitForExit(10_000)).toBe(0);
      expect(Date.now() - stopping).toBeLessThan(10_000);
      running = null;

      const started = spawnSource('server/src/main.ts', [], {
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        PORT: '0',
        ...env,
      });
      expect(await started.waitForExit(15_000)).toBe(1);
      const output = started.output();
      expect(output).toContain("The server's storage is full");
      expect(output).not.toMatch(/^\s+at /m);
    } finally {
      if (running && running.child.exitCode === null) {
        running.child.kill('SIGKILL');
        await running.exited;
      }
      rmSync(filler, { force: true });
    }
  }, 90_000);
});
