import { randomUUID } from 'node:crypto';
import {
  DeskMessages,
  judgeWindow,
  martingaleLevels,
  nextSignalBoundary,
  resolveAfterWindow,
  type TSignal,
  type TSignalNote,
  type TSignalView,
  type TSourceRecord,
  type TTrackRecordEntry,
  verifyTrackRecordOnline,
} from '@signalroom/shared';
import { listSlotGaps, saveBotSettings } from '@signalroom/shared-node';
import type { MarketFeed } from '@signalroom/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OandaServer, startOandaServer } from '../../../worker/test/helpers/oanda-server.js';
import { type CreatedMember, createMember } from '../helpers/factories.js';
import { testShape } from '../helpers/shape.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pollUntil } from '../helpers/wait-for.js';
import { connectClient } from '../realtime/realtime-helpers.js';
import { type BusRecorder, recordBus } from '../signals/signal-helpers.js';

const INTERVAL = 1000;

function form(overrides: Record<string, unknown> = {}) {
  return {
    asset: 'EUR/USD (OTC)',
    direction: 'CALL',
    windowMs: INTERVAL,
    confidence: 72,
    analysis: 'Higher lows since the open; buyers defend the round number.',
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

/** The outcome a signal must have from the feed's prices, window by window, as the engine judges it. */
async function expectedEnd(feed: MarketFeed, signal: TSignal) {
  const windows = martingaleLevels(new Date(signal.expiresAt), {
    stepMs: Date.parse(signal.expiresAt) - Date.parse(signal.createdAt),
  });
  for (const [level, window] of windows.entries()) {
    const entryPrice = level === 0 ? signal.entryPrice : await feed.priceAt(signal.asset, window.entryTime);
    const exitPrice = await feed.priceAt(signal.asset, window.expiryTime);
    const next = resolveAfterWindow(
      level,
      judgeWindow({ signalType: signal.signalType, entryPrice, exitPrice, stopLoss: null, takeProfit: null }),
    );
    if (next.final) return { exitPrice, outcome: next.outcome };
  }
  throw new Error('no final window');
}

describe(`the analyst desk (${testShape} shape)`, () => {
  let server: TestServer;
  let bus: BusRecorder;
  let admin: CreatedMember;
  let analyst: CreatedMember;
  let member: CreatedMember;
  beforeAll(async () => {
    server = await startTestServer({
      EMBEDDED_WORKER: 'true',
      SIGNAL_INTERVAL_MS: String(INTERVAL),
      DESK_SKIPS_ENGINE_SLOT: 'true',
    });
    bus = await recordBus(server.context.bus);
    admin = await createMember(server.context.db, { role: 'admin', fullName: 'Grace Admin' });
    analyst = await createMember(server.context.db, { tier: 'silver', fullName: 'Ada Lovelace' });
    member = await createMember(server.context.db, { tier: 'gold', fullName: 'Gold Member' });
    // The gold member's paper-trading bot takes every signal (aggressive: no confidence floor).
    await saveBotSettings(
      server.context.db,
      member.user.id,
      { riskLevel: 'aggressive', maxTradesPerDay: 100, tradeSize: 100, active: true },
      new Date(),
    );
  });
  afterAll(async () => {
    bus?.stop();
    await server?.close();
  });

  it('is for analysts and admins only; an admin grants the analyst role, and the change is audited', async () => {
    expect((await server.api('GET', '/api/desk')).status).toBe(401);
    expect((await server.api('GET', '/api/desk', { token: analyst.token })).status).toBe(403);
    expect((await server.api('POST', '/api/desk/signals', { token: member.token, body: form() })).status).toBe(403);

    const granted = await server.api<{ role: string }>('POST', `/api/admin/users/${analyst.user.id}/role`, {
      token: admin.token,
      body: { role: 'analyst' },
    });
    expect(granted.status).toBe(200);
    expect(granted.body.data?.role).toBe('analyst');
    const audit = await server.context.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'member.role')
      .where('target_id', '=', analyst.user.id)
      .executeTakeFirstOrThrow();
    expect(audit.actor_id).toBe(admin.user.id);
    expect(JSON.stringify(audit.after)).toContain('analyst');
    // An analyst cannot grant roles.
    expect(
      (
        await server.api('POST', `/api/admin/users/${member.user.id}/role`, {
          token: analyst.token,
          body: { role: 'analyst' },
        })
      ).status,
    ).toBe(403);

    const desk = await server.api<{ instruments: { asset: string }[]; windows: { ms: number; label: string }[] }>(
      'GET',
      '/api/desk',
      { token: analyst.token },
    );
    expect(desk.status).toBe(200);
    expect(desk.body.data?.instruments.map((i) => i.asset)).toEqual(server.context.market.assets);
    expect(desk.body.data?.windows.map((w) => w.ms)).toEqual([INTERVAL, 3 * INTERVAL, 6 * INTERVAL, 12 * INTERVAL]);
    expect((await server.api('GET', '/api/desk', { token: admin.token })).status).toBe(200);
  });

  it('refuses bad input with the message on its field, never a 500', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ asset: 'DOGE/EUR' }, 'asset', /does not list DOGE\/EUR/],
      [{ windowMs: 7000 }, 'windowMs', /^Choose an expiry window of 1 s, 3 s, 6 s or 12 s\.$/],
      [{ confidence: 0 }, 'confidence', /^Confidence must be a whole number from 1 to 100\.$/],
      [{ confidence: 101 }, 'confidence', /from 1 to 100/],
      [{ confidence: 55.5 }, 'confidence', /from 1 to 100/],
      [{ direction: 'UP' }, 'direction', /CALL or PUT/],
      [{ analysis: '   ' }, 'analysis', /Write the analysis/],
      [{ stopLoss: -1 }, 'stopLoss', /above 0/],
      [{ idempotencyKey: 'x' }, 'idempotencyKey', /reload the page/],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await server.api('POST', '/api/desk/signals', { token: analyst.token, body: form(overrides) });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.error?.fields?.[field], JSON.stringify(res.body)).toMatch(message);
    }
    expect(
      await server.context.db.selectFrom('signals').where('author_id', 'is not', null).select('id').execute(),
    ).toEqual([]);
  });

  let published: TSignal;
  it('publishes once per form, at the feed price, chained as analyst:<id>, pushed with its source', async () => {
    const gold = await connectClient(server.url, member.token);
    try {
      const body = form({ direction: 'PUT', windowMs: 3 * INTERVAL });
      const [a, b] = await Promise.all([
        server.api<TSignal>('POST', '/api/desk/signals', { token: analyst.token, body }),
        server.api<TSignal>('POST', '/api/desk/signals', { token: analyst.token, body }),
      ]);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(a.body.data?.id).toBe(b.body.data?.id);
      published = a.body.data as TSignal;
      const again = await server.api<TSignal>('POST', '/api/desk/signals', { token: analyst.token, body });
      expect(again.body.data?.id).toBe(published.id);
      expect(again.body.message).toMatch(/already published/);
      const rows = await server.context.db
        .selectFrom('signals')
        .selectAll()
        .where('author_id', '=', analyst.user.id)
        .execute();
      expect(rows).toHaveLength(1);

      expect(published).toMatchObject({
        asset: 'EUR/USD (OTC)',
        direction: 'PUT',
        confidence: 72,
        status: 'active',
        source: 'simulated',
        issuedBy: { kind: 'analyst', name: 'Ada Lovelace', label: 'Analyst: Ada Lovelace' },
      });
      expect(Date.parse(published.expiresAt) - Date.parse(published.createdAt)).toBe(3 * INTERVAL);
      const feed = await server.context.market.feed();
      const quote = await feed.latestPrice('EUR/USD (OTC)');
      expect(Math.abs(quote.price - published.entryPrice) / quote.price).toBeLessThan(0.01);

      const entry = await server.context.db
        .selectFrom('track_record_chain')
        .selectAll()
        .where('signal_id', '=', published.id)
        .where('kind', '=', 'signal')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(entry.payload).source).toBe(`analyst:${analyst.user.id}`);
      expect(published.record?.hash).toBe(entry.hash);

      const pushed = await gold.waitFor('signal:new', (s: TSignal) => s.id === published.id, 1000);
      expect(pushed.issuedBy.label).toBe('Analyst: Ada Lovelace');
      const news = bus.events.filter((e) => e.type === 'signal:new' && e.signal.id === published.id);
      expect(news).toHaveLength(1);
    } finally {
      gold.close();
    }
  });

  it("skips the engine's next slot when configured, recording why", async () => {
    const slot = nextSignalBoundary(new Date(published.createdAt), INTERVAL);
    const gap = await pollUntil(
      async () => (await listSlotGaps(server.context.db, { from: slot, to: new Date(slot.getTime() + 1) }))[0],
      { timeoutMs: 5000, message: 'the slot after the desk signal was not recorded' },
    );
    expect(gap.reason).toBe('analyst_published');
    expect(gap.detail).toContain('Ada Lovelace');
    const engineSignal = await server.context.db
      .selectFrom('signals')
      .select('id')
      .where('slot_start', '=', slot)
      .where('author_id', 'is', null)
      .executeTakeFirst();
    expect(engineSignal).toBeUndefined();
  });

  it("opens the paper-trading bots' trades on it, as on the engine's", async () => {
    const trade = await pollUntil(
      () =>
        server.context.db
          .selectFrom('paper_trades')
          .selectAll()
          .where('signal_id', '=', published.id)
          .where('user_id', '=', member.user.id)
          .executeTakeFirst(),
      { timeoutMs: 5000, message: 'no bot trade on the desk signal' },
    );
    expect(trade.stake).toBe(100);
  });

  it('is resolved by the worker against the feed, window by window', { timeout: 30_000 }, async () => {
    const done = await bus.waitFor(
      (e) => e.type === 'signal:update' && e.signal.id === published.id && e.signal.status !== 'active',
      20_000,
    );
    const resolved = done.type === 'signal:update' ? done.signal : (null as never);
    const expected = await expectedEnd(await server.context.market.feed(), published);
    expect(resolved.exitPrice).toBe(expected.exitPrice);
    expect(resolved.outcome).toBe(expected.outcome);
    expect(resolved.issuedBy?.label).toBe('Analyst: Ada Lovelace');
    const outcome = await server.context.db
      .selectFrom('track_record_chain')
      .select('seq')
      .where('signal_id', '=', published.id)
      .where('kind', '=', 'outcome')
      .executeTakeFirst();
    expect(outcome).toBeDefined();

    // The published record rebuilds the entry from the stored signal: same source, same hash, and the
    // whole record verifies as anyone would check it.
    const download = await (await fetch(`${server.url}/api/track-record/download`)).text();
    const entries = download
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as TTrackRecordEntry);
    const issue = entries.find((e) => e.payload.kind === 'signal' && e.payload.id === published.id);
    expect(issue?.payload).toMatchObject({ source: `analyst:${analyst.user.id}` });
    expect(issue?.hash).toBe(published.record?.hash);
    const report = await verifyTrackRecordOnline({ base: server.url });
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('takes a follow-up note from its analyst or an admin, pushes it live, and never edits the signal', async () => {
    const gold = await connectClient(server.url, member.token);
    const other = await createMember(server.context.db, { role: 'analyst', fullName: 'Other Analyst' });
    try {
      const note = await server.api<TSignalNote>('POST', `/api/desk/signals/${published.id}/notes`, {
        token: analyst.token,
        body: { body: 'Target reached early; I would not re-enter.' },
      });
      expect(note.status).toBe(201);
      const live = await gold.waitFor('signal:note', (n: TSignalNote) => n.id === note.body.data?.id, 1000);
      expect(live).toMatchObject({ signalId: published.id, authorName: 'Ada Lovelace' });

      const refused = await server.api('POST', `/api/desk/signals/${published.id}/notes`, {
        token: other.token,
        body: { body: 'Not mine to note.' },
      });
      expect(refused.status).toBe(403);
      const byAdmin = await server.api('POST', `/api/desk/signals/${published.id}/notes`, {
        token: admin.token,
        body: { body: 'Reviewed.' },
      });
      expect(byAdmin.status).toBe(201);
      expect(
        (
          await server.api('POST', `/api/desk/signals/${randomUUID()}/notes`, {
            token: admin.token,
            body: { body: 'x' },
          })
        ).status,
      ).toBe(404);
      const empty = await server.api('POST', `/api/desk/signals/${published.id}/notes`, {
        token: analyst.token,
        body: { body: '' },
      });
      expect(empty.body.error?.fields?.body).toBe('Write the note.');

      const list = await server.api<TSignal[]>('GET', '/api/signals?limit=50', { token: member.token });
      const shown = list.body.data?.find((s) => s.id === published.id);
      expect(shown?.notes?.map((n) => n.body)).toEqual(['Target reached early; I would not re-enter.', 'Reviewed.']);
      // No edit or withdrawal: the desk has no such route.
      for (const method of ['PATCH', 'PUT', 'DELETE']) {
        expect(
          (await server.api(method, `/api/desk/signals/${published.id}`, { token: admin.token, body: {} })).status,
        ).toBe(404);
      }
    } finally {
      gold.close();
    }
  });

  it('lists each source with its own record', async () => {
    // The outcome entry is public (and so counted) once the entries before it are: within a window.
    const res = await pollUntil(
      async () => {
        const answer = await server.api<TSourceRecord[]>('GET', '/api/track-record/sources');
        const mine = answer.body.data?.find((s) => s.source === `analyst:${analyst.user.id}`);
        return mine?.resolved === 1 ? answer : false;
      },
      { timeoutMs: 10_000, message: "the analyst's resolved signal was not counted" },
    );
    expect(res.status).toBe(200);
    const ada = res.body.data?.find((s) => s.source === `analyst:${analyst.user.id}`);
    expect(ada).toMatchObject({ kind: 'analyst', label: 'Analyst: Ada Lovelace', issued: 1, resolved: 1 });
    // Its own evidence: a break-even on its own record's footing (a first-window breakeven, as the feed's
    // price may not move in a test window, takes it to 0 %: nothing to beat when nothing is lost).
    expect(ada?.evidence.firstWindow.total).toBe(1);
    expect(ada?.evidence.firstWindow.breakEven).toBeGreaterThanOrEqual(0);
    expect(ada?.evidence.firstWindow.breakEven).toBeLessThanOrEqual(55.6);
    const model = res.body.data?.find((s) => s.kind === 'model');
    expect(model?.label).toBe('Model: momentum-v1');
    expect(model?.issued).toBeGreaterThan(0);
  });
});

