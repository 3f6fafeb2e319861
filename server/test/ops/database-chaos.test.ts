import { randomBytes } from 'node:crypto';
import type { Envelope } from '@signalroom/shared';
import { sql } from 'kysely';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { type CreatedMember, createMember } from '../helpers/factories.js';
import { type FaultProxy, startFaultProxy } from '../helpers/fault-proxy.js';
import { type ServerProcess, type Spawned, spawnSource, startServerProcess } from '../helpers/processes.js';
import { prepareShape, type ShapeEnv, testShape } from '../helpers/shape.js';
import { pollUntil } from '../helpers/wait-for.js';

/** The client-side bounds the processes run with: short, so the test stays lean; the defaults are 5 and 6 s. */
const CONNECTION_TIMEOUT_MS = 2000;
const QUERY_TIMEOUT_MS = 2000;
/**
 * Longest a call may take while the database is away: one bounded wait (a connection, or an answer),
 * and as much again for a call that waits on a connection and then on an answer, plus a second for a
 * loaded 2-core machine. Before: no answer within 60 s.
 */
const ANSWER_BOUND_MS = CONNECTION_TIMEOUT_MS + QUERY_TIMEOUT_MS + 1000;
/** What the issue tried: a 20 s stall, then the stalled connections cut. */
const STALL_MS = 20_000;
const REFUSE_MS = 5000;
const INTERVAL = 4000;

/** Where a 2xx of a writing call leaves its row: the table, and the column holding the round's tag. */
const WRITES: Record<string, { table: string; column: string; prefix: string }> = {
  ticket: { table: 'support_tickets', column: 'subject', prefix: 'ticket' },
  'community post': { table: 'community_posts', column: 'body', prefix: 'post' },
};

interface Answer {
  call: string;
  status: number;
  ms: number;
  body: Envelope<unknown> | null;
}

/**
 * Two real server processes and the real worker reach PostgreSQL through a TCP fault proxy of the
 * test's own. The network stalls for 20 s (nothing forwarded, nothing closed), the stalled connections
 * are then cut, and PostgreSQL refuses connections for 5 s. Throughout, every call answers within the
 * bound, in the envelope, never 500; no process exits; afterwards everything works by itself, nothing
 * acknowledged is lost, and every slot of the outage has its signal or a recorded gap.
 * Before: 9 of 13 calls had no answer after 60 s, a new socket no snapshot in 30 s, all three processes
 * exited on the cut ("Connection terminated unexpectedly"), and refused connections answered 500.
 */
