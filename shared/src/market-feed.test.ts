import { describe, expect, it } from 'vitest';
import { fxWeekendClosure, marketFeedLabel, marketStatusOf } from './market-feed.js';

describe('marketFeedLabel', () => {
  it('names each feed as pages show it', () => {
    expect(marketFeedLabel('simulated')).toBe('Simulated market');
    expect(marketFeedLabel('oanda:practice')).toBe('OANDA (practice)');
    expect(marketFeedLabel('oanda:live')).toBe('OANDA (live)');
    expect(marketFeedLabel('ccxt:binance')).toBe('Binance via ccxt');
    expect(marketFeedLabel('ccxt:okx')).toBe('OKX via ccxt');
    expect(marketFeedLabel('http')).toBe('HTTP market feed');
    // Signals written before feed ids were exact.
    expect(marketFeedLabel('feed')).toBe('HTTP market feed');
  });
});

describe('fxWeekendClosure', () => {
  it('is open through the week and closes at 17:00 New York on Friday (EST and EDT alike)', () => {
    expect(fxWeekendClosure(new Date('2026-11-18T10:00:00Z')).open).toBe(true);
    // 21:59 UTC is 16:59 in New York in November (EST, UTC-5); 22:00 is the close.
    expect(fxWeekendClosure(new Date('2026-11-20T21:59:59Z')).open).toBe(true);
    expect(fxWeekendClosure(new Date('2026-11-20T22:00:00Z'))).toEqual({
      open: false,
      nextOpenAt: new Date('2026-11-22T22:00:00Z'),
    });
    // In June New York is on EDT (UTC-4): the week ends at 21:00 UTC and opens Sunday 21:00 UTC.
    expect(fxWeekendClosure(new Date('2026-06-13T12:00:00Z'))).toEqual({
      open: false,
      nextOpenAt: new Date('2026-06-14T21:00:00Z'),
    });
    expect(fxWeekendClosure(new Date('2026-06-14T21:00:00Z')).open).toBe(true);
  });

  it('reopens on the right Sunday when the clocks change that weekend', () => {
    // 2026-03-08 is the Sunday daylight saving starts in New York: 17:00 EDT is 21:00 UTC.
    expect(fxWeekendClosure(new Date('2026-03-07T12:00:00Z'))).toEqual({
      open: false,
      nextOpenAt: new Date('2026-03-08T21:00:00Z'),
    });
  });
});

describe('marketStatusOf', () => {
  const feed = { id: 'oanda:practice', label: 'OANDA (practice)' };
  it('is open while any instrument is, and otherwise names the first slot after the earliest reopening', () => {
    const closed = (asset: string, nextOpenAt: string | null) => ({
      asset,
      open: false,
      nextOpenAt,
      reason: 'weekend',
    });
    expect(
      marketStatusOf(feed, [closed('A', null), { asset: 'B', open: true, nextOpenAt: null, reason: null }], 300_000),
    ).toMatchObject({ open: true, nextOpenAt: null, nextSignalAt: null });
    const status = marketStatusOf(
      feed,
      [closed('A', '2026-11-22T22:00:30.000Z'), closed('B', '2026-11-23T00:00:00.000Z')],
      300_000,
    );
    expect(status).toMatchObject({
      open: false,
      nextOpenAt: '2026-11-22T22:00:30.000Z',
      nextSignalAt: '2026-11-22T22:05:00.000Z',
    });
  });
});
