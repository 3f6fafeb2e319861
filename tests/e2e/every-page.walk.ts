import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadProof, validProof } from '../../server/test/activation/activation-helpers.js';
import { type CreatedMember, createMember } from '../../server/test/helpers/factories.js';
import { collectConsole, describeFindings, runAxe } from './a11y.helpers.js';
import { issueSignal, signInBrowser } from './dashboard.helpers.js';
import { type E2E, startE2E } from './harness.js';

const PUBLIC_PAGES = [
  '/',
  '/signup',
  '/login',
  '/forgot-password',
  '/reset-password?token=x',
  '/setup?token=x',
  '/unsubscribe?token=x',
  '/bot-access',
  '/bot-access/success',
  '/track-record',
  '/strategy',
  '/verify-track-record.html',
  '/no-such-page',
];

const DASHBOARD_PAGES = [
  '/dashboard',
  '/dashboard/signals',
  '/dashboard/copy-trading',
  '/dashboard/bot-access',
  '/dashboard/mentorship',
  '/dashboard/community',
  '/dashboard/account-setup',
  '/dashboard/upgrade',
  '/dashboard/settings',
  '/dashboard/support',
  '/dashboard/gold-room',
  '/dashboard/platinum-stream',
  '/dashboard/desk',
  '/dashboard/connect',
  '/dashboard/admin',
  '/dashboard/admin/users',
  '/dashboard/admin/applications',
  '/dashboard/admin/content',
  '/dashboard/admin/activations',
  '/dashboard/admin/offer',
  '/dashboard/admin/settings',
  '/dashboard/admin/support',
  '/dashboard/admin/audit',
  // A member's detail page; the id is filled in once the members exist.
  '/dashboard/admin/users/:member',
  '/dashboard/admin/deliveries',
];

/**
 * What a member who is not an admin walks: every member page, and one admin screen, since every admin
 * screen shows such a member the same "Admins only" notice (one parent route decides it).
 */
const MEMBER_PAGES = DASHBOARD_PAGES.filter((path) => !path.startsWith('/dashboard/admin/'));

/** The pages whose wording changes once a guest's trial has ended (locked room, badge, sidebar label). */
const TRIAL_ENDED_PAGES = ['/dashboard', '/dashboard/signals', '/dashboard/gold-room'];

/** The desktop and the phone width each file walks (every-page-desktop and every-page-phone). */
export const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

type Role = 'visitor' | 'guest' | 'trialEnded' | 'gold' | 'admin';

/**
 * Waits until the page shows its content: its heading, and no loading line or spinner left (the
 * dashboard checks the session, the signal room waits for its snapshot). A page still loading after
 * this long is a failure in itself.
 */
async function waitForContent(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(
    () => {
      if (document.querySelector('[aria-busy="true"]')) return false;
      // Every spinner sits in (or is) a status that names what is pending.
      const statuses = [...document.querySelectorAll('[role="status"]')];
      return !statuses.some((s) =>
        /^\s*(Loading|Verifying|Searching|Updating)/.test(
          `${s.getAttribute('aria-label') ?? ''}${s.textContent ?? ''}`,
        ),
      );
    },
    undefined,
    { timeout: 8000 },
  );
  await settle(page);
}

/** Colours are judged at rest: fade-ins and theme transitions finish (endless ones, like a pulsing dot, never do). */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
}

type Scheme = 'dark' | 'light';

/**
 * Every public page as a visitor, every member page as a guest and a gold member (with one admin screen's
 * "Admins only"), and every dashboard page as an admin, at one width, in each theme given: no axe-core
 * violation and nothing written to the console as an error or a warning. One browser; one context per
 * role, reused across its pages. Each page is loaded once and judged in every theme: the system's setting
 * is switched under it, as the app follows it live. Each width is its own test file, so the two run side
 * by side.
 */
