import { SIGNAL_ASSETS } from '@signalroom/shared';
import { describe, expect, it } from 'vitest';
import { ASSET_SPECS } from './assets.js';
import { SimulatedMarket } from './simulated-market.js';

const t0 = Date.parse('2026-11-22T10:00:00Z');

describe('SimulatedMarket', () => {
  it('gives the same prices for the same seed, in separate instances (two workers agree)', async () => {
    const a = new SimulatedMarket({ seed: 'alpha' });
    const b = new SimulatedMarket({ seed: 'alpha' });
    for (const asset of SIGNAL_ASSETS) {
      for (const t of [t0, t0 + 1234, t0 + 300_000]) {
        expect(await a.priceAt(asset, new Date(t))).toBe(await b.priceAt(asset, new Date(t)));
      }
    }
  });

  it('gives different prices for a different seed', async () => {
    const a = new SimulatedMarket({ seed: 'alpha' });
    const b = new SimulatedMarket({ seed: 'beta' });
    expect(await a.priceAt('EUR/USD (OTC)', new Date(t0))).not.toBe(await b.priceAt('EUR/USD (OTC)', new Date(t0)));
  });

  it('quotes each asset at its decimals and near its usual level over a year', async () => {
    const market = new SimulatedMarket({ seed: 'levels' });
    for (const asset of SIGNAL_ASSETS) {
      const spec = ASSET_SPECS[asset];
      for (let day = 0; day < 365; day += 7) {
        const p = await market.priceAt(asset, new Date(t0 + day * 86_400_000));
        expect(Math.abs(p / spec.basePrice - 1)).toBeLessThan(0.25);
        expect(Math.round(p * 10 ** spec.decimals) / 10 ** spec.decimals).toBe(p);
      }
    }
  });

  it('moves about as much as the pair usually does in a day (0.2 % to 1 % for EUR/USD)', () => {
    const market = new SimulatedMarket({ seed: 'vol' });
    let sumSq = 0;
    const n = 400;
    for (let i = 0; i < n; i += 1) {
      const t = t0 + i * 86_400_000 * 1.37;
      sumSq += Math.log(market.rawPrice('EUR/USD (OTC)', t + 86_400_000) / market.rawPrice('EUR/USD (OTC)', t)) ** 2;
    }
    const dailyVol = Math.sqrt(sumSq / n);
    expect(dailyVol).toBeGreaterThan(0.002);
    expect(dailyVol).toBeLessThan(0.01);
  });

  it('builds candles that end at the asked time, with highs and lows around open and close', async () => {
    const market = new SimulatedMarket({ seed: 'candles' });
    const end = new Date(t0);
    const candles = await market.candles('XAU/USD', { end, intervalMs: 60_000, count: 30 });
    expect(candles).toHaveLength(30);
    expect(candles.at(-1)?.time.getTime()).toBe(t0 - 60_000);
    expect(candles.at(-1)?.close).toBe(await market.priceAt('XAU/USD', end));
    for (const c of candles) {
      expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
      expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
    }
  });

  it('refuses an asset it does not trade', () => {
    expect(() => new SimulatedMarket().rawPrice('DOGE/USD', t0)).toThrow(/Unknown asset/);
  });
});
