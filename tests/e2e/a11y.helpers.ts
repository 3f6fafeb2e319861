import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser build, read once. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets every page must pass: WCAG 2.0, 2.1 and 2.2 at A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

export interface AxeFinding {
  rule: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core in the page and returns its violations. axe is evaluated through the DevTools protocol
 * (not added as a <script>), so it runs under a strict Content-Security-Policy as well.
 */
export async function runAxe(page: Page): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<any> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v: any) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n: any) => n.target.join(' ')),
    }));
  }, AXE_TAGS);
}

/**
 * Collects what a page writes to the console as errors or warnings, and uncaught exceptions, from the
 * moment it is attached. `take()` returns what came since the last call and starts afresh.
 */
export function collectConsole(page: Page): { take(): string[] } {
  let lines: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      const where = message.location().url;
      lines.push(`${message.type()}: ${message.text()}${where ? ` (${where})` : ''}`);
    }
  });
  page.on('pageerror', (error) => lines.push(`pageerror: ${error.message}`));
  return {
    take() {
      const taken = lines;
      lines = [];
      return taken;
    },
  };
}

/** A readable line per finding, for a failure message that says where to look. */
export function describeFindings(where: string, findings: AxeFinding[]): string[] {
  return findings.map((f) => `${where}: [${f.impact}] ${f.rule} (${f.help}) at ${f.targets.slice(0, 3).join(' | ')}`);
}
