import { formatMoment, type TSupportTicket } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../server/test/helpers/factories.js';
import { FIRST_PAINT, issueSignal, signInBrowser } from './dashboard.helpers.js';
import { type E2E, startE2E } from './harness.js';

/**
 * One clock: a member who chose Tokyo in Profile Settings reads every time in Tokyo time, on a browser
 * set to New York, and one moment reads the same on every screen that shows it.
 */
describe('one clock in a real browser', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it("shows every time in the member's chosen zone, not the browser's, the same on every screen", async () => {
    const member = await createMember(e2e.server.context.db, { tier: 'gold', fullName: 'Kenji Clock' });
    const { context, page } = await e2e.newPage({ timeZone: 'America/New_York' });
    await signInBrowser(context, member);

    // The field starts at the browser's guess; the member chooses Tokyo and saves.
    await page.goto(e2e.url('/dashboard/settings'));
    const zone = page.getByLabel('Time zone');
    await zone.waitFor(FIRST_PAINT);
    expect(await zone.inputValue()).toBe('America/New_York');
    await zone.selectOption('Asia/Tokyo');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect
      .poll(async () => (await e2e.server.api('GET', '/api/auth/me', { token: member.token })).body.data)
      .toMatchObject({
        timeZone: 'Asia/Tokyo',
      });

    // One moment on two screens: a support message and a signal created at the same instant.
    const ticket = await e2e.server.api<TSupportTicket>('POST', '/api/support/tickets', {
      token: member.token,
      body: { category: 'technical', priority: 'low', subject: 'Clock check', message: 'What time is it?' },
    });
    const messageAt = (
      await e2e.server.context.db
        .selectFrom('support_messages')
        .select('created_at')
        .where('ticket_id', '=', (ticket.body.data as TSupportTicket).id)
        .executeTakeFirstOrThrow()
    ).created_at;
    const signal = await issueSignal(
      e2e.server,
      { asset: 'EUR/USD (OTC)', signalType: 'buy', confidence: 61, entryPrice: 1.0845, slotsAgo: 0 },
      1,
    );
    const tokyo = (at: Date | string, seconds = false) => formatMoment(at, { timeZone: 'Asia/Tokyo', seconds });
    const newYork = (at: Date | string, seconds = false) => formatMoment(at, { timeZone: 'America/New_York', seconds });

    await page.goto(e2e.url(`/dashboard/support?ticket=${(ticket.body.data as TSupportTicket).id}`));
    const message = page.getByTestId('thread-message').first().locator('time');
    await message.waitFor(FIRST_PAINT);
    expect(await message.innerText()).toBe(tokyo(messageAt));
    expect(await message.innerText()).not.toBe(newYork(messageAt));

    await page.goto(e2e.url('/dashboard/signals'));
    const card = page.getByTestId('current-signal');
    await card.waitFor(FIRST_PAINT);
    const created = card.locator('dt', { hasText: 'Created' }).locator('xpath=following-sibling::dd[1]');
    expect(await created.innerText()).toBe(tokyo(signal.createdAt, true));
    // The room's clock names the member's zone.
    expect(await page.locator('dt', { hasText: 'Your time' }).innerText()).toBe('Your time (GMT+9)');
  });
});
