import type { TSupportThread } from '@signalroom/shared';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedMember, createMember } from '../../server/test/helpers/factories.js';
import { describeFindings, runAxe } from './a11y.helpers.js';
import { FIRST_PAINT, LIVE, memberPages } from './dashboard.helpers.js';
import { type E2E, startE2E } from './harness.js';

const DESKTOP = 1280;
const PHONE = 390;

describe("the notification centre in a member's header, end to end", () => {
  let e2e: E2E;
  let admin: CreatedMember;
  const pages = memberPages(() => e2e);

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await createMember(e2e.server.context.db, { role: 'admin', tier: 'gold', fullName: 'Avery Admin' });
  });
  afterAll(async () => {
    await e2e?.close();
  });
  afterEach(() => pages.closeAll());

  /** A ticket of the member's, answered by an admin: what puts the notification in the bell. */
  async function supportReplies(member: CreatedMember, subject: string): Promise<string> {
    const opened = await e2e.server.api<TSupportThread>('POST', '/api/support/tickets', {
      token: member.token,
      body: { category: 'technical', priority: 'medium', subject, message: 'The signal room will not load for me.' },
    });
    expect(opened.status).toBe(201);
    const id = opened.body.data!.id;
    const answered = await e2e.server.api('POST', `/api/admin/support/tickets/${id}/messages`, {
      token: admin.token,
      body: { message: 'Please reload the page; it works again now.' },
    });
    expect(answered.status).toBe(201);
    return id;
  }

  /** Every child of the header on the first row and inside the screen (the phone header's rule). */
  const headerFits = (page: Page) =>
    page.getByRole('banner').evaluate((el) => {
      const boxes = [...el.children].map((child) => child.getBoundingClientRect());
      const first = boxes[0] as DOMRect;
      const oneRow = boxes.every((b) => b.top < first.bottom && b.bottom > first.top && b.right <= window.innerWidth);
      return oneRow && el.getBoundingClientRect().height < 80;
    });

  for (const width of [DESKTOP, PHONE]) {
    it(`a support reply shows up live in the bell with its count; reading it clears the count (${width} px)`, async () => {
      const member = await createMember(e2e.server.context.db, { tier: 'silver', fullName: `Nora ${width}` });
      const page = await pages.open(member, '/dashboard', width);
      await page
        .getByTestId('elite-view')
        .or(page.getByRole('heading', { level: 1 }))
        .first()
        .waitFor(FIRST_PAINT);
      const bell = page.getByTestId('notification-bell');
      await bell.waitFor();
      expect(await bell.getAttribute('aria-label')).toBe('Notifications');
      // Opened before anything happened: the empty state, then closed with Escape.
      await bell.click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      await panel.getByTestId('notifications-empty').waitFor();
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });

      const subject = `Room not loading ${width}`;
      const ticketId = await supportReplies(member, subject);

      // Pushed live: no reload, the name and the badge say one unread.
      await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor(LIVE);
      expect(await page.getByTestId('notification-count').innerText()).toBe('1');
      if (width === PHONE) expect(await headerFits(page)).toBe(true);

      await bell.click();
      await panel.waitFor();
      expect(await bell.getAttribute('aria-expanded')).toBe('true');
      // Focus moves into the panel, onto its heading.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Notifications');
      const item = panel.getByTestId('notification-item');
      await item.waitFor();
      expect(await item.innerText()).toContain('Support replied');
      expect(await item.innerText()).toContain(`New reply on “${subject}”.`);
      expect(await item.getAttribute('data-unread')).toBe('true');
      expect(await item.locator('time').innerText()).toMatch(/^\d\d:\d\d$/);
      const link = item.getByRole('link');
      expect(await link.getAttribute('href')).toBe(`/dashboard/support?ticket=${ticketId}`);
      // The panel fits the screen and passes axe while open.
      const box = (await panel.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(describeFindings(`open panel at ${width}`, await runAxe(page))).toEqual([]);

      // Escape closes it and gives focus back to the bell.
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('notification-bell');
      expect(await bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');

      await bell.click();
      if (width === DESKTOP) {
        // Following the link reads it and opens the ticket.
        await link.click();
        await page.waitForURL(`**/dashboard/support?ticket=${ticketId}`);
        await page.getByTestId('ticket-thread').waitFor(LIVE);
      } else {
        await panel.getByRole('button', { name: 'Mark all read' }).click();
        await panel.getByTestId('notification-item').and(page.locator('[data-unread="false"]')).waitFor();
      }
      await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor(LIVE);
      expect(await page.getByTestId('notification-count').count()).toBe(0);
      // The server agrees: nothing unread after a reload either.
      await page.reload();
      await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor(FIRST_PAINT);
      const stored = await e2e.server.context.db
        .selectFrom('notifications')
        .select('read_at')
        .where('user_id', '=', member.user.id)
        .execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]!.read_at).not.toBeNull();
      expect(pages.problemsOf(page)).toEqual([]);
    });
  }
});
