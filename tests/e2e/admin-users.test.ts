import { Messages, type TUser } from '@signalroom/shared';
import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedMember, createMember } from '../../server/test/helpers/factories.js';
import { expectNothingWithin } from '../../server/test/helpers/wait-for.js';
import { signInBrowser } from './dashboard.helpers.js';
import { type E2E, refusedRequest, startE2E } from './harness.js';

const ADMIN_PATH = '/dashboard/admin/users';
/** The first paint of the dashboard (session check, lazy chunks) gets more time on a busy 2-core machine. */
const FIRST_PAINT = { timeout: 30_000 } as const;

/** Every request the page makes to the admin API, with the moment the test saw it. */
function recordAdminCalls(page: Page): Array<{ url: URL; method: string; at: number }> {
  const calls: Array<{ url: URL; method: string; at: number }> = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/admin/')) calls.push({ url, method: request.method(), at: Date.now() });
  });
  return calls;
}

const searches = (calls: ReturnType<typeof recordAdminCalls>) =>
  calls.filter((c) => c.url.pathname === '/api/admin/users/search');

function row(page: Page, member: CreatedMember): Locator {
  return page.getByTestId(`admin-user-${member.user.id}`);
}

async function cellTexts(r: Locator) {
  return {
    tier: (await r.getByTestId('cell-tier').innerText()).trim(),
    dashboard: (await r.getByTestId('cell-dashboard').innerText()).trim(),
    deposited: (await r.getByTestId('cell-deposited').innerText()).trim(),
  };
}

