import { existsSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../../server/test/helpers/test-server.js';

/** The production build of the web app; `npm run build -w @signalroom/web` makes it (scripts/test.mjs does). */
export const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's Chromium driven by playwright-core; CHROMIUM_PATH overrides the location. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

export interface E2E {
  server: TestServer;
  browser: Browser;
  /**
   * A fresh browser context (own storage) with one page, at phone or desktop width. `bypassCSP` turns
   * the Content-Security-Policy off for that context: only for tests that inject a script of their own
   * (Playwright's `addScriptTag` adds an inline script, e.g. axe-core), never to hide a violation.
   * `javaScriptEnabled: false` shows what the served HTML paints before any script runs.
   */
  newPage(options?: { width?: number; height?: number; bypassCSP?: boolean; javaScriptEnabled?: boolean }): Promise<{
    context: BrowserContext;
    page: Page;
  }>;
  /** Absolute URL of a path on the running server. */
  url(path: string): string;
  close(): Promise<void>;
}

/**
 * Starts the real server (database, API, SMTP server, sockets) serving the BUILT web app, and
 * Chromium. Auth and bot-access rate limits are off: one test process posts many forms from 127.0.0.1.
 */
export async function startE2E(env: Record<string, string> = {}): Promise<E2E> {
  if (!existsSync(`${WEB_DIST_DIR}/index.html`) || !existsSync(`${WEB_DIST_DIR}/landing.html`)) {
    throw new Error(`No web build at ${WEB_DIST_DIR}: run \`npm run build -w @signalroom/web\` first`);
  }
  // The browser's origin must be the server's public origin (sockets check it), so the port is chosen
  // first and PUBLIC_URL names it.
  const port = await freePort();
  const server = await startTestServer({
    WEB_DIST_DIR,
    RATE_LIMITS: 'false',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...env,
  });
  let browser: Browser;
  try {
    browser = await launchChromium();
  } catch (error) {
    await server.close();
    throw error;
  }
  const contexts: BrowserContext[] = [];
  return {
    server,
    browser,
    async newPage({ width = 1280, height = 900, bypassCSP = false, javaScriptEnabled = true } = {}) {
      const context = await browser.newContext({
        viewport: { width, height },
        baseURL: server.url,
        bypassCSP,
        javaScriptEnabled,
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      return { context, page };
    },
    url: (path) => `${server.url}${path}`,
    async close() {
      // Best-effort teardown: what fails to close is reported and the rest still closes.
      const report = (what: string) => (error: Error) => console.warn(`${what} close failed: ${error.message}`);
      for (const c of contexts) await c.close().catch(report('browser context'));
      await browser.close().catch(report('browser'));
      await server.close();
    },
  };
}

/** A port nothing listens on right now (the OS picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Operator contacts as a real deployment would set them. Without them the shipped placeholders are in
 * force, which pages never show to members as contacts; journeys that follow the links set these.
 */
export const CONFIGURED_CONTACTS = {
  SUPPORT_HANDLE: '@acme_signals_help',
  SUPPORT_EMAIL: 'help@acme-signals.com',
  WHATSAPP_NUMBER: '+2348012345678',
  BROKER_REGISTRATION_URL: 'https://partner-broker.com/register?ref=acme',
  BOOTCAMP_URL: 'https://acme-bootcamp.com',
} as const;

/** A unique e-mail address per test run. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** The 10-character confirmation code in a mail's text. */
export function extractCode(text: string): string {
  const match = /confirmation code is:?\s*([A-Z0-9]{10})\b/.exec(text) ?? /\b([A-Z0-9]{10})\b/.exec(text);
  if (!match?.[1]) throw new Error(`No confirmation code in mail:\n${text}`);
  return match[1];
}

/** The reset token from the link in a password-reset mail. */
export function extractResetToken(text: string): string {
  const match = /reset-password\?token=([^\s"'<>)\]]+)/.exec(text);
  if (!match?.[1]) throw new Error(`No reset link in mail:\n${text}`);
  return decodeURIComponent(match[1]);
}

/** Texts of every visible field error on the page, in order. */
export async function fieldErrors(page: Page): Promise<string[]> {
  return page.getByTestId('field-error').allInnerTexts();
}

/**
 * Waits until the landing page's figure `key` shows a value: its `<dd>` reads 'Loading' (screen-reader
 * text beside a skeleton) until the public stats call answers.
 */
export async function waitForLandingStat(page: Page, key: string): Promise<void> {
  await page.waitForFunction((statKey) => {
    const shown = document.querySelector(`[data-stat="${statKey}"] dd`)?.textContent;
    return Boolean(shown) && shown !== 'Loading';
  }, key);
}
