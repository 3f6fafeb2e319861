import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import {
  type CursorPagination,
  type Envelope,
  PagingMessages,
  SignalQueryMessages,
  TIMING,
  type TSignalView,
  type TWebhookAttempt,
  type TWebhookDelivery,
} from '@signalroom/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedMember, createMember } from '../helpers/factories.js';
import { insertSignal } from '../helpers/signal-rows.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const SLOT = TIMING.signalIntervalMs;
/** Engine signals, one per slot going back, and desk signals sharing slots (ties in the order). */
const ENGINE = 985;
const DESK = 15;

// History paging: GET /api/signals pages back through everything a member may see, newest first, with
// a cursor; the same for an endpoint's webhook deliveries and attempts.
describe('paging back through history', () => {
  let server: TestServer;
  let gold: CreatedMember;
  /** Every signal id, newest first, as the list orders them (slot, then id). */
  let ordered: string[];
  const now = Date.now();
  const newestSlot = Math.floor(now / SLOT) * SLOT - 2 * SLOT;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MULTIPLIER: '100' });
    gold = await createMember(server.context.db, { tier: 'gold' });
    const db = server.context.db;
    await sql`
      insert into signals (slot_start, day_key, day_sequence, asset, signal_type, direction, entry_price, confidence,
        status, active_level, window_ms, expires_at, source, strategy, created_at, issued_at)
      select to_timestamp(${newestSlot / 1000}) - n * interval '5 minutes', 'paging-' || n, 1, 'EUR/USD (OTC)', 'buy',
        'CALL', 1.0845, 70, 'active', 0, ${SLOT}, to_timestamp(${newestSlot / 1000}) - (n - 1) * interval '5 minutes',
        'simulated', 'seed', to_timestamp(${newestSlot / 1000}) - n * interval '5 minutes',
        to_timestamp(${newestSlot / 1000}) - n * interval '5 minutes'
      from generate_series(0, ${ENGINE - 1}) as n`.execute(db);
    // Analysts' signals share slots with the engine's, some a microsecond apart: the order breaks ties by id.
    await sql`
      insert into signals (slot_start, day_key, day_sequence, asset, signal_type, direction, entry_price, confidence,
        status, active_level, window_ms, expires_at, source, strategy, created_at, issued_at,
        author_id, author_name, idempotency_key)
      select to_timestamp(${newestSlot / 1000}) - (n % 5) * interval '5 minutes' + (n % 3) * interval '1 microsecond',
        'paging-desk-' || n, 2, 'GBP/JPY (OTC)', 'sell', 'PUT', 190.1, 65, 'active', 0, ${SLOT},
        to_timestamp(${newestSlot / 1000}) - (n % 5 - 1) * interval '5 minutes', 'simulated', 'desk',
        to_timestamp(${newestSlot / 1000}) - (n % 5) * interval '5 minutes',
        to_timestamp(${newestSlot / 1000}) - (n % 5) * interval '5 minutes',
        ${gold.user.id}::uuid, 'Desk', 'paging-' || n
      from generate_series(0, ${DESK - 1}) as n`.execute(db);
    const rows = await db
      .selectFrom('signals')
      .select('id')
      .orderBy('slot_start', 'desc')
      .orderBy('id', 'desc')
      .execute();
    ordered = rows.map((row) => row.id);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Walks every page with this page size and query; each page's ids, in order. */
  async function walk(token: string, limit: number, extra = '', between?: () => Promise<void>): Promise<string[]> {
    const seen: string[] = [];
    let before: string | null = null;
    for (let pages = 0; pages < 2000; pages += 1) {
      const query: string = `limit=${limit}${extra}${before ? `&before=${encodeURIComponent(before)}` : ''}`;
      const answer: { status: number; body: Envelope<TSignalView[]> } = await server.api<TSignalView[]>(
        'GET',
        `/api/signals?${query}`,
        { token },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const page = answer.body.data ?? [];
      expect(page.length).toBeLessThanOrEqual(limit);
      seen.push(...page.map((signal) => signal.id));
      before = (answer.body.pagination as CursorPagination).nextCursor;
      if (before === null) return seen;
      expect(page).toHaveLength(limit);
      await between?.();
    }
    throw new Error('the walk did not end');
  }

  it('walks all 1,000 signals newest first with no gap and no duplicate', async () => {
    expect(ordered).toHaveLength(ENGINE + DESK);
    const seen = await walk(gold.token, 100);
    expect(seen).toEqual(ordered);
    // An odd page size ends on a part page, and ties between pages are kept in order.
    expect(await walk(gold.token, 37)).toEqual(ordered);
  });

  it('keeps its place while new signals arrive at the top', async () => {
    let added = 0;
    const seen = await walk(gold.token, 100, '', async () => {
      added += 1;
      await insertSignal(server.context.db, { slotStart: new Date(newestSlot + added * SLOT) });
    });
    expect(added).toBeGreaterThan(5);
    expect(seen).toEqual(ordered);
  });

  it('stops at `since`, a lower bound on the time of issue', async () => {
    const cut = await server.context.db
      .selectFrom('signals')
      .select('issued_at')
      .where('id', '=', ordered[499] as string)
      .executeTakeFirstOrThrow();
    const since = new Date(cut.issued_at).toISOString();
    const seen = await walk(gold.token, 100, `&since=${encodeURIComponent(since)}`);
    const expected = await server.context.db
      .selectFrom('signals')
      .select('id')
      .where('issued_at', '>=', new Date(since))
      .orderBy('slot_start', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(seen).toEqual(expected.map((row) => row.id));
    expect(seen.length).toBeGreaterThanOrEqual(500);
    expect(seen).not.toContain(ordered[ordered.length - 1]);
  });

  it('runs the paging example of docs/connect-your-tools.md, which reads every signal since a date', async () => {
    const created = await server.api<{ secret: string }>('POST', '/api/users/api-keys', {
      token: gold.token,
      body: { name: 'history' },
    });
    const since = new Date(newestSlot - 400 * SLOT).toISOString();
    const expected = await server.context.db
      .selectFrom('signals')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('issued_at', '>=', new Date(since))
      .executeTakeFirstOrThrow();
    const { stdout } = await promisify(execFile)(process.execPath, ['docs/examples/page-history.mjs'], {
      env: { ...process.env, SIGNALROOM_URL: server.url, SIGNALROOM_KEY: created.body.data?.secret, SINCE: since },
      timeout: 20_000,
    });
    expect(stdout).toBe(`${Number(expected.n)} signals since ${since}, 0 won\n`);
    expect(Number(expected.n)).toBeGreaterThan(400);
  });

  it('gives the same walk to an API key, and a trial member only what has closed', async () => {
    const created = await server.api<{ secret: string }>('POST', '/api/users/api-keys', {
      token: gold.token,
      body: { name: 'pager' },
    });
    const first = await server.api<TSignalView[]>('GET', '/api/signals?limit=100', {
      token: created.body.data?.secret,
    });
    expect(first.body.data?.map((s) => s.id)).toEqual(
      (await server.api<TSignalView[]>('GET', '/api/signals?limit=100', { token: gold.token })).body.data?.map(
        (s) => s.id,
      ),
    );
    const trial = await createMember(server.context.db, { tier: 'guest' });
    const closed = await server.context.db
      .selectFrom('signals')
      .select('id')
      .where('expires_at', '<=', new Date())
      .orderBy('slot_start', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(await walk(trial.token, 100)).toEqual(closed.map((row) => row.id));
  });

  it('keeps the first page cached with its ETag, and refuses a cursor it did not give', async () => {
    const first = await server.api<TSignalView[]>('GET', '/api/signals?limit=10', { token: gold.token });
    expect(first.headers.get('etag')).toBeTruthy();
    expect((first.body.pagination as CursorPagination).nextCursor).toEqual(expect.any(String));
    const bad = await server.api('GET', '/api/signals?before=not-a-cursor', { token: gold.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ before: PagingMessages.before });
    const asc = await server.api('GET', `/api/signals?sortOrder=asc&since=${new Date(now).toISOString()}`, {
      token: gold.token,
    });
    expect(asc.status).toBe(400);
    expect(asc.body.error?.fields).toEqual({ sortOrder: SignalQueryMessages.pagedOrder });
    const since = await server.api('GET', '/api/signals?since=yesterday', { token: gold.token });
    expect(since.body.error?.fields).toEqual({ since: PagingMessages.since });
  });

  it("pages an endpoint's deliveries and attempts the same way", async () => {
    const endpoint = await server.api<{ id: string }>('POST', '/api/users/webhooks', {
      token: gold.token,
      body: { url: 'http://127.0.0.1:9/hooks', events: ['signal.note'] },
    });
    const endpointId = endpoint.body.data?.id as string;
    const signal = ordered[0] as string;
    const messages = await server.context.db
      .insertInto('webhook_messages')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          event: 'signal.issued' as const,
          event_key: `paging:${randomUUID()}:${i}`,
          signal_id: signal,
          payload: '{}',
          created_at: new Date(),
        })),
      )
      .returning('id')
      .execute();
    // Every other delivery at the same moment: the order breaks the tie by message id.
    const at = (i: number) => new Date(now - Math.floor(i / 2) * 1000);
    await server.context.db
      .insertInto('webhook_deliveries')
      .values(
        messages.map((m, i) => ({
          message_id: m.id,
          endpoint_id: endpointId,
          user_id: gold.user.id,
          status: i % 3 === 0 ? ('failed' as const) : ('sent' as const),
          attempts: 1,
          queued_at: at(i),
          updated_at: at(i),
        })),
      )
      .execute();
    await server.context.db
      .insertInto('webhook_attempts')
      .values(
        messages.map((m, i) => ({
          endpoint_id: endpointId,
          message_id: m.id,
          trigger: 'delivery' as const,
          at: at(i),
          succeeded: i % 3 !== 0,
        })),
      )
      .execute();

    async function walkList<T>(path: string, key: (item: T) => string): Promise<string[]> {
      const seen: string[] = [];
      let before: string | null = null;
      do {
        const answer: { status: number; body: Envelope<T[]> } = await server.api<T[]>(
          'GET',
          `${path}${path.includes('?') ? '&' : '?'}limit=25${before ? `&before=${encodeURIComponent(before)}` : ''}`,
          { token: gold.token },
        );
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        seen.push(...(answer.body.data ?? []).map(key));
        before = (answer.body.pagination as CursorPagination).nextCursor;
      } while (before);
      return seen;
    }
    const deliveries = await walkList<TWebhookDelivery>(
      `/api/users/webhooks/${endpointId}/deliveries`,
      (d) => d.messageId,
    );
    expect(deliveries).toHaveLength(60);
    expect(new Set(deliveries).size).toBe(60);
    const failed = await walkList<TWebhookDelivery>(
      `/api/users/webhooks/${endpointId}/deliveries?status=failed`,
      (d) => d.messageId,
    );
    expect(failed).toHaveLength(20);
    const attempts = await walkList<TWebhookAttempt>(`/api/users/webhooks/${endpointId}/attempts`, (a) => a.id);
    expect(attempts).toHaveLength(60);
    expect(new Set(attempts).size).toBe(60);
  });
});
