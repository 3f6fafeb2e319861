/**
 * `npm run screenshots`: starts the real server on the BUILT web app (run `npm run build` first) with a
 * test SMTP server, drives Chromium through every screen and saves full-page PNGs at phone (390 px) and
 * desktop (1280 px) width into screenshots/ (gitignored), for design review. A first argument keeps only
 * the shots whose name starts with it (`npm run screenshots -- admin-`).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { STORAGE_KEYS } from '@signalroom/shared';
import {
  appendUnrecordedSignals,
  closePaperTrades,
  openPaperTrades,
  presentSignal,
  saveBotSettings,
  silentLogger,
} from '@signalroom/shared-node';
import { SimulatedMarket, startPriceTicker } from '@signalroom/worker';
import type { Page } from 'playwright-core';
import { uploadProof, validProof } from '../server/test/activation/activation-helpers.js';
import { createMember } from '../server/test/helpers/factories.js';
import { insertSignal, type SignalRowSeed, slotStartAgo } from '../server/test/helpers/signal-rows.js';
import { startE2E } from '../tests/e2e/harness.js';
import { adminConsoleShots, seedApplications } from './screenshots-admin-console.js';

const OUT = 'screenshots';
const WIDTHS: readonly number[] = [390, 1280];
/** `npm run screenshots -- admin-`: only the shots whose name starts with the given text. */
const ONLY = process.argv[2] ?? '';

interface Shot {
  name: string;
  path: string;
  /** Runs after load, before the picture (fill a form, click through steps). */
  prepare?: (page: Page) => Promise<void>;
  /** Session to store first. */
  as?: 'guest' | 'trialEnded' | 'silver' | 'gold' | 'admin' | 'pending' | 'rejected' | 'timed';
  /** Only at these widths (a screen that exists on phones only, like the open menu; 360 px for some). */
  widths?: readonly number[];
  /** Runs before the page opens (hold or fail a call to picture the loading and error states). */
  intercept?: (page: Page) => Promise<void>;
  /** The page asks for something that is not there on purpose (a missing member): its 404 is the picture. */
  notFound?: true;
}

/** What the browser logs for a call a shot fails on purpose (or a 404 it pictures): not an error of the app. */
const FAILED_ON_PURPOSE = /^console\.error: Failed to load resource: the server responded with a status of (404|500)/;

