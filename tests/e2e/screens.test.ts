import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedMember, createMember } from '../../server/test/helpers/factories.js';
import { issueSignal, signInBrowser } from './dashboard.helpers.js';
import { type E2E, startE2E } from './harness.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Whether focus is inside the element with this id. */
const focusIn = (page: Page, id: string) =>
  page.evaluate((target) => Boolean(document.getElementById(target)?.contains(document.activeElement)), id);

/** Waits until focus is on the page's h1 and returns its text. */
/**
 * Waits until focus rests on the page heading that reads `text`. The URL changes before the new page has
 * rendered (its code may still be loading), while the old page's heading still holds focus, so a
 * heading being focused says nothing until it is the new one.
 */
async function expectFocusedHeading(page: Page, text: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        document.activeElement?.tagName === 'H1' ? (document.activeElement.textContent?.trim() ?? '') : '(no heading)',
      ),
    )
    .toBe(text);
}

// Screens that fit and that a keyboard can use: the phone menu as a modal, focus after navigation, the
// signal room reachable by keyboard, the sidebar on laptop screens, the phone header, admins at full
// access, locked pages that say what is missing, and titles that follow the page.
describe('screens: fit and keyboard', () => {
  let e2e: E2E;
  let guest: CreatedMember;
  let silver: CreatedMember;
  let gold: CreatedMember;
  let admin: CreatedMember;

  beforeAll(async () => {
    e2e = await startE2E();
    const db = e2e.server.context.db;
    guest = await createMember(db, { tier: 'guest', fullName: 'Grace Guest' });
    silver = await createMember(db, { tier: 'silver', fullName: 'Sam Silver' });
    gold = await createMember(db, { tier: 'gold', fullName: 'Gary Gold' });
    admin = await createMember(db, { tier: 'guest', role: 'admin', fullName: 'Ada Admin' });
    await issueSignal(
      e2e.server,
      { asset: 'EUR/JPY', signalType: 'buy', confidence: 66, entryPrice: 162.345, slotsAgo: 0 },
      1,
    );
  });
  afterAll(async () => {
    await e2e?.close();
  });

  async function open(member: CreatedMember | null, path: string, size = DESKTOP) {
    const opened = await e2e.newPage(size);
    if (member) await signInBrowser(opened.context, member);
    await opened.page.goto(e2e.url(path));
    await opened.page.locator('h1').first().waitFor();
    return opened;
  }

  it('makes the phone menu a modal: focus moves in and stays, the page is inert, one Close control, Escape returns to the toggle', async () => {
    const { page } = await open(guest, '/dashboard', PHONE);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Close menu');

    // Everything behind the menu is inert; focus walks only through the menu, both ways.
    expect(
      await page.evaluate(() => (document.getElementById('dashboard-main')!.parentElement as HTMLElement).inert),
    ).toBe(true);
    expect(await page.evaluate(() => (document.querySelector('a[href="#dashboard-main"]') as HTMLElement).inert)).toBe(
      true,
    );
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusIn(page, 'dashboard-sidebar'), `after Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusIn(page, 'dashboard-sidebar'), `after Shift+Tab ${i + 1}`).toBe(true);
    }

    // One control closes the menu: nothing else named 'Close menu' can be reached.
    const closers = await page.evaluate(
      () =>
        [...document.querySelectorAll('button, a, [role="button"]')].filter(
          (el) => !el.closest('[inert]') && /close menu/i.test(el.getAttribute('aria-label') ?? el.textContent ?? ''),
        ).length,
    );
    expect(closers).toBe(1);

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(
      await page.evaluate(() => (document.getElementById('dashboard-main')!.parentElement as HTMLElement).inert),
    ).toBe(false);

    // The Close menu button also gives focus back to the toggle.
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Close menu');
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
  });

  it("moves focus to the new page's heading after following a menu link, on a phone and on a desktop", async () => {
    const phone = await open(guest, '/dashboard', PHONE);
    await phone.page.getByRole('button', { name: 'Open menu' }).click();
    const menu = phone.page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: /Upgrade Portal/ }).focus();
    await phone.page.keyboard.press('Enter');
    await phone.page.waitForURL('**/dashboard/upgrade');
    await expectFocusedHeading(phone.page, 'Upgrade Portal');
    await menu.waitFor({ state: 'hidden' });

    const desktop = await open(gold, '/dashboard', DESKTOP);
    await desktop.page.getByTestId('nav-support').focus();
    await desktop.page.keyboard.press('Enter');
    await desktop.page.waitForURL('**/dashboard/support');
    await expectFocusedHeading(desktop.page, 'Support Hub');
    expect(await desktop.page.evaluate(() => document.activeElement?.closest('main')?.id)).toBe('dashboard-main');
  });

  it("moves focus to the Command Center's heading after logging in", async () => {
    const member = await createMember(e2e.server.context.db, { tier: 'guest', fullName: 'Lena Login' });
    const { page } = await open(null, '/login', PHONE);
    await page.getByLabel('Email address').fill(member.user.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');
    await expectFocusedHeading(page, 'Welcome, Lena');
  });

  for (const size of [PHONE, DESKTOP]) {
    it(`lets a keyboard reach the gold signal room's main area at ${size.width} px`, async () => {
      const { page } = await open(gold, '/dashboard/signals', size);
      await page.getByTestId('current-signal').waitFor();
      let reached = '';
      for (let i = 0; i < 60 && !reached; i += 1) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => {
          const active = document.activeElement;
          const inMain = active?.closest('[data-testid=signal-room-main]');
          return inMain ? (active?.getAttribute('data-testid') ?? active?.tagName ?? 'element') : '';
        });
      }
      expect(reached).toBe('current-signal');
      // The card is announced by its asset.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby'))).toBe(
        'current-signal-title',
      );
    });
  }

  for (const size of [
    { width: 1280, height: 800 },
    { width: 1366, height: 768 },
  ]) {
    it(`shows every sidebar item and the footer at ${size.width}×${size.height}, the sidebar as tall as the window`, async () => {
      for (const member of [guest, admin]) {
        const { page } = await open(member, '/dashboard', size);
        // Every item, Settings and Support Hub included, shows whole and uncovered by the footer, as it
        // would after scrolling the list (which scrolls on its own when a window is shorter still).
        for (const feature of ['command-center', 'settings', 'support']) {
          const item = page.getByTestId(`nav-${feature}`);
          await item.scrollIntoViewIfNeeded();
          const visible = await item.evaluate((el) => {
            const r = el.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return r.top >= 0 && r.bottom <= window.innerHeight && Boolean(hit && el.contains(hit));
          });
          expect(visible, `${feature} for ${member.user.fullName}`).toBe(true);
        }
        const nav = await page.getByRole('navigation', { name: 'Dashboard' }).evaluate((el) => ({
          scrollable: getComputedStyle(el).overflowY === 'auto',
          // At these sizes the whole list fits: nothing is left below the fold of the list.
          hidden: el.scrollHeight - el.clientHeight,
        }));
        expect(nav.scrollable).toBe(true);
        expect(nav.hidden).toBeLessThanOrEqual(1);
        const signOut = page.getByRole('button', { name: 'Sign Out' });
        expect(
          await signOut.evaluate((el) => {
            const r = el.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return r.bottom <= window.innerHeight && Boolean(hit && el.contains(hit));
          }),
        ).toBe(true);
        // Scrolled to the end of a long page, the sidebar still fills the window from top to bottom.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const box = await page
          .locator('#dashboard-sidebar')
          .evaluate((el) => ({ top: el.getBoundingClientRect().top, bottom: el.getBoundingClientRect().bottom }));
        expect(Math.abs(box.top)).toBeLessThan(1);
        expect(Math.abs(box.bottom - size.height)).toBeLessThan(1);
      }
    });
  }

  it('keeps the phone header on one row for an admin, says ADMIN and puts the rest in the menu', async () => {
    const { page } = await open(admin, '/dashboard', PHONE);
    const header = page.getByRole('banner');
    const rows = await header.evaluate((el) => {
      const boxes = [...el.children].map((child) => child.getBoundingClientRect());
      const first = boxes[0] as DOMRect;
      return {
        height: el.getBoundingClientRect().height,
        sameRow: boxes.every((b) => b.top < first.bottom && b.bottom > first.top),
        fits: boxes.every((b) => b.right <= window.innerWidth),
      };
    });
    expect(rows.sameRow).toBe(true);
    expect(rows.fits).toBe(true);
    expect(rows.height).toBeLessThan(80);
    expect(await header.getByTestId('tier-badge').innerText()).toBe('ADMIN');
    expect(await header.innerText()).not.toMatch(/TRIAL|Trial|Welcome back|Offer countdown/);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    const menuText = await menu.innerText();
    expect(menuText).toContain('Welcome back, Ada Admin');
    expect(await menu.getByRole('link', { name: 'Admin', exact: true }).getAttribute('href')).toBe('/dashboard/admin');
    expect(await menu.getByRole('link', { name: 'Activations' }).getAttribute('href')).toBe(
      '/dashboard/admin/activations',
    );
    expect(await menu.getByRole('link', { name: 'Offer countdown' }).getAttribute('href')).toBe(
      '/dashboard/admin/offer',
    );
    expect(await menu.getByRole('link', { name: 'Support inbox', exact: true }).getAttribute('href')).toBe(
      '/dashboard/admin/support',
    );
    // The feed badge lives in the menu on phones: the simulated market is named as such, never 'live'.
    expect(await menu.getByTestId('feed-badge').innerText()).toBe('SIMULATED MARKET');
    expect(await page.getByTestId('sidebar-tier').innerText()).toBe('ADMIN · full access');
    expect(await page.locator('body').innerText()).not.toMatch(/Trial Member|TRIAL|Trial ends|MODEL ACTIVE/);
  });

  it("keeps a trial member's phone header on one row; the menu holds the trial countdown and the feed badge", async () => {
    const { page } = await open(guest, '/dashboard', PHONE);
    const header = page.getByRole('banner');
    const sameRow = await header.evaluate((el) => {
      const boxes = [...el.children].map((child) => child.getBoundingClientRect());
      const first = boxes[0] as DOMRect;
      return boxes.every((b) => b.top < first.bottom && b.bottom > first.top && b.right <= window.innerWidth);
    });
    expect(sameRow).toBe(true);
    expect(await header.getByTestId('tier-badge').innerText()).toBe('TRIAL');
    expect(await header.getByTestId('trial-countdown').count()).toBe(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    expect(await menu.getByTestId('trial-countdown').innerText()).toMatch(
      /Trial ends in\s*2[0-3]:\d\d:\d\d[\s\S]*delayed signals/,
    );
    // It fits the menu, what ends at zero included.
    const fits = await menu.evaluate((el) => {
      const countdown = el.querySelector('[data-testid=trial-countdown]')?.getBoundingClientRect();
      return Boolean(countdown && countdown.right <= el.getBoundingClientRect().right);
    });
    expect(fits).toBe(true);
    expect(await menu.getByTestId('feed-badge').innerText()).toBe('SIMULATED MARKET');
    expect(await page.getByTestId('nav-signals').innerText()).toContain('Trial: delayed signals');

    // On a desktop the same items sit in the header itself.
    const wide = await open(guest, '/dashboard', DESKTOP);
    const wideHeader = wide.page.getByRole('banner');
    await wideHeader.getByTestId('feed-badge').waitFor();
    expect(await wideHeader.getByTestId('trial-countdown').innerText()).toContain('delayed signals');
  });

  it('gives an admin whose own tier is guest every member page at full access', async () => {
    const { page } = await open(admin, '/dashboard', DESKTOP);
    await page.getByTestId('elite-view').waitFor();
    expect(await page.getByTestId('tier-badge').innerText()).toBe('ADMIN');
    expect(await page.locator('#dashboard-sidebar [role="tooltip"]').count()).toBe(0);
    expect(await page.locator('[data-testid=trial-countdown]').count()).toBe(0);
    await page.getByTestId('nav-signals').click();
    await page.getByTestId('current-signal').waitFor();
    expect(await page.getByTestId('current-signal').innerText()).toContain('EUR/JPY');
    await page.goto(e2e.url('/dashboard/gold-room'));
    await page.getByTestId('gold-room').waitFor();
    await page.goto(e2e.url('/dashboard/platinum-stream'));
    await page.getByTestId('platinum-stream').waitFor();
  });

  it('says what a locked page is missing: the gold tier for a silver member, activation for a guest', async () => {
    const silverPage = (await open(silver, '/dashboard/gold-room', DESKTOP)).page;
    const locked = silverPage.getByTestId('locked-feature-page');
    await locked.waitFor();
    expect(await locked.getAttribute('data-lock-reason')).toBe('tier');
    const silverText = await locked.innerText();
    expect(silverText).toContain('The Gold Room is for Gold members');
    expect(silverText).not.toMatch(/Activate/);
    expect(await locked.getByRole('link', { name: 'Upgrade to Gold' }).getAttribute('href')).toBe('/dashboard/upgrade');
    // The signal room is open to silver.
    await silverPage.goto(e2e.url('/dashboard/signals'));
    await silverPage.getByTestId('signal-room').waitFor();

    const guestPage = (await open(guest, '/dashboard/gold-room', DESKTOP)).page;
    const guestLocked = guestPage.getByTestId('locked-feature-page');
    await guestLocked.waitFor();
    expect(await guestLocked.getAttribute('data-lock-reason')).toBe('activation');
    expect(await guestLocked.innerText()).toContain('Activate your account with a Gold deposit ($500+) to unlock it.');
    expect(await guestLocked.getByRole('link', { name: 'Activate Elite Access' }).getAttribute('href')).toBe(
      '/dashboard/account-setup',
    );
  });

  it("titles the header and the browser tab after the page, the signal room's included", async () => {
    const { page } = await open(gold, '/dashboard', DESKTOP);
    const title = page.getByTestId('header-title');
    expect(await title.innerText()).toBe('Command Center');
    expect(await page.title()).toBe('Command Center · Signalroom');
    await page.getByTestId('nav-signals').click();
    await page.waitForURL('**/dashboard/signals');
    await page.waitForFunction(() => document.title === 'Elite Signal Room · Signalroom');
    expect(await title.innerText()).toBe('Elite Signal Room');
    await page.getByTestId('nav-upgrade').click();
    await page.waitForFunction(() => document.title === 'Upgrade Portal · Signalroom');
    expect(await title.innerText()).toBe('Upgrade Portal');
    await page.goto(e2e.url('/login'));
    await page.waitForFunction(() => document.title === 'Log in · Signalroom');
  });
});