describe.skipIf(testShape !== 'distributed')(
  'PostgreSQL stalls, is cut and refuses under two servers and the worker',
  () => {
    let shape: ShapeEnv;
    let proxy: FaultProxy;
    let direct: DatabaseHandle;
    let servers: ServerProcess[] = [];
    let worker: Spawned;
    let admin: CreatedMember;
    let gold: CreatedMember;
    /** Rows a 2xx answer acknowledged: each must exist afterwards. */
    const acknowledged: { table: string; column: string; value: string }[] = [];

    beforeAll(async () => {
      shape = await prepareShape();
      const databaseUrl = new URL(shape.env.DATABASE_URL as string);
      proxy = await startFaultProxy({ host: databaseUrl.hostname, port: Number(databaseUrl.port || 5432) });
      direct = await openDatabase({ databaseUrl: shape.env.DATABASE_URL, dataDir: 'memory://' });
      admin = await createMember(direct.db, { role: 'admin', tier: 'gold' });
      gold = await createMember(direct.db, { tier: 'gold' });
      const env = {
        ...shape.env,
        DATABASE_URL: proxy.through(shape.env.DATABASE_URL as string),
        DB_CONNECTION_TIMEOUT_MS: String(CONNECTION_TIMEOUT_MS),
        DB_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
        DB_STATEMENT_TIMEOUT_MS: '1500',
        SIGNAL_INTERVAL_MS: String(INTERVAL),
        RATE_LIMITS: 'false',
        EMBEDDED_WORKER: 'false',
      };
      servers = [await startServerProcess(env), await startServerProcess(env)];
      worker = spawnSource('worker/src/main.ts', [], { ...env, LOG_LEVEL: 'warn' });
    }, 120_000);

    afterAll(async () => {
      for (const child of [...servers, worker].filter(Boolean)) {
        if (child.child.exitCode === null && child.child.signalCode === null) {
          child.child.kill('SIGKILL');
          await child.exited;
        }
      }
      await proxy?.close();
      await direct?.close();
      await shape?.cleanup();
    });

    const outputs = () => [...servers, worker].map((p, i) => `--- process ${i} ---\n${p.output()}`).join('\n');
    const alive = () => [...servers, worker].filter((p) => p.child.exitCode === null && p.child.signalCode === null);

    async function call(
      server: ServerProcess,
      name: string,
      method: string,
      path: string,
      options: { token?: string; body?: unknown } = {},
    ): Promise<Answer> {
      const started = Date.now();
      const headers: Record<string, string> = {};
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(60_000),
      });
      const text = await response.text();
      let body: Envelope<unknown> | null = null;
      try {
        body = JSON.parse(text) as Envelope<unknown>;
      } catch {
        // Not JSON (a proxy's or a socket's own answer): the status alone is judged.
        body = null;
      }
      return { call: name, status: response.status, ms: Date.now() - started, body };
    }

    /** The thirteen calls and the two health calls, half on each server, all at once. */
    async function round(label: string): Promise<Answer[]> {
      const tag = `${label}-${randomBytes(3).toString('hex')}`;
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const answers = await Promise.all([
        call(a, 'admin PATCH', 'PATCH', `/api/admin/users/${gold.user.id}/access`, {
          token: admin.token,
          body: { tier: 'gold', dashboardUnlocked: true, hasDeposited: true },
        }),
        call(b, 'profile save', 'PUT', '/api/users/profile', { token: gold.token, body: { fullName: `Gold ${tag}` } }),
        call(a, 'countdown reset', 'POST', '/api/countdown/reset', {
          token: admin.token,
          body: { durationMinutes: 90 },
        }),
        call(b, 'login', 'POST', '/api/auth/login', { body: { email: gold.user.email, password: gold.password } }),
        call(a, 'me', 'GET', '/api/auth/me', { token: gold.token }),
        call(b, 'community post', 'POST', '/api/community/posts', { token: gold.token, body: { body: `post ${tag}` } }),
        call(a, 'ticket', 'POST', '/api/support/tickets', {
          token: gold.token,
          body: { category: 'technical', subject: `ticket ${tag}`, message: 'The room stopped updating for me.' },
        }),
        call(b, 'bot', 'GET', '/api/bot', { token: gold.token }),
        call(a, 'signals', 'GET', '/api/signals', { token: gold.token }),
        call(b, 'countdown', 'GET', '/api/countdown'),
        call(a, 'public stats', 'GET', '/api/stats/public'),
        call(b, 'notifications', 'GET', '/api/users/notifications', { token: gold.token }),
        call(a, 'tickets list', 'GET', '/api/support/tickets', { token: gold.token }),
        call(b, 'health', 'GET', '/api/health'),
        call(a, 'liveness', 'GET', '/api/health/live'),
      ]);
      for (const answer of answers) {
        const write = WRITES[answer.call];
        if (answer.status < 300 && write) acknowledged.push({ ...write, value: `${write.prefix} ${tag}` });
      }
      return answers;
    }

    /** A new socket during the outage: refused (the client retries) or connected with its snapshot, in time. */
    function newSocket(server: ServerProcess): Promise<{ outcome: string; ms: number }> {
      const started = Date.now();
      const socket = connectSocket(server.url, {
        transports: ['websocket'],
        auth: { token: gold.token },
        reconnection: false,
        forceNew: true,
      });
      return new Promise((resolve) => {
        const done = (outcome: string) => {
          socket.close();
          resolve({ outcome, ms: Date.now() - started });
        };
        socket.once('snapshot', () => done('snapshot'));
        socket.once('connect_error', (error) => done(`refused: ${error.message}`));
        setTimeout(() => done('no answer'), 30_000).unref();
      });
    }

    function expectAnsweredInTime(answers: Answer[], phase: string): void {
      for (const answer of answers) {
        const label = `${phase}: ${answer.call} answered ${answer.status} after ${answer.ms} ms`;
        expect(answer.ms, label).toBeLessThan(ANSWER_BOUND_MS);
        expect(answer.status, label).not.toBe(500);
        if (answer.call === 'health') {
          // Readiness answers its report either way: degraded, with the database down.
          expect(answer.body?.data, label).toMatchObject({ status: 'degraded', database: 'down' });
          continue;
        }
        expect(answer.body?.success, label).toBe(answer.status < 400);
        if (answer.status >= 500) expect(answer.body?.error?.code, label).toBe('unavailable');
      }
    }

    it('answers every call within the bound, keeps every process, recovers by itself and loses nothing', async () => {
      const firstSlot = await pollUntil(
        async () => (await direct.db.selectFrom('signals').select('slot_start').executeTakeFirst())?.slot_start,
        { timeoutMs: 30_000, message: 'no signal before the outage' },
      );
      await pollUntil(
        async () => (await call(servers[1] as ServerProcess, 'health', 'GET', '/api/health')).status === 200,
        {
          timeoutMs: 10_000,
          message: 'not ready before the outage',
        },
      );
      const before = await round('before');
      expect(
        before.filter((a) => a.status >= 400).map((a) => `${a.call} ${a.status}`),
        outputs(),
      ).toEqual([]);

      // The network stalls: nothing is forwarded and nothing is closed, for 20 s.
      await proxy.setMode('stall');
      const stalledAt = Date.now();
      const during: Answer[] = [];
      const sockets: { outcome: string; ms: number }[] = [];
      while (Date.now() - stalledAt < STALL_MS - ANSWER_BOUND_MS) {
        const [answers, socket] = await Promise.all([round('stall'), newSocket(servers[0] as ServerProcess)]);
        during.push(...answers);
        sockets.push(socket);
      }
      expectAnsweredInTime(during, 'stalled');
      expect(during.filter((a) => a.status === 503).length).toBeGreaterThan(0);
      for (const socket of sockets) {
        expect(socket.outcome).not.toBe('no answer');
        expect(socket.ms).toBeLessThan(ANSWER_BOUND_MS);
      }
      while (Date.now() - stalledAt < STALL_MS - 500) await new Promise((resolve) => setTimeout(resolve, 100));

      // The stalled connections are cut (both sides see a reset) while a round waits on them, so
      // connections die checked out as well as idle; then PostgreSQL refuses for a while.
      const cutRound = round('cut');
      await new Promise((resolve) => setTimeout(resolve, 500));
      await proxy.setMode('reset');
      const cut = await cutRound;
      expectAnsweredInTime(cut, 'cut');
      await proxy.setMode('refuse');
      const refusedAt = Date.now();
      const refused: Answer[] = [];
      while (Date.now() - refusedAt < REFUSE_MS) refused.push(...(await round('refused')));
      expectAnsweredInTime(refused, 'refused');
      expect(alive().length, outputs()).toBe(3);

      await proxy.setMode('pass');
      const healthy = await pollUntil(
        async () => {
          const answer = await call(servers[1] as ServerProcess, 'health', 'GET', '/api/health');
          return answer.status === 200 ? answer : undefined;
        },
        { timeoutMs: 30_000, message: 'health never recovered' },
      );
      expect(healthy.body?.data).toMatchObject({ status: 'ok', database: 'up' });
      const after = await round('after');
      expect(
        after.filter((a) => a.status >= 400).map((a) => `${a.call} ${a.status}`),
        outputs(),
      ).toEqual([]);

      // Nothing a 2xx acknowledged is lost, before, during or after.
      const lost: string[] = [];
      for (const row of acknowledged) {
        const found =
          await sql`select 1 from ${sql.table(row.table)} where ${sql.ref(row.column)} = ${row.value}`.execute(
            direct.db,
          );
        if (found.rows.length === 0) lost.push(row.value);
      }
      expect(lost).toEqual([]);

      // Signals resume, and every slot from the first to the last has its signal or a recorded gap.
      const resumedAfter = Date.now();
      const lastSlot = await pollUntil(
        async () => {
          const row = await direct.db
            .selectFrom('signals')
            .select('slot_start')
            .orderBy('slot_start', 'desc')
            .executeTakeFirst();
          return row && new Date(row.slot_start).getTime() > resumedAfter ? new Date(row.slot_start) : undefined;
        },
        { timeoutMs: 30_000, message: 'signals never resumed' },
      );
      const from = new Date(firstSlot).getTime();
      const [signals, gaps] = await Promise.all([
        direct.db.selectFrom('signals').select('slot_start').where('slot_start', '>=', new Date(from)).execute(),
        direct.db.selectFrom('signal_slot_gaps').select(['slot_start', 'reason']).execute(),
      ]);
      const covered = new Set([...signals, ...gaps].map((row) => new Date(row.slot_start).getTime()));
      const uncovered: string[] = [];
      for (let slot = from; slot < lastSlot.getTime(); slot += INTERVAL) {
        if (!covered.has(slot)) uncovered.push(new Date(slot).toISOString());
      }
      expect(uncovered, outputs()).toEqual([]);
      expect(gaps.every((gap) => gap.reason === 'missed')).toBe(true);

      expect(alive().length, outputs()).toBe(3);
      expect(outputs()).not.toMatch(/uncaught error|second error, exiting/);
      const slowest = (answers: Answer[]) => Math.max(...answers.map((a) => a.ms));
      console.log(
        `stall ${STALL_MS / 1000} s: ${during.length + cut.length} calls, all answered, slowest ${slowest([...during, ...cut])} ms ` +
          `(${during.filter((a) => a.status === 503).length} × 503); new sockets: ${sockets.length}, slowest ${Math.max(...sockets.map((x) => x.ms))} ms; ` +
          `refused ${REFUSE_MS / 1000} s: ${refused.length} calls, slowest ${slowest(refused)} ms, 500s: ${refused.filter((a) => a.status === 500).length}; ` +
          `processes alive ${alive().length} of 3; acknowledged rows ${acknowledged.length}, lost ${lost.length}; ` +
          `slots missed ${gaps.length}`,
      );
    }, 180_000);
  },
);
