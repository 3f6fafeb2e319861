import { SupportMessages } from '@signalroom/shared';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedMember, createMember } from '../../server/test/helpers/factories.js';
import { FIRST_PAINT, LIVE, memberPages } from './dashboard.helpers.js';
import { type E2E, startE2E } from './harness.js';

const SCRIPT_PAYLOAD = '<script>window.__pwned = 1</script>';
const IMG_PAYLOAD = '<img src=x onerror="window.__pwned = 2">';

describe('support tickets end to end in a real browser', () => {
  let e2e: E2E;
  let admin: CreatedMember;
  const pages = memberPages(() => e2e);
  const open = pages.open;

  beforeAll(async () => {
    // The operator publishes its hours; a server without them shows none (offer-copy.test.ts).
    e2e = await startE2E({ SUPPORT_HOURS: 'E-mail=Reply within 2-24 hours; Phone=Mon-Fri 9AM-6PM UTC' });
    admin = await createMember(e2e.server.context.db, { role: 'admin', tier: 'gold', fullName: 'Avery Admin' });
  });
  afterAll(async () => {
    await e2e?.close();
  });
  afterEach(() => pages.closeAll());

  const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? 0);
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  it('a member opens a ticket, an admin in another browser replies, the member sees it live and by e-mail', async () => {
    const member = await createMember(e2e.server.context.db, { tier: 'silver', fullName: 'Hana Helpme' });
    const page = await open(member, '/dashboard/support', 390);
    await page.getByTestId('support-hub').waitFor(FIRST_PAINT);
    await page.getByTestId('tickets-empty').waitFor();
    expect(await page.getByTestId('tickets-empty').innerText()).toBe(SupportMessages.noTickets);
    // The page's facts: hours, the account summary, the real status of the feed (simulated in tests).
    expect(await page.getByTestId('support-hours').innerText()).toContain('Mon-Fri 9AM-6PM UTC');
    expect(await page.getByTestId('support-hours').innerText()).not.toContain('Live chat');
    const account = await page.getByTestId('support-account').innerText();
    expect(account).toContain(member.user.email);
    expect(account).toContain('Active');
    expect(account).toContain('Not Selected');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="status-feed"]')?.textContent?.includes('simulated market'),
      undefined,
      LIVE,
    );

    const adminPage = await open(admin, '/dashboard/admin/support');
    await adminPage.getByTestId('admin-support').waitFor(FIRST_PAINT);
    await adminPage.getByTestId('inbox-empty').or(adminPage.getByTestId('inbox-row').first()).waitFor(LIVE);

    // The form checks first, then sends; the keyboard reaches every field.
    const form = page.getByTestId('ticket-form');
    await form.getByRole('button', { name: 'Send ticket' }).click();
    expect(await form.getByTestId('ticket-subject-error').innerText()).toBe(SupportMessages.subjectRequired);
    expect(await form.getByTestId('ticket-category-error').innerText()).toBe('Please choose a category');
    await form.getByLabel('Category').focus();
    await form.getByLabel('Category').selectOption('deposit-issues');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('id')?.endsWith('-priority'))).toBe(true);
    expect(await form.getByLabel('Priority').inputValue()).toBe('medium');
    await form.getByLabel('Subject').fill(`Deposit ${SCRIPT_PAYLOAD}`);
    await form.getByLabel('Message').fill(`My deposit has not arrived.\n${IMG_PAYLOAD}`);
    await form.getByRole('button', { name: 'Send ticket' }).click();
    await page.getByTestId('ticket-thread').waitFor(LIVE);
    expect(await form.getByTestId('ticket-form-alert').innerText()).toBe(SupportMessages.created);
    expect(await form.getByLabel('Subject').inputValue()).toBe('');
    const memberThread = page.getByTestId('ticket-thread');
    expect(await memberThread.innerText()).toContain(`Deposit ${SCRIPT_PAYLOAD}`);
    expect(await memberThread.getByTestId('thread-message').first().innerText()).toContain(IMG_PAYLOAD);
    expect(await page.locator('[data-testid="ticket-thread"] img').count()).toBe(0);

    // The admin's inbox shows it without a reload; the admin opens it and replies.
    const row = adminPage.getByTestId('inbox-row').filter({ hasText: 'Deposit <script>' });
    await row.waitFor(LIVE);
    expect(await row.innerText()).toContain(member.user.email);
    await row.click();
    const adminThread = adminPage.getByTestId('inbox-thread');
    await adminThread.waitFor();
    expect(await adminThread.innerText()).toContain(IMG_PAYLOAD);
    const reply = `Hello Hana, we found it. ${SCRIPT_PAYLOAD}`;
    await adminThread.getByLabel('Reply to the member').fill(reply);
    await adminThread.getByRole('button', { name: 'Send reply' }).click();
    await adminThread.getByTestId('thread-message').nth(1).waitFor();
    expect(await adminThread.getByTestId('inbox-status').inputValue()).toBe('pending');

    // The member's open thread gets the reply without a reload, as text.
    const answer = memberThread.locator('[data-author="support"]');
    await answer.waitFor(LIVE);
    expect(await answer.innerText()).toContain(reply);
    expect(await answer.innerText()).toContain('Support team');
    expect(await memberThread.innerText()).toContain('Awaiting your reply');
    expect(await page.getByTestId('support-notice').innerText()).toContain('New reply from Support team');

    // The member answers; the admin's thread gets it live. The admin resolves the ticket.
    await memberThread.getByLabel('Your reply').fill('Thank you, I see it now.');
    await memberThread.getByRole('button', { name: 'Send reply' }).click();
    await adminThread.locator('[data-author="member"]').nth(1).waitFor(LIVE);
    await adminThread.getByTestId('inbox-status').selectOption('resolved');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="ticket-thread"]')?.textContent?.includes('Resolved'),
      undefined,
      LIVE,
    );

    const mail = await e2e.server.smtp.waitFor(
      (m) => m.to.includes(member.user.email) && m.subject.includes('support ticket'),
    );
    expect(mail.text).toContain(reply);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');

    expect(await pwned(page)).toBe(0);
    expect(await pwned(adminPage)).toBe(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(pages.problemsOf(page)).toEqual([]);
    expect(pages.problemsOf(adminPage)).toEqual([]);
  });

  it('the e-mail link opens the thread; the admin inbox filters and is denied to members', async () => {
    const member = await createMember(e2e.server.context.db, { fullName: 'Ivo Inbox' });
    const created = await e2e.server.api<{ id: string }>('POST', '/api/support/tickets', {
      token: member.token,
      body: {
        category: 'billing',
        priority: 'urgent',
        subject: 'Billing filter case',
        message: 'Charged twice for nothing.',
      },
    });
    const page = await open(member, `/dashboard/support?ticket=${created.body.data!.id}`);
    await page.getByTestId('ticket-thread').waitFor(FIRST_PAINT);
    expect(await page.getByTestId('ticket-thread').innerText()).toContain('Charged twice for nothing.');
    await page.getByRole('button', { name: 'All tickets' }).click();
    await page.getByTestId('ticket-row').first().waitFor();

    const denied = await open(member, '/dashboard/admin/support');
    await denied.getByRole('heading', { level: 1 }).waitFor(FIRST_PAINT);
    expect(await denied.getByTestId('admin-support').count()).toBe(0);

    const adminPage = await open(admin, '/dashboard/admin/support', 390);
    await adminPage.getByTestId('admin-support').waitFor(FIRST_PAINT);
    await adminPage.getByLabel('Priority').selectOption('urgent');
    await adminPage.getByLabel('Search subject or e-mail').fill(member.user.email);
    const row = adminPage.getByTestId('inbox-row').filter({ hasText: 'Billing filter case' });
    await row.waitFor(LIVE);
    expect(await adminPage.getByTestId('inbox-row').count()).toBe(1);
    await adminPage.getByLabel('Priority').selectOption('low');
    await adminPage.getByTestId('inbox-empty').waitFor(LIVE);
    expect(await overflow(adminPage)).toBeLessThanOrEqual(0);
    expect(pages.problemsOf(adminPage)).toEqual([]);
  });
});
