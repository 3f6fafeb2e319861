import { formatMoment, nextSignalBoundary } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../server/test/helpers/factories.js';
import { issueSignal, signInBrowser } from './dashboard.helpers.js';
import { type E2E, startE2E } from './harness.js';

// The trial in a real browser: delayed signals, and what the pages say before and after it ends.
describe('trial: delayed signals in a real browser', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('an empty room says at what time the first signal comes and what it will show', async () => {
    const gold = await createMember(e2e.server.context.db, { tier: 'gold' });
    const { context, page } = await e2e.newPage();
    await signInBrowser(context, gold);
    await page.goto(e2e.url('/dashboard/signals'));
    const notice = page.getByTestId('first-signal-notice');
    await notice.waitFor();
    // In the member's zone (none chosen: the browser's, Lagos here), named by its short name.
    const clock = (at: Date) => formatMoment(nextSignalBoundary(at), { timeZone: 'Africa/Lagos', zoneName: true });
    const sentence = (at: string) =>
      `The first signal will be issued at ${at}: asset, direction, confidence and its martingale plan.`;
    // A 5-minute boundary may pass while the page is read: either side of it is right.
    const before = clock(new Date());
    const shown = await notice.innerText();
    expect([sentence(before), sentence(clock(new Date()))]).toContain(shown);
  });

  it('a trial guest sees a signal once its window has closed, never a live one', async () => {
    const server = e2e.server;
    const guest = await createMember(server.context.db, { tier: 'guest', fullName: 'Tia Trial' });
    // Issued one slot ago: its primary window has closed.
    await issueSignal(
      server,
      { asset: 'GBP/USD', signalType: 'sell', confidence: 64, entryPrice: 1.2654, slotsAgo: 1 },
      1,
    );
    const { context, page } = await e2e.newPage({ width: 390, height: 844 });
    await signInBrowser(context, guest);
    await page.goto(e2e.url('/dashboard/signals'));
    const banner = page.getByTestId('trial-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toContain('Trial: delayed signals');
    expect(await banner.innerText()).toMatch(/Trial ends in\s*2[0-3]:\d\d:\d\d/);
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=previous-signals]')?.textContent?.includes('GBP/USD'),
    );
    expect(await page.getByTestId('current-signal').count()).toBe(0);

    // Pushed while the page is open: a signal in its window (held back; the next slot's, so its window
    // cannot close during the test), then one whose window closed (delivered at once). Events reach a
    // socket in order: once the second shows, the first would have too.
    await issueSignal(
      server,
      { asset: 'XAU/USD', signalType: 'buy', confidence: 71, entryPrice: 2345.5, slotsAgo: -1 },
      3,
    );
    await issueSignal(
      server,
      { asset: 'AUD/USD', signalType: 'buy', confidence: 59, entryPrice: 0.6543, slotsAgo: 3 },
      2,
    );
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=previous-signals]')?.textContent?.includes('AUD/USD'),
    );
    expect(await page.locator('body').innerText()).not.toContain('XAU/USD');

    // The sidebar opens the room for the trial and says what it is; the header says what ends at zero.
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await page.getByTestId('nav-signals').innerText()).toContain('Trial: delayed signals');
    expect(await page.getByTestId('trial-countdown').getAttribute('title')).toContain('It ends at zero');
  });

  it('after the trial the room is locked and every page says the trial has ended', async () => {
    const server = e2e.server;
    const guest = await createMember(server.context.db, {
      tier: 'guest',
      fullName: 'Eddie Ended',
      trialEndsAt: new Date(Date.now() - 60_000),
    });
    const { context, page } = await e2e.newPage();
    await signInBrowser(context, guest);
    await page.goto(e2e.url('/dashboard/signals'));
    const locked = page.getByTestId('locked-feature-page');
    await locked.waitFor();
    expect(await locked.innerText()).toContain('Your trial of delayed signals has ended');
    // The shared lock rule names what is missing: the trial has ended, and activation is the way on.
    expect(await locked.getAttribute('data-lock-reason')).toBe('trial-ended');
    expect(await page.getByRole('link', { name: 'Activate Elite Access' }).getAttribute('href')).toBe(
      '/dashboard/account-setup',
    );
    expect(await page.getByTestId('trial-countdown').innerText()).toContain('Trial ended');
    expect(await page.getByTestId('tier-badge').innerText()).toBe('TRIAL ENDED');
    expect(await page.getByTestId('nav-signals').getAttribute('class')).toContain('is-locked');
    expect(await page.locator('body').innerText()).not.toContain('GBP/USD');

    await page.goto(e2e.url('/dashboard'));
    const view = page.getByTestId('activation-view');
    await view.waitFor();
    const text = await view.innerText();
    expect(text).toContain('Your trial of delayed signals has ended');
    expect(text).toContain('0 / day (inactive)');
    expect(text).not.toContain('Trial Member');
  });
});
