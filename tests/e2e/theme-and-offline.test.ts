import type { PriceTicker } from '@signalroom/worker';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedMember, createMember } from '../../server/test/helpers/factories.js';
import { describeFindings, runAxe } from './a11y.helpers.js';
import { FIRST_PAINT, issueSignal, signInBrowser, startPrices } from './dashboard.helpers.js';
import { type E2E, startE2E } from './harness.js';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** The page's background as the browser paints it, and the theme on <html>. */
const painted = (page: Page) =>
  page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    background: getComputedStyle(document.documentElement).backgroundColor,
  }));

/** The colour of a pixel near the top left of the chart's first layer (its background fill). */
const chartBackground = (page: Page) =>
  page.getByTestId('price-chart').evaluate((root) => {
    const canvas = root.querySelector('canvas') as HTMLCanvasElement;
    const [r, g, b] = (canvas.getContext('2d') as CanvasRenderingContext2D).getImageData(2, 2, 1, 1).data;
    return `rgb(${r}, ${g}, ${b})`;
  });

/** The colour the chart draws the entry's price line in, read through the chart's own API. */
const entryLineColour = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __entryLineColour(): string | undefined }).__entryLineColour());

const DARK_BG = 'rgb(11, 16, 32)';
const LIGHT_BG = 'rgb(244, 246, 251)';

