import { readFile } from 'node:fs/promises';
import { STORAGE_KEYS } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../server/test/helpers/factories.js';
import { signInBrowser } from './dashboard.helpers.js';
import { type E2E, extractCode, refusedRequest, startE2E, uniqueEmail } from './harness.js';

describe('journeys: Elite Account Settings', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('changing the password sends another browser’s session to /login live', async () => {
    const member = await createMember(e2e.server.context.db, { tier: 'gold' });
    // A second session of the same member, in its own browser context.
    const login = await e2e.server.api<{ token: string }>('POST', '/api/auth/login', {
      body: { email: member.user.email, password: member.password },
    });
    const other = { ...member, token: login.body.data?.token ?? '' };
    const second = await e2e.newPage({ width: 1280, height: 800 });
    await signInBrowser(second.context, other);
    await second.page.goto(e2e.url('/dashboard'));
    await second.page.locator('h1').first().waitFor();

    const first = await e2e.newPage({ width: 390, height: 844 });
    await signInBrowser(first.context, member);
    await first.page.goto(e2e.url('/dashboard/settings'));
    await first.page.getByRole('heading', { name: 'Elite Account Settings' }).waitFor();
    await first.page.getByTestId('settings-session').nth(1).waitFor();
    await first.page.getByLabel('Current password').fill(member.password);
    await first.page.getByLabel('New password', { exact: true }).fill('Brand-New-Pass1');
    await first.page.getByLabel('Confirm new password').fill('Brand-New-Pass1');
    // What the revoked tab asks the API between its socket's drop and leaving is answered 401 (logged by
    // Chromium); that 401 is its cue to leave.
    e2e.allowConsole(refusedRequest(401, '/api/*'));
    await first.page.getByRole('button', { name: 'Change Password' }).click();
    await first.page.getByText('Password changed.').waitFor();

    // No reload, no navigation by the test: the revoked tab leaves by itself.
    await second.page.waitForURL('**/login', { timeout: 10_000 });
    expect(first.page.url()).toContain('/dashboard/settings');
  });

  it('downloads the member data as a JSON file', async () => {
    const member = await createMember(e2e.server.context.db);
    const { context, page } = await e2e.newPage({ width: 1280, height: 800 });
    await signInBrowser(context, member);
    await page.goto(e2e.url('/dashboard/settings'));
    // The profile names the tier first, then the deposit's access level.
    expect(await page.getByTestId('settings-tier').innerText()).toBe('Guest trial');
    expect(await page.getByTestId('settings-access-level').innerText()).toBe('Free');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Elite Data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^elite-data-.*\.json$/);
    const path = await download.path();
    const data = JSON.parse(await readFile(path, 'utf8'));
    expect(data.profile).toMatchObject({ id: member.user.id, email: member.user.email });
    expect(data.notificationSettings).toBeNull();
  });

  it('cancelling the membership makes login fail and frees the e-mail for a new sign-up', async () => {
    const email = uniqueEmail('leaver');
    const member = await createMember(e2e.server.context.db, { email, password: 'Leaving-Pass1' });
    const { context, page } = await e2e.newPage({ width: 390, height: 844 });
    await signInBrowser(context, member);
    await page.goto(e2e.url('/dashboard/settings'));
    await page.getByRole('button', { name: 'Cancel Elite Membership' }).click();
    const dialog = page.getByTestId('delete-dialog');
    await dialog.getByText('This cannot be undone.').waitFor();
    // Refused on purpose, and logged by Chromium: the wrong password (400), then, once the account is
    // gone, what the open page still asks (its socket drops with the deletion) and the login (401).
    e2e.allowConsole(refusedRequest(400, '/api/users/me'), refusedRequest(401, '/api/*'));
    await dialog.getByLabel('Password', { exact: true }).fill('wrong-Pass1');
    await dialog.getByRole('button', { name: 'Delete Permanently' }).click();
    await dialog.getByRole('alert').waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill('Leaving-Pass1');
    await dialog.getByRole('button', { name: 'Delete Permanently' }).click();
    // Signed out and off the dashboard (its socket drops at the same moment).
    await page.waitForURL((url) => !url.pathname.startsWith('/dashboard'));
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)).toBeNull();

    await page.goto(e2e.url('/login'));
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Leaving-Pass1');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('alert').waitFor();
    expect(page.url()).toContain('/login');

    const again = await e2e.server.api('POST', '/api/auth/register', {
      body: {
        fullName: 'Back Again',
        email,
        phone: '+234 803 555 1234',
        country: 'Nigeria',
        password: 'Return-Pass1',
      },
    });
    expect(again.status).toBe(201);
    const mail = await e2e.server.smtp.waitFor((m) => m.to.includes(email) && /confirmation code/i.test(m.subject));
    expect(extractCode(mail.text)).toHaveLength(10);
  });
});
