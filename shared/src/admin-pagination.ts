import { LIMITS } from './constants.js';

/**
 * Pure rules of the admin lists' paging: which page buttons to show, the 'Showing x to y of z' label,
 * and when a search is sent. Grant Gold and Revoke are in admin-access-actions.ts.
 */

/** How many numbered page buttons the pager shows at most (besides first, previous, next, last). */
export const ADMIN_PAGE_BUTTONS = 3;

/**
 * The page numbers to show as buttons: up to `max` consecutive pages around `current` (current in the
 * middle where possible, shifted at either end), clamped to 1..pages. None when there are no pages.
 */
export function pageButtons(current: number, pages: number, max: number = ADMIN_PAGE_BUTTONS): number[] {
  const total = Math.max(0, Math.floor(pages));
  if (total === 0 || max < 1) return [];
  const page = Math.min(Math.max(1, Math.floor(current)), total);
  const count = Math.min(max, total);
  let start = page - Math.floor((count - 1) / 2);
  start = Math.max(1, Math.min(start, total - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

/** First and last position shown on a page (1-based), 0 to 0 when the list is empty or the page is past the end. */
export function showingRange(
  current: number,
  total: number,
  pageSize: number = LIMITS.adminPageSize,
): { from: number; to: number; total: number } {
  const from = (Math.max(1, current) - 1) * pageSize + 1;
  if (total <= 0 || from > total) return { from: 0, to: 0, total: Math.max(0, total) };
  return { from, to: Math.min(total, from + pageSize - 1), total };
}

/** The pager label, e.g. 'Showing 51 to 100 of 130'. */
export function showingText(current: number, total: number, pageSize: number = LIMITS.adminPageSize): string {
  const range = showingRange(current, total, pageSize);
  return `Showing ${range.from} to ${range.to} of ${range.total}`;
}

/** The page indicator and page buttons appear only when there is more than one page. */
export function showsPageIndicator(pages: number): boolean {
  return pages > 1;
}

/**
 * The text a search sends, or null when the input is empty or whitespace only: then the results are
 * cleared and no request is made (nothing to search for).
 */
export function searchQueryOf(input: string): string | null {
  const text = input.trim();
  return text ? text : null;
}

/** Merges an updated member into a list by id: the answer's user replaces the listed one. */
export function mergeUser<T extends { id: string }>(list: readonly T[], updated: T): T[] {
  return list.map((user) => (user.id === updated.id ? { ...user, ...updated } : user));
}
