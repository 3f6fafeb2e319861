import { type TVault, type TVaultEditor, VaultEditorMessages } from '@signalroom/shared';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedMember, createMember } from '../../server/test/helpers/factories.js';
import { describeFindings, runAxe } from './a11y.helpers.js';
import { FIRST_PAINT, LIVE, memberPages, signInBrowser } from './dashboard.helpers.js';
import { BROWSER_TIME_ZONE, type E2E, refusedRequest, startE2E } from './harness.js';

const CONTENT_PATH = '/dashboard/admin/content';
const VAULT_PATH = '/dashboard/mentorship';

const COURSE = {
  title: 'Stops before size',
  instructor: 'Ada Mensah',
  description: 'Where the stop goes first, and how the stake follows from it.',
  topics: 'Stops, Sizing',
};
const LESSON = {
  title: 'Placing the stop',
  minutes: '12',
  body: '# Placing the stop\n\nRisk **at most 2%** of the account on one signal.\n\n- Set the stop first\n- Then size the stake\n',
};

/**
 * The Master Vault editor in the admin's Content screen: an admin writes a course (refused empty with the
 * field's own words), finds it cannot be published without a lesson, adds a lesson in Markdown (previewed
 * as members read it) and publishes it; a gold member reads it in the vault; the admin removes the
 * shipped sample content and the member's vault shows no sample left. Accessible at desktop and phone
 * widths, and no sideways scroll on a phone.
 */
