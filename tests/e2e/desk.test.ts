import type { TSignal } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../server/test/helpers/factories.js';
import { FIRST_PAINT, LIVE, signInBrowser } from './dashboard.helpers.js';
import { type E2E, startE2E } from './harness.js';

describe('the analyst desk in a real browser', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it("publishes a signal that a member's open signal room shows live, named 'Analyst: <name>'", async () => {
    const db = e2e.server.context.db;
    const analyst = await createMember(db, { role: 'analyst', tier: 'silver', fullName: 'Ada Lovelace' });
    const gold = await createMember(db, { tier: 'gold', fullName: 'Gold Member' });

    const member = await e2e.newPage();
    await signInBrowser(member.context, gold);
    await member.page.goto(e2e.url('/dashboard/signals'));
    // Pushed, not polled: the room is on its socket before anything is published.
    await member.page.waitForFunction(
      () => document.querySelector('[data-testid=transport]')?.textContent === 'Live',
      undefined,
      FIRST_PAINT,
    );

    const desk = await e2e.newPage();
    await signInBrowser(desk.context, analyst);
    await desk.page.goto(e2e.url('/dashboard/desk'));
    await desk.page.getByTestId('desk-form').waitFor(FIRST_PAINT);
    expect(await desk.page.getByTestId('desk-link').count()).toBe(1);

    // The form's own words on the field, before anything is sent.
    await desk.page.getByLabel('Confidence (1-100)').fill('150');
    await desk.page.getByLabel('Analysis').fill('Higher lows since the open; buyers defend the round number.');
    await desk.page.getByRole('button', { name: 'Publish at the current price' }).click();
    expect(await desk.page.getByTestId('desk-error-confidence').innerText()).toBe(
      'Confidence must be a whole number from 1 to 100.',
    );

    await desk.page.getByLabel('Confidence (1-100)').fill('74');
    await desk.page.getByLabel('PUT (down)').check();
    const answered = desk.page.waitForResponse(
      (r) => r.url().endsWith('/api/desk/signals') && r.request().method() === 'POST',
    );
    await desk.page.getByRole('button', { name: 'Publish at the current price' }).click();
    const response = await answered;
    expect(response.status()).toBe(201);
    const published = ((await response.json()) as { data: TSignal }).data;
    const startedAt = Date.now();

    // Pushed, not polled: the member's open room shows it without a reload. How fast is printed, not
    // asserted (a loaded CI machine is no measure of it); the push bench measures delivery latency.
    const source = member.page.getByTestId('current-source');
    await source.filter({ hasText: 'Analyst: Ada Lovelace' }).waitFor(LIVE);
    console.info(`desk signal shown in the member's room ${Date.now() - startedAt} ms after publish answered`);
    const card = await member.page.getByTestId('current-signal').innerText();
    expect(card).toContain(published.asset);
    expect(card).toContain('PUT');
    expect(card).toContain('Higher lows since the open');

    expect((await desk.page.getByTestId('desk-notice').innerText()).trim()).toMatch(/^Published: .+ PUT at \d/);
    const rows = await db
      .selectFrom('signals')
      .select(['id', 'author_id'])
      .where('author_id', '=', analyst.user.id)
      .execute();
    expect(rows.map((r) => r.id)).toEqual([published.id]);

    // A follow-up note from the desk appears under the member's card, pushed.
    await desk.page.getByLabel('Add a note to this signal').first().fill('Holding: momentum still down.');
    await desk.page.getByRole('button', { name: 'Add note' }).first().click();
    await member.page
      .getByTestId('signal-notes')
      .filter({ hasText: 'Holding: momentum still down.' })
      .waitFor({ timeout: 2000 });
  });

  it('lets an admin make a member an analyst from Admin Users, and the desk opens for them', async () => {
    const db = e2e.server.context.db;
    const admin = await createMember(db, { role: 'admin', fullName: 'Grace Admin' });
    const member = await createMember(db, { tier: 'pro', fullName: 'Future Analyst' });
    const { context, page } = await e2e.newPage();
    await signInBrowser(context, admin);
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(e2e.url('/dashboard/admin/users'));
    await page.getByLabel('Search users').fill(member.user.email);
    const row = page.getByTestId(`admin-user-${member.user.id}`);
    await row.waitFor(FIRST_PAINT);
    await row.getByRole('button', { name: 'Make analyst' }).click();
    await row.getByTestId('cell-role').filter({ hasText: 'Analyst' }).waitFor({ timeout: 5000 });
    const stored = await db
      .selectFrom('users')
      .select('role')
      .where('id', '=', member.user.id)
      .executeTakeFirstOrThrow();
    expect(stored.role).toBe('analyst');
    const audit = await db
      .selectFrom('audit_log')
      .select(['actor_id', 'after'])
      .where('action', '=', 'member.role')
      .where('target_id', '=', member.user.id)
      .executeTakeFirstOrThrow();
    expect(audit.actor_id).toBe(admin.user.id);
    expect(JSON.stringify(audit.after)).toContain('analyst');

    const desk = await e2e.newPage();
    await signInBrowser(desk.context, { ...member, user: { ...member.user, role: 'analyst' } });
    await desk.page.goto(e2e.url('/dashboard/desk'));
    await desk.page.getByTestId('desk-form').waitFor(FIRST_PAINT);
  });

  it('shows a member who is not an analyst that the desk is for analysts', async () => {
    const member = await createMember(e2e.server.context.db, { tier: 'gold' });
    const { context, page } = await e2e.newPage();
    await signInBrowser(context, member);
    await page.goto(e2e.url('/dashboard/desk'));
    await page.getByTestId('desk-forbidden').waitFor(FIRST_PAINT);
    expect(await page.getByTestId('desk-link').count()).toBe(0);
  });
});
