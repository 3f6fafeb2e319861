import { formatMoment, type TMarketStatus, type TSignal } from '@signalroom/shared';
import { appendUnrecordedSignals } from '@signalroom/shared-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../server/test/helpers/factories.js';
import { insertSignal } from '../../server/test/helpers/signal-rows.js';
import { engineFor } from '../../server/test/signals/signal-helpers.js';
import { type BinanceServer, startBinanceServer } from '../../worker/test/helpers/binance-server.js';
import { type OandaServer, startOandaServer } from '../../worker/test/helpers/oanda-server.js';
import { collectConsole, describeFindings, runAxe } from './a11y.helpers.js';
import { signInBrowser } from './dashboard.helpers.js';
import { BROWSER_TIME_ZONE, type E2E, startE2E } from './harness.js';

const FIVE_MIN = 300_000;
const first = Date.parse('2026-11-18T10:00:00Z');

// OANDA is a local server in its published v20 format (worker/test/helpers/oanda-server.ts); it says
// every instrument is not tradeable, so whatever the day the test runs, the market is closed.
describe('a real feed in the browser: named on every page, and its closed market', () => {
  let oanda: OandaServer;
  let e2e: E2E;
  beforeAll(async () => {
    oanda = await startOandaServer();
    for (const symbol of ['EUR_USD', 'GBP_USD']) oanda.setTradeable(symbol, false);
    e2e = await startE2E({
      MARKET_FEED: 'oanda',
      OANDA_API_URL: oanda.url,
      OANDA_ACCOUNT_ID: oanda.accountId,
      OANDA_API_TOKEN: oanda.token,
      SIGNAL_ASSETS: 'EUR/USD,GBP/USD',
    });
    const db = e2e.server.context.db;
    await insertSignal(db, {
      slotStart: new Date(first),
      asset: 'EUR/USD',
      source: 'oanda:practice',
      result: { status: 'closed', outcome: 'profit', resolvedLevel: 0 },
    });
    const voided = await insertSignal(db, {
      slotStart: new Date(first + FIVE_MIN),
      asset: 'GBP/USD',
      source: 'oanda:practice',
    });
    await db
      .updateTable('signals')
      .set({
        status: 'void',
        void_reason: 'no GBP/USD price for the window',
        resolved_at: new Date(first + 2 * FIVE_MIN),
      })
      .where('id', '=', voided.id)
      .execute();
    await appendUnrecordedSignals(db, new Date());
  });
  afterAll(async () => {
    await e2e?.close();
    await oanda?.close();
  });

  it('the landing page and the track record name OANDA as the source of prices', async () => {
    const { page } = await e2e.newPage();
    await page.goto(e2e.url('/'));
    await page.getByTestId('price-source').waitFor();
    expect(await page.getByTestId('price-source').innerText()).toBe('Prices: OANDA (practice)');
    expect(await page.locator('body').innerText()).not.toContain('Simulated market');
    await page.goto(e2e.url('/track-record'));
    expect(await page.getByTestId('feed-label').innerText()).toContain('Prices: OANDA (practice)');
  });

  it('a gold member sees the source on the dashboard and in the room, and "Market closed" instead of a countdown', async () => {
    const gold = await createMember(e2e.server.context.db, { tier: 'gold' });
    const { context, page } = await e2e.newPage();
    const console = collectConsole(page);
    await signInBrowser(context, gold);
    await page.goto(e2e.url('/dashboard'));
    await page.getByTestId('price-source').waitFor();
    expect(await page.getByTestId('price-source').innerText()).toBe('Prices: OANDA (practice)');
    // The server learns the market's state from the feed in the background after it starts: the first
    // paint may come before that answer.
    await expect
      .poll(() => page.getByTestId('next-signal-countdown').innerText(), { timeout: 15_000 })
      .toMatch(/^Market closed, next signal /);

    await page.goto(e2e.url('/dashboard/signals'));
    await page.getByTestId('market-closed').waitFor();
    // When the feed knows the reopening, it is written by the one clock in the reader's zone.
    const status = (await e2e.server.api<TMarketStatus>('GET', '/api/market/status')).body.data as TMarketStatus;
    const when = status.nextSignalAt
      ? formatMoment(status.nextSignalAt, { timeZone: BROWSER_TIME_ZONE, zoneName: true, withDate: true })
      : 'when it reopens';
    expect(await page.getByTestId('market-closed').innerText()).toContain(`Market closed, next signal ${when}`);
    expect(await page.getByTestId('no-current-signal').innerText()).toBe(
      'No signal is active right now: the market is closed.',
    );
    expect(await page.getByTestId('price-source-notice').innerText()).toBe(
      "Prices: OANDA (practice). Signals are issued and resolved at this provider's prices.",
    );
    expect(await page.getByTestId('market-data').innerText()).toBe('OANDA (practice)');
    expect(await page.getByTestId('market-status').innerText()).toBe('Closed');
    const results = await page.getByTestId('signal-result').allInnerTexts();
    expect(results).toEqual(['Void: no closing price', 'Won in first window']);
    const text = await page.locator('body').innerText();
    for (const claim of ['SIMULATED MARKET', 'Active 24/7', 'OTC']) expect(text).not.toContain(claim);
    // The new states pass the same checks as every page: no axe finding, no console error.
    expect(describeFindings('/dashboard/signals', await runAxe(page))).toEqual([]);
    expect(console.take()).toEqual([]);
  });
});

