import type { TUser } from '@signalroom/shared';
import { clsx } from 'clsx';
import tierBadgeStyles from './tier-badge.module.css';

type BadgeUser = Pick<TUser, 'tier' | 'role'>;

/**
 * Header badge: 'ADMIN' for admins (they see every page at full access, so a member tier or a trial
 * would be wrong), 'TRIAL' for guests while their trial runs ('TRIAL ENDED' after it, so the label stays
 * true), otherwise the tier in capitals; gold, silver or other colours.
 */
export function TierBadge({ user, trialEnded = false }: { user: BadgeUser; trialEnded?: boolean }) {
  if (user.role === 'admin')
    return (
      <span className={clsx(tierBadgeStyles.tierBadge, tierBadgeStyles.tierBadgeAdmin)} data-testid="tier-badge">
        ADMIN
      </span>
    );
  const { tier } = user;
  const label = tier === 'guest' ? (trialEnded ? 'TRIAL ENDED' : 'TRIAL') : tier.toUpperCase();
  const tone = tier === 'gold' ? 'gold' : tier === 'silver' ? 'silver' : 'other';
  return (
    <span className={clsx(tierBadgeStyles.tierBadge, tierBadgeStyles[`tier-badge--${tone}`])} data-testid="tier-badge">
      {label}
    </span>
  );
}

/**
 * Sidebar footer label: 'ADMIN · full access' for admins, 'Trial Member' for guests ('Trial ended' after
 * it), otherwise e.g. 'GOLD Elite'.
 */
export function tierLabel(user: BadgeUser, trialEnded = false): string {
  if (user.role === 'admin') return 'ADMIN · full access';
  if (user.tier === 'guest') return trialEnded ? 'Trial ended' : 'Trial Member';
  return `${user.tier.toUpperCase()} Elite`;
}
