import { HttpMarketFeed, MarketFeedError, SimulatedMarket } from '@signalroom/shared-node/market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from './helpers/fake-provider.js';

describe('HttpMarketFeed against a local provider', () => {
  let provider: FakeProvider;
  const reference = new SimulatedMarket({ seed: 'provider' });
  beforeAll(async () => {
    provider = await startFakeProvider();
  });
  afterAll(async () => {
    await provider.close();
  });

  it('reads the price of an asset at an instant, asset name encoded', async () => {
    const feed = new HttpMarketFeed(`${provider.url}/feed/`);
    const at = new Date('2026-11-22T10:05:00Z');
    expect(feed.id).toBe('http');
    expect(await feed.priceAt('EUR/USD (OTC)', at)).toBe(await reference.priceAt('EUR/USD (OTC)', at));
    expect(provider.requests.at(-1)).toBe('/feed/price?asset=EUR%2FUSD+%28OTC%29&at=2026-11-22T10%3A05%3A00.000Z');
  });

  it('reads candles oldest first, ending at the asked time', async () => {
    const feed = new HttpMarketFeed(`${provider.url}/feed`);
    const query = { end: new Date('2026-11-22T10:05:00Z'), intervalMs: 30_000, count: 60 };
    const candles = await feed.candles('XAU/USD', query);
    const expected = await reference.candles('XAU/USD', query);
    expect(candles).toEqual(expected);
    expect(candles[0]?.time).toBeInstanceOf(Date);
  });

  it('turns a provider error, a non-JSON body and a wrong shape into MarketFeedError', async () => {
    await expect(new HttpMarketFeed(`${provider.url}/broken`).priceAt('GBP/USD')).rejects.toThrow(/answered 500/);
    await expect(new HttpMarketFeed(`${provider.url}/garbage`).priceAt('GBP/USD')).rejects.toThrow(MarketFeedError);
    await expect(new HttpMarketFeed(`${provider.url}/wrong`).priceAt('GBP/USD')).rejects.toThrow(/invalid price/);
  });

  it('fails fast when the provider is unreachable', async () => {
    const feed = new HttpMarketFeed('http://127.0.0.1:1', { timeoutMs: 1000 });
    await expect(feed.priceAt('GBP/USD')).rejects.toThrow(/unreachable/);
  });
});
