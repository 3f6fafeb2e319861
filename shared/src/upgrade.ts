import type { Tier } from './constants.js';

export type UpgradeTier = Exclude<Tier, 'guest'>;

/** What an Upgrade Portal card offers to a member of `current` tier. */
export type UpgradeAvailability = { available: true } | { available: false; label: 'Current Tier' | 'Not Available' };

/**
 * Upgrade availability: Silver only for guest; Pro for guest or silver; Gold for anyone not gold.
 * An unavailable card says 'Current Tier' when it is the member's tier, otherwise 'Not Available'.
 */
export function upgradeAvailability(current: Tier, target: UpgradeTier): UpgradeAvailability {
  const allowed: Record<UpgradeTier, readonly Tier[]> = {
    silver: ['guest'],
    pro: ['guest', 'silver'],
    gold: ['guest', 'silver', 'pro'],
  };
  if (allowed[target].includes(current)) return { available: true };
  return { available: false, label: current === target ? 'Current Tier' : 'Not Available' };
}
