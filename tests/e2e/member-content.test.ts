import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../server/test/helpers/factories.js';
import { FIRST_PAINT, LIVE, memberPages } from './dashboard.helpers.js';
import { type E2E, startE2E } from './harness.js';

describe('members content end to end in a real browser', () => {
  let e2e: E2E;
  const pages = memberPages(() => e2e);
  const open = pages.open;

  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });
  afterEach(() => pages.closeAll());

  it('a member completes a lesson and sees course and overall progress rise (and it is kept)', async () => {
    const member = await createMember(e2e.server.context.db, { tier: 'silver', fullName: 'Lena Learner' });
    const page = await open(member, '/dashboard/mentorship', 390);
    await page.getByTestId('master-vault').waitFor(FIRST_PAINT);
    await page.getByTestId('overall-progress').waitFor(LIVE);
    expect(await page.getByTestId('overall-progress').innerText()).toBe('Overall progress: 0%');
    expect(await page.getByTestId('course-card').count()).toBe(5);
    // The filter shows one category's courses.
    await page.getByRole('button', { name: 'Risk Management (1)' }).click();
    expect(await page.getByTestId('course-card').count()).toBe(1);
    await page.getByRole('button', { name: 'Start Risk Management Essentials' }).click();
    await page.getByTestId('lesson-view').getByRole('heading', { name: 'At most 2% per signal' }).waitFor(LIVE);
    // Markdown is rendered (a heading, a list), never raw HTML.
    expect(await page.getByTestId('lesson-view').locator('li').count()).toBeGreaterThan(0);
    await page.getByTestId('lesson-complete').click();
    await page.getByText('Course progress: 33%').waitFor(LIVE);
    await page.getByRole('button', { name: 'Back to the vault' }).click();
    await page.getByText('Overall progress: 7%').waitFor(LIVE);
    await page.reload();
    await page.getByText('Overall progress: 7%').waitFor(FIRST_PAINT);
    expect(await page.getByRole('button', { name: 'Continue Risk Management Essentials' }).count()).toBe(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('a member downloads a vault resource under its own name, its bytes as stored', async () => {
    const member = await createMember(e2e.server.context.db, { tier: 'gold', fullName: 'Dora Download' });
    const stored = await e2e.server.context.db
      .selectFrom('vault_resources')
      .select(['title', 'file_name', 'content'])
      .orderBy('position')
      .executeTakeFirstOrThrow();
    const page = await open(member, '/dashboard/mentorship');
    await page.getByTestId('master-vault').waitFor(FIRST_PAINT);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: stored.title }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(stored.file_name);
    expect(readFileSync(await download.path())).toEqual(Buffer.from(stored.content));
  });

  it('one member posts, another sees it live; an admin hides it and it disappears for both', async () => {
    const db = e2e.server.context.db;
    const author = await createMember(db, { tier: 'gold', fullName: 'Paulo Poster' });
    const reader = await createMember(db, { tier: 'silver', fullName: 'Rita Reader' });
    const admin = await createMember(db, { role: 'admin', tier: 'gold', fullName: 'Avery Admin' });
    const readerPage = await open(reader, '/dashboard/community', 390);
    const authorPage = await open(author, '/dashboard/community');
    const adminPage = await open(admin, '/dashboard/community');
    for (const page of [readerPage, authorPage, adminPage])
      await page.getByTestId('elite-network').waitFor(FIRST_PAINT);

    // An empty post is refused on the page with the product's words.
    await authorPage.getByRole('button', { name: 'Post Update' }).click();
    await authorPage.getByText('Write something before posting').waitFor();

    const text = `Markets look calm <b>today</b> https://example.com/notes ${Date.now()}`;
    await authorPage.getByTestId('post-text').fill(text);
    await authorPage.getByRole('button', { name: 'Post Update' }).click();
    const onReader = readerPage.getByTestId('community-post').filter({ hasText: 'Markets look calm' });
    await onReader.waitFor(LIVE);
    expect(await onReader.innerText()).toContain('<b>today</b>');
    const link = onReader.getByRole('link', { name: 'https://example.com/notes' });
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');

    const onAdmin = adminPage.getByTestId('community-post').filter({ hasText: 'Markets look calm' });
    await onAdmin.waitFor(LIVE);
    await onAdmin.getByRole('button', { name: 'Hide' }).click();
    await onReader.waitFor({ state: 'detached', ...LIVE });
    await authorPage
      .getByTestId('community-post')
      .filter({ hasText: 'Markets look calm' })
      .waitFor({ state: 'detached', ...LIVE });
  });

  it('a guest sees the locked vault and network, and the labelled Auto-Copy preview', async () => {
    const guest = await createMember(e2e.server.context.db);
    const page = await open(guest, '/dashboard/mentorship');
    await page.getByTestId('vault-locked').waitFor(FIRST_PAINT);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('Private Mentorship Vault');
    await page.goto(e2e.url('/dashboard/community'));
    await page.getByTestId('network-locked').waitFor(FIRST_PAINT);
    await page.goto(e2e.url('/dashboard/copy-trading'));
    await page.getByTestId('copy-trading-preview').waitFor(FIRST_PAINT);
    expect(await page.getByText('Preview: example settings, not a live account').count()).toBe(1);
  });
});
