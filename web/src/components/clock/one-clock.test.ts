import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every time the web app shows goes through the one clock (shared/src/clock.ts, through use-clock.ts),
// so one moment reads the same on every screen. This fails on a screen that formats a date itself.

const webSource = join(import.meta.dirname, '..', '..');

/** Files allowed to format dates themselves, and why. */
const ALLOWED: Record<string, string> = {
  // The public record's equity curve is drawn by UTC day, the record's own calendar.
  'pages/track-record/equity-chart.tsx': 'UTC days of the public record',
};

/** A date formatted outside the clock: Intl's date formatter, or a Date's locale strings. */
const DATE_FORMATTING =
  /new Intl\.DateTimeFormat|\.toLocaleDateString\(|\.toLocaleTimeString\(|new Date\([^)]*\)\.toLocaleString\(/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('one clock', () => {
  it('finds a screen that formats a date itself (the check can fail)', () => {
    expect(DATE_FORMATTING.test("new Intl.DateTimeFormat('en-GB').format(at)")).toBe(true);
    expect(DATE_FORMATTING.test('new Date(m.createdAt).toLocaleString()')).toBe(true);
    expect(DATE_FORMATTING.test("members.toLocaleString('en-US')")).toBe(false);
  });

  it('has no screen that formats a date outside shared/src/clock.ts', () => {
    const strays = sourceFiles(webSource)
      .map((file) => relative(webSource, file))
      .filter((file) => !ALLOWED[file] && !file.startsWith('components/clock/'))
      .filter((file) => DATE_FORMATTING.test(readFileSync(join(webSource, file), 'utf8')));
    expect(strays).toEqual([]);
  });
});