export function describeEveryPage(size: (typeof WIDTHS)[number], schemes: readonly Scheme[] = ['dark']): void {
  const [firstScheme = 'dark'] = schemes;
  describe(`every page at ${size.width} px in the ${schemes.join(' and ')} theme: accessibility and a clean console`, () => {
    let e2e: E2E;
    let members: Record<Exclude<Role, 'visitor'>, CreatedMember>;

    beforeAll(async () => {
      e2e = await startE2E();
      const db = e2e.server.context.db;
      members = {
        // A guest in the trial (the delayed signal room), and one whose trial has ended (the locked room).
        guest: await createMember(db, { tier: 'guest', fullName: 'Grace Guest' }),
        trialEnded: await createMember(db, {
          tier: 'guest',
          fullName: 'Eddie Ended',
          trialEndsAt: new Date(Date.now() - 60_000),
        }),
        gold: await createMember(db, { tier: 'gold', fullName: 'Gary Gold' }),
        // An admin whose own tier is guest: they must still see every page at full access.
        admin: await createMember(db, { tier: 'guest', role: 'admin', fullName: 'Ada Admin' }),
      };
      // A proof under review, so the admin's activation queue shows a card, not only its empty state.
      const proof = await uploadProof(e2e.server, members.guest.token, validProof());
      if (proof.status !== 201) throw new Error(`proof upload answered ${proof.status}`);
      // A ticket with an answer, so the Support Hub and the admin inbox show a list, not only empty states.
      const ticket = await e2e.server.api<{ id: string }>('POST', '/api/support/tickets', {
        token: members.guest.token,
        body: {
          category: 'signals',
          priority: 'high',
          subject: 'Where is my signal?',
          message: 'No signal arrived today.',
        },
      });
      if (ticket.status !== 201) throw new Error(`ticket answered ${ticket.status}`);
      await e2e.server.api('POST', `/api/admin/support/tickets/${ticket.body.data!.id}/messages`, {
        token: members.admin.token,
        body: { message: 'Signals arrive every 5 minutes.' },
      });
      // Real signals, so the signal room shows its current card and its previous list, not only the empty state.
      await issueSignal(
        e2e.server,
        { asset: 'GBP/USD', signalType: 'sell', confidence: 64, entryPrice: 1.2654, slotsAgo: 1 },
        1,
      );
      await issueSignal(
        e2e.server,
        { asset: 'USD/JPY', signalType: 'buy', confidence: 71, entryPrice: 151.234, slotsAgo: 0 },
        2,
      );
    });
    afterAll(async () => {
      await e2e?.close();
    });

    async function contextFor(role: Role): Promise<{ context: BrowserContext; page: Page }> {
      // The system's setting, which the app's theme follows for a member who has not chosen one.
      const opened = await e2e.newPage({ ...size, colorScheme: firstScheme });
      if (role !== 'visitor') await signInBrowser(opened.context, members[role]);
      return opened;
    }

    for (const role of ['visitor', 'guest', 'trialEnded', 'gold', 'admin'] as const) {
      const pages =
        role === 'visitor'
          ? PUBLIC_PAGES
          : role === 'trialEnded'
            ? TRIAL_ENDED_PAGES
            : role === 'admin'
              ? DASHBOARD_PAGES
              : MEMBER_PAGES;
      // One test walks a whole role's pages: its budget grows with them (about 20 s a page and theme on a
      // loaded 2-core machine, where each page loads, settles and runs axe; a few seconds each when idle).
      const budget = { timeout: 30_000 + pages.length * schemes.length * 20_000 };
      it(`${role === 'visitor' ? 'public pages' : `dashboard as ${role}`} at ${size.width} px`, budget, async () => {
        const { context, page } = await contextFor(role);
        const console = collectConsole(page);
        const problems: string[] = [];
        try {
          for (const path of pages.map((p) => p.replace(':member', members.guest.user.id))) {
            await page.goto(e2e.url(path));
            await waitForContent(page);
            problems.push(
              ...describeFindings(schemes.length > 1 ? `${path} (${firstScheme})` : path, await runAxe(page)),
            );
            for (const scheme of schemes.slice(1)) {
              await page.emulateMedia({ colorScheme: scheme });
              // Pages with a theme follow the system at once; the verifier page has one theme only.
              await page.waitForFunction((wanted) => {
                const theme = document.documentElement.dataset.theme;
                return theme === undefined || theme === wanted;
              }, scheme);
              await settle(page);
              problems.push(...describeFindings(`${path} (${scheme})`, await runAxe(page)));
            }
            if (schemes.length > 1) await page.emulateMedia({ colorScheme: firstScheme });
            // The open phone menu is a screen of its own: check it too, once per role.
            if (path === '/dashboard' && size.width < 1024) {
              await page.getByRole('button', { name: 'Open menu' }).click();
              await page.getByRole('dialog', { name: 'Menu' }).waitFor();
              problems.push(...describeFindings(`${path} (menu open)`, await runAxe(page)));
              await page.keyboard.press('Escape');
              await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'hidden' });
            }
            problems.push(...console.take().map((line) => `${path}: console ${line}`));
          }
        } finally {
          await context.close();
        }
        expect(problems).toEqual([]);
      });
    }
  });
}
