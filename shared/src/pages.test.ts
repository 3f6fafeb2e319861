import { describe, expect, it } from 'vitest';
import { ADMIN_CONSOLE_PAGES, DASHBOARD_FEATURES, PAGES, pageAt, pagePath, sitemapPaths } from './pages.js';

describe('the page table', () => {
  it('gives every page its own address', () => {
    const paths = Object.values(PAGES).map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('lists the public pages search engines may index, the track record and the strategy among them', () => {
    expect(sitemapPaths()).toEqual(['/', '/signup', '/login', '/bot-access', '/track-record', '/strategy']);
    for (const path of sitemapPaths()) expect(pageAt(path)?.access).toBe('public');
  });

  it('labels the sidebar as the dashboard shell does, in its order', () => {
    expect(DASHBOARD_FEATURES.map((id) => PAGES[id].navLabel)).toEqual([
      'Command Center',
      'Neural Signals',
      'Auto-Copy System',
      'AI Bot Access',
      'Master Vault',
      'Elite Network',
      'Account Setup',
      'Upgrade Portal',
      'Profile Settings',
      'Support Hub',
    ]);
  });

  it('gives each admin screen one name, the same in the navigation and as its title where they were two', () => {
    expect(PAGES['admin-users'].navLabel).toBe('Admin Users');
    expect(PAGES['admin-users'].title).toBe('Admin Users');
    expect(PAGES['admin-support'].navLabel).toBe(PAGES['admin-support'].title);
    expect(PAGES['admin-offer'].navLabel).toBe('Offer countdown');
    for (const id of ADMIN_CONSOLE_PAGES) expect(PAGES[id].access).toBe('admin');
  });

  it('finds the page of a pathname, a parameter and a trailing slash included', () => {
    expect(pageAt('/dashboard/')?.title).toBe('Command Center');
    expect(pageAt('/dashboard/admin/users/6f1c2d3e')?.title).toBe('Member detail');
    expect(pageAt('/dashboard/admin/users/6f1c2d3e/more')).toBeNull();
    expect(pageAt('/nowhere')).toBeNull();
  });

  it('fills a path parameter, encoded, and refuses to leave one out', () => {
    expect(pagePath('admin-member', { id: 'a b' })).toBe('/dashboard/admin/users/a%20b');
    expect(pagePath('signals')).toBe('/dashboard/signals');
    expect(() => pagePath('admin-member')).toThrow(/id/);
  });
});
