import { mkdirSync } from 'node:fs';
import { TIMING, type TSignal } from '@signalroom/shared';
import { presentSignal } from '@signalroom/shared-node';
import type { PriceTicker } from '@signalroom/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../server/test/helpers/factories.js';
import { insertSignal, type SignalRowSeed, slotStartAgo } from '../../server/test/helpers/signal-rows.js';
import { runAxe } from './a11y.helpers.js';
import { chartLines, chartPoints, probeCharts } from './chart-probe.js';
import { FIRST_PAINT, issueSignal, LIVE, signInBrowser, startPrices } from './dashboard.helpers.js';
import { type E2E, startE2E } from './harness.js';

const SHOTS = '.test-data/signal-chart';
const SLOT = TIMING.signalIntervalMs;

describe('a chart on every signal, in a real browser', () => {
  let e2e: E2E;
  let prices: PriceTicker;
  let current: TSignal;
  let won: TSignal;
  let otherFeed: TSignal;

  /** A stored signal at the simulated feed's own prices (entry at its slot, exit at the end of its last window). */
  async function storedSignal(seed: SignalRowSeed): Promise<TSignal> {
    const db = e2e.server.context.db;
    const feed = await e2e.server.context.market.feed();
    const row = await insertSignal(db, seed);
    const asset = row.asset;
    const exitAt = new Date(seed.slotStart.getTime() + (1 + (seed.activeLevel ?? 0)) * SLOT);
    const updated = await db
      .updateTable('signals')
      .set({ entry_price: await feed.priceAt(asset, seed.slotStart), exit_price: await feed.priceAt(asset, exitAt) })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return presentSignal(updated);
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    e2e = await startE2E();
    prices = startPrices(e2e);
    const now = e2e.server.context.now();
    const feed = await e2e.server.context.market.feed();
    won = await storedSignal({
      slotStart: slotStartAgo(now, 6),
      asset: 'GBP/USD',
      activeLevel: 1,
      result: { status: 'closed', outcome: 'profit', resolvedLevel: 1 },
    });
    otherFeed = await storedSignal({
      slotStart: slotStartAgo(now, 12),
      asset: 'USD/JPY',
      source: 'oanda:practice',
      activeLevel: 3,
      result: { status: 'expired', outcome: 'loss', resolvedLevel: null },
    });
    const slotStart = slotStartAgo(now, 0);
    current = await issueSignal(
      e2e.server,
      {
        asset: 'EUR/USD (OTC)',
        signalType: 'buy',
        confidence: 72,
        entryPrice: await feed.priceAt('EUR/USD (OTC)', slotStart),
        slotsAgo: 0,
      },
      3,
    );
  });
  afterAll(async () => {
    prices?.stop();
    await e2e?.close();
  });

  it('draws the current signal live and opens each previous one frozen at its resolution, on desktop and phone', async () => {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      // Pro, not gold: the chart is the signal room's, not the Platinum Stream's.
      const pro = await createMember(e2e.server.context.db, { tier: 'pro' });
      const { context, page } = await e2e.newPage({ width, height });
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      await probeCharts(page);
      await signInBrowser(context, pro);
      await page.goto(e2e.url('/dashboard/signals'));
      await page.getByTestId('current-signal').waitFor(FIRST_PAINT);

      // The current signal: the last hour of candles from the feed, its entry as a line, still live.
      const live = page.getByTestId('current-signal-chart');
      await expect.poll(() => live.getAttribute('data-history'), LIVE).toBe('feed');
      expect(await live.getAttribute('data-frozen')).toBe('false');
      expect(await chartPoints(page, 'current-signal-chart-canvas')).toBeGreaterThanOrEqual(60);
      // Without the Platinum Stream, only closed candles: exactly the ones the server answered.
      expect(await chartPoints(page, 'current-signal-chart-canvas')).toBe(
        Number(await live.getAttribute('data-candles')),
      );
      expect(await chartLines(page, 'current-signal-chart-canvas')).toEqual([current.entryPrice]);
      await expect.poll(() => page.getByTestId('current-signal-chart-outcome').textContent()).toBe('Pending');
      expect(await page.getByTestId('current-signal-chart-exit').textContent()).toBe('Not yet: the signal is active');
      // The simulated feed is named as such on the chart itself.
      expect(await live.getByTestId('simulated-mark').textContent()).toBe('SIMULATED MARKET');
      await expect.poll(() => page.getByRole('img', { name: /^Price chart of EUR\/USD \(OTC\)/ }).count()).toBe(1);
      // The chart is named, its figures are in words beside it, and axe finds nothing on the room.
      expect(await runAxe(page)).toEqual([]);
      await live.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/current-${width}x${height}.png` });

      // A previous signal opens its chart in a dialog: the feed's candles up to its resolution, entry and exit.
      const opener = page.getByRole('button', { name: /^GBP\/USD: open the chart/ });
      await opener.click();
      const dialog = page.getByTestId('signal-chart-dialog');
      await dialog.waitFor();
      const frozen = dialog.getByTestId('signal-chart');
      await expect.poll(() => frozen.getAttribute('data-history'), LIVE).toBe('feed');
      expect(await frozen.getAttribute('data-frozen')).toBe('true');
      expect(await chartPoints(page, 'signal-chart-canvas')).toBe(60);
      expect(await chartLines(page, 'signal-chart-canvas')).toEqual([won.entryPrice, won.exitPrice]);
      expect(await dialog.getByTestId('signal-chart-outcome').textContent()).toBe('Won at L1');
      expect(await dialog.getByTestId('signal-chart-exit').textContent()).toMatch(/^\d\.\d{5} at \d\d:\d\d:\d\d$/);
      // Focus is inside the dialog; Escape closes it and gives focus back to the row that opened it.
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
      expect(await runAxe(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/previous-${width}x${height}.png` });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);

      // A signal whose feed cannot give history: its stored prices, and the words say so.
      await page.getByRole('button', { name: /^USD\/JPY: open the chart/ }).click();
      const stored = page.getByTestId('signal-chart-dialog').getByTestId('signal-chart');
      await expect.poll(() => stored.getAttribute('data-history'), LIVE).toBe('stored');
      expect(await stored.textContent()).toContain('The feed has no price history for this window');
      expect(await stored.getByTestId('price-source-mark').textContent()).toBe('Prices: OANDA (practice)');
      expect(await chartPoints(page, 'signal-chart-canvas')).toBe(0);
      expect(await stored.getByTestId('signal-chart-summary').textContent()).toContain(
        `${otherFeed.entryPrice.toFixed(5)} at`,
      );
      await page.getByRole('button', { name: 'Close' }).click();
      await page.getByTestId('signal-chart-dialog').waitFor({ state: 'detached' });

      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('lets a gold member’s current chart follow each price: the forming minute is drawn from the stream', async () => {
    const gold = await createMember(e2e.server.context.db, { tier: 'gold' });
    const { context, page } = await e2e.newPage({ width: 1280, height: 800 });
    await probeCharts(page);
    await signInBrowser(context, gold);
    await page.goto(e2e.url('/dashboard/signals'));
    const live = page.getByTestId('current-signal-chart');
    await expect.poll(() => live.getAttribute('data-history'), LIVE).toBe('feed');
    const closed = Number(await live.getAttribute('data-candles'));
    await expect.poll(() => chartPoints(page, 'current-signal-chart-canvas'), LIVE).toBeGreaterThan(closed);
    await expect
      .poll(() => page.getByTestId('current-signal-chart-note').textContent(), LIVE)
      .toMatch(/^Live: the newest candle follows each price/);
    await context.close();
  });
});
