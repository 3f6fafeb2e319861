import type { TJournalImportRow, TJournalImportVerdict } from '@signalroom/shared';

/** One row of the set to import, with what the check found: the signal it matched, or its problem. */
export interface PreviewRow {
  row: TJournalImportRow;
  match: { asset: string; windowStart: string } | null;
  problem: string | null;
}

/** Said when the check answered nothing for a row it was sent (it should answer every one). */
export const UNCHECKED = 'This row was not checked. Check the rows again.';

/**
 * The preview: every row of the file in its order, with the problem found in the browser (`local`,
 * same order as `rows`) or else the server's verdict for its line.
 */
export function previewOf(
  rows: readonly TJournalImportRow[],
  local: readonly (string | null)[],
  verdicts: readonly TJournalImportVerdict[],
): PreviewRow[] {
  const byLine = new Map(verdicts.map((v) => [v.line, v]));
  return rows.map((row, i) => {
    const problem = local[i] ?? null;
    if (problem) return { row, match: null, problem };
    const verdict = byLine.get(row.line);
    if (!verdict) return { row, match: null, problem: UNCHECKED };
    if (verdict.problem || !verdict.asset || !verdict.windowStart) {
      return { row, match: null, problem: verdict.problem ?? UNCHECKED };
    }
    return { row, match: { asset: verdict.asset, windowStart: verdict.windowStart }, problem: null };
  });
}

/** "3 rows match, 1 has a problem" (the preview's count, every row counted once). */
export function previewCount(preview: readonly PreviewRow[]): { matched: number; bad: number; text: string } {
  const bad = preview.filter((p) => p.problem !== null).length;
  const matched = preview.length - bad;
  const text = `${matched} ${matched === 1 ? 'row matches' : 'rows match'}, ${bad} ${bad === 1 ? 'has a problem' : 'have problems'}`;
  return { matched, bad, text };
}

/**
 * A refused import's field messages as lines to show ("Line 4: No signal of ..."), and the problems
 * of the `line N` fields put on their rows, so the preview shows where they are.
 */
export function refusedImport(
  preview: readonly PreviewRow[],
  fields: Record<string, string>,
): { lines: string[]; preview: PreviewRow[] } {
  const lines = Object.entries(fields).map(
    ([key, message]) => `${key.charAt(0).toUpperCase()}${key.slice(1)}: ${message}`,
  );
  const byLine = new Map<number, string>();
  for (const [key, message] of Object.entries(fields)) {
    const line = /^line (\d+)$/.exec(key)?.[1];
    if (line) byLine.set(Number(line), message);
  }
  return {
    lines,
    preview: preview.map((p) => {
      const problem = byLine.get(p.row.line);
      return problem ? { ...p, match: null, problem } : p;
    }),
  };
}
