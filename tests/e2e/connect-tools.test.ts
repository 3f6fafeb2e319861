import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../server/test/helpers/factories.js';
import { signInBrowser } from './dashboard.helpers.js';
import { type E2E, startE2E } from './harness.js';

describe('journeys: Connect your tools', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows the tested programs for this server and leads to the keys, from Settings and back', async () => {
    const member = await createMember(e2e.server.context.db, { tier: 'silver' });
    const { context, page } = await e2e.newPage({ width: 390, height: 844 });
    await signInBrowser(context, member);
    await page.goto(e2e.url('/dashboard/settings'));
    await page.getByTestId('settings-api-keys').getByRole('link', { name: 'How to connect your tools' }).click();
    await page.getByRole('heading', { level: 1, name: 'Connect your tools' }).waitFor();

    // The programs are the files the integration tests run, with this server's address in their usage line.
    const origin = new URL(e2e.url('/')).origin;
    const programs = await page.locator('pre').allTextContents();
    expect(programs).toContain(
      readFileSync('docs/examples/read-stream.mjs', 'utf8').replace('https://signals.example.com', origin),
    );
    expect(programs).toContain(
      readFileSync('docs/examples/webhook-receiver.py', 'utf8').replace('https://signals.example.com', origin),
    );
    expect(programs.join('\n')).not.toContain('signals.example.com');

    await page.getByRole('button', { name: 'Copy code' }).first().click();
    await page
      .getByRole('status')
      .filter({ hasText: /clipboard|Selected/ })
      .first()
      .waitFor();

    // "Your API keys" lands on the keys section of Settings, with focus there.
    await page.getByRole('link', { name: 'Your API keys' }).click();
    await page.waitForURL(/\/dashboard\/settings#settings-api-keys$/);
    await page.waitForFunction(() => document.activeElement?.id === 'settings-api-keys');
  });

  it('is locked for a member without live access', async () => {
    const guest = await createMember(e2e.server.context.db, { tier: 'guest' });
    const { context, page } = await e2e.newPage({ width: 1280, height: 800 });
    await signInBrowser(context, guest);
    await page.goto(e2e.url('/dashboard/connect'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.getByTestId('connect-tools-locked').waitFor();
    expect(await page.getByTestId('connect-tools-page').count()).toBe(0);
  });
});
