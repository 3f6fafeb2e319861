import { formatMoment, formatPercent, rateOf, wilsonInterval } from '@signalroom/shared';
import { appendUnrecordedSignals, saveBacktest } from '@signalroom/shared-node';
import {
  backtestHistories,
  CandleHistory,
  generatedCandles,
  MomentumStrategy,
  SHIPPED_CANDLES,
} from '@signalroom/worker';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../server/test/helpers/factories.js';
import { insertSignal } from '../../server/test/helpers/signal-rows.js';
import { signInBrowser } from './dashboard.helpers.js';
import { BROWSER_TIME_ZONE, type E2E, startE2E, waitForLandingStat } from './harness.js';

const FIVE_MIN = 300_000;
const first = Date.parse('2026-11-01T00:00:00Z');

// One signal in a hundred won in its first window: the pages must say 1%, never 100%, and beside every
// win rate its count and interval, the break-even at the payout (80 % by default: 55.6 %) and the
// expected value per unit staked (first window: (0.8 − 99) / 100; martingale: (0.8 + 0.2 − 98 × 15) / 100).
const EVIDENCE = [
  'At a payout of 80% a single trade breaks even at a win rate of 55.6%.',
  '1 of 100 won in the first window, 1%, 95% CI 0-5%: below break-even (the whole 95% interval is below it).',
  '2 of 100 won with martingale recovery, 2%, 95% CI 1-7%: below break-even (the whole 95% interval is below it). ' +
    'The martingale plan breaks even only above 94.9% of runs won (a lost run costs 15 units, a won one pays at most 0.8).',
  'Expected value per 1 unit staked: −0.98 units a signal on the first window alone; −14.69 units a signal with the ' +
    'martingale plan (1 + 2 + 4 + 8 = 15 units staked on a full run).',
];