async function main() {
  mkdirSync(OUT, { recursive: true });
  const e2e = await startE2E();
  const db = e2e.server.context.db;
  const sessions = {
    guest: await createMember(db, { fullName: 'Grace Guest' }),
    trialEnded: await createMember(db, { fullName: 'Eddie Ended', trialEndsAt: new Date(Date.now() - 60_000) }),
    silver: await createMember(db, { tier: 'silver', fullName: 'Sam Silver' }),
    gold: await createMember(db, { tier: 'gold', fullName: 'Gary Gold' }),
    // An admin's own tier does not matter: admins see every member page at full access.
    admin: await createMember(db, { role: 'admin', tier: 'guest', fullName: 'Ada Admin' }),
    pending: await createMember(db, { fullName: 'Paula Pending' }),
    rejected: await createMember(db, { fullName: 'Rafael Rejected' }),
    timed: await createMember(db, { tier: 'silver', fullName: 'Tina Timed' }),
  };
  // A timed tier (pro for a week over silver) for the header's "Pro until …", the member page and the audit log.
  await e2e.server.api('PATCH', `/api/admin/users/${sessions.timed.user.id}/access`, {
    token: sessions.admin.token,
    body: {
      tier: 'pro',
      dashboardUnlocked: true,
      hasDeposited: true,
      expiresAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString(),
      reason: 'Pro for the week of the live classes',
    },
  });
  // Proofs of deposit for the activation screens: one under review, one rejected with a reason.
  await uploadProof(
    e2e.server,
    sessions.pending.token,
    validProof({ brokerAccount: 'BRK-20931', depositAmount: '650', accessPath: 'auto' }),
  );
  const rejected = await uploadProof<{ activation: { proof: { id: string } } }>(
    e2e.server,
    sessions.rejected.token,
    validProof({ brokerAccount: 'BRK-77410', depositAmount: '120' }),
  );
  await e2e.server.api('POST', `/api/admin/activations/${rejected.body.data?.activation.proof.id}/reject`, {
    token: sessions.admin.token,
    body: { reason: 'The screenshot does not show the deposit amount. Please upload the full confirmation.' },
  });
  const queued = await createMember(db, { fullName: 'Quentin Queue' });
  await uploadProof(e2e.server, queued.token, validProof({ brokerAccount: 'BRK-55102', depositAmount: '45' }));
  // A support ticket with an answer, for the Support Hub's thread and the admin inbox.
  const ticket = await e2e.server.api<{ id: string }>('POST', '/api/support/tickets', {
    token: sessions.gold.token,
    body: {
      category: 'deposit-issues',
      priority: 'high',
      subject: 'My deposit is not showing',
      message: 'I funded the broker account this morning and my tier has not changed yet.',
    },
  });
  const ticketId = ticket.body.data?.id ?? '';
  await e2e.server.api('POST', `/api/admin/support/tickets/${ticketId}/messages`, {
    token: sessions.admin.token,
    body: { message: 'Thanks, we can see the deposit. Please upload the confirmation in Account Setup.' },
  });
  await e2e.server.api('POST', '/api/support/tickets', {
    token: sessions.silver.token,
    body: {
      category: 'signals',
      priority: 'medium',
      subject: 'Signal timing',
      message: 'When does the next signal arrive?',
    },
  });
  // The vault with some progress, and the network with posts, a like and a report.
  const vault = await e2e.server.api<{ courses: { id: string }[] }>('GET', '/api/mentorship', {
    token: sessions.gold.token,
  });
  const firstCourse = await e2e.server.api<{ lessons: { id: string }[] }>(
    'GET',
    `/api/mentorship/courses/${vault.body.data?.courses[0]?.id}`,
    { token: sessions.gold.token },
  );
  for (const lesson of firstCourse.body.data?.lessons.slice(0, 2) ?? []) {
    await e2e.server.api('PUT', `/api/mentorship/lessons/${lesson.id}/completion`, {
      token: sessions.gold.token,
      body: { completed: true },
    });
  }
  const firstPost = await e2e.server.api<{ id: string }>('POST', '/api/community/posts', {
    token: sessions.silver.token,
    body: {
      body: 'Closed the week green by sticking to 2% per signal. My journal template: https://example.com/journal',
    },
  });
  await e2e.server.api('POST', '/api/community/posts', {
    token: sessions.gold.token,
    body: { body: 'Anyone joining the Risk Clinic this week? Bring your sizing questions.' },
  });
  await e2e.server.api('PUT', `/api/community/posts/${firstPost.body.data?.id}/like`, {
    token: sessions.gold.token,
    body: { liked: true },
  });
  await e2e.server.api('POST', `/api/community/posts/${firstPost.body.data?.id}/reports`, {
    token: sessions.gold.token,
    body: { reason: 'Sample report for the moderation list' },
  });
  // A reset link and an outbox entry for the reset-form and outbox screens.
  await e2e.server.api('POST', '/api/auth/forgot-password', { body: { email: sessions.guest.user.email } });
  const mail = await e2e.server.smtp.waitFor((m) => m.to.includes(sessions.guest.user.email), 10_000);
  const token = /reset-password\?token=([^\s"'<>)\]]+)/.exec(mail.text)?.[1] ?? '';
  const pendingEmail = 'pending@example.com';
  await e2e.server.api('POST', '/api/auth/register', {
    body: {
      fullName: 'Pending Person',
      email: pendingEmail,
      phone: '801 234 5678',
      country: 'Nigeria',
      password: 'Pending1Pass',
    },
  });

  // A short history so the rooms show results at their levels and both win rates: three resolved
  // signals (first window, recovered at L2, lost after L3) and one in its window now. The gold member's
  // bot runs (Aggressive, $100) and follows each, so the bot page shows real paper trades.
  await saveBotSettings(
    db,
    sessions.gold.user.id,
    { riskLevel: 'aggressive', maxTradesPerDay: 15, tradeSize: 100, active: true },
    new Date(),
  );
  const now = new Date();
  const feed = await e2e.server.context.market.feed();
  let daySequence = 0;
  const followed = async (seed: SignalRowSeed & { result?: NonNullable<SignalRowSeed['result']> }) => {
    const { result, activeLevel, ...open } = seed;
    daySequence += 1;
    const inserted = await insertSignal(db, { ...open, timeZone: e2e.server.config.TIME_ZONE, daySequence });
    // At the feed's own prices, so each signal's chart shows its entry and exit among its candles.
    const row = await db
      .updateTable('signals')
      .set({ entry_price: await feed.priceAt(inserted.asset, new Date(inserted.created_at)) })
      .where('id', '=', inserted.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await openPaperTrades(db, row.id, new Date(row.created_at));
    if (!result) return row;
    const resolvedAt = new Date(new Date(row.expires_at).getTime() + (activeLevel ?? 0) * 300_000);
    await db
      .updateTable('signals')
      .set({ status: result.status, outcome: result.outcome, resolved_level: result.resolvedLevel })
      .set({
        active_level: activeLevel ?? 0,
        resolved_at: resolvedAt,
        exit_price: await feed.priceAt(row.asset, resolvedAt),
        updated_at: resolvedAt,
      })
      .where('id', '=', row.id)
      .execute();
    await closePaperTrades(db, row.id, resolvedAt);
    return row;
  };
  await followed({
    slotStart: slotStartAgo(now, 30),
    asset: 'GBP/USD',
    activeLevel: 3,
    result: { status: 'expired', outcome: 'loss', resolvedLevel: null },
  });
  await followed({
    slotStart: slotStartAgo(now, 20),
    asset: 'XAU/USD',
    signalType: 'sell',
    activeLevel: 2,
    result: { status: 'closed', outcome: 'profit', resolvedLevel: 2 },
  });
  await followed({
    slotStart: slotStartAgo(now, 10),
    asset: 'EUR/USD (OTC)',
    result: { status: 'closed', outcome: 'profit', resolvedLevel: 0 },
  });
  // One slot holds one engine signal: the current one is written once.
  const current = await followed({ slotStart: slotStartAgo(now, 0), asset: 'USD/JPY', confidence: 64 });
  // The worker's price ticker on the server's bus, for the platinum stream's live chart.
  const prices = startPriceTicker({ feed: new SimulatedMarket(), bus: e2e.server.context.bus, logger: silentLogger });
  // Rows written straight into the table join the track record as an operator's repair appends them.
  await appendUnrecordedSignals(db, new Date());
  // Issued as the engine does, so it is delivered by e-mail and the admins' delivery screen lists it.
  await e2e.server.context.bus.publish({ type: 'signal:new', signal: presentSignal(current) });

  const shots: Shot[] = [
    { name: 'landing', path: '/' },
    { name: 'signup-1-intro', path: '/signup' },
    {
      name: 'signup-2-form',
      path: '/signup',
      prepare: async (p) => {
        await p.getByRole('button', { name: 'Start Application' }).click();
        await p.getByLabel('Full name').fill('Al');
        await p.getByLabel('Email address').fill('al@example');
        await p.getByLabel('Password', { exact: true }).fill('abcdefG');
        await p.getByLabel('Phone number').fill('123');
        await p.getByLabel('Country').selectOption('Ghana');
        await p.getByRole('button', { name: 'Create Account' }).click();
      },
    },
    {
      name: 'signup-3-check-email',
      path: '/signup',
      prepare: async (p) => {
        await p.evaluate((v) => sessionStorage.setItem('signalroom.pendingConfirmationEmail', v), pendingEmail);
        await p.reload();
        await p.getByLabel('Confirmation code').fill('ABC123');
      },
    },
    { name: 'login', path: '/login' },
    { name: 'setup-link-not-valid', path: '/setup?token=spent' },
    {
      name: 'login-error',
      path: '/login',
      prepare: async (p) => {
        await p.getByRole('button', { name: 'Log In' }).click();
      },
    },
    { name: 'forgot-password', path: '/forgot-password' },
    {
      name: 'forgot-password-sent',
      path: '/forgot-password',
      prepare: async (p) => {
        await p.getByLabel('Email address').fill('someone@example.com');
        await p.getByRole('button', { name: 'Send Reset Link' }).click();
        await p.getByRole('button', { name: 'Try again' }).waitFor();
      },
    },
    { name: 'reset-password-invalid', path: '/reset-password?token=expired' },
    { name: 'reset-password-form', path: `/reset-password?token=${token}` },
    { name: 'bot-access', path: '/bot-access' },
    {
      name: 'bot-access-errors',
      path: '/bot-access',
      prepare: async (p) => {
        await p.locator('[data-question="7"]').getByLabel('Yes').check();
        await p.locator('[data-question="10"]').getByLabel('Yes').check();
        await p.getByRole('button', { name: 'Submit Form & Get AI Access' }).click();
      },
    },
    { name: 'bot-access-success', path: '/bot-access/success' },
    { name: 'dev-outbox', path: '/dev/outbox' },
    { name: 'unsubscribe-invalid', path: '/unsubscribe?token=x' },
    { name: 'not-found', path: '/no-such-page' },
    {
      name: 'track-record',
      path: '/track-record',
      prepare: async (p) => {
        await p.getByTestId('record-status').waitFor();
      },
    },
    { name: 'dashboard-guest', path: '/dashboard', as: 'guest' },
    { name: 'dashboard-gold', path: '/dashboard', as: 'gold' },
    { name: 'dashboard-signals-trial', path: '/dashboard/signals', as: 'guest' },
    { name: 'dashboard-signals-trial-ended', path: '/dashboard/signals', as: 'trialEnded' },
    {
      name: 'dashboard-signals-gold',
      path: '/dashboard/signals',
      as: 'gold',
      prepare: async (p) => {
        await p.locator('[data-testid="current-signal-chart"][data-history="feed"]').waitFor();
      },
    },
    {
      name: 'dashboard-signals-chart-dialog',
      path: '/dashboard/signals',
      as: 'gold',
      prepare: async (p) => {
        await p.getByTestId('open-signal-chart').first().click();
        await p.locator('[data-testid="signal-chart"][data-history="feed"]').waitFor();
      },
    },
    { name: 'dashboard-upgrade', path: '/dashboard/upgrade', as: 'guest' },
    { name: 'dashboard-account-setup', path: '/dashboard/account-setup', as: 'guest' },
    { name: 'dashboard-account-setup-3-upload', path: '/dashboard/account-setup?step=3', as: 'guest' },
    {
      name: 'dashboard-account-setup-3-errors',
      path: '/dashboard/account-setup?step=3',
      as: 'guest',
      prepare: async (p) => {
        await p.getByTestId('proof-form').getByRole('button', { name: 'Submit Proof' }).click();
      },
    },
    { name: 'dashboard-account-setup-3-pending', path: '/dashboard/account-setup?step=3', as: 'pending' },
    { name: 'dashboard-account-setup-3-rejected', path: '/dashboard/account-setup?step=3', as: 'rejected' },
    { name: 'dashboard-guest-pending', path: '/dashboard', as: 'pending' },
    { name: 'dashboard-settings', path: '/dashboard/settings', as: 'gold' },
    { name: 'dashboard-support', path: '/dashboard/support', as: 'gold' },
    { name: 'dashboard-support-thread', path: `/dashboard/support?ticket=${ticketId}`, as: 'gold' },
    { name: 'dashboard-support-empty', path: '/dashboard/support', as: 'guest' },
    {
      name: 'dashboard-admin-support',
      path: '/dashboard/admin/support',
      as: 'admin',
      prepare: async (p) => {
        await p.getByTestId('inbox-row').first().click();
        await p.getByTestId('inbox-thread').waitFor();
      },
    },
    { name: 'dashboard-admin-users', path: '/dashboard/admin/users', as: 'admin' },
    {
      name: 'dashboard-admin-deliveries',
      path: '/dashboard/admin/deliveries',
      as: 'admin',
      prepare: async (p) => {
        await p.getByTestId('delivery-row').first().click();
        await p.getByTestId('delivery-detail').waitFor();
      },
    },
    { name: 'dashboard-admin-activations', path: '/dashboard/admin/activations', as: 'admin' },
    {
      name: 'dashboard-admin-activations-reject',
      path: '/dashboard/admin/activations',
      as: 'admin',
      prepare: async (p) => {
        await p.getByRole('button', { name: 'Reject...' }).first().click();
        await p.getByRole('button', { name: 'Open image' }).first().click();
      },
    },
    {
      name: 'dashboard-admin-activations-rejected',
      path: '/dashboard/admin/activations',
      as: 'admin',
      prepare: async (p) => {
        await p.getByRole('button', { name: 'Rejected' }).click();
        await p.getByTestId('admin-activations').locator('article').first().waitFor();
      },
    },
    { name: 'dashboard-admin-offer', path: '/dashboard/admin/offer', as: 'admin' },
    { name: 'dashboard-admin-settings', path: '/dashboard/admin/settings', as: 'admin' },
    { name: 'dashboard-admin-audit', path: '/dashboard/admin/audit', as: 'admin' },
    { name: 'dashboard-admin-audit-empty', path: '/dashboard/admin/audit?to=2020-01-01', as: 'admin' },
    { name: 'dashboard-admin-member', path: `/dashboard/admin/users/${sessions.timed.user.id}`, as: 'admin' },
    {
      name: 'dashboard-admin-member-not-found',
      path: '/dashboard/admin/users/00000000-0000-4000-8000-000000000000',
      as: 'admin',
      notFound: true,
    },
    { name: 'dashboard-timed-tier', path: '/dashboard', as: 'timed' },
    { name: 'dashboard-gold-room', path: '/dashboard/gold-room', as: 'gold' },
    { name: 'dashboard-mentorship', path: '/dashboard/mentorship', as: 'gold' },
    {
      name: 'dashboard-mentorship-lesson',
      path: '/dashboard/mentorship',
      as: 'gold',
      prepare: async (p) => {
        await p
          .getByRole('button', { name: /^Continue / })
          .first()
          .click();
        await p.getByTestId('lesson-complete').waitFor();
      },
    },
    { name: 'dashboard-mentorship-locked', path: '/dashboard/mentorship', as: 'guest' },
    { name: 'dashboard-community', path: '/dashboard/community', as: 'silver' },
    { name: 'dashboard-community-admin', path: '/dashboard/community', as: 'admin' },
    { name: 'dashboard-community-locked', path: '/dashboard/community', as: 'guest' },
    { name: 'dashboard-copy-trading', path: '/dashboard/copy-trading', as: 'gold' },
    { name: 'dashboard-copy-trading-preview', path: '/dashboard/copy-trading', as: 'guest' },
    { name: 'dashboard-admin-home', path: '/dashboard', as: 'admin' },
    { name: 'dashboard-gold-room-silver', path: '/dashboard/gold-room', as: 'silver' },
    { name: 'dashboard-gold-room-guest', path: '/dashboard/gold-room', as: 'guest' },
    {
      name: 'dashboard-bot-gold',
      path: '/dashboard/bot-access',
      as: 'gold',
      prepare: async (p) => {
        await p.getByTestId('closed-trades').locator('tbody tr').first().waitFor();
      },
    },
    { name: 'dashboard-bot-silver', path: '/dashboard/bot-access', as: 'silver' },
    {
      name: 'dashboard-platinum-stream',
      path: '/dashboard/platinum-stream',
      as: 'gold',
      prepare: async (p) => {
        await p
          .getByTestId('stream-status')
          .getByText(/^Live: .* at /)
          .waitFor({ timeout: 10_000 });
        // A few seconds of prices, so the line has a shape.
        await p.waitForTimeout(4000);
      },
    },
    {
      name: 'dashboard-menu-open',
      path: '/dashboard',
      as: 'admin',
      widths: [390],
      prepare: async (p) => {
        await p.getByRole('button', { name: 'Open menu' }).click();
        await p.getByRole('dialog', { name: 'Menu' }).waitFor();
      },
    },
    {
      name: 'dashboard-menu-open-trial',
      path: '/dashboard/signals',
      as: 'guest',
      widths: [390],
      prepare: async (p) => {
        await p.getByRole('button', { name: 'Open menu' }).click();
        await p.getByRole('dialog', { name: 'Menu' }).waitFor();
      },
    },
  ];

  await seedApplications(e2e.server, sessions.admin.token);
  shots.push(...adminConsoleShots());

  let failures = 0;
  const widths = [...new Set([...WIDTHS, ...shots.flatMap((shot) => shot.widths ?? [])])].sort((a, b) => a - b);
  for (const width of widths) {
    for (const shot of shots) {
      if (!(shot.widths ?? WIDTHS).includes(width) || !shot.name.startsWith(ONLY)) continue;
      const { context, page } = await e2e.newPage({
        width,
        height: width < 600 ? 844 : 900,
        allowConsole: shot.intercept || shot.notFound ? [FAILED_ON_PURPOSE] : [],
      });
      try {
        if (shot.as) {
          const s = sessions[shot.as];
          await page.goto(e2e.url('/no-such-page'));
          await page.evaluate(
            ({ keys, token, user }) => {
              localStorage.setItem(keys.token, token);
              localStorage.setItem(keys.user, JSON.stringify(user));
            },
            { keys: STORAGE_KEYS, token: s.token, user: s.user },
          );
        }
        if (shot.intercept) await shot.intercept(page);
        await page.goto(e2e.url(shot.path));
        // Pages poll (countdown) so the network never idles: wait for the page's heading instead.
        await page
          .locator('h1')
          .first()
          .waitFor({ timeout: 8000 })
          .catch((error: Error) => console.warn(`${shot.name}: no h1 within 8 s, shooting anyway (${error.message})`));
        if (shot.prepare) await shot.prepare(page);
        await page.waitForTimeout(600);
        const file = join(OUT, `${shot.name}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(`saved ${file}`);
      } catch (error) {
        failures += 1;
        console.error(`failed ${shot.name} at ${width}px: ${(error as Error).message.split('\n')[0]}`);
      } finally {
        await context.close();
      }
    }
  }
  prices.stop();
  await e2e.close();
  if (failures) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
