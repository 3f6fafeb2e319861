import { describe, expect, it } from 'vitest';
import { canGrantGold, canRevoke, GRANT_GOLD_ACCESS, REVOKE_ACCESS } from './admin-access-actions.js';
import {
  mergeUser,
  pageButtons,
  searchQueryOf,
  showingRange,
  showingText,
  showsPageIndicator,
} from './admin-pagination.js';
import { TIERS } from './constants.js';

describe('pageButtons', () => {
  it('shows at most three pages, the current one in the middle', () => {
    expect(pageButtons(5, 10)).toEqual([4, 5, 6]);
    expect(pageButtons(2, 10)).toEqual([1, 2, 3]);
    expect(pageButtons(9, 10)).toEqual([8, 9, 10]);
  });
  it('shifts the window at the ends instead of shrinking it', () => {
    expect(pageButtons(1, 10)).toEqual([1, 2, 3]);
    expect(pageButtons(10, 10)).toEqual([8, 9, 10]);
  });
  it('shows every page when there are fewer than three', () => {
    expect(pageButtons(1, 1)).toEqual([1]);
    expect(pageButtons(2, 2)).toEqual([1, 2]);
    expect(pageButtons(1, 3)).toEqual([1, 2, 3]);
    expect(pageButtons(3, 3)).toEqual([1, 2, 3]);
  });
  it('clamps a current page outside 1..pages and shows nothing without pages', () => {
    expect(pageButtons(0, 5)).toEqual([1, 2, 3]);
    expect(pageButtons(99, 5)).toEqual([3, 4, 5]);
    expect(pageButtons(1, 0)).toEqual([]);
  });
  it('honours another maximum', () => {
    expect(pageButtons(5, 10, 5)).toEqual([3, 4, 5, 6, 7]);
    expect(pageButtons(5, 10, 1)).toEqual([5]);
    expect(pageButtons(6, 10, 4)).toEqual([5, 6, 7, 8]);
  });
});

describe('showing label', () => {
  it('counts positions of a page of 50', () => {
    expect(showingText(1, 130)).toBe('Showing 1 to 50 of 130');
    expect(showingText(2, 130)).toBe('Showing 51 to 100 of 130');
    expect(showingText(3, 130)).toBe('Showing 101 to 130 of 130');
    expect(showingText(1, 50)).toBe('Showing 1 to 50 of 50');
    expect(showingText(1, 7)).toBe('Showing 1 to 7 of 7');
  });
  it('says 0 to 0 for an empty list or a page past the end', () => {
    expect(showingText(1, 0)).toBe('Showing 0 to 0 of 0');
    expect(showingRange(4, 130)).toEqual({ from: 0, to: 0, total: 130 });
  });
  it('uses the given page size', () => {
    expect(showingText(2, 25, 10)).toBe('Showing 11 to 20 of 25');
  });
});

describe('showsPageIndicator', () => {
  it('appears only with more than one page', () => {
    expect(showsPageIndicator(0)).toBe(false);
    expect(showsPageIndicator(1)).toBe(false);
    expect(showsPageIndicator(2)).toBe(true);
  });
});

describe('Grant Gold and Revoke', () => {
  it('send the grant and revoke payloads', () => {
    expect(GRANT_GOLD_ACCESS).toEqual({ tier: 'gold', dashboardUnlocked: true, hasDeposited: true });
    expect(REVOKE_ACCESS).toEqual({ tier: 'guest', dashboardUnlocked: false, hasDeposited: false });
  });
  it('disables Grant only for a gold, unlocked member', () => {
    expect(canGrantGold({ tier: 'gold', dashboardUnlocked: true }, false)).toBe(false);
    expect(canGrantGold({ tier: 'gold', dashboardUnlocked: false }, false)).toBe(true);
    for (const tier of TIERS.filter((t) => t !== 'gold')) {
      expect(canGrantGold({ tier, dashboardUnlocked: true }, false)).toBe(true);
      expect(canGrantGold({ tier, dashboardUnlocked: false }, false)).toBe(true);
    }
  });
  it('disables Revoke only for a guest, locked member', () => {
    expect(canRevoke({ tier: 'guest', dashboardUnlocked: false }, false)).toBe(false);
    expect(canRevoke({ tier: 'guest', dashboardUnlocked: true }, false)).toBe(true);
    for (const tier of TIERS.filter((t) => t !== 'guest')) {
      expect(canRevoke({ tier, dashboardUnlocked: false }, false)).toBe(true);
      expect(canRevoke({ tier, dashboardUnlocked: true }, false)).toBe(true);
    }
  });
  it('disables both while that member is being updated', () => {
    for (const tier of TIERS) {
      for (const dashboardUnlocked of [true, false]) {
        expect(canGrantGold({ tier, dashboardUnlocked }, true)).toBe(false);
        expect(canRevoke({ tier, dashboardUnlocked }, true)).toBe(false);
      }
    }
  });
  it('after a grant only Revoke is enabled, after a revoke only Grant', () => {
    expect(canGrantGold(GRANT_GOLD_ACCESS, false)).toBe(false);
    expect(canRevoke(GRANT_GOLD_ACCESS, false)).toBe(true);
    expect(canGrantGold(REVOKE_ACCESS, false)).toBe(true);
    expect(canRevoke(REVOKE_ACCESS, false)).toBe(false);
  });
});

describe('searchQueryOf', () => {
  it('sends no request for empty or whitespace-only input', () => {
    for (const input of ['', ' ', '   ', '\t\n ']) expect(searchQueryOf(input)).toBeNull();
  });
  it('sends the trimmed text otherwise', () => {
    expect(searchQueryOf('  ada@example.com ')).toBe('ada@example.com');
    expect(searchQueryOf('a b')).toBe('a b');
  });
});

describe('mergeUser', () => {
  it('merges the updated member into the list by id, leaving others and the input untouched', () => {
    const list = [
      { id: 'a', tier: 'guest', name: 'A' },
      { id: 'b', tier: 'guest', name: 'B' },
    ];
    const merged = mergeUser(list, { id: 'b', tier: 'gold', name: 'B' });
    expect(merged).toEqual([
      { id: 'a', tier: 'guest', name: 'A' },
      { id: 'b', tier: 'gold', name: 'B' },
    ]);
    expect(list[1]?.tier).toBe('guest');
    expect(mergeUser(list, { id: 'zz', tier: 'gold', name: 'Z' })).toEqual(list);
  });
});
