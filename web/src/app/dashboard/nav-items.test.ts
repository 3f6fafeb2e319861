import { describe, expect, it } from 'vitest';
import { dashboardPageTitle, NAV_ITEMS } from './nav-items.js';

describe('dashboardPageTitle', () => {
  it("gives each page its own title, the signal room's included", () => {
    expect(dashboardPageTitle('/dashboard')).toBe('Command Center');
    expect(dashboardPageTitle('/dashboard/')).toBe('Command Center');
    expect(dashboardPageTitle('/dashboard/signals')).toBe('Elite Signal Room');
    expect(dashboardPageTitle('/dashboard/upgrade')).toBe('Upgrade Portal');
    expect(dashboardPageTitle('/dashboard/support')).toBe('Support Hub');
    expect(dashboardPageTitle('/dashboard/gold-room')).toBe('Gold Room');
    expect(dashboardPageTitle('/dashboard/admin/users')).toBe('Admin Users');
    expect(dashboardPageTitle('/dashboard/admin/activations')).toBe('Activations');
    expect(dashboardPageTitle('/dashboard/admin/offer')).toBe('Offer countdown');
    expect(dashboardPageTitle('/dashboard/admin/support')).toBe('Support inbox');
    expect(dashboardPageTitle('/dashboard/admin/audit')).toBe('Audit log');
    expect(dashboardPageTitle('/dashboard/admin/users/6f1c2d3e-0000-4000-8000-000000000001')).toBe('Member detail');
    expect(dashboardPageTitle('/dashboard/admin/deliveries')).toBe('Signal deliveries');
  });
  it('never borrows another page title for an unknown address', () => {
    expect(dashboardPageTitle('/dashboard/nowhere')).toBe('Not available yet');
  });
  it('has a distinct title for every sidebar page', () => {
    const titles = NAV_ITEMS.map((i) => dashboardPageTitle(i.to));
    expect(new Set(titles).size).toBe(NAV_ITEMS.length);
  });
});
