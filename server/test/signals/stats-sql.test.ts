import { computePerformanceStats, type ResolvedSignalFacts } from '@signalroom/shared';
import { loadPerformanceStats } from '@signalroom/shared-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

/** A fixed pseudo-random sequence, so a failure can be replayed. */
function random(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

describe('statistics computed by the database', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('equal the rule applied to every resolved signal in slot order, and follow each new resolution', async () => {
    const next = random(7);
    const assets = ['EUR/USD', 'GBP/USD', 'USD/JPY', 'AUD/CAD'];
    const outcomes = ['profit', 'profit', 'loss', 'loss', 'breakeven', null] as const;
    const start = Date.parse('2026-01-01T00:00:00Z');
    const rows = Array.from({ length: 400 }, (_, i) => {
      const outcome = outcomes[Math.floor(next() * outcomes.length)] ?? null;
      const slot = new Date(start + i * 300_000);
      return {
        slot_start: slot,
        day_key: 'stats-sql',
        day_sequence: i + 1,
        asset: assets[Math.floor(next() * assets.length)] as string,
        signal_type: 'buy' as const,
        direction: next() < 0.5 ? ('CALL' as const) : ('PUT' as const),
        entry_price: 1.1,
        confidence: 55 + Math.floor(next() * 40),
        outcome,
        status: outcome ? ('closed' as const) : ('active' as const),
        resolved_level: outcome ? Math.floor(next() * 4) : null,
        // The last level played: where a loss ended (a stop loss ends one before the last level).
        active_level: Math.floor(next() * 4),
        exit_price: outcome ? 1.2 : null,
        window_ms: 300_000,
        expires_at: new Date(slot.getTime() + 300_000),
        stop_loss: null,
        take_profit: null,
        analysis: 'stats',
        source: 'simulated' as const,
        strategy: 'test',
        created_at: slot,
        updated_at: null,
        // Resolutions out of slot order, several at the same instant: the marker must still move.
        resolved_at: outcome ? new Date(start + 10_000_000 + Math.floor(next() * 50) * 1000) : null,
      };
    });
    const db = server.context.db;
    await db.insertInto('signals').values(rows).execute();
    const facts = (list: typeof rows): ResolvedSignalFacts[] =>
      list
        .filter((r) => r.outcome !== null)
        .map((r) => ({
          asset: r.asset,
          direction: r.direction,
          confidence: r.confidence,
          outcome: r.outcome as ResolvedSignalFacts['outcome'],
          resolvedLevel: r.resolved_level,
          activeLevel: r.active_level,
        }));
    expect(await loadPerformanceStats(db, 85)).toEqual(computePerformanceStats(facts(rows), 85));

    // Resolve a pending signal at the same instant as the latest one: new figures at once.
    const pending = rows.find((r) => r.outcome === null) as (typeof rows)[number];
    const latest = new Date(Math.max(...rows.map((r) => r.resolved_at?.getTime() ?? 0)));
    Object.assign(pending, { outcome: 'loss', resolved_level: 3, resolved_at: latest });
    await db
      .updateTable('signals')
      .set({ status: 'closed', outcome: 'loss', resolved_level: 3, resolved_at: latest, exit_price: 1 })
      .where('slot_start', '=', pending.slot_start)
      .execute();
    expect(await loadPerformanceStats(db, 85)).toEqual(computePerformanceStats(facts(rows), 85));
  });
});
