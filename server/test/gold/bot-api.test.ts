import {
  BOT_DEFAULT_SETTINGS,
  BotMessages,
  GoldMessages,
  type TBotOverview,
  type TBotSettings,
} from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedMember, createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const GOLD_CALLS: Array<[string, string, unknown?]> = [
  ['GET', '/api/bot'],
  ['PUT', '/api/bot/settings', { riskLevel: 'moderate', maxTradesPerDay: 15, tradeSize: 100 }],
  ['POST', '/api/bot/start'],
  ['POST', '/api/bot/pause'],
  ['GET', '/api/gold/signals'],
  ['GET', '/api/gold/calibration'],
  ['GET', '/api/gold/stream?asset=GBP%2FUSD'],
];

describe('the bot calls', () => {
  let server: TestServer;
  let gold: CreatedMember;

  const botRows = async () =>
    server.context.db.selectFrom('bot_settings').selectAll().where('user_id', '=', gold.user.id).execute();

  beforeAll(async () => {
    server = await startTestServer();
    gold = await createMember(server.context.db, { tier: 'gold' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows a new bot on standby with the default settings, writing nothing', async () => {
    const answer = await server.api<TBotOverview>('GET', '/api/bot', { token: gold.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      settings: { ...BOT_DEFAULT_SETTINGS, active: false, updatedAt: null },
      stats: { closedTrades: 0, totalProfit: 0, winRate: null, activeTrades: 0, averageReturn: null },
      activeTrades: [],
      recentTrades: [],
      equity: [],
      tradesToday: 0,
    });
    expect(await botRows()).toHaveLength(0);
  });

  it('saves the settings, keeping the bot paused, and reads them back', async () => {
    const saved = await server.api<TBotSettings>('PUT', '/api/bot/settings', {
      token: gold.token,
      body: { riskLevel: 'aggressive', maxTradesPerDay: 40, tradeSize: 250 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(BotMessages.saved);
    expect(saved.body.data).toMatchObject({
      riskLevel: 'aggressive',
      maxTradesPerDay: 40,
      tradeSize: 250,
      active: false,
    });
    const read = await server.api<TBotOverview>('GET', '/api/bot', { token: gold.token });
    expect(read.body.data?.settings).toMatchObject({ riskLevel: 'aggressive', maxTradesPerDay: 40, tradeSize: 250 });
  });

  it('starts and pauses the bot, keeping its settings', async () => {
    const started = await server.api<TBotSettings>('POST', '/api/bot/start', { token: gold.token });
    expect(started.body).toMatchObject({ success: true, message: BotMessages.started, data: { active: true } });
    expect((await botRows())[0]).toMatchObject({ active: true, risk_level: 'aggressive', trade_size: 250 });
    const paused = await server.api<TBotSettings>('POST', '/api/bot/pause', { token: gold.token });
    expect(paused.body).toMatchObject({ message: BotMessages.paused, data: { active: false, maxTradesPerDay: 40 } });
  });

  it.each([
    [{ riskLevel: 'reckless', maxTradesPerDay: 15, tradeSize: 100 }, BotMessages.riskLevel],
    [{ riskLevel: 'moderate', maxTradesPerDay: 0, tradeSize: 100 }, BotMessages.maxTrades],
    [{ riskLevel: 'moderate', maxTradesPerDay: 101, tradeSize: 100 }, BotMessages.maxTrades],
    [{ riskLevel: 'moderate', maxTradesPerDay: 2.5, tradeSize: 100 }, BotMessages.maxTrades],
    [{ riskLevel: 'moderate', maxTradesPerDay: '15', tradeSize: 100 }, BotMessages.maxTrades],
    [{ riskLevel: 'moderate', maxTradesPerDay: 15, tradeSize: 75 }, BotMessages.tradeSize],
    [{ riskLevel: 'moderate', tradeSize: 100 }, BotMessages.maxTrades],
  ])('refuses %j with its message and changes nothing', async (body, message) => {
    const before = await botRows();
    const answer = await server.api('PUT', '/api/bot/settings', { token: gold.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
    expect(JSON.stringify(answer.body)).toContain(message);
    expect(await botRows()).toEqual(before);
  });

  it('refuses an unknown asset for the stream with the list of assets', async () => {
    const answer = await server.api('GET', '/api/gold/stream?asset=DOGE', { token: gold.token });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(GoldMessages.asset);
  });

  it('answers the stream history of an asset to a gold member', async () => {
    const answer = await server.api<{ asset: string; history: unknown[] }>('GET', '/api/gold/stream?asset=GBP%2FUSD', {
      token: gold.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ asset: 'GBP/USD', history: [] });
  });

  describe('the tier gate', () => {
    it.each([
      ['a guest', { tier: 'guest' as const }],
      ['a silver member', { tier: 'silver' as const }],
      ['a pro member', { tier: 'pro' as const }],
      ['a gold member whose dashboard is locked', { tier: 'gold' as const, dashboardUnlocked: false }],
    ])('refuses %s every gold call with 403, writing nothing', async (_label, options) => {
      const member = await createMember(server.context.db, options);
      for (const [method, path, body] of GOLD_CALLS) {
        const answer = await server.api(method, path, { token: member.token, body });
        expect(answer.status, `${method} ${path}`).toBe(403);
      }
      const rows = await server.context.db
        .selectFrom('bot_settings')
        .select('user_id')
        .where('user_id', '=', member.user.id)
        .execute();
      expect(rows).toHaveLength(0);
    });

    it('asks for a session without one (401), and lets an admin in', async () => {
      const admin = await createMember(server.context.db, { role: 'admin' });
      for (const [method, path, body] of GOLD_CALLS) {
        expect((await server.api(method, path, { body })).status, `${method} ${path}`).toBe(401);
        expect((await server.api(method, path, { token: admin.token, body })).status, `${method} ${path}`).toBe(200);
      }
    });
  });
});