/** The evidence a page shows beside its win rates, sentence by sentence (the rules link last). */
async function evidenceOn(page: Page): Promise<string[]> {
  const note = page.getByTestId('win-rate-evidence');
  await note.first().waitFor();
  const texts = await note.first().locator('p').allInnerTexts();
  return texts.slice(0, -1);
}
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
    // Never a bare rate: each with its count and interval.
    expect(await page.locator('[data-stat="win-first-window"] dt').innerText()).toBe(
      'Won in first window (1 of 100, 95% CI 0.2–5.4%)',
    );
    expect(await page.locator('[data-stat="win-with-martingale"] dt').innerText()).toBe(
      'Won with martingale recovery (2 of 100, 95% CI 0.6–7%)',
    );
    // The first figure of the strip is the first-window rate, and the hero card leads with it too.
    expect(
      await page
        .getByRole('region', { name: 'Platform figures' })
        .locator('[data-stat]')
        .first()
        .getAttribute('data-stat'),
    ).toBe('win-first-window');
    expect(await page.getByTestId('hero-win-headline').innerText()).toBe(
      '1 of 100 won in the first window, 1%, 95% CI 0-5%',
    );
    expect(await page.getByTestId('hero-break-even').innerText()).toBe('Break-even at a payout of 80%: 55.6%');
    expect(await evidenceOn(page)).toEqual(EVIDENCE);
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
    expect(await perf.locator('[data-stat="win-first-window"] dd').allInnerTexts()).toEqual([
      '1%',
      '1 of 100 · 95% CI 0.2–5.4%',
    ]);
    expect(await perf.locator('[data-stat="win-with-martingale"] dd').allInnerTexts()).toEqual([
      '2%',
      '2 of 100 · 95% CI 0.6–7%',
    ]);
    expect(await evidenceOn(page)).toEqual(EVIDENCE);
    // The panel that described an AI says what the model is, and links its rules.
    const protocols = page.getByRole('region', { name: 'Signal Protocols' });
    expect(await protocols.innerText()).toContain("momentum model's estimated chance");
    expect(await page.getByTestId('wins-by-level').innerText()).toBe(
      'Wins by level: first window 1 · L1 0 · L2 1 · L3 0',
    );
    const results = await page.getByTestId('signal-result').allInnerTexts();
    expect(results.slice(0, 3)).toEqual(['Won in first window', 'Won at L2', 'Lost after L3']);

    // The feed is simulated: the pages say so and claim nothing live.
    expect(await page.getByTestId('feed-badge').innerText()).toBe('SIMULATED MARKET');
    expect(await page.getByTestId('market-status').innerText()).toBe('SIMULATED MARKET');
    const text = await page.locator('body').innerText();
    for (const claim of ['MODEL ACTIVE | TRADING LIVE', 'Active 24/7']) expect(text).not.toContain(claim);
  });

  it('the Gold Room shows the evidence and the last backtest beside the live record', async () => {
    // The worker's daily run, stood in for by the replay of the shipped candles, stored as the worker stores it.
    const report = backtestHistories(
      new Map([['EUR/USD (OTC)', new CandleHistory(generatedCandles(SHIPPED_CANDLES.spec))]]),
      {
        strategy: new MomentumStrategy(),
        windowMs: FIVE_MIN,
        from: SHIPPED_CANDLES.spec.from + 30 * 60_000,
        to: SHIPPED_CANDLES.spec.from + 1440 * 60_000,
        payoutPercent: 80,
        source: 'simulated',
      },
    );
    await saveBacktest(e2e.server.context.db, { periodKey: '2026-11-27', ranAt: new Date(), report });
    const gold = await createMember(e2e.server.context.db, { tier: 'gold' });
    const { context, page } = await e2e.newPage({ width: 1280, height: 900 });
    await signInBrowser(context, gold);
    await page.goto(e2e.url('/dashboard/gold-room'));
    expect(await evidenceOn(page)).toEqual(EVIDENCE);
    const panel = page.getByTestId('gold-backtest');
    await panel.locator('table').waitFor();
    const row = (label: string) =>
      panel
        .getByRole('row', { name: new RegExp(`^${label}`) })
        .locator('td')
        .allInnerTexts();
    const r = report.evidence;
    expect(await row('Signals')).toEqual(['100', String(report.signals)]);
    expect(await row('Won in first window')).toEqual([
      '1 of 100, 1% (95% CI 0.2–5.4%)',
      `${r.firstWindow.won} of ${r.firstWindow.total}, ${r.firstWindow.percent}% (95% CI ${r.firstWindow.low}–${r.firstWindow.high}%)`,
    ]);
    expect((await row('Expected value, martingale plan'))[0]).toBe('−14.69 units');
    expect(await panel.innerText()).toContain('momentum-v1 replayed slot by slot on simulated prices of EUR/USD (OTC)');
    // One clock: the period in the reader's zone (here the browser's, Lagos), named once, never UTC.
    const inZone = (at: string, zoneName = false) =>
      formatMoment(at, { timeZone: BROWSER_TIME_ZONE, withDate: true, zoneName });
    expect(await panel.innerText()).toContain(`${inZone(report.from)} to ${inZone(report.to, true)}`);
    expect(await panel.innerText()).not.toContain('UTC');
    // The table scrolls sideways on a phone: a keyboard can reach it (axe's scrollable-region-focusable).
    expect(await panel.getByRole('region', { name: 'Backtest figures' }).getAttribute('tabindex')).toBe('0');

    // Every rate of the breakdown by pair carries its sample and its interval, never a bare percent.
    const byPair = page.getByRole('region', { name: 'Record by pair', exact: true }).locator('tbody tr');
    expect(await byPair.count()).toBeGreaterThan(0);
    for (const cells of await byPair.evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
    )) {
      const total = Number(cells[0]);
      for (const cell of cells.slice(1)) {
        const won = Number(/^(\d+) of /.exec(cell)?.[1]);
        const rate = rateOf(won, total);
        expect(cell).toBe(`${won} of ${total}, ${formatPercent(rate.percent ?? 0)} (95% CI ${rate.low}–${rate.high}%)`);
      }
    }

    // The rules the pages link to are the model's own.
    await panel.getByRole('link', { name: "The strategy's rules" }).click();
    await page.getByTestId('strategy-rules').waitFor();
    expect(await page.getByTestId('strategy-formula').innerText()).toContain(
      'Score = 0.3379 × stretch + 0.0831 × trend + 0.052 × drift',
    );
  });

  it('the admin overview shows the rates with their evidence', async () => {
    const admin = await createMember(e2e.server.context.db, { tier: 'gold', role: 'admin' });
    const { context, page } = await e2e.newPage({ width: 1280, height: 900 });
    await signInBrowser(context, admin);
    await page.goto(e2e.url('/dashboard/admin'));
    const live = page.getByTestId('overview-live');
    await live.waitFor();
    expect(await live.locator('[data-stat="win-first-window"] dd').allInnerTexts()).toEqual([
      '1%',
      '1 of 100 · 95% CI 0.2–5.4%',
    ]);
    expect(await evidenceOn(page)).toEqual(EVIDENCE);
  });

  // Last: it edits the log itself.
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
    expect(await evidenceOn(page)).toEqual(EVIDENCE);
    // 98 losses after L3 at $150 each, +$2 for the L2 recovery ($40 × 80% − $30), +$8 for the first window.
    expect(await page.getByTestId('equity-final').innerText()).toBe('-$14,690.00');
    expect(await page.getByTestId('max-drawdown').innerText()).toBe('-$14,700.00');

    // A signal row changed in the signals table changes nothing published: the log is the record.
    const db = e2e.server.context.db;
    await sql`update signals set confidence = 99 where slot_start = ${new Date(first + 50 * FIVE_MIN)}`.execute(db);
    await page.reload();
    await status.waitFor();
    expect(await status.locator('h2').innerText()).toBe('Server check: record intact');
    // The 51st signal's issue entry (#103: the log's key and payout come first, then each signal and its
    // outcome) edited in the log's own table, its guard switched off: the server's check names it.
    await sql`alter table track_record_chain disable trigger all`.execute(db);
    await sql`update track_record_chain set payload = replace(payload, '"confidence":', '"confidence":9') where seq = 103`.execute(
      db,
    );
    await sql`alter table track_record_chain enable trigger all`.execute(db);
    // Caught within a slot by the server's sweep of its stored entries (run at once here).
    await e2e.server.context.record.sweep();
    await page.reload();
    await status.waitFor();
    expect(await status.locator('h2').innerText()).toBe('Server check: record broken at #103');
  });
});
