import { OfferWindowMessages, type TCountdown } from '@signalroom/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedMember, createMember } from '../../server/test/helpers/factories.js';
import { signInBrowser } from './dashboard.helpers.js';
import { BROWSER_TIME_ZONE, type E2E, refusedRequest, startE2E } from './harness.js';

const OFFER_PATH = '/dashboard/admin/offer';
const HOUR = 3_600_000;
/** The first paint of the dashboard (session check, lazy chunks) gets more time on a busy 2-core machine. */
const FIRST_PAINT = { timeout: 30_000 } as const;
const WARNING = 'This changes the deadline every visitor sees on the landing page and the bot-access banner.';

/** Seconds in an "hh:mm:ss" text. */
function seconds(text: string): number {
  const match = /(\d{2,}):(\d{2}):(\d{2})/.exec(text);
  if (!match) throw new Error(`No hh:mm:ss in "${text}"`);
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** A time of day as the page writes it, computed here on its own. */
function clockIn(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(new Date(iso));
}

describe('Admin Offer countdown screen in a real browser', () => {
  let e2e: E2E;
  let admin: CreatedMember;
  let member: CreatedMember;

  beforeAll(async () => {
    e2e = await startE2E();
    const db = e2e.server.context.db;
    admin = await createMember(db, { role: 'admin', tier: 'gold', fullName: 'Olive Operator' });
    member = await createMember(db, { tier: 'gold', fullName: 'Gus Gold' });
  });
  afterAll(async () => {
    await e2e?.close();
  });
  const opened: BrowserContext[] = [];
  afterEach(async () => {
    for (const context of opened.splice(0)) {
      // Best-effort teardown: a context the test already closed (or a crashed page) must not fail the next.
      await context.close().catch((error: Error) => console.warn(`context close failed: ${error.message}`));
    }
  });

  async function openAs(who: CreatedMember): Promise<{ page: Page; resets: unknown[] }> {
    const { context, page } = await e2e.newPage({ width: 1280, height: 900 });
    opened.push(context);
    await signInBrowser(context, who);
    const resets: unknown[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/countdown/reset') resets.push(request.postDataJSON());
    });
    await page.goto(e2e.url(OFFER_PATH));
    return { page, resets };
  }

  const publicCountdown = async () => {
    const { body } = await e2e.server.api<TCountdown>('GET', '/api/countdown');
    return body.data as TCountdown;
  };

  it('shows a member no page and no link, and the server refuses them the config and the reset', async () => {
    const before = (await publicCountdown()).deadline;
    const { page, resets } = await openAs(member);
    await page.getByTestId('admin-forbidden').waitFor(FIRST_PAINT);
    expect(await page.getByTestId('admin-offer').count()).toBe(0);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Offer countdown' }).count()).toBe(0);
    expect(resets).toHaveLength(0);

    expect((await e2e.server.api('GET', '/api/countdown/config', { token: member.token })).status).toBe(403);
    const reset = await e2e.server.api('POST', '/api/countdown/reset', {
      token: member.token,
      body: { durationMinutes: 60 },
    });
    expect(reset.status).toBe(403);
    expect((await publicCountdown()).deadline).toBe(before);
  });

  it('shows an admin the deadline in their own zone and UTC, and the live time left', async () => {
    const { page } = await openAs(admin);
    // The admin reaches it from the header link too.
    await page.getByRole('banner').getByRole('link', { name: 'Offer countdown' }).waitFor(FIRST_PAINT);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Offer countdown' }).getAttribute('href')).toBe(
      OFFER_PATH,
    );
    await page.getByTestId('offer-deadline-utc').waitFor(FIRST_PAINT);

    const { deadline } = await publicCountdown();
    expect(deadline).toBeTruthy();
    // The admin's own zone: none chosen, so the browser's.
    const zone = BROWSER_TIME_ZONE;
    const local = page.getByTestId('offer-deadline-local');
    expect(await local.getAttribute('datetime')).toBe(deadline);
    expect(await local.innerText()).toContain(clockIn(deadline as string, zone));
    expect(await page.getByTestId('offer-deadline-utc').innerText()).toContain(clockIn(deadline as string, 'UTC'));
    // The admin's own zone (none chosen: the browser's, Lagos here), named beside the time.
    expect(await page.locator('section[aria-labelledby="offer-current-title"]').innerText()).toContain(
      'Your time (GMT+1)',
    );

    // Live: the first window is 8 h, and the seconds move.
    const timeLeft = page.getByTestId('offer-time-left');
    await expect.poll(() => timeLeft.innerText()).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    const first = seconds(await timeLeft.innerText());
    expect(first).toBeLessThanOrEqual(8 * 3600);
    expect(first).toBeGreaterThan(8 * 3600 - 300);
    await expect.poll(() => timeLeft.innerText(), { timeout: 4000 }).not.toBe(await timeLeft.innerText());
    expect(await page.getByTestId('offer-status').innerText()).toMatch(/running/i);

    // The form starts from the 8 h window.
    expect(await page.getByLabel('Hours').inputValue()).toBe('8');
    expect(await page.getByLabel('Minutes').inputValue()).toBe('0');
  });

  it('checks the window on the page, shows the server refusal, and sends nothing without a confirm', async () => {
    const { page, resets } = await openAs(admin);
    await page.getByTestId('offer-form').waitFor(FIRST_PAINT);
    const hours = page.getByLabel('Hours');
    const minutes = page.getByLabel('Minutes');
    const submit = page.getByRole('button', { name: 'Set new deadline' });

    await hours.fill('0');
    await minutes.fill('0');
    await submit.click();
    expect(await page.getByTestId('offer-duration-error').innerText()).toBe(OfferWindowMessages.tooShort);
    await hours.fill('721');
    await submit.click();
    expect(await page.getByTestId('field-error').allInnerTexts()).toEqual([OfferWindowMessages.hours]);
    expect(await hours.getAttribute('aria-invalid')).toBe('true');
    expect(resets).toHaveLength(0);

    // Cancel at the confirm step: nothing is sent.
    await hours.fill('2');
    await submit.click();
    const confirm = page.getByTestId('offer-confirm');
    expect(await confirm.innerText()).toContain(WARNING);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(resets).toHaveLength(0);

    // A value the page allows but the server refuses (the request is changed on its way): the page shows
    // the server's own message in the alert region and beside the boxes, and the deadline stays.
    // That refusal is a 400, which Chromium logs.
    e2e.allowConsole(refusedRequest(400, '/api/countdown/reset'));
    const before = (await publicCountdown()).deadline;
    await page.route('**/api/countdown/reset', (route) =>
      route.continue({ postData: JSON.stringify({ durationMinutes: 30 * 24 * 60 + 1 }) }),
    );
    await submit.click();
    await page.getByRole('button', { name: 'Yes, set the new deadline' }).click();
    await expect.poll(() => page.getByTestId('offer-alert').innerText()).toBe(OfferWindowMessages.tooLong);
    expect(await page.getByTestId('offer-duration-error').innerText()).toBe(OfferWindowMessages.tooLong);
    expect(await page.getByTestId('offer-notice').innerText()).toBe('');
    expect((await publicCountdown()).deadline).toBe(before);
  });

  it('a reset to 1 h moves the deadline for everyone: the server, this page and the landing page', async () => {
    const { page, resets } = await openAs(admin);
    await page.getByTestId('offer-form').waitFor(FIRST_PAINT);
    await page.getByLabel('Hours').fill('1');
    await page.getByLabel('Minutes').fill('0');
    await page.getByRole('button', { name: 'Set new deadline' }).click();
    const confirm = page.getByTestId('offer-confirm');
    expect(await confirm.innerText()).toContain('Start a new 1 h offer window from now?');
    expect(await confirm.innerText()).toContain(WARNING);

    // Hold the real request so the busy state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/countdown/reset', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Yes, set the new deadline' }).click();
    const busy = page.getByRole('button', { name: 'Setting deadline...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    expect(await confirm.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    const sentAt = Date.now();
    release();

    await expect.poll(() => page.getByTestId('offer-notice').innerText()).toContain('New deadline set');
    expect(resets).toEqual([{ durationMinutes: 60 }]);
    const { deadline } = await publicCountdown();
    const deadlineMs = Date.parse(deadline as string);
    expect(deadlineMs).toBeGreaterThanOrEqual(sentAt + HOUR - 2000);
    expect(deadlineMs).toBeLessThanOrEqual(Date.now() + HOUR);
    expect(await page.getByTestId('offer-alert').innerText()).toBe('');
    // The page shows the new deadline and about an hour left.
    await expect.poll(() => page.getByTestId('offer-deadline-utc').getAttribute('datetime')).toBe(deadline);
    await expect
      .poll(async () => seconds(await page.getByTestId('offer-time-left').innerText()))
      .toBeLessThanOrEqual(3600);
    expect(seconds(await page.getByTestId('offer-time-left').innerText())).toBeGreaterThan(3600 - 30);

    // A visitor on the landing page sees about 1 h left.
    const visitor = await e2e.newPage();
    opened.push(visitor.context);
    await visitor.page.goto(e2e.url('/'));
    const hero = visitor.page.locator('#hero');
    await hero.getByRole('timer').waitFor(FIRST_PAINT);
    await visitor.page.waitForFunction(() => document.querySelector('#hero [data-unit]')?.textContent !== '--');
    const unit = (u: string) => hero.locator(`[data-unit="${u}"]`).innerText();
    const shown =
      Number(await unit('hours')) * 3600 + Number(await unit('minutes')) * 60 + Number(await unit('seconds'));
    expect(shown).toBeLessThanOrEqual(3600);
    expect(shown).toBeGreaterThan(3600 - 60);
  });
});
