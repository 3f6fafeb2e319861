import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every time the web app shows goes through the one clock (shared/src/clock.ts, through use-clock.ts),
// so one moment reads the same on every screen. This fails on a screen that formats a date itself.

const webSource = join(import.meta.dirname, '..', '..');

/** Files allowed to format dates themselves, and why. */
const ALLOWED: Record<string, string> = {};

/** A date formatted outside the clock: Intl's date formatter, or a Date's locale strings. */
const DATE_FORMATTING = /Intl\.DateTimeFormat\(|\.toLocaleDateString\(|\.toLocaleTimeString\(/;

/** `.toLocaleString(` is a date's too, unless its receiver is one of these numbers (counts and amounts). */
const NUMBERS_WRITTEN_WITH_LOCALE_STRING = new Set(['members', 'amount', 'user.depositAmount', 'n', 'report.length']);

function formatsADate(text: string): boolean {
  if (DATE_FORMATTING.test(text)) return true;
  const receivers = [...text.matchAll(/([\w.)\]]+)\.toLocaleString\(/g)].map((m) => m[1] ?? '');
  return receivers.some((receiver) => !NUMBERS_WRITTEN_WITH_LOCALE_STRING.has(receiver));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('one clock', () => {
  it('finds a screen that formats a date itself (the check can fail)', () => {
    expect(formatsADate("new Intl.DateTimeFormat('en-GB').format(at)")).toBe(true);
    expect(formatsADate('new Date(m.createdAt).toLocaleString()')).toBe(true);
    expect(formatsADate('const when = date.toLocaleString();')).toBe(true);
    expect(formatsADate("members.toLocaleString('en-US')")).toBe(false);
  });

  it('has no screen that formats a date outside shared/src/clock.ts', () => {
    const strays = sourceFiles(webSource)
      .map((file) => relative(webSource, file))
      .filter((file) => !ALLOWED[file] && !file.startsWith('components/clock/'))
      .filter((file) => formatsADate(readFileSync(join(webSource, file), 'utf8')));
    expect(strays).toEqual([]);
  });
});
