import { STORAGE_KEYS } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, extractCode, startE2E, uniqueEmail } from './harness.js';

describe('journey: sign up, confirm by e-mail, log out and back in', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('a visitor signs up, confirms the e-mailed code, lands in the Command Center as a guest, logs out and in', async () => {
    const { page } = await e2e.newPage();
    const email = uniqueEmail('journey');
    const password = 'Journey1Pass';

    await page.goto(e2e.url('/'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign Up' }).click();
    await page.waitForURL('**/signup');
    await page.getByRole('button', { name: 'Start Application' }).click();

    const submit = page.getByRole('button', { name: 'Create Account' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Full name').fill('Ada Journey');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Phone number').fill('801 234 5678');
    await page.getByLabel('Country').selectOption('Nigeria');
    await page.getByLabel('Password', { exact: true }).fill(password);
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('5');
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();

    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    expect(await page.locator('main').innerText()).toContain(email);
    // The code has just been sent: Resend waits out its cooldown from that moment, counting down.
    const resend = page.getByRole('button', { name: /Resend/ });
    expect(await resend.isDisabled()).toBe(true);
    expect(await resend.innerText()).toMatch(/^Resend code in (60|59|58|57)s$/);
    // The number as typed, read with the chosen country, is stored in E.164.
    const row = await e2e.server.context.db
      .selectFrom('users')
      .select('phone')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.phone).toBe('+2348012345678');
    // The code is never shown in the interface: it only arrives by e-mail.
    const mail = await e2e.server.smtp.waitFor((m) => m.to.includes(email), 10_000);
    const code = extractCode(mail.text);
    expect(await page.locator('body').innerText()).not.toContain(code);

    const confirm = page.getByRole('button', { name: 'Confirm Email' });
    await page.getByLabel('Confirmation code').fill(code.toLowerCase());
    expect(await page.getByLabel('Confirmation code').inputValue()).toBe(code);
    await confirm.click();

    await page.waitForURL('**/dashboard');
    const stored = await page.evaluate(
      (keys) => [localStorage.getItem(keys.token), localStorage.getItem(keys.user)],
      STORAGE_KEYS,
    );
    expect(stored[0]).toBeTruthy();
    expect(JSON.parse(stored[1] ?? '{}')).toMatchObject({ email, tier: 'guest' });
    const trial = page.getByTestId('trial-countdown');
    await trial.waitFor();
    expect(await trial.innerText()).toMatch(/Trial ends in\s*2[0-3]:\d\d:\d\d/);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(e2e.url('/'));
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.token)).toBeNull();
    // The old token is revoked on the server.
    const me = await e2e.server.api('GET', '/api/auth/me', { token: stored[0]! });
    expect(me.status).toBe(401);

    // This device signed in before: the dashboard sends it to log in, not to sign up again.
    await page.goto(e2e.url('/dashboard'));
    await page.waitForURL('**/login');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/dashboard');
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.token)).toBeTruthy();
    await page.getByTestId('trial-countdown').waitFor();
  });

  it('resends the code with a 60 s cooldown and a green success message', async () => {
    const { page } = await e2e.newPage({ width: 390, height: 844 });
    const email = uniqueEmail('resend');
    const reg = await e2e.server.api('POST', '/api/auth/register', {
      body: {
        fullName: 'Re Sender',
        email,
        phone: '024 123 4567',
        country: 'Ghana',
        telegram: null,
        password: 'Resend1Pass',
      },
    });
    expect(reg.status).toBeLessThan(300);
    await e2e.server.smtp.waitFor((m) => m.to.includes(email), 10_000);
    // Open the code step for this e-mail as the sign-up flow leaves it.
    await page.goto(e2e.url('/'));
    await page.evaluate((value) => sessionStorage.setItem('signalroom.pendingConfirmationEmail', value), email);
    await page.goto(e2e.url('/signup'));
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    const resend = page.getByRole('button', { name: /Resend/ });
    const before = e2e.server.smtp.messages.filter((m) => m.to.includes(email)).length;
    // The server keeps its own 60 s cooldown from the first mail; move its clock past it instead of sleeping.
    const realNow = e2e.server.context.now;
    e2e.server.context.now = () => new Date(Date.now() + 61_000);
    try {
      await resend.click();
      const status = page.getByRole('status').filter({ hasText: 'Email sent' });
      await status.waitFor();
      expect(await status.innerText()).toBe('Email sent successfully! Check your inbox.');
      expect(await status.getAttribute('class')).toContain('alert-success');
      expect(await resend.isDisabled()).toBe(true);
      expect(await resend.innerText()).toMatch(/^Resend code in (60|59|58)s$/);
      await e2e.server.smtp.waitFor((m) => m.to.includes(email) && e2e.server.smtp.messages.indexOf(m) >= before);
    } finally {
      e2e.server.context.now = realNow;
    }
  });
});
