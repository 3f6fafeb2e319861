import type { Tier } from '@signalroom/shared';

/** Header tier badge: 'TRIAL' for guests, otherwise the tier in capitals; gold, silver or other colours. */
export function TierBadge({ tier }: { tier: Tier }) {
  const label = tier === 'guest' ? 'TRIAL' : tier.toUpperCase();
  const tone = tier === 'gold' ? 'gold' : tier === 'silver' ? 'silver' : 'other';
  return <span className={`tier-badge tier-badge--${tone}`}>{label}</span>;
}

/** Sidebar footer label: 'Trial Member' for guests, otherwise e.g. 'GOLD Elite'. */
export function tierLabel(tier: Tier): string {
  return tier === 'guest' ? 'Trial Member' : `${tier.toUpperCase()} Elite`;
}