describe('an analyst who leaves', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps their published signals and the record whole, without their name', async () => {
    const analyst = await createMember(server.context.db, { role: 'analyst', tier: 'silver', fullName: 'Lea Leaving' });
    const published = await server.api<TSignal>('POST', '/api/desk/signals', {
      token: analyst.token,
      body: form({ windowMs: 5 * 60_000 }),
    });
    expect(published.status).toBe(201);
    const id = published.body.data?.id as string;
    await server.api('POST', `/api/desk/signals/${id}/notes`, { token: analyst.token, body: { body: 'Still valid.' } });

    const deleted = await server.api('DELETE', '/api/users/me', {
      token: analyst.token,
      body: { password: analyst.password },
    });
    expect(deleted.status).toBe(200);
    const row = await server.context.db
      .selectFrom('signals')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ author_id: analyst.user.id, author_name: 'Former analyst' });
    const note = await server.context.db
      .selectFrom('signal_notes')
      .selectAll()
      .where('signal_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({ author_id: null, author_name: 'Former analyst' });
    const entry = await server.context.db
      .selectFrom('track_record_chain')
      .select('payload')
      .where('signal_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.payload).source).toBe(`analyst:${analyst.user.id}`);
  });
});

describe('the desk on a market that is closed', () => {
  let oanda: OandaServer;
  let server: TestServer;
  beforeAll(async () => {
    oanda = await startOandaServer({ seed: 'desk-closed' });
    server = await startTestServer({
      MARKET_FEED: 'oanda',
      OANDA_API_URL: oanda.url,
      OANDA_ACCOUNT_ID: oanda.accountId,
      OANDA_API_TOKEN: oanda.token,
      SIGNAL_ASSETS: 'EUR/USD,XAU/USD',
    });
  });
  afterAll(async () => {
    await server?.close();
    await oanda?.close();
  });

  it('refuses to publish on an instrument the provider says is not tradeable', async () => {
    oanda.setTradeable('XAU_USD', false);
    const analyst = await createMember(server.context.db, { role: 'analyst', fullName: 'Ada' });
    const res = await server.api('POST', '/api/desk/signals', {
      token: analyst.token,
      body: { ...form({ asset: 'XAU/USD', windowMs: 5 * 60_000 }) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.fields?.asset).toMatch(
      /^The market for XAU\/USD is closed \(.+\)\. No signal can be published now\.$/,
    );
  });
});

describe('desk pacing', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ DESK_MAX_PER_HOUR: '2' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('takes DESK_MAX_PER_HOUR signals from an analyst in a rolling hour, then answers 429 with when', async () => {
    const analyst = await createMember(server.context.db, { role: 'analyst', tier: 'silver', fullName: 'Pace Setter' });
    const other = await createMember(server.context.db, { role: 'analyst', tier: 'silver', fullName: 'Other Analyst' });
    const publish = (token: string) =>
      server.api<TSignal>('POST', '/api/desk/signals', { token, body: form({ windowMs: 5 * 60_000 }) });
    expect((await publish(analyst.token)).status).toBe(201);
    expect((await publish(analyst.token)).status).toBe(201);
    const third = await publish(analyst.token);
    expect(third.status).toBe(429);
    expect(third.body.message).toBe(DeskMessages.paced(2, 60));
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(3500);
    // Each analyst has an hour of their own; nothing of the refused one was written.
    expect((await publish(other.token)).status).toBe(201);
    const written = await server.context.db
      .selectFrom('signals')
      .select('id')
      .where('author_id', '=', analyst.user.id)
      .execute();
    expect(written).toHaveLength(2);
  });
});

/**
 * The desk's signals and the model's count against a tier's daily allowance apart by default, so a busy
 * desk never locks the model's signals (DESK_IN_ALLOWANCE counts them together, as before).
 */
describe.each([
  { together: false, label: 'counted apart (the default)' },
  { together: true, label: 'counted together (DESK_IN_ALLOWANCE)' },
])('the daily allowance with desk signals $label', ({ together }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      EMBEDDED_WORKER: 'true',
      SIGNAL_INTERVAL_MS: String(INTERVAL),
      SILVER_DAILY_LIMIT: '2',
      ...(together ? { DESK_IN_ALLOWANCE: 'true' } : {}),
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('locks what is past the allowance of its own pool, and says which pool it counted in', async () => {
    const db = server.context.db;
    const analyst = await createMember(db, { role: 'analyst', tier: 'silver', fullName: 'Busy Desk' });
    const silver = await createMember(db, { tier: 'silver' });
    const desk: TSignal[] = [];
    for (let i = 0; i < 3; i += 1) {
      const published = await server.api<TSignal>('POST', '/api/desk/signals', {
        token: analyst.token,
        body: form(),
      });
      expect(published.status, published.body.message).toBe(201);
      desk.push(published.body.data!);
    }
    expect(desk.map((s) => s.allowance)).toEqual(
      together
        ? desk.map((s) => ({ pool: 'all', place: s.daySequence }))
        : [1, 2, 3].map((place) => ({ pool: 'desk', place })),
    );
    // The model's next signal, issued by the embedded worker after the desk's three.
    const model = await pollUntil(
      () =>
        db
          .selectFrom('signals')
          .select(['id', 'day_sequence'])
          .where('author_id', 'is', null)
          .where('created_at', '>', new Date(Date.parse(desk[2]!.createdAt)))
          .orderBy('created_at')
          .executeTakeFirst(),
      { timeoutMs: 10_000, message: "the model's signal after the desk's" },
    );
    const list = await server.api<TSignalView[]>('GET', '/api/signals?limit=50', { token: silver.token });
    const viewOf = (id: string) => list.body.data!.find((s) => s.id === id);
    expect(viewOf(desk[0]!.id)?.locked).toBe(false);
    expect(viewOf(desk[2]!.id)).toMatchObject({ locked: true, daySequence: desk[2]!.daySequence });
    const modelView = viewOf(model.id);
    if (together) {
      // Counted with the desk's three: the day's fourth or later, past an allowance of two.
      expect(modelView).toMatchObject({ locked: true, allowance: { pool: 'all', place: model.day_sequence } });
    } else {
      expect(modelView).toMatchObject({ locked: false, allowance: { pool: 'model' } });
    }
  });
});
