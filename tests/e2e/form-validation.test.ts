import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../server/test/helpers/factories.js';
import { type E2E, fieldErrors, refusedRequest, startE2E, uniqueEmail } from './harness.js';

/** Every validation message of the public forms, as a visitor meets them. */
describe('journey: validation messages of the public forms', () => {
  let e2e: E2E;
  let page: Page;
  beforeAll(async () => {
    e2e = await startE2E();
    page = (await e2e.newPage({ width: 390, height: 844 })).page;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('sign-up: required, too short, invalid and weak, under their fields', async () => {
    await page.goto(e2e.url('/signup'));
    await page.getByRole('button', { name: 'Start Application' }).click();
    const submit = page.getByRole('button', { name: 'Create Account' });
    expect(await submit.isDisabled()).toBe(true);
    // Whitespace fills the fields (the button enables) but fails the rules.
    await page.getByLabel('Full name').fill('Al');
    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByLabel('Phone number').fill('12345');
    await page.getByLabel('Country').selectOption('Kenya');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await submit.click();
    expect(await fieldErrors(page)).toEqual([
      'Full name must be at least 3 characters',
      'Email is invalid',
      'Phone number is invalid',
      'Password must be at least 8 characters',
    ]);
    expect(await page.getByLabel('Full name').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Full name').getAttribute('aria-describedby')).toBe('fullName-error');

    await page.getByLabel('Password', { exact: true }).fill('alllowercase1');
    await submit.click();
    expect(await fieldErrors(page)).toContain('Password must contain uppercase, lowercase, and number');

    await page.getByLabel('Full name').fill('   ');
    await page.getByLabel('Email address').fill('   ');
    await page.getByLabel('Phone number').fill('   ');
    await page.getByLabel('Password', { exact: true }).fill('        ');
    expect(await submit.isDisabled()).toBe(true);

    // Strength bars follow the three checks; the toggle shows the password.
    await page.getByLabel('Password', { exact: true }).fill('abcdefgH');
    expect(await page.locator('#password-strength li', { hasText: '(met)' }).count()).toBe(2);
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
  });

  it('sign-up: an e-mail that is already registered gets no code, only a notice to its owner', async () => {
    const email = uniqueEmail('taken');
    await createMember(e2e.server.context.db, { email });
    await page.goto(e2e.url('/signup'));
    await page.getByRole('button', { name: 'Start Application' }).click();
    await page.getByLabel('Full name').fill('Taken Person');
    await page.getByLabel('Email address').fill(email);
    // With "Other" as the country, a number is read only in international form.
    await page.getByLabel('Phone number').fill('+234 801 234 5678');
    await page.getByLabel('Country').selectOption('Other');
    await page.getByLabel('Password', { exact: true }).fill('Taken1Pass');
    await page.getByRole('button', { name: 'Create Account' }).click();
    // The server does not reveal which addresses have accounts: the visitor sees the code step, and the
    // owner of the address gets a mail saying someone tried to sign up (no code in it).
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    const mail = await e2e.server.smtp.waitFor((m) => m.to.includes(email), 10_000);
    expect(mail.text).not.toMatch(/confirmation code is/i);
    await page.getByRole('button', { name: 'Use a different e-mail' }).click();
    await page.getByRole('button', { name: 'Create Account' }).waitFor();
  });

  it('confirmation code: upper-cased, 10 characters, wrong code refused with the server message', async () => {
    // The wrong code is answered 400, which Chromium logs; the page shows the server's message.
    e2e.allowConsole(refusedRequest(400, '/api/auth/confirm-code'));
    const email = uniqueEmail('code');
    const reg = await e2e.server.api('POST', '/api/auth/register', {
      body: {
        fullName: 'Code Person',
        email,
        phone: '024 123 4567',
        country: 'Ghana',
        telegram: null,
        password: 'Code1Pass',
      },
    });
    expect(reg.status).toBeLessThan(300);
    await page.goto(e2e.url('/'));
    await page.evaluate((value) => sessionStorage.setItem('signalroom.pendingConfirmationEmail', value), email);
    await page.goto(e2e.url('/signup'));
    const input = page.getByLabel('Confirmation code');
    const confirm = page.getByRole('button', { name: 'Confirm Email' });
    await input.fill('abc12');
    expect(await input.inputValue()).toBe('ABC12');
    expect(await confirm.isDisabled()).toBe(true);
    await input.fill('abcdefghijklmno');
    expect(await input.inputValue()).toBe('ABCDEFGHIJ');
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    const error = page.locator('#confirmationCode-error');
    await error.waitFor();
    expect((await error.innerText()).length).toBeGreaterThan(0);
    expect(page.url()).toContain('/signup');
    await page.evaluate(() => sessionStorage.clear());
  });

  it('login: empty fields, then a wrong password', async () => {
    // The wrong password is answered 401, which Chromium logs; the page shows the refusal.
    e2e.allowConsole(refusedRequest(401, '/api/auth/login'));
    await page.goto(e2e.url('/login'));
    await page.getByRole('button', { name: 'Log In' }).click();
    expect(await page.getByRole('alert').innerText()).toBe('Please fill in all fields');
    await page.getByLabel('Email address').fill(uniqueEmail('nobody'));
    await page.getByLabel('Password', { exact: true }).fill('Whatever1');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('alert').filter({ hasNotText: 'Please fill in all fields' }).waitFor();
    expect(await page.getByRole('alert').innerText()).toBe('Invalid email or password');
    for (const [name, path] of [
      ['Forgot password?', '/forgot-password'],
      ['Create an account', '/signup'],
      ['Back to home', '/'],
    ] as const) {
      expect(await page.getByRole('link', { name }).getAttribute('href')).toBe(path);
    }
  });

  it('login: an unconfirmed account is offered the code step', async () => {
    // An unconfirmed account's login is answered 403, which Chromium logs; the page offers the code step.
    e2e.allowConsole(refusedRequest(403, '/api/auth/login'));
    const email = uniqueEmail('unconfirmed');
    await e2e.server.api('POST', '/api/auth/register', {
      body: {
        fullName: 'Not Yet',
        email,
        phone: '024 123 4567',
        country: 'Ghana',
        telegram: null,
        password: 'NotYet1Pass',
      },
    });
    await page.goto(e2e.url('/login'));
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('NotYet1Pass');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('button', { name: 'Enter Confirmation Code' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    expect(await page.locator('main').innerText()).toContain(email);
    await page.evaluate(() => sessionStorage.clear());
  });

  it('forgot password: empty and malformed e-mail', async () => {
    await page.goto(e2e.url('/forgot-password'));
    const send = page.getByRole('button', { name: 'Send Reset Link' });
    await send.click();
    expect(await fieldErrors(page)).toEqual(['Please enter your email address']);
    await page.getByLabel('Email address').fill('me@example');
    await send.click();
    expect(await fieldErrors(page)).toEqual(['Please enter a valid email address']);
    await page.getByLabel('Email address').fill('me @example.com');
    await send.click();
    expect(await fieldErrors(page)).toEqual(['Please enter a valid email address']);
  });

  it('reset password: missing or bad token, then every form rule', async () => {
    await page.goto(e2e.url('/reset-password'));
    await page.getByText('This password reset link is invalid or has expired.').waitFor();
    expect(await page.locator('main').innerText()).toContain('Invalid or missing reset token');
    expect(await page.getByRole('link', { name: 'Request New Link' }).getAttribute('href')).toBe('/forgot-password');

    await page.goto(e2e.url('/reset-password?token=not-a-real-token'));
    await page.getByText('This password reset link is invalid or has expired.').waitFor();

    const email = uniqueEmail('rules');
    await createMember(e2e.server.context.db, { email });
    await e2e.server.api('POST', '/api/auth/forgot-password', { body: { email } });
    const mail = await e2e.server.smtp.waitFor((m) => m.to.includes(email), 10_000);
    const token = /reset-password\?token=([^\s"'<>)\]]+)/.exec(mail.text)?.[1] ?? '';
    await page.goto(e2e.url(`/reset-password?token=${token}`));
    const reset = page.getByRole('button', { name: 'Reset Password' });
    await reset.waitFor();
    await reset.click();
    expect(await page.getByRole('alert').innerText()).toBe('Please fill in all fields');
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await reset.click();
    expect(await page.getByRole('alert').innerText()).toBe('Password must be at least 8 characters long');
    // The sign-up rules apply to a reset too.
    await page.getByLabel('New password', { exact: true }).fill('alllowercase1');
    await page.getByLabel('Confirm new password').fill('alllowercase1');
    await reset.click();
    expect(await page.getByRole('alert').innerText()).toBe('Password must contain uppercase, lowercase, and number');
    await page.getByLabel('New password', { exact: true }).fill('LongEnough1');
    await page.getByLabel('Confirm new password').fill('LongEnough2');
    await reset.click();
    expect(await page.getByRole('alert').innerText()).toBe('Passwords do not match');
  });

  it('bot-access: every message on an empty submit, the conditional ones, the phone rule, and clearing on edit', async () => {
    await page.goto(e2e.url('/bot-access'));
    const submit = page.getByRole('button', { name: 'Submit Form & Get AI Access' });
    await submit.click();
    expect(await fieldErrors(page)).toEqual([
      'Full name is required',
      'Phone number is required',
      'Email is required',
      'Please select an option',
      'Please select an option',
      'Please select an option',
      'Please select an option',
      'Please select an option',
      'Please select an option',
      'Please select an option',
    ]);
    expect(page.url()).toMatch(/\/bot-access$/);
    // The first invalid field gets the focus.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('fullName');

    const q = (n: number) => page.locator(`[data-question="${n}"]`);
    await q(7).getByLabel('Yes').check();
    await q(10).getByLabel('Yes').check();
    await submit.click();
    expect(await fieldErrors(page)).toContain('Please enter the loss amount');
    expect(await fieldErrors(page)).toContain('Please enter a call number');

    await page.getByLabel('What is your WhatsApp phone number?').fill('123');
    await page.getByLabel('What is your email address?').fill('lead@example');
    await submit.click();
    expect(await fieldErrors(page)).toContain('Please enter a valid phone number (digits only, no country code)');
    expect(await fieldErrors(page)).toContain('Please enter a valid email address');

    // Editing a field clears its error.
    await page.getByLabel('What is your full name?').fill('L');
    expect(await fieldErrors(page)).not.toContain('Full name is required');
    await q(4).getByLabel('No').check();
    expect(await q(4).getByTestId('field-error').count()).toBe(0);
    const count = await e2e.server.context.db
      .selectFrom('bot_access_submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});
