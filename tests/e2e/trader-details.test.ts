import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../server/test/helpers/factories.js';
import { FIRST_PAINT, issueSignal, signInBrowser } from './dashboard.helpers.js';
import { type E2E, startE2E } from './harness.js';

const SHOTS = '.test-data/trader-details';
/** A screenshot's name from the page's path and width. */
const shotName = (page: Page) =>
  `${new URL(page.url()).pathname.replace(/^\//, '').replaceAll('/', '-')}-${page.viewportSize()?.width}`;

/** Whether an element shows its whole text: nothing cut by an ellipsis or hidden overflow. */
function showsAllText(element: Locator): Promise<boolean> {
  return element.evaluate((el) => el.scrollWidth <= el.clientWidth);
}

/** The texts among `elements` that break over more than one line. */
function brokenLabels(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((all) =>
    all
      .filter((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return lines.size > 1;
      })
      .map((el) => el.textContent ?? ''),
  );
}

describe('the small things a trader notices, in a real browser', () => {
  let e2e: E2E;
  const problems = new Map<Page, string[]>();

  async function open(path: string, width: number, height: number, member?: Parameters<typeof signInBrowser>[1]) {
    const { context, page } = await e2e.newPage({ width, height });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    problems.set(page, errors);
    if (member) await signInBrowser(context, member);
    await page.goto(e2e.url(path));
    return { context, page };
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('an admin’s header keeps the page title and the welcome whole at 1280 px', async () => {
    const admin = await createMember(e2e.server.context.db, {
      role: 'admin',
      tier: 'gold',
      fullName: 'Avery Administrator',
    });
    const { context, page } = await open('/dashboard/admin/users', 1280, 800, admin);
    await page.getByTestId('admin-users').waitFor(FIRST_PAINT);
    const title = page.getByTestId('header-title');
    expect(await title.innerText()).toBe('Admin Users');
    expect(await showsAllText(title)).toBe(true);
    const welcome = page.getByText('Welcome back, Avery Administrator');
    expect(await showsAllText(welcome)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/${shotName(page)}.png`, fullPage: true });
    expect(problems.get(page)).toEqual([]);
    await context.close();
  });

  it('the Support Hub’s side labels stay on one line at 390 px', async () => {
    const silver = await createMember(e2e.server.context.db, { tier: 'silver' });
    const { context, page } = await open('/dashboard/support', 390, 844, silver);
    await page.getByRole('heading', { name: 'Your account' }).waitFor(FIRST_PAINT);
    const labels = page.locator('dl dt');
    expect(await labels.count()).toBeGreaterThan(3);
    expect(await brokenLabels(labels)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/${shotName(page)}.png`, fullPage: true });
    expect(problems.get(page)).toEqual([]);
    await context.close();
  });

  it('the bot-access dial-code select shows the chosen country in full at 390 px', async () => {
    const { context, page } = await open('/bot-access', 390, 844);
    const select = page.getByRole('combobox', { name: /country code/i }).first();
    await select.waitFor(FIRST_PAINT);
    const fits = await select.evaluate((el) => {
      const box = el as HTMLSelectElement;
      const style = getComputedStyle(box);
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = box.selectedOptions[0]?.textContent ?? '';
      const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text, fits: context.measureText(text).width <= room };
    });
    expect(fits.text).toContain('Nigeria');
    expect(fits.fits).toBe(true);
    await page.screenshot({ path: `${SHOTS}/${shotName(page)}.png`, fullPage: true });
    expect(problems.get(page)).toEqual([]);
    await context.close();
  });

  it('the previous-signals table shows its Status column at 1280 px, long outcomes and late notes included', async () => {
    const silver = await createMember(e2e.server.context.db, { tier: 'silver' });
    await issueSignal(
      e2e.server,
      { asset: 'EUR/USD (OTC)', signalType: 'sell', confidence: 71, entryPrice: 1.08, slotsAgo: 0 },
      1,
    );
    for (const [slotsAgo, sequence] of [
      [2, 2],
      [4, 3],
    ] as const) {
      await issueSignal(
        e2e.server,
        {
          asset: 'EUR/USD (OTC)',
          signalType: 'buy',
          confidence: 64,
          entryPrice: 1.08,
          slotsAgo,
          issuedLateSeconds: 37,
        },
        sequence,
      );
    }
    const { context, page } = await open('/dashboard/signals', 1280, 800, silver);
    const table = page.getByTestId('previous-signals');
    await table.waitFor(FIRST_PAINT);
    const status = table.getByRole('columnheader', { name: 'Status' });
    const within = await status.evaluate((th) => {
      const wrap = th.closest('section') as HTMLElement;
      return (
        th.getBoundingClientRect().right <= wrap.getBoundingClientRect().right + 1 &&
        wrap.scrollWidth <= wrap.clientWidth
      );
    });
    expect(within).toBe(true);
    await page.screenshot({ path: `${SHOTS}/${shotName(page)}.png`, fullPage: true });
    expect(problems.get(page)).toEqual([]);
    await context.close();
  });
});
