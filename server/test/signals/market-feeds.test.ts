import {
  createTrackRecordChecker,
  judgeWindow,
  martingaleLevels,
  resolveAfterWindow,
  type TSignal,
  type TTrackRecordEntry,
  type TTrackRecordHead,
} from '@signalroom/shared';
import { listSlotGaps, marketFeedSettings, sha256Hex } from '@signalroom/shared-node';
import { createMarketFeed, type MarketFeed } from '@signalroom/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BinanceServer, startBinanceServer } from '../../../worker/test/helpers/binance-server.js';
import { type OandaServer, startOandaServer } from '../../../worker/test/helpers/oanda-server.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pollUntil } from '../helpers/wait-for.js';
import { type BusRecorder, engineFor, FIVE_MIN, recordBus } from './signal-helpers.js';

// Providers are local servers answering in their published formats (worker/test/helpers: OANDA's v20
// OpenAPI files, Binance's spot REST documentation); the server builds its feed from MARKET_FEED.

/** What a signal's windows should have ended as, judged on the provider's own closes. */
function expectedEnd(signal: TSignal, closeAt: (epochMs: number) => number) {
  const windows = martingaleLevels(new Date(signal.expiresAt), { stepMs: FIVE_MIN });
  for (const [level, w] of windows.entries()) {
    const entryPrice = level === 0 ? signal.entryPrice : closeAt(w.entryTime.getTime());
    const result = judgeWindow({
      signalType: signal.signalType,
      entryPrice,
      exitPrice: closeAt(w.expiryTime.getTime()),
    });
    const next = resolveAfterWindow(level, result);
    if (next.final) return next;
  }
  throw new Error('unreachable: the last level is final');
}

const gapsAt = (server: TestServer, slot: Date) =>
  listSlotGaps(server.context.db, { from: slot, to: new Date(slot.getTime() + 1) });