describe('light theme, installable app and offline page, in a real browser', () => {
  let e2e: E2E;
  let prices: PriceTicker;
  let gold: CreatedMember;

  beforeAll(async () => {
    e2e = await startE2E();
    prices = startPrices(e2e);
    gold = await createMember(e2e.server.context.db, { tier: 'gold', fullName: 'Tess Theme' });
    await issueSignal(
      e2e.server,
      { asset: 'USD/JPY', signalType: 'buy', confidence: 77, entryPrice: 151.5, slotsAgo: 0 },
      1,
    );
  });
  afterAll(async () => {
    prices?.stop();
    await e2e?.close();
  });

  for (const size of SIZES) {
    it(`the theme switch repaints, persists across a reload and follows the system on System, at ${size.width} px`, async () => {
      const { context, page } = await e2e.newPage({ ...size, colorScheme: 'dark' });
      await signInBrowser(context, gold);
      // Before any app script: the hook each chart hands its series to (the app exposes nothing otherwise).
      await context.addInitScript(() => {
        type Series = { priceLines(): { options(): { color: string } }[] };
        let price: Series | undefined;
        Object.assign(globalThis, {
          __signalroomChartProbe: (id: string, series: Series) => {
            if (id === 'price-chart') price = series;
          },
          __entryLineColour: () => price?.priceLines()[0]?.options().color,
        });
      });
      await page.goto(e2e.url('/dashboard/settings'));
      const theme = page.getByRole('group', { name: 'Theme' });
      await theme.waitFor(FIRST_PAINT);
      expect(await painted(page)).toEqual({ theme: 'dark', background: DARK_BG });

      await theme.getByLabel('Light').check();
      expect(await painted(page)).toEqual({ theme: 'light', background: LIGHT_BG });
      await page.reload();
      await theme.waitFor(FIRST_PAINT);
      expect(await painted(page)).toEqual({ theme: 'light', background: LIGHT_BG });
      expect(await theme.getByLabel('Light').isChecked()).toBe(true);
      const findings = describeFindings('settings (light)', await runAxe(page));

      // System: the system's dark setting, then its light one, live, with no reload.
      await theme.getByLabel('System').check();
      expect(await painted(page)).toEqual({ theme: 'dark', background: DARK_BG });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');

      // The chart's canvas follows too: it reads the theme's colours again when the theme changes.
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(e2e.url('/dashboard/platinum-stream'));
      await page.getByTestId('price-chart').locator('canvas').first().waitFor(FIRST_PAINT);
      const darkChart = await chartBackground(page);
      await expect.poll(() => entryLineColour(page)).toBe('#38bdf8');
      await page.emulateMedia({ colorScheme: 'light' });
      await expect.poll(() => chartBackground(page)).not.toBe(darkChart);
      expect(await chartBackground(page)).toBe('rgb(255, 255, 255)');
      // The entry's line too, in the light theme's accent (the dark one's sky blue fades on white).
      expect(await entryLineColour(page)).toBe('#075985');
      expect(findings).toEqual([]);
      await context.close();
    });
  }

  it('keeps a choice for the page when the browser refuses to store it', async () => {
    const { context, page } = await e2e.newPage({ width: 1280, height: 800, colorScheme: 'dark' });
    await signInBrowser(context, gold);
    // Storage that refuses every write, as some privacy settings do: the session is already in place.
    await context.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException('blocked', 'SecurityError');
      };
      Storage.prototype.removeItem = () => {
        throw new DOMException('blocked', 'SecurityError');
      };
    });
    await page.goto(e2e.url('/dashboard/settings'));
    const theme = page.getByRole('group', { name: 'Theme' });
    await theme.waitFor(FIRST_PAINT);
    await theme.getByLabel('Light').check();
    expect(await painted(page)).toEqual({ theme: 'light', background: LIGHT_BG });
    expect(await theme.getByLabel('Light').isChecked()).toBe(true);
    await context.close();
  });

  it('serves a valid web app manifest, linked from the app, whose icons load as PNG', async () => {
    const { context, page } = await e2e.newPage({ width: 390, height: 844 });
    await page.goto(e2e.url('/login'));
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    const answer = await context.request.get(e2e.url('/manifest.webmanifest'));
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = await answer.json();
    expect(manifest).toMatchObject({ name: 'Signalroom', start_url: '/dashboard', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    const pngs = manifest.icons.filter((icon: { type: string }) => icon.type === 'image/png');
    expect(pngs.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of pngs) {
      const image = await context.request.get(e2e.url(icon.src));
      expect(image.headers()['content-type']).toBe('image/png');
      const bytes = await image.body();
      // The PNG header's width and height (big-endian at bytes 16 and 20) are what the manifest says.
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(icon.sizes);
    }
    await context.close();
  });

  for (const size of SIZES) {
    it(`offline, a page that cannot load shows the last signals this device saw, marked not live, at ${size.width} px`, async () => {
      const { context, page } = await e2e.newPage(size);
      await signInBrowser(context, gold);
      await page.goto(e2e.url('/dashboard/signals'));
      await page.getByText('USD/JPY').first().waitFor(FIRST_PAINT);
      // The worker is installed and the signals are kept for it.
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.waitForFunction(async () => Boolean(await caches.match('/offline/last-signals.json')));

      await goOffline(context, page);
      await page.goto(e2e.url('/dashboard/signals'));
      await page.getByRole('heading', { name: 'You are offline' }).waitFor();
      await page.getByText(/^Not live — last seen at \d{1,2} \w{3}, \d{2}:\d{2}/).waitFor();
      await page.getByRole('listitem').filter({ hasText: 'USD/JPY · BUY · 151.50000' }).waitFor();
      // Readable in both themes.
      const findings = describeFindings('offline (dark)', await runAxe(page));
      await page.emulateMedia({ colorScheme: 'light' });
      await page.reload();
      await page.getByText(/^Not live/).waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
      findings.push(...describeFindings('offline (light)', await runAxe(page)));
      expect(findings).toEqual([]);
      await context.setOffline(false);
      await context.close();
    });
  }

  /**
   * Cuts the network. The signal room's socket and poller notice and say so in the console while the
   * page is still open: expected here, not a fault.
   */
  async function goOffline(context: BrowserContext, page: Page): Promise<void> {
    e2e.allowConsole(/ERR_INTERNET_DISCONNECTED/);
    await context.setOffline(true);
    await page.waitForFunction(() => !navigator.onLine);
  }
});
