import type { TUser } from '@signalroom/shared';

type BadgeUser = Pick<TUser, 'tier' | 'role'>;

/**
 * Header badge: 'ADMIN' for admins (they see every page at full access, so a member tier would be
 * wrong), 'TRIAL' for guests, otherwise the tier in capitals; gold, silver or other colours.
 */
export function TierBadge({ user }: { user: BadgeUser }) {
  if (user.role === 'admin') return <span className="tier-badge tier-badge--admin">ADMIN</span>;
  const { tier } = user;
  const label = tier === 'guest' ? 'TRIAL' : tier.toUpperCase();
  const tone = tier === 'gold' ? 'gold' : tier === 'silver' ? 'silver' : 'other';
  return <span className={`tier-badge tier-badge--${tone}`}>{label}</span>;
}

/** Sidebar footer label: 'Admin · full access' for admins, 'Trial Member' for guests, otherwise e.g. 'GOLD Elite'. */
export function tierLabel(user: BadgeUser): string {
  if (user.role === 'admin') return 'ADMIN · full access';
  return user.tier === 'guest' ? 'Trial Member' : `${user.tier.toUpperCase()} Elite`;
}
