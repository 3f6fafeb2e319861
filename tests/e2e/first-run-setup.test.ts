import { BusinessSettingsMessages } from '@signalroom/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerSetupToken } from '../../server/src/modules/setup/setup.service.js';
import { createMember } from '../../server/test/helpers/factories.js';
import { signInBrowser } from './dashboard.helpers.js';
import { WIDTHS } from './every-page.walk.js';
import { type E2E, startE2E } from './harness.js';

const BROKER = 'https://partner-broker.ng/join?ref=lagos';
const DEAD_END = /not available yet|sample offer|placeholder review/i;

/**
 * A new install as its operator and its first members meet it: nothing leads nowhere before setup, the
 * printed link creates the first admin once and walks through the business and the landing page, and
 * members then find the contacts that were set. At the desktop and the phone width.
 */
describe('first-run setup in a real browser', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** What a restart of a new install does: no admin and nothing saved, so a new link is printed. */
  async function freshInstall(): Promise<string> {
    const db = e2e.server.context.db;
    await db.updateTable('users').set({ role: 'member' }).where('role', '=', 'admin').execute();
    await db.deleteFrom('operator_content').execute();
    const link = await offerSetupToken(e2e.server.context);
    return `/setup?token=${link?.token}`;
  }

  async function bodyText(page: Page): Promise<string> {
    return page.locator('body').innerText();
  }

  for (const size of WIDTHS) {
    it(`at ${size.width}x${size.height}: no dead ends before setup, then the setup link sets up the business`, async () => {
      const setupPath =
        size === WIDTHS[0]
          ? new URL(e2e.server.setupUrl ?? '').pathname + new URL(e2e.server.setupUrl ?? '').search
          : await freshInstall();
      const visitor = (await e2e.newPage(size)).page;

      // Before setup: no button or section that leads nowhere, for visitors and members alike.
      await visitor.goto(e2e.url('/bot-access/success'));
      await visitor.getByRole('heading', { name: 'Your bootcamp membership' }).waitFor();
      await visitor.getByTestId('offer-deadline-notice').waitFor();
      expect(await bodyText(visitor)).not.toMatch(DEAD_END);
      expect(await visitor.getByRole('link', { name: /Create My Trading Account/ }).count()).toBe(0);
      expect(await visitor.getByRole('heading', { name: 'Message support to activate' }).count()).toBe(0);
      await visitor.goto(e2e.url('/'));
      await visitor.getByText('Live signal room and performance record').waitFor();
      expect(await bodyText(visitor)).not.toMatch(/sample|placeholder/i);

      const member = await createMember(e2e.server.context.db, { tier: 'silver' });
      const memberPage = await e2e.newPage(size);
      await signInBrowser(memberPage.context, member);
      await memberPage.page.goto(e2e.url('/dashboard/support'));
      await memberPage.page.getByTestId('support-account').waitFor();
      expect(await bodyText(memberPage.page)).not.toMatch(DEAD_END);
      expect(await memberPage.page.getByTestId('support-contacts').count()).toBe(0);
      expect(await bodyText(memberPage.page)).not.toContain('24/7');
      await memberPage.page.goto(e2e.url('/dashboard/account-setup'));
      await memberPage.page.getByLabel('Broker account ID').waitFor();
      expect(await bodyText(memberPage.page)).not.toMatch(DEAD_END);
      expect(await memberPage.page.getByTestId('broker-link').count()).toBe(0);

      // The printed link: the first admin, by sign-up's rules.
      const { page } = await e2e.newPage(size);
      await page.goto(e2e.url(setupPath));
      await page.getByRole('heading', { name: 'Create the first admin' }).waitFor();
      expect(await page.getByTestId('setup-step').innerText()).toMatch(/Step 1 of 3/i);
      const email = `owner-${size.width}@lagos-signals.ng`;
      await page.getByLabel('Full name').fill('Ada Operator');
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByRole('button', { name: 'Create admin account' }).click();
      await page.getByTestId('field-error').first().waitFor();
      await page.getByLabel('Password', { exact: true }).fill('S3tupPassw0rd');
      await page.getByRole('button', { name: 'Create admin account' }).click();

      // The business: a refused link is marked on its field, then everything is saved.
      await page.getByRole('heading', { name: 'Your business' }).waitFor();
      await page.getByLabel('Product name').fill('Lagos Signals');
      await page.getByLabel(/Partner broker registration link/).fill('http://partner-broker.ng');
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await page.getByText(BusinessSettingsMessages.httpsUrl).first().waitFor();
      await page.getByLabel(/Partner broker registration link/).fill(BROKER);
      await page.getByLabel(/Broker promo code/).fill('LAGOS100');
      await page.getByLabel(/Support on Telegram/).fill('@lagos_signals');
      await page.getByLabel(/Support e-mail/).fill('help@lagos-signals.ng');
      await page.getByLabel(/Support hours/).fill('E-mail = Mon-Fri 9:00-17:00');
      await page.getByLabel(/Broker payout/).fill('82');
      await page.getByLabel('Business time zone').selectOption('Europe/London');
      await page.getByRole('button', { name: 'Save and continue' }).click();

      // The landing page: the offer text and one real review.
      await page.getByRole('heading', { name: 'Your landing page' }).waitFor();
      const offer = page.getByTestId('offer-editor');
      await offer.getByLabel('Headline').fill('Lagos Signals: free launch access');
      await offer.getByRole('button', { name: 'Save' }).click();
      await offer.getByText('Content saved').waitFor();
      const reviews = page.getByTestId('reviews-editor');
      await reviews
        .getByLabel('Review text')
        .first()
        .fill('The losses are shown beside the wins; I checked before I trusted it.');
      await reviews.getByLabel("Reviewer's name").first().fill('Chidi O.');
      await reviews
        .getByLabel(/Line under the name/)
        .first()
        .fill('Member since November');
      await reviews.getByRole('checkbox').first().setChecked(false);
      await reviews.getByRole('button', { name: 'Save' }).click();
      await reviews.getByText('Content saved').waitFor();
      await page.getByRole('button', { name: 'Finish setup' }).click();
      await page.getByRole('link', { name: 'Open the admin overview' }).click();

      // The overview lists what is still missing, each with a link to where it is set.
      const checklist = page.getByTestId('setup-checklist');
      await checklist.getByTestId('setup-offer').waitFor();
      expect(await checklist.getByTestId('setup-brokerRegistration').getAttribute('data-done')).toBe('true');
      expect(await checklist.getByTestId('setup-supportHours').getAttribute('data-done')).toBe('true');
      expect(await checklist.getByTestId('setup-reviews').getAttribute('data-done')).toBe('true');
      expect(await checklist.getByTestId('setup-whatsapp').getAttribute('data-done')).toBe('false');
      await checklist.getByTestId('setup-whatsapp-link').click();
      await page.getByTestId('admin-settings').waitFor();
      await page.getByLabel(/Support on WhatsApp/).fill('+2348012345678');
      await page.getByTestId('business-settings').getByRole('button', { name: 'Save' }).click();
      await page.getByText('Settings saved').waitFor();
      await page.getByRole('navigation', { name: 'Admin console' }).getByRole('link', { name: 'Audit log' }).click();
      const audited = page.locator('[data-testid=audit-row][data-action="settings.update"]').first();
      await audited.waitFor();
      expect(await audited.innerText()).toContain('Settings updated');

      // The link is spent.
      const again = (await e2e.newPage(size)).page;
      await again.goto(e2e.url(setupPath));
      await again.getByTestId('setup-invalid').waitFor();

      // Members and visitors now find what was set.
      await visitor.goto(e2e.url('/bot-access/success'));
      const create = visitor.getByRole('link', { name: /Create My Trading Account/ });
      await create.waitFor();
      expect(await create.getAttribute('href')).toBe(BROKER);
      expect(await visitor.getByRole('link', { name: /Message Support/ }).getAttribute('href')).toBe(
        'https://t.me/lagos_signals',
      );
      expect(await bodyText(visitor)).toContain('LAGOS100');
      await visitor.goto(e2e.url('/'));
      await visitor.getByText('Chidi O.').waitFor();
      expect(await bodyText(visitor)).not.toMatch(/sample|placeholder/i);
      await memberPage.page.goto(e2e.url('/dashboard/support'));
      await memberPage.page.getByTestId('support-contacts').waitFor();
      await memberPage.page.getByText('Mon-Fri 9:00-17:00').waitFor();
      expect(await memberPage.page.getByRole('link', { name: /help@lagos-signals\.ng/ }).count()).toBe(1);
    });
  }
});
