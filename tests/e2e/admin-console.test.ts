import { toBotAccessSubmission } from '@signalroom/shared';
import { VALID_BOT_ACCESS_FORM } from '@signalroom/shared/test-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedMember, createMember } from '../../server/test/helpers/factories.js';
import { signInBrowser } from './dashboard.helpers.js';
import { type E2E, startE2E } from './harness.js';

/** The first paint of the dashboard (session check, lazy chunks) gets more time on a busy 2-core machine. */
const FIRST_PAINT = { timeout: 30_000 } as const;

describe('admin console in a real browser', () => {
  let e2e: E2E;
  let admin: CreatedMember;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await createMember(e2e.server.context.db, { role: 'admin', tier: 'gold', email: 'ops@example.com' });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows a new application live, and an admin changes its status with a note (the change is audited)', async () => {
    const { context, page } = await e2e.newPage({ width: 1280, height: 900 });
    await signInBrowser(context, admin);
    await page.goto(e2e.url('/dashboard/admin/applications'));
    await page.getByTestId('applications-empty').waitFor(FIRST_PAINT);

    // Posted after the screen loaded: it arrives over the socket, not by reloading.
    const form = toBotAccessSubmission({ ...VALID_BOT_ACCESS_FORM, fullName: 'Lola Lead', email: 'lola@example.com' });
    const posted = await e2e.server.api<{ id: string }>('POST', '/api/bot-access/submit', { body: form });
    const row = page.getByTestId('application-row').filter({ hasText: 'Lola Lead' });
    await row.waitFor();
    await row.click();
    const detail = page.getByTestId('application-detail');
    await expect
      .poll(() => detail.getByTestId('answer-hasFunded').textContent())
      .toBe("Not yet, but I'm ready to fund it now");
    expect(await detail.locator('ol > li').count()).toBe(12);

    await detail.getByLabel('Status').selectOption('contacted');
    await detail.getByLabel('Note').fill('Called on WhatsApp, funding today');
    await detail.getByRole('button', { name: 'Save status' }).click();
    await expect.poll(() => page.getByTestId('applications-notice').textContent()).toBe('Submission status updated');
    await expect.poll(() => row.textContent()).toContain('Contacted');

    const audit = await e2e.server.context.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', posted.body.data!.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'application.status',
      actor_email: 'ops@example.com',
      before: { status: 'new', notes: null },
      after: { status: 'contacted', notes: 'Called on WhatsApp, funding today' },
    });

    // The overview names the action in words, never by its stored key.
    await page.goto(e2e.url('/dashboard/admin'));
    const latest = page.getByTestId('overview-audit');
    await latest.waitFor(FIRST_PAINT);
    const shown = await latest.innerText();
    expect(shown).toContain('Application status changed');
    expect(shown).not.toContain('application.status');
    await context.close();
  });

  it('edits a review, previews it, and the landing page shows it (and no review still flagged as a sample)', async () => {
    const { context, page } = await e2e.newPage({ width: 1280, height: 900 });
    await signInBrowser(context, admin);
    await page.goto(e2e.url('/dashboard/admin/content'));
    const editor = page.getByTestId('reviews-editor');
    await editor.waitFor(FIRST_PAINT);
    // Before any save, the editor starts from the example reviews, each flagged as a sample.
    expect(await editor.getByLabel('Sample review').first().isChecked()).toBe(true);

    const quote = 'The losses are on the record next to the wins. That is why I stayed.';
    await editor.getByLabel('Review text').first().fill(quote);
    await editor.getByLabel("Reviewer's name").first().fill('Ngozi A.');
    await editor.getByLabel('Sample review').first().uncheck();
    await expect.poll(() => editor.getByRole('region', { name: 'Preview: Reviews' }).textContent()).toContain(quote);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => editor.getByRole('status').textContent()).toBe('Content saved');

    await page.goto(e2e.url('/#testimonials'));
    const review = page.getByTestId('review');
    await expect.poll(() => review.textContent(), { timeout: 15_000 }).toContain(quote);
    await expect.poll(() => review.textContent()).toContain('Ngozi A.');
    // Only the review no longer flagged is published: the two examples still flagged stay drafts.
    expect(await page.getByRole('button', { name: /Show review/ }).count()).toBe(1);
    expect(await page.locator('#testimonials').innerText()).not.toContain('Sample');
    await context.close();
  });
});
