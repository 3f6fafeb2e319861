import { describe, expect, it } from 'vitest';
import { parseEnv, ZSharedEnv } from '../config.js';
import { marketFeedSettings } from './market-config.js';

const parse = (env: Record<string, string>) => parseEnv(ZSharedEnv, env, 'Invalid configuration:');

describe('market feed settings', () => {
  it('keeps the simulated market and its list by default, and the HTTP feed when only its URL is set', () => {
    const simulated = marketFeedSettings(parse({}));
    expect(simulated).toMatchObject({ kind: 'simulated', id: 'simulated', label: 'Simulated market' });
    expect(simulated.assets[0]).toEqual({ asset: 'EUR/USD (OTC)', symbol: 'EUR/USD (OTC)' });
    expect(marketFeedSettings(parse({ MARKET_FEED_URL: 'http://feed.local/v1' }))).toMatchObject({
      kind: 'http',
      id: 'http',
      url: 'http://feed.local/v1',
    });
  });

  it('maps instruments to OANDA symbols, or to the symbol an entry names', () => {
    const oanda = marketFeedSettings(
      parse({
        MARKET_FEED: 'oanda',
        OANDA_ACCOUNT_ID: '101-004-1234567-001',
        OANDA_API_TOKEN: 'secret-token-123',
        SIGNAL_ASSETS: 'EUR/USD, XAU/USD ,Gold=XAU_USD',
      }),
    );
    expect(oanda).toMatchObject({ kind: 'oanda', id: 'oanda:practice', apiUrl: 'https://api-fxpractice.oanda.com' });
    expect(oanda.assets).toEqual([
      { asset: 'EUR/USD', symbol: 'EUR_USD' },
      { asset: 'XAU/USD', symbol: 'XAU_USD' },
      { asset: 'Gold', symbol: 'XAU_USD' },
    ]);
    const ccxt = marketFeedSettings(parse({ MARKET_FEED: 'ccxt:kraken', CCXT_API_URL: 'http://127.0.0.1:9' }));
    expect(ccxt).toMatchObject({ kind: 'ccxt', exchange: 'kraken', id: 'ccxt:kraken', label: 'Kraken via ccxt' });
    expect(ccxt.assets.map((a) => a.symbol)).toEqual(['BTC/USDT', 'ETH/USDT']);
  });

  it('refuses settings that cannot work, one line each', () => {
    expect(() => parse({ MARKET_FEED: 'oanda', SIGNAL_ASSETS: 'EUR/USD (OTC),EUR/USD (OTC)' })).toThrow(
      [
        'Invalid configuration:',
        '  OANDA_ACCOUNT_ID: required with MARKET_FEED=oanda',
        '  OANDA_API_TOKEN: required with MARKET_FEED=oanda',
        '  SIGNAL_ASSETS: lists EUR/USD (OTC) twice',
        '  SIGNAL_ASSETS: EUR/USD (OTC): OTC names belong to the simulated market',
      ].join('\n'),
    );
    expect(() => parse({ MARKET_FEED: 'http' })).toThrow('MARKET_FEED_URL: required with MARKET_FEED=http');
    expect(() => parse({ SIGNAL_ASSETS: 'BTC/USDT' })).toThrow(/the simulated market trades .*; not BTC\/USDT/);
    expect(() => parse({ MARKET_FEED: 'ccxt:' })).toThrow(
      'MARKET_FEED: one of simulated, oanda, http, ccxt:<exchange id>',
    );
  });
});
