import type { PriceTicker } from '@signalroom/worker';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../server/test/helpers/factories.js';
import { engineFor, FIVE_MIN } from '../../server/test/signals/signal-helpers.js';
import { FIRST_PAINT, LIVE, memberPages, startPrices } from './dashboard.helpers.js';
import { type E2E, refusedRequest, startE2E } from './harness.js';

describe('gold pages in a real browser', () => {
  let e2e: E2E;
  let prices: PriceTicker;
  const pages = memberPages(() => e2e);
  const open = pages.open;

  beforeAll(async () => {
    e2e = await startE2E();
    prices = startPrices(e2e);
  });
  afterAll(async () => {
    prices?.stop();
    await e2e?.close();
  });
  afterEach(() => pages.closeAll());

  it('a gold member starts the bot; a signal is issued and resolved; the trade appears and closes live', async () => {
    const gold = await createMember(e2e.server.context.db, { tier: 'gold', fullName: 'Gina Gold' });
    const page = await open(gold, '/dashboard/bot-access', 390);
    await page.getByTestId('ai-bot').waitFor(FIRST_PAINT);
    await page.getByTestId('bot-status').getByText('BOT STANDBY').waitFor(FIRST_PAINT);
    await page.getByLabel('Aggressive').check();
    await page.getByRole('radio', { name: '$250' }).check();
    await page.getByRole('button', { name: 'Update Settings' }).click();
    await page.getByText('Bot settings updated').waitFor();
    await page.getByRole('button', { name: 'START' }).click();
    await page.getByTestId('bot-status').getByText('BOT ACTIVE', { exact: true }).waitFor();

    // The real engine issues the current slot's signal; its paper-trading step opens the trade.
    let clock = new Date(Math.floor(Date.now() / FIVE_MIN) * FIVE_MIN);
    const engine = engineFor(e2e.server, { now: () => clock });
    const signal = await engine.runSlot(clock);
    expect(signal).not.toBeNull();
    clock = new Date();
    const active = page.getByTestId('active-trades');
    await active.getByText(signal?.asset as string).waitFor(LIVE);
    expect(await active.innerText()).toContain('$250');
    expect(await page.getByTestId('bot-stats').innerText()).toMatch(/Active Trades\s*1/);

    // Every window over: the engine resolves it and the trade closes from its real result.
    clock = new Date(clock.getTime() + 5 * FIVE_MIN);
    const resolved = await engine.resolveSignal(signal?.id as string);
    expect(resolved.state).toBe('resolved');
    const closed = page.getByTestId('closed-trades');
    await closed.getByText(signal?.asset as string).waitFor(LIVE);
    const trade = await e2e.server.context.db
      .selectFrom('paper_trades')
      .selectAll()
      .where('user_id', '=', gold.user.id)
      .executeTakeFirstOrThrow();
    const row = (await closed.locator('tbody tr').first().innerText()).replace(/\s+/g, ' ');
    expect(row).toContain(trade.result as string);
    expect(row).toContain(`$${Math.abs(trade.pnl as number).toFixed(2)}`);
    expect(await page.getByTestId('bot-stats').innerText()).toMatch(/Active Trades\s*0/);
  });

  it('refuses a silver member the gold pages, in the page and on the server', async () => {
    const silver = await createMember(e2e.server.context.db, { tier: 'silver' });
    const page = await open(silver, '/dashboard/bot-access');
    await page.getByRole('heading', { name: 'The AI Trading Bot is for Gold members' }).waitFor(FIRST_PAINT);
    await page.goto(e2e.url('/dashboard/gold-room'));
    await page.getByRole('heading', { name: 'The Gold Room is for Gold members' }).waitFor(FIRST_PAINT);
    await page.goto(e2e.url('/dashboard/platinum-stream'));
    await page.getByRole('heading', { name: 'The Platinum Stream is for Gold members' }).waitFor(FIRST_PAINT);
    // The test asks the gold API itself from the page: its 403s are the point, and Chromium logs them.
    e2e.allowConsole(refusedRequest(403, '/api/bot'), refusedRequest(403, '/api/gold/*'));
    const statuses = await page.evaluate(async (token) => {
      const call = (path: string) =>
        fetch(path, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
      return [await call('/api/bot'), await call('/api/gold/signals'), await call('/api/gold/stream?asset=GBP%2FUSD')];
    }, silver.token);
    expect(statuses).toEqual([403, 403, 403]);
  });

  it('the platinum chart moves with the feed, second by second', async () => {
    const gold = await createMember(e2e.server.context.db, { tier: 'gold' });
    const page = await open(gold, '/dashboard/platinum-stream');
    await page.getByTestId('platinum-stream').waitFor(FIRST_PAINT);
    const status = page.getByTestId('stream-status');
    // The stream opens on its own with the page, then follows the asset chosen.
    await status.getByText(/^Live: .* at /).waitFor(LIVE);
    await page.getByLabel('Asset').selectOption('GBP/USD');
    await status.getByText(/^Live: GBP\/USD \d/).waitFor(LIVE);
    const first = await status.innerText();
    await expect.poll(() => status.innerText(), LIVE).not.toBe(first);
    expect(await page.getByTestId('price-chart').locator('canvas').count()).toBeGreaterThan(0);
  });
});
