import { TIMING, type TPublicStats } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../server/test/helpers/factories.js';
import { type E2E, startE2E, waitForLandingStat } from './harness.js';

describe('journey: the landing page', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
    await createMember(e2e.server.context.db);
    await createMember(e2e.server.context.db, { tier: 'gold' });
    // The operator's own reviews: until some are published the page has no Reviews section
    // (offer-copy.test.ts). One flagged as a sample stays the admin's draft.
    const admin = await createMember(e2e.server.context.db, { role: 'admin', tier: 'gold' });
    const items = [1, 2, 3, 4].map((n) => ({
      quote: `Review number ${n}: the losses are on the record too.`,
      name: `Member ${n}`,
      role: 'Silver member',
      sample: n === 4,
    }));
    const saved = await e2e.server.api('PUT', '/api/admin/content/reviews', { token: admin.token, body: { items } });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('has the nav anchors and links', async () => {
    const { page } = await e2e.newPage();
    await page.goto(e2e.url('/'));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Reviews' }).waitFor();
    const anchors = await nav
      .locator('ul a')
      .evaluateAll((links) => links.map((a) => [a.textContent?.trim(), a.getAttribute('href')]));
    expect(anchors).toEqual([
      ['Home', '#hero'],
      ['Features', '#features'],
      ['About', '#about'],
      ['Pricing', '#pricing'],
      ['Reviews', '#testimonials'],
    ]);
    for (const id of ['hero', 'features', 'about', 'pricing', 'testimonials']) {
      expect(await page.locator(`section#${id}`).count()).toBe(1);
    }
    expect(await nav.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(await nav.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');
  });

  it('paints its content from the served HTML, before any script runs, with no figure it has not loaded', async () => {
    const { page } = await e2e.newPage({ width: 412, height: 823, javaScriptEnabled: false });
    await page.goto(e2e.url('/'));
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(
      'Signals every 5 minutes from a published model',
    );
    expect(await page.locator('nav[aria-label="Main"] a[href="/signup"]').count()).toBe(1);
    expect(await page.locator('#pricing h3').count()).toBeGreaterThan(0);
    // Figures are the server's: before any answer the page shows placeholders, never a number.
    const heroFigures = await page.locator('[data-testid="hero-win-first-window"] strong').textContent();
    expect(heroFigures?.trim()).toBe('–');
    expect(await page.getByRole('timer').first().getAttribute('aria-label')).toMatch(/loading$/);
  });

  it('fits a 360 px phone without sideways scrolling on every public screen', async () => {
    const { page } = await e2e.newPage({ width: 360, height: 740 });
    const paths = [
      '/',
      '/signup',
      '/login',
      '/forgot-password',
      '/reset-password',
      '/bot-access',
      '/bot-access/success',
    ];
    for (const path of [...paths, '/track-record', '/dev/outbox', '/no-such-page']) {
      await page.goto(e2e.url(path));
      await page.locator('h1').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });

  it('is reachable by keyboard with a visible focus ring', async () => {
    const { page } = await e2e.newPage();
    await page.goto(e2e.url('/'));
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return { text: el.textContent?.trim(), shadow: getComputedStyle(el).boxShadow };
    });
    expect(focused.text).toBe('Home');
    expect(focused.shadow).not.toBe('none');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/#hero');
  });

  it('shows the figures of the public stats call, and says when no signal has resolved', async () => {
    const { page } = await e2e.newPage({ width: 390, height: 844 });
    await page.goto(e2e.url('/'));
    const { body } = await e2e.server.api<TPublicStats>('GET', '/api/stats/public');
    const stats = body.data!;
    expect(stats.members).toBeGreaterThanOrEqual(2);
    const value = (key: string) => page.locator(`[data-stat="${key}"] dd`);
    await waitForLandingStat(page, 'members');
    expect(await value('members').innerText()).toBe(stats.members.toLocaleString('en-US'));
    expect(await value('signals').innerText()).toBe(stats.signalsIssued.toLocaleString('en-US'));
    expect(await value('markets').innerText()).toBe(stats.marketsCovered.toLocaleString('en-US'));
    if (stats.resolvedSignals === 0) {
      expect(await value('win-first-window').innerText()).toBe('No resolved signals yet');
      expect(await value('win-with-martingale').innerText()).toBe('No resolved signals yet');
    }
    if (stats.marketSource === 'simulated') {
      expect(await page.getByRole('region', { name: 'Platform figures' }).innerText()).toContain('Simulated market');
    }
    // No marketing figure is shown as a fact.
    const text = await page.locator('body').innerText();
    for (const claim of ['15K+', '87%', '$24M+', '340%', '$4,997', '15,000+', '$2.4M+'])
      expect(text).not.toContain(claim);
  });

  it('counts the offer down from the server, keeps counting offline, and shows it ended at zero', async () => {
    const { page } = await e2e.newPage();
    await page.goto(e2e.url('/'));
    const hero = page.locator('#hero');
    const hours = hero.locator('[data-unit="hours"]');
    await hero.getByRole('timer').waitFor();
    await page.waitForFunction(() => document.querySelector('#hero [data-unit]')?.textContent !== '--');
    expect(Number(await hours.innerText())).toBeLessThanOrEqual(8);
    const read = async () => (await hero.getByRole('timer').getAttribute('aria-label')) ?? '';

    // The test cuts the countdown call off; Chromium logs each failed ask, the page shows it is offline.
    e2e.allowConsole(
      /^console\.error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED \(.*\/api\/countdown\)$/,
    );
    await page.route('**/api/countdown', (route) => route.abort('internetdisconnected'));
    // The page asks the server once per sync period: the failure shows at the next ask, not at once.
    const nextAsk = { timeout: TIMING.countdownPollMs + 5000 };
    await hero.getByText('Connection lost: counting down from the last known deadline.').waitFor(nextAsk);
    const offlineA = await read();
    // Offline, it keeps counting from the last known deadline.
    await page.waitForFunction(
      (before) => document.querySelector('#hero [role="timer"]')?.getAttribute('aria-label') !== before,
      offlineA,
      { timeout: 3000 },
    );
    expect(await read()).not.toBe(offlineA);
    await page.unroute('**/api/countdown');

    // Move the server's clock past the deadline: the offer shows as ended, and stays ended.
    const realNow = e2e.server.context.now;
    e2e.server.context.now = () => new Date(Date.now() + 9 * 3600_000);
    try {
      await hero.getByText('This launch offer has ended.').waitFor(nextAsk);
      expect(await hero.getByText('Offer ended', { exact: true }).count()).toBe(1);
      // The next sync with the server (every 10 s without a socket) keeps it ended.
      await page.waitForResponse((response) => new URL(response.url()).pathname === '/api/countdown', {
        timeout: 15_000,
      });
      expect(await hero.getByText('This launch offer has ended.').count()).toBe(1);
      // The bot-access banner counts to the same deadline, and says the offer has ended once it has passed.
      await page.goto(e2e.url('/bot-access'));
      await page.getByTestId('bot-access-offer-ended').waitFor();
      expect(await page.getByTestId('bot-access-offer-ended').innerText()).toContain('THE FREE ACCESS OFFER HAS ENDED');
      expect(await page.getByTestId('bot-access-countdown').count()).toBe(0);
    } finally {
      e2e.server.context.now = realNow;
    }
  });

  it('computes the risk calculator on this product trades: the payout, and the record rate to start from', async () => {
    const { page } = await e2e.newPage();
    await page.goto(e2e.url('/#about'));
    const result = (label: string) => page.locator('dl[aria-live] > div', { hasText: label }).locator('dd');
    // A fixed-payout trade: no risk:reward to choose, the operator's payout stated (80 % by default).
    await page.getByTestId('calculator-payout').waitFor();
    expect(await page.getByTestId('calculator-payout').innerText()).toBe('80% of the stake');
    expect(await page.getByRole('radio').count()).toBe(0);
    expect(await page.getByLabel('Trading capital (USD)').inputValue()).toBe('1000');
    expect(await page.getByLabel('Risk per trade', { exact: true }).inputValue()).toBe('2');
    // No signal of this server's record has resolved: the win rate starts at break-even (55.6 %, to the half point).
    expect(await page.getByTestId('calculator-record').innerText()).toContain('it starts at break-even');
    expect(await page.getByLabel('Expected win rate').inputValue()).toBe('55.5');
    expect(await result('Profit per win').innerText()).toBe('$16.00');
    // 0.555 × 16 − 0.445 × 20 = −0.02 a trade: below break-even by the slider's rounding, and it says so.
    expect(await result('Expected value per trade').innerText()).toBe('-$0.02');
    await page.getByLabel('Expected win rate').fill('60');
    // 0.6 × 16 − 0.4 × 20 = 1.60 a trade, 32.00 over 20 trades, 3.2 % of 1,000.
    expect(await result('Expected value per trade').innerText()).toBe('+$1.60');
    expect(await result('Monthly (20 trades)').innerText()).toBe('+$32.00');
    expect(await result('Monthly return on capital').innerText()).toBe('+3.2%');
    await page.getByLabel('Trading capital (USD)').fill('500');
    expect(await result('Risk per trade').innerText()).toBe('$10.00');
    // The $100 minimum holds: figures use it at once, and leaving the field writes it back.
    await page.getByLabel('Trading capital (USD)').fill('20');
    expect(await result('Risk per trade').innerText()).toBe('$2.00');
    await page.getByLabel('Trading capital (USD)').blur();
    expect(await page.getByLabel('Trading capital (USD)').inputValue()).toBe('100');
    expect(await page.getByText(/educational purposes only/).innerText()).toContain('educational purposes only');
  });

  it('rotates the published reviews every 5 s and lets a dot pick one', async () => {
    const { page } = await e2e.newPage();
    await page.goto(e2e.url('/#testimonials'));
    const dots = page.getByRole('button', { name: /Show review/ });
    await dots.first().waitFor();
    expect(await dots.count()).toBe(3);
    expect(await page.locator('#testimonials').innerText()).toContain('Review number 1');
    expect(await page.locator('#testimonials').innerText()).not.toContain('Sample');
    await dots.nth(2).click();
    expect(await dots.nth(2).getAttribute('aria-current')).toBe('true');
    await page.waitForFunction(
      () =>
        document.querySelector('#testimonials button[aria-label^="Show review 1 "]')?.getAttribute('aria-current') ===
        'true',
      undefined,
      { timeout: 6500 },
    );
  });
});

