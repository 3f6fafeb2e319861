import { signalAccessMode } from './signal-access.js';
import type { TUser } from './user.js';

/** The ten sidebar features of the dashboard (spec section 2, dashboard shell table). */
export const DASHBOARD_FEATURES = [
  'command-center',
  'signals',
  'copy-trading',
  'bot-access',
  'mentorship',
  'community',
  'account-setup',
  'upgrade',
  'settings',
  'support',
] as const;
export type DashboardFeature = (typeof DASHBOARD_FEATURES)[number];

type AccessUser = Pick<TUser, 'tier' | 'dashboardUnlocked'> & Partial<Pick<TUser, 'trialEndsAt'>>;

/**
 * Whether a sidebar feature is locked for a member (spec section 6). Guests: Neural Signals, Auto-Copy
 * System, Master Vault and Elite Network locked. AI Bot Access is locked unless the tier is gold. Neural
 * Signals needs an unlocked dashboard, or a running trial, which opens it in the delayed view (the same
 * rule the server enforces, `signalAccessMode`). Command Center, Account Setup, Upgrade Portal, Profile
 * Settings and Support Hub are always open. No user: everything gated is locked.
 */
export function isFeatureLocked(feature: DashboardFeature, user: AccessUser | null, now: Date = new Date()): boolean {
  const tier = user?.tier ?? 'guest';
  switch (feature) {
    case 'signals':
      return signalAccessMode(user, now) === 'none';
    case 'copy-trading':
    case 'mentorship':
    case 'community':
      return tier === 'guest';
    case 'bot-access':
      return tier !== 'gold';
    default:
      return false;
  }
}

/** Gold-only pages (gold room, platinum stream): gold tier on an unlocked dashboard, as the server checks. */
export function hasGoldAccess(user: AccessUser | null): boolean {
  return Boolean(user && user.tier === 'gold' && user.dashboardUnlocked);
}

/** Which Command Center view a member gets: guest or unknown → activation; silver/pro → active; gold → elite. */
export function commandCenterView(user: Pick<TUser, 'tier'> | null): 'activation' | 'active' | 'elite' {
  if (!user || user.tier === 'guest') return 'activation';
  return user.tier === 'gold' ? 'elite' : 'active';
}
