import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../server/test/helpers/factories.js';
import { FIRST_PAINT, signInBrowser } from './dashboard.helpers.js';
import { type E2E, startE2E } from './harness.js';

interface Watch {
  violations(): Promise<string[]>;
  consoleErrors: string[];
}

/**
 * Records every Content-Security-Policy violation (the `securitypolicyviolation` event, registered
 * before any page script runs; Playwright's init scripts are not inline scripts, so the policy does
 * not block them) and every console error or uncaught page error.
 */
async function watchPage(context: BrowserContext, page: Page): Promise<Watch> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}`);
    });
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return {
    consoleErrors,
    violations: () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
  };
}

describe('the built web app under its Content-Security-Policy', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('serves the app shell with the policy and the other security headers', async () => {
    const response = await fetch(e2e.url('/'));
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('loads the landing page with no policy violation and no console error', async () => {
    const { context, page } = await e2e.newPage();
    const watch = await watchPage(context, page);
    await page.goto(e2e.url('/'));
    await page.getByRole('link', { name: 'Sign Up' }).first().waitFor();
    // Scroll through every section so lazy parts (calculator, testimonials, countdown) render too.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    });
    await page.waitForLoadState('networkidle');
    expect(await watch.violations()).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
  });

  it('runs the dashboard and the signal room over a live socket with no violation and no console error', async () => {
    const gold = await createMember(e2e.server.context.db, { tier: 'gold', fullName: 'Goldie Member' });
    const { context, page } = await e2e.newPage();
    const watch = await watchPage(context, page);
    await signInBrowser(context, gold);
    await page.goto(e2e.url('/dashboard'));
    await page.getByText('Goldie', { exact: false }).first().waitFor();
    await page.goto(e2e.url('/dashboard/signals'));
    await page.getByTestId('signal-room').waitFor();
    // 'Live' only shows once the socket is connected (push), so the handshake passed the origin check.
    await page.waitForFunction(() => document.querySelector('[data-testid=transport]')?.textContent === 'Live');
    await page.waitForLoadState('networkidle');
    expect(await watch.violations()).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
  });

  it('shows the API documentation at /api/docs from its own files, with no violation and no console error', async () => {
    const { context, page } = await e2e.newPage();
    const watch = await watchPage(context, page);
    // Rendered from /api/docs/json: every group of the contract is a section, each route a line. A
    // document this long is drawn only where the reader looks, so a deep link brings a later group into view.
    await page.goto(e2e.url('/api/docs#/admin/patchAdminUsersByIdAccess'));
    // Swagger UI parses the whole document (every operation, its named components and the webhooks)
    // before it draws: seconds on a busy two-core machine.
    await page.getByText('Signalroom API').first().waitFor(FIRST_PAINT);
    await page.getByText('/api/admin/users/{id}/access').first().waitFor(FIRST_PAINT);
    await page.waitForLoadState('networkidle');
    expect(await watch.violations()).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
  });

  it('would notice a violation: an inline script is refused and reported', async () => {
    const { context, page } = await e2e.newPage();
    const watch = await watchPage(context, page);
    await page.goto(e2e.url('/login'));
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    // An inline script runs as it is inserted, if it runs at all; the refusal is reported as an event.
    // The test provokes the violation, which Chromium also logs as an error.
    e2e.allowConsole(
      /^console\.error: Executing inline script violates the following Content Security Policy directive 'script-src 'self''/,
    );
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.append(script);
    });
    await page.waitForFunction(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.length > 0);
    const ran = await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan === true);
    expect(ran).toBe(false);
    expect((await watch.violations())[0]).toMatch(/^script-src/);
  });

  it('bypassCSP lets a test inject its own script (for tools such as axe-core)', async () => {
    const { page } = await e2e.newPage({ bypassCSP: true });
    await page.goto(e2e.url('/login'));
    await page.addScriptTag({ content: 'window.__injected = 42;' });
    expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBe(42);
  });
});