describe('the Master Vault editor in a real browser', () => {
  let e2e: E2E;
  let admin: CreatedMember;
  let member: CreatedMember;
  const pages = memberPages(() => e2e);

  beforeAll(async () => {
    e2e = await startE2E();
    const db = e2e.server.context.db;
    admin = await createMember(db, { role: 'admin', tier: 'gold', fullName: 'Vera Vault' });
    // Gold: live access, so the Master Vault opens.
    member = await createMember(db, { tier: 'gold', fullName: 'Gina Gold' });
  });
  afterAll(async () => {
    await e2e?.close();
  });
  afterEach(() => pages.closeAll());

  const editorState = async () =>
    (await e2e.server.api<TVaultEditor>('GET', '/api/admin/vault', { token: admin.token })).body.data!;

  /** The Content screen as the admin, once the vault editor shows its courses. */
  async function openEditor(width: number): Promise<Page> {
    const page = await pages.open(admin, CONTENT_PATH, width);
    await page.getByTestId('vault-editor').waitFor(FIRST_PAINT);
    await page.getByTestId('vault-courses').waitFor(FIRST_PAINT);
    return page;
  }

  async function expectNoAxeFindings(page: Page, where: string): Promise<void> {
    expect(describeFindings(where, await runAxe(page))).toEqual([]);
  }

  const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  it('loads on its own: a skeleton while it reads, its own error with Try again, the other editors unaffected', async () => {
    // The first read fails as behind a broken proxy (502, which Chromium logs); the page says so.
    e2e.allowConsole(refusedRequest(502, '/api/admin/vault'));
    const { context, page } = await e2e.newPage({ width: 1280, height: 900 });
    await signInBrowser(context, admin);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let failNext = true;
    await page.route('**/api/admin/vault', async (route) => {
      await held;
      if (!failNext) return route.continue();
      failNext = false;
      return route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' });
    });
    await page.goto(e2e.url(CONTENT_PATH));
    await page.getByRole('status', { name: 'Loading the Master Vault editor' }).waitFor(FIRST_PAINT);
    release();
    const failed = page.getByTestId('vault-editor-error');
    await failed.waitFor();
    expect(await failed.innerText()).toContain('The Master Vault editor could not be loaded.');
    await page.getByTestId('reviews-editor').waitFor();
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('vault-courses').waitFor();
    expect(await failed.count()).toBe(0);
  });

  it('an admin creates a draft course, adds a Markdown lesson and publishes it', async () => {
    const page = await openEditor(1280);
    const editor = page.getByTestId('vault-editor');
    const samples = (await editorState()).samples;
    expect(samples).toBeGreaterThan(0);
    expect(await editor.getByTestId('vault-samples').innerText()).toContain(
      `${samples} sample items ship with the product (marked Sample).`,
    );
    // The shipped courses are listed, tagged, each with its status.
    const sampleCourse = editor.getByTestId('vault-course').first();
    // The tag is drawn in capitals (its text is "Sample", as on the member's vault).
    expect(await sampleCourse.textContent()).toContain('Sample');
    expect(await sampleCourse.innerText()).toMatch(/Published|Draft/);

    const posted: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/admin/vault/courses') {
        posted.push(request.postDataJSON());
      }
    });

    // An empty course is refused on the page, with the server's own words under the field; nothing is sent.
    await editor.getByRole('button', { name: 'New course' }).click();
    const form = editor.getByTestId('vault-course-form');
    await form.getByRole('button', { name: 'Create course' }).click();
    const title = form.getByLabel('Title', { exact: true });
    await expect.poll(() => title.getAttribute('aria-invalid')).toBe('true');
    const titleError = page.locator(`[id="${await title.getAttribute('aria-describedby')}"]`);
    expect(await titleError.innerText()).toBe('Enter a title (at most 120 characters)');
    expect(await form.getByTestId('vault-course-result').innerText()).toBe('Fix the marked fields, then save.');
    expect(posted).toEqual([]);
    await expectNoAxeFindings(page, 'course form with errors at 1280 px');

    await title.fill(COURSE.title);
    await form.getByLabel('Category').selectOption({ label: 'Risk Management' });
    await form.getByLabel('Level').selectOption('Intermediate');
    await form.getByLabel('Instructor').fill(COURSE.instructor);
    await form.getByLabel('Description').fill(COURSE.description);
    await form.getByLabel('Topics').fill(COURSE.topics);
    await form.getByRole('button', { name: 'Create course' }).click();
    await expect
      .poll(() => form.getByTestId('vault-course-result').innerText())
      .toBe(VaultEditorMessages.courseCreated);
    expect(await title.getAttribute('aria-invalid')).toBe('false');
    expect(posted).toEqual([
      {
        title: COURSE.title,
        category: 'risk-management',
        level: 'Intermediate',
        instructor: COURSE.instructor,
        description: COURSE.description,
        topics: ['Stops', 'Sizing'],
        featured: false,
      },
    ]);
    const courseEditor = editor.getByTestId('vault-course-editor');
    await courseEditor.getByRole('heading', { name: `Course: ${COURSE.title}` }).waitFor();
    const publishing = courseEditor.getByTestId('vault-publishing');
    expect(await publishing.innerText()).toContain('Draft');

    // Publishing before there is a lesson: the server refuses (409, which Chromium logs) and says why.
    e2e.allowConsole(refusedRequest(409, '/api/admin/vault/courses/*'));
    await publishing.getByRole('button', { name: /^Publish/ }).click();
    await expect
      .poll(() => publishing.getByTestId('vault-publish-result').innerText())
      .toBe(VaultEditorMessages.publishEmpty);
    expect((await editorState()).courses.find((c) => c.title === COURSE.title)?.publishedAt).toBeNull();

    // A lesson in Markdown, previewed as members will read it.
    await courseEditor.getByTestId('vault-add-lesson').click();
    const lessonForm = courseEditor.getByTestId('vault-lesson-form');
    await lessonForm.getByLabel('Lesson title').fill(LESSON.title);
    await lessonForm.getByLabel('Length in minutes').fill(LESSON.minutes);
    await lessonForm.getByLabel('Lesson text (Markdown)').fill(LESSON.body);
    await lessonForm.getByRole('button', { name: 'Preview' }).click();
    const preview = lessonForm.getByRole('region', { name: 'Preview of the lesson' });
    await preview.getByRole('heading', { name: 'Placing the stop' }).waitFor();
    expect(await preview.locator('strong').innerText()).toBe('at most 2%');
    expect(await preview.locator('li').allInnerTexts()).toEqual(['Set the stop first', 'Then size the stake']);
    await expectNoAxeFindings(page, 'lesson form with its preview at 1280 px');
    await lessonForm.getByRole('button', { name: 'Add lesson' }).click();
    const lessons = courseEditor.getByTestId('vault-lessons');
    await expect
      .poll(() => lessons.getByTestId('vault-lessons-result').innerText())
      .toBe(VaultEditorMessages.lessonCreated);
    await lessonForm.waitFor({ state: 'detached' });
    expect(await lessons.getByTestId('vault-lesson').innerText()).toContain(`1. ${LESSON.title}`);
    expect(await lessons.getByTestId('vault-lesson').innerText()).toContain(`${LESSON.minutes} min`);

    // Publishing now: the button is busy while its call runs (the request is held to see it), then done.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/admin/vault/courses/*', async (route) => {
      if (route.request().method() === 'PATCH') await held;
      await route.continue();
    });
    await publishing.getByRole('button', { name: /^Publish/ }).click();
    const busy = publishing.getByRole('button', { name: /^Publishing\.\.\./ });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    await expect
      .poll(() => publishing.getByTestId('vault-publish-result').innerText())
      .toBe(VaultEditorMessages.coursePublished);
    await publishing.getByRole('button', { name: /^Unpublish/ }).waitFor();
    expect(await publishing.innerText()).toContain('Published');
    await page.unroute('**/api/admin/vault/courses/*');

    // Back in the list, the course reads as published with its one lesson.
    await courseEditor.getByRole('button', { name: 'Back to the courses' }).click();
    const listed = editor.getByTestId('vault-course').filter({ hasText: COURSE.title });
    await listed.waitFor();
    expect(await listed.innerText()).toContain('Published');
    expect(await listed.innerText()).toContain('Risk Management · Intermediate · 1 lesson');
    expect(await listed.textContent()).not.toContain('Sample');
    const stored = (await editorState()).courses.find((c) => c.title === COURSE.title);
    expect(stored?.publishedAt).not.toBeNull();
    expect(stored?.lessons.map((l) => l.body)).toEqual([LESSON.body.trim()]);
  });

  it('adds a live session at the admin’s own clock, shown in their zone, and deletes it after asking', async () => {
    const page = await openEditor(1280);
    const sessions = page.getByTestId('vault-sessions-editor');
    // Two days from now at 18:00 on the browser's clock (Lagos: UTC+1 all year).
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: BROWSER_TIME_ZONE }).format(
      new Date(Date.now() + 2 * 86_400_000),
    );
    await sessions.getByRole('button', { name: 'New session' }).click();
    const form = sessions.getByTestId('vault-session-form');
    await form.getByLabel('Session title').fill('Stops, live');
    await form.getByLabel('Host').fill(COURSE.instructor);
    await form.getByLabel('Description').fill('Questions on the stop, answered live.');
    await form.getByLabel('Starts at').fill(`${day}T18:00`);
    await form.getByLabel('Length in minutes').fill('45');
    await form.getByRole('button', { name: 'Add session' }).click();
    await expect
      .poll(() => sessions.getByTestId('vault-sessions-result').innerText())
      .toBe(VaultEditorMessages.sessionCreated);
    const stored = (await editorState()).sessions.find((s) => s.title === 'Stops, live');
    expect(stored?.startsAt).toBe(`${day}T17:00:00.000Z`);
    const item = sessions.getByTestId('vault-session').filter({ hasText: 'Stops, live' });
    expect(await item.innerText()).toContain('18:00 GMT+1 · 45 min · Host: Ada Mensah · 0 reminders');

    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await item.getByRole('button', { name: /^Delete/ }).click();
    await expect
      .poll(() => sessions.getByTestId('vault-sessions-result').innerText())
      .toBe(VaultEditorMessages.sessionDeleted);
    expect(asked[0]).toContain('Delete the session “Stops, live”');
    await item.waitFor({ state: 'detached' });
  });

  it('a gold member sees the published course and reads its lesson, rendered', async () => {
    const page = await pages.open(member, VAULT_PATH);
    await page.getByTestId('master-vault').waitFor(FIRST_PAINT);
    const card = page.getByTestId('course-card').filter({ hasText: COURSE.title });
    await card.waitFor(LIVE);
    await card.getByRole('button', { name: `Start ${COURSE.title}` }).click();
    const lesson = page.getByTestId('lesson-view');
    await lesson.getByRole('heading', { name: 'Placing the stop' }).waitFor(LIVE);
    expect(await lesson.locator('strong').innerText()).toBe('at most 2%');
    expect(await lesson.locator('li').allInnerTexts()).toEqual(['Set the stop first', 'Then size the stake']);
    expect(await lesson.innerText()).not.toContain('**');
  });

  it('the admin removes the sample content after a confirm; the member’s vault shows no sample', async () => {
    const before = await editorState();
    const sampleCourses = before.courses.filter((c) => c.sample).length;
    expect(sampleCourses).toBeGreaterThan(0);
    const page = await openEditor(1280);
    const editor = page.getByTestId('vault-editor');
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await editor.getByRole('button', { name: 'Remove sample content' }).click();
    await expect
      .poll(() => editor.getByTestId('vault-samples-result').innerText())
      .toBe(VaultEditorMessages.samplesRemoved(before.samples));
    expect(asked[0]).toContain(`${sampleCourses} sample courses`);
    await editor.getByTestId('vault-samples').waitFor({ state: 'detached' });
    expect(await editor.getByText('Sample', { exact: true }).count()).toBe(0);
    // The admin's own course stays.
    expect(await editor.getByTestId('vault-course').allInnerTexts()).toEqual([expect.stringContaining(COURSE.title)]);
    expect((await editorState()).samples).toBe(0);

    const vault = await pages.open(member, VAULT_PATH);
    await vault.getByTestId('master-vault').waitFor(FIRST_PAINT);
    await vault.getByTestId('course-card').filter({ hasText: COURSE.title }).waitFor(LIVE);
    expect(await vault.getByTestId('course-card').count()).toBe(1);
    expect(await vault.getByTestId('master-vault').getByText('Sample', { exact: true }).count()).toBe(0);
    expect(await vault.getByTestId('master-vault').innerText()).not.toMatch(/sample/i);
    const served = (await e2e.server.api<TVault>('GET', '/api/mentorship', { token: member.token })).body.data!;
    expect([...served.courses, ...served.sessions, ...served.resources].some((item) => item.sample)).toBe(false);
  });

  it('passes axe at 1280 and 390 px, and a phone never scrolls sideways', async () => {
    for (const width of [1280, 390]) {
      const page = await openEditor(width);
      await expectNoAxeFindings(page, `vault editor at ${width} px`);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      // The course open, with its lesson form and preview: the longest view of the editor.
      const editor = page.getByTestId('vault-editor');
      await editor
        .getByTestId('vault-course')
        .filter({ hasText: COURSE.title })
        .getByRole('button', { name: /^Edit/ })
        .click();
      const courseEditor = editor.getByTestId('vault-course-editor');
      await courseEditor.getByTestId('vault-lessons').getByRole('button', { name: /^Edit/ }).click();
      await courseEditor.getByTestId('vault-lesson-form').getByRole('button', { name: 'Preview' }).click();
      await courseEditor.getByRole('region', { name: 'Preview of the lesson' }).getByRole('heading').first().waitFor();
      await expectNoAxeFindings(page, `course open in the vault editor at ${width} px`);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      if (width === 1280) {
        // The light theme's colours too (contrast does not depend on the width), once its transition ends.
        await page.emulateMedia({ colorScheme: 'light' });
        await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
        await expectNoAxeFindings(page, `course open in the vault editor at ${width} px, light theme`);
      }
      await pages.closeAll();
    }
  });
});
