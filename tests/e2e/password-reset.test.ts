import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../server/test/helpers/factories.js';
import { type E2E, extractResetToken, refusedRequest, startE2E, uniqueEmail } from './harness.js';

describe('journey: reset a forgotten password from the e-mailed link', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('requests a link, sets a new password, is sent to /login after 3 s and logs in with it', async () => {
    const email = uniqueEmail('reset');
    await createMember(e2e.server.context.db, { email, password: 'OldPass123' });
    const { page } = await e2e.newPage({ width: 390, height: 844 });

    await page.goto(e2e.url('/login'));
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    // Success clears the e-mail: Try again shows an empty form.
    await page.getByRole('button', { name: 'Try again' }).click();
    expect(await page.getByLabel('Email address').inputValue()).toBe('');

    const mail = await e2e.server.smtp.waitFor((m) => m.to.includes(email), 10_000);
    const token = extractResetToken(mail.text);
    await page.goto(e2e.url(`/reset-password?token=${encodeURIComponent(token)}`));
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    expect(await page.locator('main').innerText()).toContain('Must be at least 8 characters long');
    await page.getByLabel('New password', { exact: true }).fill('NewPass456');
    await page.getByLabel('Confirm new password').fill('NewPass456');
    // The delay is timed by the page's own clock: the test process hears of each change a round trip late.
    // "left" is taken when the router pushes /login (the Navigation API's navigate event fires at the push,
    // before anything renders), "shown" when the success heading is first in the document.
    await page.evaluate(() => {
      const marks: { shown?: number; left?: number } = {};
      (window as unknown as { resetMarks: typeof marks }).resetMarks = marks;
      const takeShown = () => {
        const headings = [...document.querySelectorAll('h1, h2')].map((h) => h.textContent);
        if (marks.shown === undefined && headings.includes('Password reset')) marks.shown = performance.now();
      };
      new MutationObserver(takeShown).observe(document.body, { childList: true, subtree: true, characterData: true });
      const navigation = (window as unknown as { navigation: EventTarget }).navigation;
      navigation.addEventListener('navigate', (event) => {
        const destination = new URL((event as unknown as { destination: { url: string } }).destination.url);
        if (marks.left === undefined && destination.pathname === '/login') {
          takeShown();
          marks.left = performance.now();
        }
      });
    });
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'Password reset' }).waitFor();
    await page.waitForURL('**/login', { timeout: 6000 });
    const marks = await page.evaluate(
      () => (window as unknown as { resetMarks: { shown?: number; left?: number } }).resetMarks,
    );
    expect((marks.left ?? 0) - (marks.shown ?? Number.NaN)).toBeGreaterThanOrEqual(2900);

    // The old password is refused (401, which Chromium logs), as the test means it to be.
    e2e.allowConsole(refusedRequest(401, '/api/auth/login'));
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('OldPass123');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('alert').waitFor();
    expect(page.url()).toContain('/login');
    await page.getByLabel('Password', { exact: true }).fill('NewPass456');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/dashboard');

    // The link is single use: checking it again is answered 400 (logged by Chromium), the page says so.
    e2e.allowConsole(refusedRequest(400, '/api/auth/verify-reset-token'));
    const { page: again } = await e2e.newPage();
    await again.goto(e2e.url(`/reset-password?token=${encodeURIComponent(token)}`));
    await again.getByText('This password reset link is invalid or has expired.').waitFor();
    await again.getByRole('link', { name: 'Request New Link' }).click();
    await again.waitForURL('**/forgot-password');

    // The development outbox lists the same mail for local runs.
    await again.goto(e2e.url('/dev/outbox'));
    await again.getByText(`To ${email}`, { exact: false }).first().waitFor();
    expect(await again.locator('main').innerText()).toContain('For local runs only');
  });
});