describe('signals from OANDA v20 (MARKET_FEED=oanda)', () => {
  let oanda: OandaServer;
  let server: TestServer;
  let bus: BusRecorder;
  let feed: MarketFeed;
  beforeAll(async () => {
    oanda = await startOandaServer({ seed: 'oanda-engine' });
    server = await startTestServer({
      MARKET_FEED: 'oanda',
      OANDA_API_URL: oanda.url,
      OANDA_ACCOUNT_ID: oanda.accountId,
      OANDA_API_TOKEN: oanda.token,
      SIGNAL_ASSETS: 'EUR/USD,GBP/USD,XAU/USD',
      MARKET_REQUEST_TIMEOUT_MS: '3000',
    });
    bus = await recordBus(server.context.bus);
    feed = await server.context.market.feed();
  });
  afterAll(async () => {
    bus?.stop();
    await server?.close();
    await oanda?.close();
  });

  it('issues a signal at OANDA prices and resolves it at OANDA expiry prices, naming the feed', async () => {
    const slot = new Date('2026-11-18T10:00:00Z');
    // Issued on time (logged a second after its boundary), judged an hour later.
    const signal = (await engineFor(server, { feed, now: () => new Date('2026-11-18T10:00:01Z') }).runSlot(
      slot,
    )) as TSignal;
    const engine = engineFor(server, { feed, now: () => new Date('2026-11-18T11:00:00Z') });
    expect(signal).toMatchObject({ source: 'oanda:practice', status: 'active' });
    const symbol = signal.asset.replace('/', '_');
    expect(['EUR_USD', 'GBP_USD', 'XAU_USD']).toContain(symbol);
    expect(signal.entryPrice).toBe(oanda.closeAt(symbol, slot.getTime()));

    const result = await engine.resolveSignal(signal.id);
    expect(result.state).toBe('resolved');
    const resolved = result.state === 'resolved' ? result.signal : null;
    const expected = expectedEnd(signal, (t) => oanda.closeAt(symbol, t));
    expect(resolved).toMatchObject({
      status: expected.status,
      outcome: expected.outcome,
      exitPrice: expected.exitPrice,
    });
    await bus.waitFor((e) => e.type === 'signal:update' && e.signal.id === signal.id && e.signal.outcome !== null);
    const config = await server.api<{ marketSource: string; marketLabel: string; assets: string[] }>(
      'GET',
      '/api/config/public',
    );
    expect(config.body.data).toMatchObject({
      marketSource: 'oanda:practice',
      marketLabel: 'OANDA (practice)',
      assets: ['EUR/USD', 'GBP/USD', 'XAU/USD'],
    });
  });

  it('issues nothing while the FX market is closed and records the slot as market_closed', async () => {
    const saturday = new Date('2026-11-21T12:00:00Z');
    expect(await engineFor(server, { feed }).runSlot(saturday)).toBeNull();
    const [gap] = await gapsAt(server, saturday);
    expect(gap?.reason).toBe('market_closed');
    expect(gap?.detail).toContain('EUR/USD: the FX market is closed for the weekend');
  });

  it('records no_data when the provider keeps failing, and survives it', async () => {
    const slot = new Date('2026-11-18T12:00:00Z');
    oanda.failNext(100, { status: 503 });
    try {
      expect(await engineFor(server, { feed }).runSlot(slot)).toBeNull();
    } finally {
      oanda.recover();
    }
    const [gap] = await gapsAt(server, slot);
    expect(gap?.reason).toBe('no_data');
    expect(gap?.detail).toContain('OANDA answered 503');
  });

  it('resolves late once a missing price arrives, and ends a signal void when it never comes', async () => {
    const engineAt = (iso: string) => engineFor(server, { feed, now: () => new Date(iso) });
    const slot = new Date('2026-11-18T14:00:00Z');
    const signal = (await engineAt('2026-11-18T14:00:01Z').runSlot(slot)) as TSignal;
    const symbol = signal.asset.replace('/', '_');
    // The provider is down when the window ends: the signal waits, then resolves from the real price.
    oanda.failNext(3, { status: 502 }, '/candles');
    expect((await engineAt('2026-11-18T14:05:02Z').resolveSignal(signal.id)).state).toBe('waiting');
    const late = await engineAt('2026-11-18T15:00:00Z').resolveSignal(signal.id);
    expect(late.state === 'resolved' && late.signal.outcome).toBe(
      expectedEnd(signal, (t) => oanda.closeAt(symbol, t)).outcome,
    );

    // No trade at all around the next one's expiry: no price to judge it on, ever.
    const slot2 = new Date('2026-11-18T16:00:00Z');
    const second = (await engineAt('2026-11-18T16:00:01Z').runSlot(slot2)) as TSignal;
    oanda.addGap(second.asset.replace('/', '_'), new Date('2026-11-18T16:00:00Z'), new Date('2026-11-18T17:00:00Z'));
    expect((await engineAt('2026-11-18T16:06:00Z').resolveSignal(second.id)).state).toBe('waiting');
    const ended = await engineAt('2026-11-18T17:06:00Z').resolveSignal(second.id);
    expect(ended.state === 'resolved' && ended.signal).toMatchObject({ status: 'void', outcome: null });
    expect(ended.state === 'resolved' && ended.signal.voidReason).toMatch(/^no .* price for the window ending/);
    const stats = await server.api<{ totalSignals: number }>('GET', '/api/stats/public');
    expect(stats.body.data).toMatchObject({ resolvedSignals: 2 });
    // The record closes the void signal with an outcome entry of its own (no outcome, no level), and
    // stays intact: the published entries recompute to the stored hashes.
    const response = await fetch(`${server.url}/api/track-record/download`);
    const entries = (await response.text())
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as TTrackRecordEntry);
    const issued = entries.find((e) => e.payload.kind === 'signal' && e.payload.id === second.id);
    const closing = entries.find((e) => e.payload.kind === 'outcome' && e.payload.signalHash === issued?.hash);
    expect(closing?.payload).toMatchObject({ status: 'void', outcome: null, level: null, exitPrice: null });
    const checker = createTrackRecordChecker(sha256Hex);
    expect(entries.map((e) => checker.add(e))).toEqual(entries.map(() => null));
    const head = await server.api<TTrackRecordHead>('GET', '/api/track-record/head');
    expect(head.body.data).toMatchObject({ brokenAt: null, length: entries.length });
  });
});

describe('signals from Binance through ccxt (MARKET_FEED=ccxt:binance), worker running', () => {
  let binance: BinanceServer;
  let server: TestServer;
  let bus: BusRecorder;
  beforeAll(async () => {
    binance = await startBinanceServer({ seed: 'ccxt-engine' });
    server = await startTestServer({
      ...binance.feedEnv,
      EMBEDDED_WORKER: 'true',
      // 10 s slots: the strategy reads 1 s candles, which Binance serves.
      SIGNAL_INTERVAL_MS: '10000',
      MARKET_STALE_AFTER_MS: '5000',
      NO_DATA_SLOTS_DEGRADED: '2',
    });
    bus = await recordBus(server.context.bus);
  });
  afterAll(async () => {
    bus?.stop();
    await server?.close();
    await binance?.close();
  });

  it('issues signals at the exchange prices and resolves them at its expiry prices', { timeout: 90_000 }, async () => {
    const issued = await bus.waitFor((e) => e.type === 'signal:new', 25_000);
    const signal = issued.type === 'signal:new' ? issued.signal : (null as never);
    expect(signal.source).toBe('ccxt:binance');
    const symbol = signal.asset.replace('/', '');
    expect(signal.entryPrice).toBe(binance.closeAt(symbol, Date.parse(signal.createdAt)));
    const done = await bus.waitFor(
      (e) => e.type === 'signal:update' && e.signal.id === signal.id && e.signal.status !== 'active',
      60_000,
    );
    const resolved = done.type === 'signal:update' ? done.signal : (null as never);
    // The exit is the close of the kline ending when the deciding window ended.
    const level = resolved.outcome === 'loss' && resolved.status === 'expired' ? 3 : (resolved.resolvedLevel ?? 0);
    const end = Date.parse(signal.expiresAt) + level * 10_000;
    expect(resolved.exitPrice).toBe(binance.closeAt(symbol, end));
  });

  it('says degraded once the exchange has failed for the configured number of slots', { timeout: 60_000 }, async () => {
    binance.failNext(10_000, { status: 503 });
    try {
      const problems = await pollUntil(
        async () => {
          const health = await server.api<{ problems: string[] }>('GET', '/api/health');
          const text = health.body.data?.problems.join(' ') ?? '';
          return health.status === 503 && /no market data for the last 2 slots/.test(text) && text;
        },
        { timeoutMs: 50_000, message: 'health never said degraded for the failing exchange' },
      );
      expect(problems).toContain('Binance via ccxt fetchOHLCV');
    } finally {
      binance.recover();
    }
  });
});

