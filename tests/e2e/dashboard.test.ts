import { STORAGE_KEYS } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../server/test/helpers/factories.js';
import { expectNothingWithin, pollUntil } from '../../server/test/helpers/wait-for.js';
import { issueSignal, signInBrowser } from './dashboard.helpers.js';
import { type E2E, refusedRequest, startE2E } from './harness.js';

/** The signal room's list read, which the 2 s polling repeats. */
const POLL_PATH = '/api/signals?limit=10&sortOrder=desc';

describe('dashboard in a real browser', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('sends a device without a stored user to sign-up, and a revoked token to login', async () => {
    const { page } = await e2e.newPage();
    await page.goto(e2e.url('/dashboard'));
    await page.waitForURL('**/signup');

    const member = await createMember(e2e.server.context.db, { tier: 'silver' });
    await e2e.server.api('POST', '/api/auth/logout', { token: member.token });
    // The revoked token is answered 401 (logged by Chromium): the page's cue to go to login.
    e2e.allowConsole(refusedRequest(401, '/api/*'));
    const second = await e2e.newPage();
    await signInBrowser(second.context, member);
    await second.page.goto(e2e.url('/dashboard'));
    await second.page.waitForURL('**/login');
    expect(await second.page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.token)).toBeNull();
  });

  it('shows a guest the activation view, the trial countdown and what it gives, locks and the Upgrade Portal', async () => {
    const guest = await createMember(e2e.server.context.db, { tier: 'guest', fullName: 'Grace Guestly' });
    const { context, page } = await e2e.newPage();
    await signInBrowser(context, guest);
    await page.goto(e2e.url('/dashboard'));

    const view = page.getByTestId('activation-view');
    await view.waitFor();
    const text = await view.innerText();
    expect(text).toContain('Welcome, Grace');
    // In the trial the feed is the delayed view, and the access code is the member's real one.
    for (const label of ['Account activation pending', 'Delayed view (trial)', 'Trial Member']) {
      expect(text).toContain(label);
    }
    expect(text).not.toContain('ERR:001');
    expect(await page.getByTestId('admission-code-card').innerText()).toContain(guest.user.admissionCode);
    expect(text).toMatch(/Silver Node[\s\S]*\$20\+[\s\S]*10 signals \/ day/);
    expect(text).toMatch(/Pro Node[\s\S]*\$100\+[\s\S]*50 signals \/ day/);
    expect(text).toMatch(/Gold Node[\s\S]*\$500\+[\s\S]*Unlimited signals/);
    expect(await page.getByRole('link', { name: 'Start Activation' }).getAttribute('href')).toBe(
      '/dashboard/account-setup',
    );
    expect(await page.getByRole('link', { name: 'Submit Proof' }).getAttribute('href')).toBe(
      '/dashboard/account-setup?step=3',
    );

    // The member's own server-side trial deadline (24 h after confirmation), counting down.
    const trial = page.getByTestId('trial-countdown');
    const first = await trial.innerText();
    expect(first).toMatch(/Trial ends in\s*2[0-3]:\d\d:\d\d/);
    expect(first).toContain('delayed signals');
    // It counts: the text changes within a couple of seconds.
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid=trial-countdown]')?.textContent !== before,
      await trial.textContent(),
      { timeout: 3000 },
    );
    expect(await trial.innerText()).not.toBe(first);
    expect(await page.getByTestId('tier-badge').innerText()).toBe('TRIAL');
    const footer = await page.getByTestId('sidebar-footer').innerText();
    expect(footer).toContain('Trial Member');
    expect(footer).toContain(guest.user.admissionCode);

    // The trial opens Neural Signals (delayed); the other guest items are locked: greyed, described as
    // 'Upgrade to unlock this feature', and lead to the Upgrade Portal.
    const signalsItem = page.getByTestId('nav-signals');
    expect(await signalsItem.getAttribute('class')).not.toContain('is-locked');
    expect(await signalsItem.innerText()).toContain('Trial: delayed signals');
    const copyItem = page.getByTestId('nav-copy-trading');
    const tipId = await copyItem.getAttribute('aria-describedby');
    expect(await page.locator(`#${tipId}`).innerText()).toBe('Upgrade to unlock this feature');
    for (const feature of ['copy-trading', 'bot-access', 'mentorship', 'community']) {
      expect(await page.getByTestId(`nav-${feature}`).getAttribute('class')).toContain('is-locked');
    }
    expect(await page.getByTestId('nav-support').getAttribute('class')).not.toContain('is-locked');
    await copyItem.click();
    await page.waitForURL('**/dashboard/upgrade');

    // Upgrade availability for a guest: all three tiers; choosing shows Processing, then opens account setup.
    const upgrade = page.getByTestId('upgrade-page');
    await upgrade.waitFor();
    for (const tier of ['Silver', 'Pro', 'Gold']) {
      expect(await page.getByRole('button', { name: `Choose ${tier} Node` }).isEnabled()).toBe(true);
    }
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Choose Gold Node' }).click();
    expect(await page.getByTestId('upgrade-gold').getByRole('button').innerText()).toBe('Processing');
    const opened = await popup;
    await opened.waitForURL('**/dashboard/account-setup');
    expect(await upgrade.innerText()).toContain('not subscription fees');

    // The Gold Room is a locked preview with the two actions (the signal room's trial view and its locked
    // preview after the trial are in trial.test.ts).
    await page.goto(e2e.url('/dashboard/gold-room'));
    await page.getByTestId('locked-feature-page').waitFor();
    expect(await page.getByRole('link', { name: 'Activate Elite Access' }).getAttribute('href')).toBe(
      '/dashboard/account-setup',
    );
    expect(await page.getByRole('link', { name: 'Contact Elite Support' }).getAttribute('href')).toBe(
      '/dashboard/support',
    );
    expect(await page.locator('body').innerText()).not.toContain('15,000+');
  });

  it('shows a gold member the live signal room and pushes a new signal without reload; a revocation empties it at once', async () => {
    const server = e2e.server;
    // Past the trial, so the revocation below leaves nothing (within it the member would keep the delayed view).
    const gold = await createMember(server.context.db, {
      tier: 'gold',
      fullName: 'Goldie Member',
      trialEndsAt: new Date(Date.now() - 60_000),
    });
    const admin = await createMember(server.context.db, { tier: 'guest', role: 'admin' });
    const { context, page } = await e2e.newPage({ width: 390, height: 844 });
    await signInBrowser(context, gold);
    await page.goto(e2e.url('/dashboard/signals'));
    await page.getByTestId('signal-room').waitFor();
    await page.getByTestId('signals-empty').waitFor();
    expect(await page.getByTestId('signals-empty').innerText()).toContain('Initializing Signal Stream...');
    expect(await page.getByTestId('simulated-notice').isVisible()).toBe(true);
    await page.waitForFunction(() => document.querySelector('[data-testid=transport]')?.textContent === 'Live');

    const firstSignal = await issueSignal(
      server,
      { asset: 'GBP/USD', signalType: 'sell', confidence: 61.4, entryPrice: 1.26543, slotsAgo: 1, stopLoss: 1.2671 },
      1,
    );
    const card = page.getByTestId('current-signal');
    await card.waitFor();
    let cardText = await card.innerText();
    expect(cardText).toContain('GBP/USD');
    expect(cardText).toContain('PUT');
    expect(cardText).toContain('SELL');
    expect(cardText).toContain('61%');
    expect(cardText).toContain('5 MIN ACTIVE');
    expect(cardText).toContain('1.26710');
    expect(cardText).toMatch(/Level 3/);
    expect(cardText).toContain('Trading is risky. Only trade with funds you can afford to lose.');
    expect(cardText).not.toContain('Issued late');

    // A second signal is pushed: the card changes in place, the first moves to the previous list.
    const url = page.url();
    await issueSignal(
      server,
      {
        asset: 'USD/JPY',
        signalType: 'buy',
        confidence: 72.2,
        entryPrice: 151.234,
        slotsAgo: 0,
        issuedLateSeconds: 42,
      },
      2,
    );
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=current-signal]')?.textContent?.includes('USD/JPY'),
    );
    cardText = await card.innerText();
    expect(cardText).toContain('CALL');
    expect(cardText).toContain('BUY');
    // Written after the database came back: the card says so, with the seconds.
    expect(await page.getByTestId('issued-late').innerText()).toMatch(/, 42 s after its slot$/);
    expect(page.url()).toBe(url);
    const previous = await page.getByTestId('previous-signals').innerText();
    expect(previous).toContain(firstSignal.asset);

    // The admin revokes access: the member's socket gets account:update and the room locks at once.
    const revoke = await server.api('PATCH', `/api/admin/users/${gold.user.id}/access`, {
      token: admin.token,
      body: { tier: 'guest', dashboardUnlocked: false, hasDeposited: false },
    });
    expect(revoke.status).toBe(200);
    await page.getByTestId('locked-feature-page').waitFor({ timeout: 5000 });
    expect(await page.locator('body').innerText()).not.toContain('USD/JPY');
  });

  it("shows a silver member real usage against the day's limit and a locked teaser past it", async () => {
    const server = e2e.server;
    const silver = await createMember(server.context.db, { tier: 'silver', fullName: 'Silvia Member' });
    const { context, page } = await e2e.newPage();
    await signInBrowser(context, silver);
    await page.goto(e2e.url('/dashboard'));
    await page.getByTestId('active-view').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid=tier-badge]')?.textContent === 'SILVER');
    expect(await page.getByTestId('sidebar-footer').innerText()).toContain('SILVER Elite');
    expect(await page.locator('[data-testid=trial-countdown]').count()).toBe(0);
    // Wait for the live connection before issuing, so the pushes are what the page shows.
    await page.waitForFunction(() => !document.body.textContent?.includes('Loading signals...'));

    await issueSignal(
      server,
      { asset: 'AUD/USD', signalType: 'buy', confidence: 58, entryPrice: 0.65432, slotsAgo: 4 },
      10,
    );
    await issueSignal(
      server,
      // The newest in the list (a slot ahead of the signals earlier tests issued now), its window open.
      { asset: 'XAU/USD', signalType: 'sell', confidence: 66, entryPrice: 2345.5, slotsAgo: -1 },
      11,
    );
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=usage-today]')?.textContent?.includes('10 / 10'),
    );
    // The 11th arrives as its own push, a moment after the 10th: wait for it rather than race it.
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=active-view]')?.textContent?.includes('11 signals issued today'),
    );
    expect(await page.getByTestId('usage-today').innerText()).toContain('10 / 10');
    const latest = await page.getByTestId('latest-signals').innerText();
    expect(latest).toContain('AUD/USD');
    // The 11th signal of the day reaches the silver room only as a teaser: its asset never arrives.
    expect(await page.locator('body').innerText()).not.toContain('XAU/USD');

    await page.getByTestId('active-view').getByRole('link', { name: 'Open signal room' }).click();
    const teasers = page.getByTestId('locked-teasers');
    await teasers.waitFor();
    expect(await teasers.innerText()).toContain('Signal #11 today');
    expect(await teasers.innerText()).toContain('first 10 signals');
    // Its window is open: the room says a signal is active, locked, rather than that none is.
    expect(await page.getByTestId('locked-current-signal').innerText()).toContain('Signal #11 today is active now');
    expect(await page.getByTestId('no-current-signal').count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toContain('XAU/USD');
  });

  it('falls back to polling every 2 s while the socket is down and returns to push when it is back', async () => {
    const server = e2e.server;
    const pro = await createMember(server.context.db, { tier: 'pro', fullName: 'Polly Pro' });
    const { context, page } = await e2e.newPage();
    await signInBrowser(context, pro);
    let socketDown = true;
    // The WebSocket to the server is refused while socketDown; HTTP (REST polling) still works.
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      if (socketDown) ws.close();
      else ws.connectToServer();
    });
    let polls = 0;
    page.on('request', (request) => {
      if (request.url().includes(POLL_PATH)) polls += 1;
    });
    await page.goto(e2e.url('/dashboard/signals'));
    await page.waitForFunction(
      () => document.querySelector('[data-testid=transport]')?.textContent === 'Polling every 2 s',
    );

    // A signal written while the socket is down reaches the room through the REST poll.
    await issueSignal(
      server,
      { asset: 'USD/CAD', signalType: 'buy', confidence: 57, entryPrice: 1.36012, slotsAgo: 6 },
      20,
    );
    await page.waitForFunction(() => document.body.textContent?.includes('USD/CAD'), undefined, { timeout: 6000 });
    // The next two polls come about two seconds apart.
    const before = polls;
    await pollUntil(() => polls - before >= 2, { timeoutMs: 8000, message: 'two more REST polls' });
    // Timed by the page's own clock (resource timing): the test process hears of each request late.
    const starts = await page.evaluate(
      (path) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes(path))
          .map((entry) => entry.startTime),
      POLL_PATH,
    );
    const gap = starts.at(-1)! - starts.at(-2)!;
    expect(gap).toBeGreaterThanOrEqual(1500);
    expect(gap).toBeLessThanOrEqual(3000);

    // The socket comes back: push takes over and polling stops.
    socketDown = false;
    await page.waitForFunction(
      () => document.querySelector('[data-testid=transport]')?.textContent === 'Live',
      undefined,
      {
        timeout: 15_000,
      },
    );
    const atPush = polls;
    // Longer than one 2 s polling interval.
    await expectNothingWithin(2500, 'a REST poll after push took over', () => polls !== atPush);
    expect(polls).toBe(atPush);
  });

  it('unlocks a waiting guest live when an admin grants gold, with the signals issued so far', async () => {
    const server = e2e.server;
    // Past the trial: nothing of any signal reaches the page until the grant.
    const guest = await createMember(server.context.db, {
      tier: 'guest',
      fullName: 'Wendy Waiting',
      trialEndsAt: new Date(Date.now() - 60_000),
    });
    const admin = await createMember(server.context.db, { tier: 'guest', role: 'admin' });
    await issueSignal(
      server,
      { asset: 'EUR/USD (OTC)', signalType: 'buy', confidence: 63, entryPrice: 1.08421, slotsAgo: 8 },
      30,
    );
    const { context, page } = await e2e.newPage();
    await signInBrowser(context, guest);
    await page.goto(e2e.url('/dashboard/signals'));
    await page.getByTestId('locked-feature-page').waitFor();
    // Nothing of the signal reaches a guest's page.
    await expectNothingWithin(500, "the signal's asset on a guest's page", async () =>
      (await page.locator('body').innerText()).includes('EUR/USD (OTC)'),
    );

    const grant = await server.api('PATCH', `/api/admin/users/${guest.user.id}/access`, {
      token: admin.token,
      body: { tier: 'gold', dashboardUnlocked: true, hasDeposited: true },
    });
    expect(grant.status).toBe(200);
    await page.getByTestId('signal-room').waitFor({ timeout: 5000 });
    await page.waitForFunction(() => document.body.textContent?.includes('EUR/USD (OTC)'), undefined, {
      timeout: 5000,
    });
    expect(await page.getByTestId('tier-badge').innerText()).toBe('GOLD');
    expect(await page.locator('[data-testid=trial-countdown]').count()).toBe(0);
  });

  it('sends a polling member to login when the session ends elsewhere', async () => {
    const server = e2e.server;
    const member = await createMember(server.context.db, { tier: 'pro', fullName: 'Ended Elsewhere' });
    const { context, page } = await e2e.newPage();
    await signInBrowser(context, member);
    await page.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
    await page.goto(e2e.url('/dashboard/signals'));
    await page.waitForFunction(
      () => document.querySelector('[data-testid=transport]')?.textContent === 'Polling every 2 s',
    );
    // The ended session's next polls are answered 401 (logged by Chromium): the page's cue to go to login.
    e2e.allowConsole(refusedRequest(401, '/api/*'));
    const out = await server.api('POST', '/api/auth/logout', { token: member.token });
    expect(out.status).toBe(200);
    await page.waitForURL('**/login', { timeout: 6000 });
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.token)).toBeNull();
  });
});