// Binance is a local server in its published spot REST format (worker/test/helpers/binance-server.ts),
// reached through ccxt with CCXT_API_URL; its markets trade around the clock.
describe('an exchange through ccxt in the browser: named on every page, its signal at its price', () => {
  let binance: BinanceServer;
  let e2e: E2E;
  beforeAll(async () => {
    binance = await startBinanceServer({ seed: 'ccxt-browser' });
    e2e = await startE2E(binance.feedEnv);
  });
  afterAll(async () => {
    await e2e?.close();
    await binance?.close();
  });

  it('the landing page names Binance via ccxt as the source of prices', async () => {
    const { page } = await e2e.newPage();
    await page.goto(e2e.url('/'));
    await page.getByTestId('price-source').waitFor();
    expect(await page.getByTestId('price-source').innerText()).toBe('Prices: Binance via ccxt');
  });

  it('a gold member sees the engine’s signal at the exchange’s price, the market open, and the source', async () => {
    const feed = await e2e.server.context.market.feed();
    const slot = new Date(Math.floor(Date.now() / FIVE_MIN) * FIVE_MIN);
    const issued = await engineFor(e2e.server, { feed, now: () => new Date() }).runSlot(slot);
    expect(issued).not.toBeNull();
    const signal = issued as TSignal;
    expect(signal.source).toBe('ccxt:binance');
    const symbol = signal.asset.replace('/', '');
    expect(signal.entryPrice).toBe(binance.closeAt(symbol, slot.getTime()));

    const gold = await createMember(e2e.server.context.db, { tier: 'gold' });
    const { context, page } = await e2e.newPage();
    await signInBrowser(context, gold);
    await page.goto(e2e.url('/dashboard/signals'));
    const card = page.getByTestId('current-signal');
    await card.getByText(signal.asset).first().waitFor();
    expect(await card.innerText()).toContain(signal.entryPrice.toFixed(2));
    expect(await page.getByTestId('price-source-notice').innerText()).toBe(
      "Prices: Binance via ccxt. Signals are issued and resolved at this provider's prices.",
    );
    expect(await page.getByTestId('market-data').innerText()).toBe('Binance via ccxt');
    await expect.poll(() => page.getByTestId('market-status').innerText(), { timeout: 15_000 }).toBe('Open');
    const text = await page.locator('body').innerText();
    for (const claim of ['SIMULATED MARKET', 'OTC']) expect(text).not.toContain(claim);
  });
});
