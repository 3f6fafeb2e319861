import { settlePaperTrade, type TPaperTrade } from '@signalroom/shared';
import { closePaperTrades, openPaperTrades, saveBotSettings } from '@signalroom/shared-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { insertSignal } from '../helpers/signal-rows.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { connectClient } from '../realtime/realtime-helpers.js';
import { engineFor, FIVE_MIN, recordBus } from '../signals/signal-helpers.js';

type Bot = {
  riskLevel: 'conservative' | 'moderate' | 'aggressive';
  tradeSize: 50 | 100 | 250;
  maxTradesPerDay?: number;
};

describe('paper-trading bots against signals', () => {
  let server: TestServer;
  const at = new Date('2030-03-01T09:00:00Z');
  let slotCounter = 0;
  const nextSlot = () => {
    slotCounter += 1;
    return new Date(at.getTime() + slotCounter * FIVE_MIN);
  };

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  async function goldBot(bot: Bot, options: { active?: boolean; tier?: 'gold' | 'silver' } = {}) {
    const member = await createMember(server.context.db, { tier: options.tier ?? 'gold' });
    await saveBotSettings(
      server.context.db,
      member.user.id,
      { maxTradesPerDay: 15, ...bot, active: options.active ?? true },
      at,
    );
    return member;
  }

  const tradesOf = (signalId: string) =>
    server.context.db.selectFrom('paper_trades').selectAll().where('signal_id', '=', signalId).execute();

  async function resolve(signalId: string, outcome: 'profit' | 'loss' | 'breakeven', level: number) {
    await server.context.db
      .updateTable('signals')
      .set({
        status: outcome === 'loss' ? 'expired' : 'closed',
        outcome,
        active_level: level,
        resolved_level: outcome === 'loss' ? null : level,
        resolved_at: at,
      })
      .where('id', '=', signalId)
      .execute();
  }

  it('opens trades only for running gold bots whose risk level takes the confidence, and settles them by hand', async () => {
    const conservative = await goldBot({ riskLevel: 'conservative', tradeSize: 100 });
    const moderate = await goldBot({ riskLevel: 'moderate', tradeSize: 100 });
    const aggressive = await goldBot({ riskLevel: 'aggressive', tradeSize: 250 });
    const paused = await goldBot({ riskLevel: 'aggressive', tradeSize: 50 }, { active: false });
    const revoked = await goldBot({ riskLevel: 'aggressive', tradeSize: 50 }, { tier: 'silver' });
    const signal = await insertSignal(server.context.db, { slotStart: nextSlot(), confidence: 60, signalType: 'sell' });

    expect(await openPaperTrades(server.context.db, signal.id, at)).toBe(2);
    expect(await openPaperTrades(server.context.db, signal.id, at)).toBe(0);
    const opened = await tradesOf(signal.id);
    expect(opened.map((t) => t.user_id).sort()).toEqual([moderate.user.id, aggressive.user.id].sort());
    for (const other of [conservative, paused, revoked])
      expect(opened.map((t) => t.user_id)).not.toContain(other.user.id);
    expect(opened.every((t) => t.status === 'open' && t.direction === 'PUT')).toBe(true);

    // Won at martingale level 1: moderate plays it ($100 lost, then 80 % of $200) = +$60; aggressive
    // (up to level 2, $250 base) loses $250 then wins 80 % of $500 = +$150.
    await resolve(signal.id, 'profit', 1);
    expect(await closePaperTrades(server.context.db, signal.id, at)).toBe(2);
    expect(await closePaperTrades(server.context.db, signal.id, at)).toBe(0);
    const closed = new Map((await tradesOf(signal.id)).map((t) => [t.user_id, t]));
    expect(closed.get(moderate.user.id)).toMatchObject({ status: 'closed', level: 1, pnl: 60, result: 'WIN' });
    expect(closed.get(aggressive.user.id)).toMatchObject({ status: 'closed', level: 1, pnl: 150, result: 'WIN' });
  });

  it.each([
    // [outcome, signal level, bot, hand-computed P&L, result, last level played]
    ['profit', 0, { riskLevel: 'conservative', tradeSize: 50 }, 40, 'WIN', 0],
    ['profit', 2, { riskLevel: 'aggressive', tradeSize: 100 }, 20, 'WIN', 2],
    ['profit', 2, { riskLevel: 'moderate', tradeSize: 100 }, -300, 'LOSS', 1],
    ['loss', 3, { riskLevel: 'aggressive', tradeSize: 50 }, -350, 'LOSS', 2],
    ['loss', 3, { riskLevel: 'conservative', tradeSize: 250 }, -250, 'LOSS', 0],
    ['breakeven', 0, { riskLevel: 'moderate', tradeSize: 100 }, 0, 'EVEN', 0],
    ['breakeven', 1, { riskLevel: 'aggressive', tradeSize: 100 }, -100, 'LOSS', 1],
  ] as const)(
    'a signal ending %s at level %i settles %j at %d (%s, level %i)',
    async (outcome, level, bot, pnl, result, played) => {
      const member = await goldBot(bot);
      const signal = await insertSignal(server.context.db, { slotStart: nextSlot(), confidence: 70 });
      await openPaperTrades(server.context.db, signal.id, at);
      await resolve(signal.id, outcome, level);
      await closePaperTrades(server.context.db, signal.id, at);
      const [trade] = (await tradesOf(signal.id)).filter((t) => t.user_id === member.user.id);
      expect(trade).toMatchObject({ pnl, result, level: played, status: 'closed' });
    },
  );

  it('stops opening trades at the member’s maximum for the day', async () => {
    const member = await goldBot({ riskLevel: 'aggressive', tradeSize: 50, maxTradesPerDay: 2 });
    const timeZone = server.config.TIME_ZONE;
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const signal = await insertSignal(server.context.db, {
        slotStart: nextSlot(),
        confidence: 70,
        timeZone,
        daySequence: i + 1,
      });
      await openPaperTrades(server.context.db, signal.id, at);
      ids.push(signal.id);
    }
    const mine = await server.context.db
      .selectFrom('paper_trades')
      .select('signal_id')
      .where('user_id', '=', member.user.id)
      .execute();
    expect(mine.map((t) => t.signal_id).sort()).toEqual(ids.slice(0, 2).sort());
  });

  it('the engine opens trades when it issues a signal and closes them at resolution, live to the member', async () => {
    const member = await goldBot({ riskLevel: 'aggressive', tradeSize: 100 });
    const bus = await recordBus(server.context.bus);
    const client = await connectClient(server.url, member.token);
    let clock = new Date('2030-04-01T10:00:00Z');
    const engine = engineFor(server, { now: () => clock });
    try {
      const signal = await engine.runSlot(clock);
      expect(signal).not.toBeNull();
      const id = signal?.id as string;
      await bus.waitFor((e) => e.type === 'bot:trades' && e.signalId === id && e.phase === 'opened');
      const opened: TPaperTrade = await client.waitFor('bot:trade', (t: TPaperTrade) => t.signalId === id);
      expect(opened).toMatchObject({ status: 'open', stake: 100, maxLevel: 2, asset: signal?.asset });
      expect(opened.type).toBe(signal?.direction === 'CALL' ? 'BUY' : 'SELL');

      // Past every window: the engine judges them all and the trade closes from the real result.
      clock = new Date(clock.getTime() + 5 * FIVE_MIN);
      const resolved = await engine.resolveSignal(id);
      expect(resolved.state).toBe('resolved');
      const final = resolved.state === 'resolved' ? resolved.signal : null;
      const row = await server.context.db
        .selectFrom('signals')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const expected = settlePaperTrade({
        outcome: final?.outcome as 'profit' | 'loss' | 'breakeven',
        signalLevel: row.resolved_level ?? row.active_level,
        maxLevel: 2,
        stake: 100,
      });
      const closed: TPaperTrade = await client.waitFor(
        'bot:trade',
        (t: TPaperTrade) => t.signalId === id && t.status === 'closed',
      );
      expect(closed).toMatchObject({ pnl: expected.pnl, result: expected.result, level: expected.level });
    } finally {
      client.close();
      bus.stop();
    }
  });

  it('closes the trades of a void signal as on a breakeven at its level: the stake back, earlier levels lost', async () => {
    const member = await goldBot({ riskLevel: 'aggressive', tradeSize: 100 });
    const signal = await insertSignal(server.context.db, { slotStart: nextSlot(), confidence: 60 });
    await openPaperTrades(server.context.db, signal.id, at);
    await server.context.db
      .updateTable('signals')
      .set({ status: 'void', void_reason: 'no closing price', active_level: 1, resolved_at: at })
      .where('id', '=', signal.id)
      .execute();
    expect(await closePaperTrades(server.context.db, signal.id, at)).toBeGreaterThan(0);
    const trade = (await tradesOf(signal.id)).find((t) => t.user_id === member.user.id);
    // Level 0 lost its $100; the void level 1 returns its $200.
    expect(trade).toMatchObject({ status: 'closed', level: 1, pnl: -100, result: 'LOSS' });
  });
});
