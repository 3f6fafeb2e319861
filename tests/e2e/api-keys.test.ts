import type { TUser } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../server/test/helpers/factories.js';
import { signInBrowser } from './dashboard.helpers.js';
import { type E2E, startE2E } from './harness.js';

describe('journeys: API keys in Profile Settings', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('creates a key shown once that reads the account, then revokes it after confirmation', async () => {
    const member = await createMember(e2e.server.context.db, { tier: 'gold' });
    const { context, page } = await e2e.newPage({ width: 390, height: 844 });
    await signInBrowser(context, member);
    await page.goto(e2e.url('/dashboard/settings'));
    const section = page.getByTestId('settings-api-keys');
    await section.getByText('No API keys yet.').waitFor();
    await section.getByLabel('Key name').fill('Spreadsheet');
    await section.getByRole('button', { name: 'Create API Key' }).click();

    const secret = (await section.getByTestId('api-key-secret').textContent()) ?? '';
    expect(secret).toMatch(/^sr_[A-Za-z0-9_-]{43}$/);
    await section.getByText('it will not be shown again').waitFor();
    await section.getByRole('button', { name: /Copy key|Copied/ }).click();
    await section
      .getByRole('status')
      .filter({ hasText: /clipboard|selected/ })
      .waitFor();
    const me = await e2e.server.api<TUser>('GET', '/api/auth/me', { token: secret });
    expect(me.body.data?.id).toBe(member.user.id);

    // Shown once: after a reload only the name and the first characters remain.
    await page.reload();
    await section.getByTestId('settings-api-key').waitFor();
    expect(await section.getByTestId('settings-api-key').textContent()).toContain('Spreadsheet');
    expect(await page.content()).not.toContain(secret);

    await section.getByRole('button', { name: 'Revoke API key Spreadsheet' }).click();
    const dialog = page.getByTestId('revoke-api-key-dialog');
    await dialog.getByRole('button', { name: 'Keep Key' }).click();
    expect((await e2e.server.api('GET', '/api/auth/me', { token: secret })).status).toBe(200);
    await section.getByRole('button', { name: 'Revoke API key Spreadsheet' }).click();
    await page.getByTestId('revoke-api-key-dialog').getByRole('button', { name: 'Revoke Key' }).click();
    await section.getByText('No API keys yet.').waitFor();
    expect((await e2e.server.api('GET', '/api/auth/me', { token: secret })).status).toBe(401);
  });
});
