import { wilsonInterval } from '@signalroom/shared';
import { appendUnrecordedSignals } from '@signalroom/shared/node';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../server/test/helpers/factories.js';
import { insertSignal } from '../../server/test/helpers/signal-rows.js';
import { signInBrowser } from './dashboard.helpers.js';
import { type E2E, startE2E, waitForLandingStat } from './harness.js';

const FIVE_MIN = 300_000;
const first = Date.parse('2026-11-01T00:00:00Z');

// One signal in a hundred won in its first window: the pages must say 1%, never 100%.
describe('win rates in a real browser', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
    const db = e2e.server.context.db;
    // 98 lost after L3, then one recovered at L2, then one won in the first window (the newest).
    for (let i = 0; i < 98; i += 1) {
      await insertSignal(db, {
        slotStart: new Date(first + i * FIVE_MIN),
        activeLevel: 3,
        result: { status: 'expired', outcome: 'loss', resolvedLevel: null },
      });
    }
    await insertSignal(db, {
      slotStart: new Date(first + 98 * FIVE_MIN),
      asset: 'GBP/USD',
      activeLevel: 2,
      result: { status: 'closed', outcome: 'profit', resolvedLevel: 2 },
    });
    await insertSignal(db, {
      slotStart: new Date(first + 99 * FIVE_MIN),
      asset: 'USD/JPY',
      result: { status: 'closed', outcome: 'profit', resolvedLevel: 0 },
    });
    // Rows written straight into the table join the track record as an operator's repair appends them.
    await appendUnrecordedSignals(db, new Date());
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('the landing page shows a 1% first-window rate as 1%, leads with it, and shows the recovery rate beside it', async () => {
    const { page } = await e2e.newPage({ width: 390, height: 844 });
    await page.goto(e2e.url('/'));
    const value = (key: string) => page.locator(`[data-stat="${key}"] dd`);
    await waitForLandingStat(page, 'win-first-window');
    expect(await value('win-first-window').innerText()).toBe('1%');
    expect(await value('win-with-martingale').innerText()).toBe('2%');
    expect(await page.locator('[data-stat="win-first-window"] dt').innerText()).toBe(
      'Won in first window (of 100 resolved)',
    );
    // The first figure of the strip is the first-window rate, and the hero card leads with it too.
    expect(
      await page
        .getByRole('region', { name: 'Platform figures' })
        .locator('[data-stat]')
        .first()
        .getAttribute('data-stat'),
    ).toBe('win-first-window');
    expect(await page.getByTestId('hero-win-first-window').innerText()).toContain('1%');
    expect(await page.getByTestId('hero-win-with-martingale').innerText()).toBe('2% with martingale recovery');
    expect(await page.getByTestId('wins-by-level').innerText()).toContain('first window 1 · L1 0 · L2 1 · L3 0');
    expect(await page.locator('body').innerText()).not.toContain('100%');
    expect(await page.getByTestId('track-record-link').getAttribute('href')).toBe('/track-record');
  });

  it('a gold member sees both rates, the wins per level and the level of every result', async () => {
    const gold = await createMember(e2e.server.context.db, { tier: 'gold' });
    const { context, page } = await e2e.newPage();
    await signInBrowser(context, gold);
    await page.goto(e2e.url('/dashboard/signals'));
    const perf = page.getByTestId('performance-stats');
    await perf.waitFor();
    expect(await perf.locator('[data-stat="win-first-window"] dd').innerText()).toBe('1%');
    expect(await perf.locator('[data-stat="win-with-martingale"] dd').innerText()).toBe('2%');
    expect(await page.getByTestId('wins-by-level').innerText()).toBe(
      'Wins by level: first window 1 · L1 0 · L2 1 · L3 0',
    );
    const results = await page.getByTestId('signal-result').allInnerTexts();
    expect(results.slice(0, 3)).toEqual(['Won in first window', 'Won at L2', 'Lost after L3']);

    // The feed is simulated: the pages say so and claim nothing live.
    expect(await page.getByTestId('feed-badge').innerText()).toBe('SIMULATED MARKET');
    expect(await page.getByTestId('market-status').innerText()).toBe('SIMULATED MARKET');
    const text = await page.locator('body').innerText();
    for (const claim of ['AI ACTIVE | TRADING LIVE', 'Active 24/7']) expect(text).not.toContain(claim);
  });

  // Last: it changes a stored signal.
  it('the public track record shows both rates with intervals and the plan, then a broken record', async () => {
    const { page } = await e2e.newPage({ width: 1280, height: 900 });
    await page.goto(e2e.url('/track-record'));
    const status = page.getByTestId('record-status');
    await status.waitFor();
    expect(await status.locator('h2').innerText()).toBe('Server check: record intact');
    const ci = wilsonInterval(1, 100);
    const card = (key: string) => page.locator(`[data-stat="${key}"] p`);
    expect(await card('first-window').allInnerTexts()).toEqual([
      '1%',
      `95% CI ${ci?.low}–${ci?.high}%`,
      '1 of 100 resolved signals',
    ]);
    expect(await card('with-martingale').first().innerText()).toBe('2%');
    expect(await page.getByTestId('feed-label').innerText()).toContain('Simulated market');
    // 98 losses after L3 at $150 each, +$2 for the L2 recovery ($40 × 80% − $30), +$8 for the first window.
    expect(await page.getByTestId('equity-final').innerText()).toBe('-$14,690.00');
    expect(await page.getByTestId('max-drawdown').innerText()).toBe('-$14,700.00');

    // The 51st signal (issue entry #101, each signal being followed by its outcome) is changed in place.
    await sql`update signals set confidence = 99 where slot_start = ${new Date(first + 50 * FIVE_MIN)}`.execute(
      e2e.server.context.db,
    );
    await page.reload();
    await status.waitFor();
    expect(await status.locator('h2').innerText()).toBe('Server check: record broken at #101');
  });
});
