import { BusinessSettingsMessages, dayKeyInZone, formatDay, TIMING } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedMember, createMember } from '../../server/test/helpers/factories.js';
import { signInBrowser } from './dashboard.helpers.js';
import { type E2E, startE2E } from './harness.js';

const LAGOS = 'Africa/Lagos';

// Copy that follows the facts: the offer's real deadline, and contacts that are really configured.
describe('offer and contact copy in a real browser', () => {
  let e2e: E2E;
  let admin: CreatedMember;
  beforeAll(async () => {
    // No contact configured: the shipped placeholders are in force.
    e2e = await startE2E();
    admin = await createMember(e2e.server.context.db, { tier: 'gold', role: 'admin' });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const reset = async (durationMinutes: number) => {
    const answer = await e2e.server.api('POST', '/api/countdown/reset', {
      token: admin.token,
      body: { durationMinutes },
    });
    expect(answer.status).toBe(200);
  };

  it('a 30-day offer shows days, not 719 hours, on the landing page, the banner and the success page date', async () => {
    await reset(30 * 24 * 60);
    const { page } = await e2e.newPage({ width: 390, height: 844 });
    await page.goto(e2e.url('/'));
    const hero = page.locator('#hero');
    await hero.locator('[data-unit="days"]').waitFor();
    expect(Number(await hero.locator('[data-unit="days"]').innerText())).toBeGreaterThanOrEqual(29);
    expect(Number(await hero.locator('[data-unit="hours"]').innerText())).toBeLessThan(24);

    await page.goto(e2e.url('/bot-access'));
    await page.waitForFunction(() =>
      /^(29|30) days \d\d:\d\d:\d\d$/.test(
        document.querySelector('[data-testid=bot-access-countdown]')?.textContent ?? '',
      ),
    );

    await page.goto(e2e.url('/bot-access/success'));
    const notice = page.getByTestId('offer-deadline-notice');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=offer-deadline-notice]')?.getAttribute('data-claim') === 'later',
    );
    const text = await notice.innerText();
    expect(text).toContain('This offer ends on');
    expect(text).not.toContain('today');
    const deadline = new Date(Date.now() + 30 * 86_400_000);
    // The date as the one clock writes it, in the reader's zone (the browser's, for a visitor).
    expect(text).toContain(formatDay(deadline, LAGOS));
    expect(text).toContain('GMT+1');

    // The admin's offer screen counts the same deadline in days.
    const adminPage = await e2e.newPage();
    await signInBrowser(adminPage.context, admin);
    await adminPage.page.goto(e2e.url('/dashboard/admin/offer'));
    await adminPage.page.waitForFunction(() =>
      /^(29|30) days \d\d:\d\d:\d\d$/.test(document.querySelector('[data-testid=offer-time-left]')?.textContent ?? ''),
    );
  });

  it("says 'ends today' only when the deadline falls today in the reader's zone, and 'ended' after it", async () => {
    await reset(1);
    const deadline = new Date(Date.now() + 60_000);
    const today = dayKeyInZone(deadline, LAGOS) === dayKeyInZone(new Date(), LAGOS);
    const { page } = await e2e.newPage();
    await page.goto(e2e.url('/bot-access/success'));
    const notice = page.getByTestId('offer-deadline-notice');
    await page.waitForFunction(
      (claim) => document.querySelector('[data-testid=offer-deadline-notice]')?.getAttribute('data-claim') === claim,
      today ? 'today' : 'later',
    );
    expect(await notice.innerText()).toContain(today ? 'This offer ends today' : 'This offer ends on');

    // The server's clock passes the deadline: the notice says the offer has ended.
    const realNow = e2e.server.context.now;
    e2e.server.context.now = () => new Date(Date.now() + 2 * 3600_000);
    try {
      // A page without a socket asks the server again at its next sync point.
      await page.waitForFunction(
        () => document.querySelector('[data-testid=offer-deadline-notice]')?.getAttribute('data-claim') === 'ended',
        undefined,
        { timeout: TIMING.countdownPollMs + 5000 },
      );
      expect((await notice.innerText()).trim()).toBe('This offer has ended.');
    } finally {
      e2e.server.context.now = realNow;
    }
    await reset(8 * 60);
  });

  it('shows visitors and members nothing the business has not set up, and lists it for admins', async () => {
    const { page } = await e2e.newPage();
    await page.goto(e2e.url('/'));
    await page.getByRole('heading', { name: 'Free launch access to the Command Center' }).waitFor();
    // The content has loaded (the offer's lines are the default's): no Reviews section, no link, no badge.
    await page.getByText('Live signal room and performance record').waitFor();
    expect(await page.locator('#testimonials').count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reviews' }).count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toMatch(/sample|placeholder/i);

    const member = await createMember(e2e.server.context.db, { tier: 'silver' });
    const memberPage = await e2e.newPage();
    await signInBrowser(memberPage.context, member);
    await memberPage.page.goto(e2e.url('/dashboard/support'));
    await memberPage.page.getByTestId('support-account').waitFor();
    expect(await memberPage.page.getByTestId('support-hours').count()).toBe(0);
    expect(await memberPage.page.locator('body').innerText()).not.toContain('24/7');

    const adminPage = await e2e.newPage();
    await signInBrowser(adminPage.context, admin);
    await adminPage.page.goto(e2e.url('/dashboard/admin'));
    const checklist = adminPage.page.getByTestId('setup-checklist');
    await checklist.getByTestId('setup-offer').waitFor();
    for (const [key, text] of [
      ['supportEmail', 'Support e-mail: not set, hidden from members'],
      ['supportHours', 'Support hours: not set, the Support Hub shows none'],
      ['reviews', 'Landing page reviews: none published, the Reviews section is hidden'],
      ['offer', 'Offer text: not saved, the default text is shown'],
    ]) {
      expect(await checklist.getByTestId(`setup-${key}`).innerText()).toContain(text);
      // Each missing item links to the screen where it is set.
      expect(await checklist.getByTestId(`setup-${key}-link`).getAttribute('href')).toBe('/dashboard/admin/settings');
    }
    await adminPage.page.goto(e2e.url('/dashboard/support'));
    await adminPage.page.getByTestId('support-hours-missing').waitFor();

    // Settings names the field as the checklist does. An example address is refused there, by name (it
    // would be hidden from members while the form showed it saved); a real one is set on the checklist at once.
    await adminPage.page.goto(e2e.url('/dashboard/admin/settings'));
    const form = adminPage.page.getByTestId('business-settings');
    const email = form.getByLabel('Support e-mail');
    await email.fill('help@desk.example.com');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText(BusinessSettingsMessages.placeholder).waitFor();
    await email.fill('help@lagos-signals.ng');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('status').getByText(BusinessSettingsMessages.saved).waitFor();
    await adminPage.page.getByRole('link', { name: 'Overview', exact: true }).first().click();
    await checklist.getByTestId('setup-supportEmail').getByText('Support e-mail: set').waitFor();
    // Emptied again (an emptied contact is not set), for the tests that follow on this server.
    await adminPage.page.goto(e2e.url('/dashboard/admin/settings'));
    await email.fill('');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('status').getByText(BusinessSettingsMessages.saved).waitFor();
  });

  it('never shows a placeholder contact to visitors, and tells admins it is not configured', async () => {
    const { page } = await e2e.newPage();
    await page.goto(e2e.url('/bot-access/success'));
    await page.getByTestId('offer-deadline-notice').waitFor();
    await page.getByRole('heading', { name: 'Your bootcamp membership' }).waitFor();
    // No button that leads nowhere, and no line saying so: the support step is not shown at all.
    expect(await page.locator('body').innerText()).not.toContain('not available yet');
    expect(await page.getByRole('heading', { name: 'Message support to activate' }).count()).toBe(0);
    for (const name of [/Create My Trading Account/, /Message Support/, /Register for the Bootcamp/]) {
      expect(await page.getByRole('link', { name }).count()).toBe(0);
    }
    const html = await page.content();
    for (const placeholder of ['broker.example.com', 'bootcamp.example.com', 't.me/signalroom_support']) {
      expect(html).not.toContain(placeholder);
    }

    const adminPage = await e2e.newPage();
    await signInBrowser(adminPage.context, admin);
    await adminPage.page.goto(e2e.url('/dashboard/admin/users'));
    const notice = adminPage.page.getByTestId('contacts-not-configured');
    await notice.waitFor();
    // Named as the fields that set them are (Settings, and Content for the bootcamp).
    for (const label of [
      'Support e-mail',
      'Support on WhatsApp',
      'Partner broker registration link',
      'Bootcamp website',
    ]) {
      expect(await notice.innerText()).toContain(label);
    }
    await adminPage.page.goto(e2e.url('/dashboard/admin/offer'));
    await adminPage.page.getByTestId('contacts-not-configured').waitFor();
    // The admin's own view of a contact link says "not configured" instead of offering the placeholder.
    await adminPage.page.goto(e2e.url('/dashboard/upgrade'));
    await adminPage.page.getByTestId('contact-missing-supportEmail').waitFor();
    expect(await adminPage.page.getByTestId('contact-missing-supportEmail').innerText()).toContain('not configured');
  });
});
