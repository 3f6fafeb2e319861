import { existsSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type ConsoleMessage, chromium, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { startTestServer, type TestServer } from '../../server/test/helpers/test-server.js';

/** The production build of the web app; `npm run build -w @signalroom/web` makes it (scripts/test.mjs does). */

/** The zone every browser of the journeys runs in, unless a test sets its own. */
export const BROWSER_TIME_ZONE = 'Africa/Lagos';
export const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Debian's headless shell: the same Chromium build without the browser's own interface, which is what
 * Playwright itself runs headless, and lighter on two cores (every-page: 143 → 123 s). The full browser
 * where the shell is not installed; CHROMIUM_PATH overrides both.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Debian's Chromium driven by playwright-core. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

export interface NewPageOptions {
  width?: number;
  height?: number;
  bypassCSP?: boolean;
  javaScriptEnabled?: boolean;
  /**
   * The app's service worker (installed by the dashboard) is allowed as in a member's browser. 'block'
   * keeps it out, at the price of a console warning from Playwright on every dashboard page.
   */
  serviceWorkers?: 'allow' | 'block';
  /**
   * The system's light or dark setting as the page sees it (prefers-color-scheme), which the app's theme
   * follows until a member chooses one. Dark unless a test sets it (Playwright's own default is light).
   */
  colorScheme?: 'light' | 'dark';
  /**
   * Console lines this context may write without failing the test, each matched against
   * `console.error: <text> (<url>)` or `pageerror: <message>`. Only where the test provokes the error on
   * purpose; say why beside it.
   */
  allowConsole?: RegExp[];
  /** The browser's IANA time zone (BROWSER_TIME_ZONE unless a test proves something with another). */
  timeZone?: string;
}

export interface E2E {
  server: TestServer;
  browser: Browser;
  /**
   * A fresh browser context (own storage) with one page, at phone or desktop width. `bypassCSP` turns
   * the Content-Security-Policy off for that context: only for tests that inject a script of their own
   * (Playwright's `addScriptTag` adds an inline script, e.g. axe-core), never to hide a violation.
   * `javaScriptEnabled: false` shows what the served HTML paints before any script runs.
   *
   * Every page of the context is watched: a console error or an uncaught page error fails the test
   * that was running when it came (or, outside any test, `close()`), unless `allowConsole` lets it.
   */
  newPage(options?: NewPageOptions): Promise<{
    context: BrowserContext;
    page: Page;
  }>;
  /**
   * Lets the running test's pages write these console lines (see NewPageOptions.allowConsole), until
   * the test ends. Only for errors the test provokes on purpose; say why beside the call.
   */
  allowConsole(...patterns: RegExp[]): void;
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
  const consoleWatch = watchConsole();
  return {
    server,
    browser,
    async newPage({
      width = 1280,
      height = 900,
      bypassCSP = false,
      javaScriptEnabled = true,
      serviceWorkers = 'allow',
      colorScheme = 'dark',
      allowConsole = [],
      timeZone = BROWSER_TIME_ZONE,
    } = {}) {
      const context = await browser.newContext({
        viewport: { width, height },
        // A browser in the business's zone, as most members' are: screens show a member who has not chosen
        // a zone in the browser's, so this keeps expected texts fixed (one-clock.test.ts sets another).
        timezoneId: timeZone,
        baseURL: server.url,
        bypassCSP,
        javaScriptEnabled,
        serviceWorkers,
        colorScheme,
      });
      contexts.push(context);
      closeWhenTestEnds(context);
      // Pages the test opens itself in this context (a second tab, a popup) are watched alike.
      context.on('page', (opened) => consoleWatch.attach(opened, allowConsole));
      const page = await context.newPage();
      consoleWatch.attach(page, allowConsole);
      consoleWatch.checkWhenTestEnds();
      page.setDefaultTimeout(10_000);
      return { context, page };
    },
    allowConsole: (...patterns) => consoleWatch.allowInTest(patterns),
    url: (path) => `${server.url}${path}`,
    async close() {
      // Best-effort teardown: what fails to close is reported and the rest still closes.
      const report = (what: string) => (error: Error) => console.warn(`${what} close failed: ${error.message}`);
      for (const c of contexts) await c.close().catch(report('browser context'));
      await browser.close().catch(report('browser'));
      await server.close();
      // What no test was running for (a page opened in beforeAll, a message after a test's end).
      consoleWatch.check();
    },
  };
}

/**
 * A context opened inside a test closes when that test ends: a page left open keeps its sockets, timers
 * and animations running, and on two cores every later test of the file would share the CPU with them.
 * One opened outside a test (beforeAll) lives until `close()`.
 */
function closeWhenTestEnds(context: BrowserContext): void {
  try {
    onTestFinished(() => context.close().catch(() => {}));
  } catch {
    // Not inside a test.
  }
}

/**
 * Fails on console errors and uncaught page errors. A line is kept when it arrives; the running test
 * checks them when it finishes (vitest's onTestFinished), so the failure names that test.
 */
export function watchConsole() {
  const watched = new WeakSet<Page>();
  let problems: string[] = [];
  let checkPending = false;
  let allowedInTest: RegExp[] = [];

  function check(): void {
    checkPending = false;
    allowedInTest = [];
    const found = problems;
    problems = [];
    if (found.length > 0) throw new Error(`The browser reported errors:\n${found.join('\n')}`);
  }

  function checkWhenTestEnds(): void {
    if (checkPending) return;
    try {
      onTestFinished(check);
      checkPending = true;
    } catch {
      // Not inside a test (beforeAll): close() checks what is left.
    }
  }

  /** `detail` (a page error's stack) is reported with the line but never matched by an allowance. */
  function record(line: string, page: Page, allowed: RegExp[], detail = ''): void {
    if ([...allowed, ...allowedInTest].some((pattern) => pattern.test(line))) return;
    problems.push(`${line} [page ${page.url()}]${detail}`);
    checkWhenTestEnds();
  }

  return {
    check,
    checkWhenTestEnds,
    allowInTest(patterns: RegExp[]): void {
      allowedInTest.push(...patterns);
      // The allowance ends with the test (the check clears it).
      checkWhenTestEnds();
    },
    attach(page: Page, allowed: RegExp[]): void {
      if (watched.has(page)) return;
      watched.add(page);
      page.on('console', (message: ConsoleMessage) => {
        if (message.type() !== 'error') return;
        const where = message.location().url;
        record(`console.error: ${message.text()}${where ? ` (${where})` : ''}`, page, allowed);
      });
      // The stack names the minified frames of the built app; its source maps sit beside it in web/dist.
      page.on('pageerror', (error) =>
        record(`pageerror: ${error.message}`, page, allowed, error.stack ? `\n${error.stack}` : ''),
      );
    },
  };
}

/**
 * The line Chromium logs for an API call answered with `status` (it logs every 4xx and 5xx as "Failed to
 * load resource"), for an allowance where a test provokes that answer and the page handles it. A path
 * ending in `*` stands for every path that starts with it.
 */
export function refusedRequest(status: number, path: string): RegExp {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const where = path.endsWith('*') ? `${literal(path.slice(0, -1))}[^)]*` : `${literal(path)}(\\?[^)]*)?`;
  return new RegExp(
    `^console\\.error: Failed to load resource: the server responded with a status of ${status} .*\\(https?://[^/]+${where}\\)$`,
  );
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