describe('Admin Users screen in a real browser', () => {
  let e2e: E2E;
  let admin: CreatedMember;
  let ada: CreatedMember;
  let bob: CreatedMember;
  let cleo: CreatedMember;
  const tag = Date.now().toString(36);

  beforeAll(async () => {
    e2e = await startE2E();
    const db = e2e.server.context.db;
    admin = await createMember(db, { role: 'admin', tier: 'guest', fullName: 'Avery Admin' });
    ada = await createMember(db, { tier: 'guest', fullName: `Ada Lovelace ${tag}` });
    bob = await createMember(db, { tier: 'silver', fullName: `Bob Builder ${tag}` });
    cleo = await createMember(db, { tier: 'gold', fullName: `Cleo Goldwyn ${tag}` });
  });
  afterAll(async () => {
    await e2e?.close();
  });
  // Each page keeps a live socket and polls; close them after each test so they do not pile up.
  const opened: BrowserContext[] = [];
  afterEach(async () => {
    for (const context of opened.splice(0)) {
      // Best-effort teardown: a context the test already closed (or a crashed page) must not fail the next.
      await context.close().catch((error: Error) => console.warn(`context close failed: ${error.message}`));
    }
  });

  async function newPage(width = 1280) {
    const result = await e2e.newPage({ width, height: 900 });
    opened.push(result.context);
    return result;
  }

  async function openAsAdmin(width = 1280) {
    const { context, page } = await newPage(width);
    await signInBrowser(context, admin);
    const calls = recordAdminCalls(page);
    await page.goto(e2e.url(ADMIN_PATH));
    await page.getByTestId('admin-users').waitFor(FIRST_PAINT);
    return { context, page, calls };
  }

  async function userCount(): Promise<number> {
    const { n } = await e2e.server.context.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  it('lists every member; the debounced search narrows it, says when nothing matches, and blank text sends nothing', async () => {
    const { page, calls } = await openAsAdmin();
    for (const m of [admin, ada, bob, cleo]) await row(page, m).waitFor(FIRST_PAINT);
    const total = await userCount();
    expect(await page.getByTestId('admin-showing').innerText()).toBe(`Showing 1 to ${total} of ${total}`);
    // One page only: no page indicator, no page buttons.
    expect(await page.getByTestId('admin-page-indicator').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Next page' }).count()).toBe(0);
    expect(await row(page, bob).innerText()).toContain(bob.user.email);
    expect(await row(page, bob).innerText()).toContain(bob.user.admissionCode);
    expect(calls.filter((c) => c.url.pathname === '/api/admin/users')[0]?.url.searchParams.get('limit')).toBe('50');

    // Typing sends one request, 500 ms after the last key.
    const search = page.getByLabel('Search users');
    // The last key's time is read in the page: the test process hears of it a round trip later, more on
    // a loaded machine, which would shorten the measured wait.
    await page.evaluate(() =>
      document.addEventListener('input', () => Object.assign(window, { lastInputAt: Date.now() }), true),
    );
    await search.pressSequentially('lovelace', { delay: 40 });
    const lastKeyAt = await page.evaluate(() => (window as unknown as { lastInputAt: number }).lastInputAt);
    expect(searches(calls)).toHaveLength(0);
    await row(page, bob).waitFor({ state: 'detached' });
    expect(searches(calls)).toHaveLength(1);
    const sent = searches(calls)[0];
    expect(sent?.url.searchParams.get('query')).toBe('lovelace');
    expect(sent?.url.searchParams.get('limit')).toBe('50');
    expect(sent!.at - lastKeyAt).toBeGreaterThanOrEqual(400);
    expect(await row(page, ada).isVisible()).toBe(true);
    expect(await page.locator('tbody tr').count()).toBe(1);
    // The search list has no pager.
    expect(await page.getByTestId('admin-pager').count()).toBe(0);

    await search.fill(`nobody-${tag}-zz`);
    await page.getByTestId('admin-empty').waitFor();
    expect(await page.getByTestId('admin-empty').innerText()).toBe(Messages.admin.noUsersMatching);
    expect(searches(calls)).toHaveLength(2);

    // Whitespace only: results cleared, the full list is back, and no request is made.
    await search.fill('   ');
    await row(page, cleo).waitFor();
    // Past the 500 ms debounce, nothing goes out.
    await expectNothingWithin(900, 'a search request for blank input', () => searches(calls).length !== 2);
    expect(searches(calls)).toHaveLength(2);
    expect(await page.getByTestId('admin-empty').count()).toBe(0);
    expect(await page.locator('tbody tr').count()).toBe(total);
    await search.fill('');
    await expectNothingWithin(700, 'a search request for empty input', () => searches(calls).length !== 2);
    expect(searches(calls)).toHaveLength(2);

    // Search matches the access code too, case-insensitively.
    await search.fill(bob.user.admissionCode.toLowerCase());
    await row(page, bob).waitFor();
    await row(page, ada).waitFor({ state: 'detached' });
    expect(await page.locator('tbody tr').count()).toBe(1);
  });

  it('Grant Gold and Revoke update the row, the database and the buttons; both are disabled while the update runs', async () => {
    const { page } = await openAsAdmin();
    const r = row(page, ada);
    await r.waitFor(FIRST_PAINT);
    const grant = r.getByRole('button', { name: 'Grant Gold' });
    const revoke = r.getByRole('button', { name: 'Revoke' });
    expect(await cellTexts(r)).toEqual({ tier: 'GUEST', dashboard: 'Locked', deposited: 'Not deposited' });
    expect(await grant.isEnabled()).toBe(true);
    expect(await revoke.isDisabled()).toBe(true);
    // A gold, unlocked member cannot be granted again.
    expect(await row(page, cleo).getByRole('button', { name: 'Grant Gold' }).isDisabled()).toBe(true);
    expect(await row(page, cleo).getByRole('button', { name: 'Revoke' }).isEnabled()).toBe(true);

    // Hold the real request for a moment so the in-flight state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const patched: unknown[] = [];
    await page.route('**/api/admin/users/*/access', async (route) => {
      patched.push(route.request().postDataJSON());
      await held;
      await route.continue();
    });
    // Grant Gold asks first, naming the member; accepted, it goes out.
    const granting: string[] = [];
    page.once('dialog', (dialog) => {
      granting.push(dialog.message());
      void dialog.accept();
    });
    await grant.click();
    await expect.poll(() => patched.length).toBe(1);
    expect(granting[0]).toContain(`Grant ${ada.user.fullName} Gold?`);
    expect(await grant.isDisabled()).toBe(true);
    expect(await revoke.isDisabled()).toBe(true);
    expect(await r.getAttribute('aria-busy')).toBe('true');
    // Other members stay usable.
    expect(await row(page, bob).getByRole('button', { name: 'Grant Gold' }).isEnabled()).toBe(true);
    release();

    await expect.poll(() => cellTexts(r)).toEqual({ tier: 'GOLD', dashboard: 'Unlocked', deposited: 'Deposited' });
    expect(patched[0]).toEqual({ tier: 'gold', dashboardUnlocked: true, hasDeposited: true });
    expect(await grant.isDisabled()).toBe(true);
    expect(await revoke.isEnabled()).toBe(true);
    let stored = await e2e.server.context.db
      .selectFrom('users')
      .select(['tier', 'dashboard_unlocked', 'has_deposited'])
      .where('id', '=', ada.user.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ tier: 'gold', dashboard_unlocked: true, has_deposited: true });
    expect(await page.getByTestId('admin-notice').innerText()).toContain('tier GOLD, dashboard unlocked');

    // Revoke asks first: declining changes nothing; then revoke with the keyboard, confirming.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await revoke.click();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toContain(`Revoke ${ada.user.fullName}`);
    expect(patched).toHaveLength(1);
    expect(await cellTexts(r)).toEqual({ tier: 'GOLD', dashboard: 'Unlocked', deposited: 'Deposited' });
    page.once('dialog', (dialog) => void dialog.accept());
    await revoke.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => cellTexts(r)).toEqual({ tier: 'GUEST', dashboard: 'Locked', deposited: 'Not deposited' });
    expect(patched[1]).toEqual({ tier: 'guest', dashboardUnlocked: false, hasDeposited: false });
    expect(await revoke.isDisabled()).toBe(true);
    expect(await grant.isEnabled()).toBe(true);
    stored = await e2e.server.context.db
      .selectFrom('users')
      .select(['tier', 'dashboard_unlocked', 'has_deposited'])
      .where('id', '=', ada.user.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ tier: 'guest', dashboard_unlocked: false, has_deposited: false });

    // A change made from the search results is merged into the paged list too (no reload).
    const search = page.getByLabel('Search users');
    await search.fill(bob.user.email);
    await row(page, cleo).waitFor({ state: 'detached' });
    page.once('dialog', (dialog) => void dialog.accept());
    await row(page, bob).getByRole('button', { name: 'Grant Gold' }).click();
    await expect
      .poll(() => cellTexts(row(page, bob)))
      .toEqual({ tier: 'GOLD', dashboard: 'Unlocked', deposited: 'Deposited' });
    await search.fill('');
    await row(page, cleo).waitFor();
    expect(await cellTexts(row(page, bob))).toEqual({ tier: 'GOLD', dashboard: 'Unlocked', deposited: 'Deposited' });
  });

  it('shows a failed update in the alert region', async () => {
    const doomed = await createMember(e2e.server.context.db, { tier: 'silver', fullName: `Dora Deleted ${tag}` });
    const { page } = await openAsAdmin();
    await row(page, doomed).waitFor(FIRST_PAINT);
    // The member disappears after the list was loaded: the server answers 404 to the update.
    // Chromium logs that 404; the page shows it in the alert region.
    e2e.allowConsole(refusedRequest(404, '/api/admin/users/*'));
    await e2e.server.context.db.deleteFrom('users').where('id', '=', doomed.user.id).execute();
    page.once('dialog', (dialog) => void dialog.accept());
    await row(page, doomed).getByRole('button', { name: 'Revoke' }).click();
    const alert = page.getByRole('alert').filter({ hasText: /\S/ });
    await alert.waitFor();
    const text = (await alert.innerText()).trim();
    expect(text.length).toBeGreaterThan(0);
    const direct = await e2e.server.api('PATCH', `/api/admin/users/${doomed.user.id}/access`, {
      token: admin.token,
      body: { tier: 'guest', dashboardUnlocked: false, hasDeposited: false },
    });
    expect(direct.status).toBe(404);
    expect(text).toBe(direct.body.message);
    // The row is unchanged and usable again.
    expect(await cellTexts(row(page, doomed))).toEqual({
      tier: 'SILVER',
      dashboard: 'Unlocked',
      deposited: 'Deposited',
    });
    expect(await row(page, doomed).getByRole('button', { name: 'Revoke' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => page.getByTestId('admin-alert').innerText()).toBe('');
  });

  it('shows an unreachable server in the alert region and loads the list on Try again', async () => {
    const { context, page } = await newPage();
    await signInBrowser(context, admin);
    // The connection drops for the list call only (the session check still reaches the server).
    // Chromium logs the dropped call; the page shows it in the alert region.
    e2e.allowConsole(
      /^console\.error: Failed to load resource: net::ERR_CONNECTION_RESET \(.*\/api\/admin\/users\?[^)]*\)$/,
    );
    await page.route('**/api/admin/users?*', (route) => route.abort('connectionreset'));
    await page.goto(e2e.url(ADMIN_PATH));
    await page.getByTestId('admin-list-error').waitFor(FIRST_PAINT);
    expect(await page.getByTestId('admin-alert').innerText()).toContain('could not be reached');
    await page.unroute('**/api/admin/users?*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await row(page, ada).waitFor();
    expect(await page.getByTestId('admin-list-error').count()).toBe(0);
    expect(await page.getByTestId('admin-alert').innerText()).toBe('');
  });

  it('issues a one-time dashboard code, shown once with a copy button, that unlocks the member', async () => {
    const waiting = await createMember(e2e.server.context.db, { tier: 'guest', fullName: `Wendy Waiting ${tag}` });
    const { context, page } = await openAsAdmin();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
    await row(page, waiting).getByRole('button', { name: 'Issue code' }).click();
    const dialog = page.getByTestId('issue-code-dialog');
    await dialog.waitFor();
    await dialog.getByLabel('Tier the code grants').selectOption('silver');
    await dialog.getByRole('button', { name: 'Issue code' }).click();
    const codeEl = dialog.getByTestId('issued-code');
    await codeEl.waitFor();
    const code = (await codeEl.innerText()).trim();
    expect(code.length).toBeGreaterThanOrEqual(6);
    await dialog.getByRole('button', { name: 'Copy code' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    // Closing drops the code: opening the dialog again shows the form, not the code.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await row(page, waiting).getByRole('button', { name: 'Issue code' }).click();
    await dialog.getByRole('button', { name: 'Issue code' }).waitFor();
    expect(await page.getByTestId('issued-code').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    const used = await e2e.server.api<{ dashboardUnlocked: boolean; user: TUser }>(
      'POST',
      '/api/auth/validate-dashboard-code',
      { token: waiting.token, body: { dashboardCode: code } },
    );
    expect(used.status).toBe(200);
    expect(used.body.data?.dashboardUnlocked).toBe(true);
    expect(used.body.data?.user.tier).toBe('silver');
    const again = await e2e.server.api('POST', '/api/auth/validate-dashboard-code', {
      token: waiting.token,
      body: { dashboardCode: code },
    });
    expect(again.status).toBe(400);
  });

  it("shows a member 'Admins only' on every admin screen, from one check, and calls no admin API", async () => {
    const member = await createMember(e2e.server.context.db, { tier: 'gold', fullName: `Mia Member ${tag}` });
    const { context, page } = await newPage();
    await signInBrowser(context, member);
    const calls = recordAdminCalls(page);
    const screens = [
      '',
      '/users',
      `/users/${member.user.id}`,
      '/audit',
      '/applications',
      '/content',
      '/offer',
      '/activations',
      '/support',
      '/deliveries',
    ];
    for (const screen of screens) {
      await page.goto(e2e.url(`/dashboard/admin${screen}`));
      await page.getByTestId('admin-forbidden').waitFor(FIRST_PAINT);
      expect(await page.getByRole('heading', { level: 1 }).innerText(), screen).toBe('Admins only');
    }
    expect(calls).toHaveLength(0);
  });

  it('gives a member no access, even with a stored user edited to say admin', async () => {
    const member = await createMember(e2e.server.context.db, { tier: 'gold', fullName: `Gus Gold ${tag}` });
    const { context, page } = await newPage();
    await signInBrowser(context, member);
    const calls = recordAdminCalls(page);
    await page.goto(e2e.url(ADMIN_PATH));
    await page.getByTestId('admin-forbidden').waitFor(FIRST_PAINT);
    expect(await page.getByTestId('admin-forbidden').innerText()).toContain(Messages.common.forbidden);
    expect(
      await page
        .getByRole('banner')
        .getByRole('link', { name: /^(Admin|Activations|Offer countdown)$/ })
        .count(),
    ).toBe(0);
    expect(await page.getByTestId('admin-users').count()).toBe(0);

    const tampered = await newPage();
    await signInBrowser(tampered.context, { ...member, user: { ...member.user, role: 'admin' } });
    const tamperedCalls = recordAdminCalls(tampered.page);
    await tampered.page.goto(e2e.url(ADMIN_PATH));
    await tampered.page.getByTestId('admin-forbidden').waitFor(FIRST_PAINT);
    await expectNothingWithin(300, 'an admin API call from a member', () => calls.length + tamperedCalls.length > 0);
    expect(calls).toHaveLength(0);
    expect(tamperedCalls).toHaveLength(0);

    // The server refuses the calls themselves.
    const listed = await e2e.server.api('GET', '/api/admin/users?page=1&limit=50', { token: member.token });
    expect(listed.status).toBe(403);
    const granted = await e2e.server.api('PATCH', `/api/admin/users/${member.user.id}/access`, {
      token: member.token,
      body: { tier: 'gold', dashboardUnlocked: true, hasDeposited: true },
    });
    expect(granted.status).toBe(403);

    // The admin reaches the page from the header link (the console's overview), then its Admin Users link.
    const adminView = await newPage();
    await signInBrowser(adminView.context, admin);
    await adminView.page.goto(e2e.url('/dashboard'));
    await adminView.page.getByRole('link', { name: 'Admin', exact: true }).click(FIRST_PAINT);
    await adminView.page.waitForURL('**/dashboard/admin');
    await adminView.page
      .getByRole('navigation', { name: 'Admin console' })
      .getByRole('link', { name: 'Admin Users' })
      .click(FIRST_PAINT);
    await adminView.page.waitForURL(`**${ADMIN_PATH}`);
    await adminView.page.getByTestId('admin-users').waitFor(FIRST_PAINT);
  });

  it('pages through more than 50 members with the pager, and fits a phone screen', async () => {
    const db = e2e.server.context.db;
    for (let i = 0; i < 55; i++) await createMember(db, { fullName: `Paged Member ${i} ${tag}` });
    const total = await userCount();
    expect(total).toBeGreaterThan(50);
    const pages = Math.ceil(total / 50);
    const { page, calls } = await openAsAdmin(390);
    await page.getByTestId('admin-pager').waitFor(FIRST_PAINT);
    expect(await page.getByTestId('admin-showing').innerText()).toBe(`Showing 1 to 50 of ${total}`);
    expect(await page.getByTestId('admin-page-indicator').innerText()).toBe(`Page 1 of ${pages}`);
    expect(await page.locator('tbody tr').count()).toBe(50);
    expect(await page.getByRole('button', { name: 'First page' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('button', { name: /^Page \d+$/ }).count()).toBe(Math.min(3, pages));

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => page.getByTestId('admin-page-indicator').innerText()).toBe(`Page 2 of ${pages}`);
    expect(await page.getByTestId('admin-showing').innerText()).toBe(
      `Showing 51 to ${Math.min(100, total)} of ${total}`,
    );
    expect(await page.locator('tbody tr').count()).toBe(Math.min(50, total - 50));
    const pageCalls = calls.filter((c) => c.url.pathname === '/api/admin/users');
    expect(pageCalls.at(-1)?.url.searchParams.get('page')).toBe('2');
    await page.getByRole('button', { name: 'First page' }).click();
    await expect.poll(() => page.getByTestId('admin-page-indicator').innerText()).toBe(`Page 1 of ${pages}`);

    // Phone width: rows are cards and nothing overflows sideways.
    const display = await page
      .locator('tbody tr')
      .first()
      .evaluate((el) => getComputedStyle(el).display);
    expect(display).toBe('block');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('grants pro for a short window from the member page: the member sees "Pro until …", then their own tier back', async () => {
    const dana = await createMember(e2e.server.context.db, { tier: 'silver', fullName: `Dana Window ${tag}` });
    // The member's own screen, open throughout.
    const memberView = await newPage();
    await signInBrowser(memberView.context, dana);
    await memberView.page.goto(e2e.url('/dashboard'));
    const badge = memberView.page.getByTestId('tier-badge');
    await badge.waitFor(FIRST_PAINT);
    expect(await badge.innerText()).toBe('SILVER');

    // The admin reaches the member's page from the list by keyboard.
    const { page } = await openAsAdmin();
    const link = row(page, dana).getByTestId('member-link');
    await link.waitFor(FIRST_PAINT);
    await link.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('admin-member').waitFor(FIRST_PAINT);
    expect(await page.getByTestId('profile-e-mail').innerText()).toBe(dana.user.email);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    const form = page.getByTestId('access-form');
    await form.getByLabel('Tier').selectOption('pro');
    // Long enough for both screens to show the window, short enough to watch it end.
    const until = new Date(Date.now() + 12_000);
    // The field takes the browser's local time: written in the browser's zone, not this process's.
    const local = await page.evaluate((ms) => {
      const at = new Date(ms);
      return new Date(ms - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
    }, until.getTime());
    await form.getByLabel('Until (optional)').fill(local);
    await form.getByLabel('Reason (optional, kept in the audit log)').fill('Pro for the live class');
    await form.getByRole('button', { name: 'Apply access' }).click();
    await expect.poll(() => page.getByTestId('tier-history').innerText()).toContain('Silver → Pro');
    expect(await page.getByTestId('tier-until').innerText()).toMatch(/^Pro until /);

    // The member's header says it at once (pushed over the socket), then their own tier returns.
    const untilText = memberView.page.getByTestId('tier-until');
    await untilText.waitFor({ timeout: 5000 });
    expect(await untilText.innerText()).toMatch(/^Pro until .+/);
    expect(await badge.innerText()).toBe('PRO');
    await untilText.waitFor({ state: 'detached', timeout: 25_000 });
    expect(await badge.innerText()).toBe('SILVER');

    // The admin's audit screen has the change, with its reason, filtered to this member.
    await page.goto(e2e.url(`/dashboard/admin/audit?target=${dana.user.id}`));
    await page.getByTestId('admin-audit').waitFor(FIRST_PAINT);
    const rows = page.getByTestId('audit-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).getAttribute('data-action')).toBe('member.tier-expiry');
    expect(await rows.nth(1).innerText()).toContain('Pro for the live class');
  });

  it('the audit log and a member page fit 360 px, and the filters work from the keyboard', async () => {
    await e2e.server.api('POST', `/api/admin/users/${bob.user.id}/dashboard-code`, {
      token: admin.token,
      body: { tier: 'pro' },
    });
    const { page } = await openAsAdmin(360);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.goto(e2e.url('/dashboard/admin/audit'));
    await page.getByTestId('audit-row').first().waitFor(FIRST_PAINT);
    expect(await overflow()).toBeLessThanOrEqual(0);

    await page.getByLabel('Target', { exact: true }).focus();
    await page.keyboard.type(bob.user.email);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('target')).toBe(bob.user.email);
    const rows = page.getByTestId('audit-row');
    await expect.poll(async () => (await rows.allInnerTexts()).every((t) => t.includes(bob.user.email))).toBe(true);
    expect(await rows.count()).toBeGreaterThan(0);

    // The target links to the member's page, reachable by keyboard too.
    const link = rows.first().getByRole('link', { name: bob.user.email });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('admin-member').waitFor(FIRST_PAINT);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await page.getByTestId('member-trail').innerText()).toContain('Dashboard code issued');
  });
  it('says how many match in all when a search matches more members than it shows', async () => {
    const many = `Many${tag}`;
    for (let i = 0; i < 55; i++) await createMember(e2e.server.context.db, { fullName: `${many} Member ${i}` });
    const { page } = await openAsAdmin();
    await page.getByTestId('admin-users').waitFor(FIRST_PAINT);
    await page.getByLabel('Search users').fill(many);
    await page.getByText(`50 of 55 shown for “${many}”, refine the search.`).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(50);
    await page.getByLabel('Search users').fill(`${many} Member 7`);
    await page.getByText(`1 match for “${many} Member 7”. Clear the box to see every member.`).waitFor();
  });
});
