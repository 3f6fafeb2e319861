import type { Tier } from '@signalroom/shared';

/**
 * Header tier badge: 'TRIAL' for guests while their trial runs ('TRIAL ENDED' after it, so the label
 * stays true), otherwise the tier in capitals; gold, silver or other colours.
 */
export function TierBadge({ tier, trialEnded = false }: { tier: Tier; trialEnded?: boolean }) {
  const label = tier === 'guest' ? (trialEnded ? 'TRIAL ENDED' : 'TRIAL') : tier.toUpperCase();
  const tone = tier === 'gold' ? 'gold' : tier === 'silver' ? 'silver' : 'other';
  return <span className={`tier-badge tier-badge--${tone}`}>{label}</span>;
}

/** Sidebar footer label: 'Trial Member' for guests ('Trial ended' after it), otherwise e.g. 'GOLD Elite'. */
export function tierLabel(tier: Tier, trialEnded = false): string {
  if (tier === 'guest') return trialEnded ? 'Trial ended' : 'Trial Member';
  return `${tier.toUpperCase()} Elite`;
}