describe('signals from Binance through ccxt, slot by slot: a paused market, a late price, a void signal', () => {
  let binance: BinanceServer;
  let server: TestServer;
  let feed: MarketFeed;
  beforeAll(async () => {
    binance = await startBinanceServer({ seed: 'ccxt-slots' });
    server = await startTestServer({
      ...binance.feedEnv,
      MARKET_REQUEST_TIMEOUT_MS: '3000',
    });
    feed = await server.context.market.feed();
  });
  afterAll(async () => {
    await server?.close();
    await binance?.close();
  });

  it('issues nothing while the exchange has every traded market in BREAK, and records market_closed', async () => {
    // A fresh feed reads the exchange's market list as it is now (the running one reloads it on a timer).
    binance.setStatus('BTCUSDT', 'BREAK');
    binance.setStatus('ETHUSDT', 'BREAK');
    const paused = await createMarketFeed(marketFeedSettings(server.config));
    try {
      const slot = new Date('2026-11-18T09:00:00Z');
      expect(await engineFor(server, { feed: paused }).runSlot(slot)).toBeNull();
      const [gap] = await gapsAt(server, slot);
      expect(gap?.reason).toBe('market_closed');
      expect(gap?.detail).toContain('BTC/USDT: Binance via ccxt reports BTC/USDT not trading');
      expect(gap?.detail).toContain('ETH/USDT: Binance via ccxt reports ETH/USDT not trading');
    } finally {
      await paused.close?.();
      binance.setStatus('BTCUSDT', 'TRADING');
      binance.setStatus('ETHUSDT', 'TRADING');
    }
  });

  it('resolves late once a missing kline arrives, and ends a signal void when none ever comes', async () => {
    const engineAt = (iso: string) => engineFor(server, { feed, now: () => new Date(iso) });
    const signal = (await engineAt('2026-11-18T10:00:01Z').runSlot(new Date('2026-11-18T10:00:00Z'))) as TSignal;
    expect(signal.source).toBe('ccxt:binance');
    const symbol = signal.asset.replace('/', '');
    binance.failNext(3, { status: 502 }, '/klines');
    expect((await engineAt('2026-11-18T10:05:02Z').resolveSignal(signal.id)).state).toBe('waiting');
    const late = await engineAt('2026-11-18T11:00:00Z').resolveSignal(signal.id);
    expect(late.state === 'resolved' && late.signal.outcome).toBe(
      expectedEnd(signal, (t) => binance.closeAt(symbol, t)).outcome,
    );

    const second = (await engineAt('2026-11-18T12:00:01Z').runSlot(new Date('2026-11-18T12:00:00Z'))) as TSignal;
    binance.addGap(second.asset.replace('/', ''), new Date('2026-11-18T12:00:00Z'), new Date('2026-11-18T13:00:00Z'));
    expect((await engineAt('2026-11-18T12:06:00Z').resolveSignal(second.id)).state).toBe('waiting');
    const ended = await engineAt('2026-11-18T13:06:00Z').resolveSignal(second.id);
    expect(ended.state === 'resolved' && ended.signal).toMatchObject({ status: 'void', outcome: null });
    expect(ended.state === 'resolved' && ended.signal.voidReason).toMatch(/^no .* price for the window ending/);
  });
});

describe('a provider that cannot be reached at start', () => {
  it('does not keep the server from starting: it serves the pages and says the market state is unknown', async () => {
    const server = await startTestServer({
      MARKET_FEED: 'oanda',
      OANDA_API_URL: 'http://127.0.0.1:1',
      OANDA_ACCOUNT_ID: '101-004-1234567-001',
      OANDA_API_TOKEN: 'local-oanda-token-0123456789',
      EMBEDDED_WORKER: 'true',
    });
    try {
      const config = await server.api<{ marketLabel: string }>('GET', '/api/config/public');
      expect(config.body.data?.marketLabel).toBe('OANDA (practice)');
      const status = await server.api<{ open: boolean; instruments: { reason: string | null }[] }>(
        'GET',
        '/api/market/status',
      );
      expect(status.status).toBe(200);
      expect(status.body.data?.open).toBe(true);
      expect(status.body.data?.instruments[0]?.reason).toMatch(/^state unknown: OANDA unreachable/);
    } finally {
      await server.close();
    }
  });
});
