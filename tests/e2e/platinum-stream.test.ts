import { mkdirSync } from 'node:fs';
import type { PriceTicker } from '@signalroom/worker';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../server/test/helpers/factories.js';
import { chartLines, chartPoints, probeCharts } from './chart-probe.js';
import { FIRST_PAINT, issueSignal, LIVE, signInBrowser, startPrices } from './dashboard.helpers.js';
import { type E2E, startE2E } from './harness.js';

const SHOTS = '.test-data/platinum-stream';

const points = (page: Page) => chartPoints(page, 'price-chart');
const lines = (page: Page) => chartLines(page, 'price-chart');

/**
 * Shares of transparent pixels in each of the chart's drawing layers (the pane, the price axis, the time
 * axis): the chart fills a layer with its background before each frame, so a layer it draws properly has
 * none. A frame drawn without that fill leaves the layer transparent where nothing is drawn, and every
 * earlier frame's line, grid and labels stay on it (stacked axis labels, a line piling up).
 */
function transparentShares(page: Page): Promise<number[]> {
  return page.getByTestId('price-chart').evaluate((root) =>
    [...root.querySelectorAll('canvas')]
      .filter((canvas) => canvas.style.zIndex !== '2' && canvas.width > 0 && canvas.height > 0)
      .map((canvas) => {
        const { data } = (canvas.getContext('2d') as CanvasRenderingContext2D).getImageData(
          0,
          0,
          canvas.width,
          canvas.height,
        );
        let clear = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i] === 0) clear += 1;
        return clear / (data.length / 4);
      }),
  );
}

describe('Platinum Stream in a real browser', () => {
  let e2e: E2E;
  let prices: PriceTicker;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    e2e = await startE2E();
    prices = startPrices(e2e);
  });
  afterAll(async () => {
    prices?.stop();
    await e2e?.close();
  });

  it('draws the current signal’s instrument, gains a point a tick, with no page error, on desktop and phone', async () => {
    const signal = await issueSignal(
      e2e.server,
      { asset: 'USD/JPY', signalType: 'buy', confidence: 80, entryPrice: 151.5, slotsAgo: 0 },
      1,
    );
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      const gold = await createMember(e2e.server.context.db, { tier: 'gold' });
      const { context, page } = await e2e.newPage({ width, height });
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      await probeCharts(page);
      await signInBrowser(context, gold);
      await page.goto(e2e.url('/dashboard/platinum-stream'));
      await page.getByTestId('platinum-stream').waitFor(FIRST_PAINT);

      // The picker opens on the current signal's instrument, with its entry beside the chart.
      await expect.poll(() => page.getByLabel('Asset').inputValue(), LIVE).toBe(signal.asset);
      await page.getByTestId('stream-signal').waitFor(LIVE);
      await page
        .getByTestId('stream-status')
        .getByText(/^Live: USD\/JPY \d/)
        .waitFor(LIVE);

      // Each tick from the feed is one more point in the series the chart draws.
      const before = await points(page);
      expect(before).toBeGreaterThan(0);
      await expect.poll(() => points(page), LIVE).toBeGreaterThanOrEqual(before + 2);
      expect(await lines(page)).toEqual([signal.entryPrice]);
      const shares = await transparentShares(page);
      expect(shares.length).toBeGreaterThanOrEqual(3);
      for (const share of shares) expect(share).toBe(0);

      await page.screenshot({ path: `${SHOTS}/platinum-stream-${width}x${height}.png` });
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