describe('journey: the landing calculator at another payout', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ PAYOUT_PERCENT: '70' });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('pays a win at the operator payout and starts from its own break-even', async () => {
    const { page } = await e2e.newPage({ width: 390 });
    await page.goto(e2e.url('/#about'));
    const result = (label: string) => page.locator('dl[aria-live] > div', { hasText: label }).locator('dd');
    await page.getByTestId('calculator-payout').waitFor();
    expect(await page.getByTestId('calculator-payout').innerText()).toBe('70% of the stake');
    // Break-even at a 70 % payout: 1 / 1.7 = 58.8 %, the slider at the nearest half point.
    expect(await page.getByTestId('calculator-record').innerText()).toContain('it starts at break-even');
    expect(await page.getByLabel('Expected win rate').inputValue()).toBe('59');
    // 2 % of 1,000 risked, a win paying 70 % of it.
    expect(await result('Profit per win').innerText()).toBe('$14.00');
    await page.getByLabel('Expected win rate').fill('60');
    // 0.6 × 14 − 0.4 × 20 = 0.40 a trade, 8.00 over 20 trades, 0.8 % of 1,000.
    expect(await result('Expected value per trade').innerText()).toBe('+$0.40');
    expect(await result('Monthly (20 trades)').innerText()).toBe('+$8.00');
    expect(await result('Monthly return on capital').innerText()).toBe('+0.8%');
  });
});
