import { z } from 'zod';
import { TIERS, type Tier } from './constants.js';
import { ZInstant } from './iso-date.js';

/** The words of a timed tier grant (admin access changes with an expiry). */
export const TierGrantMessages = {
  expiryInvalid: 'expiresAt must be a date and time, e.g. 2026-12-01T18:00:00Z.',
  expiryPast: 'The expiry must be in the future.',
  expiryTooFar: 'The expiry must be within a year.',
  expiryNeedsPaidTier: 'An expiry needs a paid tier: silver, pro or gold.',
  reasonTooLong: 'The reason must be at most 500 characters.',
} as const;

/** Longest timed grant: a year. Longer is a permanent change, made without an expiry. */
export const TIER_GRANT_MAX_MS = 366 * 24 * 60 * 60 * 1000;
export const TIER_GRANT_REASON_MAX = 500;

/**
 * Why an expiry cannot go with this access change, or null when it can: a paid tier only, a time in
 * the future, at most a year ahead.
 */
export function tierExpiryIssue(tier: Tier, expiresAt: Date, now: Date): string | null {
  if (Number.isNaN(expiresAt.getTime())) return TierGrantMessages.expiryInvalid;
  if (tier === 'guest') return TierGrantMessages.expiryNeedsPaidTier;
  if (expiresAt.getTime() <= now.getTime()) return TierGrantMessages.expiryPast;
  if (expiresAt.getTime() - now.getTime() > TIER_GRANT_MAX_MS) return TierGrantMessages.expiryTooFar;
  return null;
}

/** How a tier grant ended: its time ran out, or a later access change replaced it. */
export const TIER_GRANT_ENDINGS = ['expired', 'superseded'] as const;
export type TierGrantEnding = (typeof TIER_GRANT_ENDINGS)[number];

/** One row of a member's tier history (every access change an admin made, timed or not). */
export const ZTierGrant = z.object({
  id: z.string(),
  tier: z.enum(TIERS),
  previousTier: z.enum(TIERS),
  /** When the tier returns to previousTier; null for a change without an expiry. */
  expiresAt: ZInstant.nullable(),
  reason: z.string().nullable(),
  /** The admin's e-mail at the time (kept when that account is gone). */
  grantedBy: z.string(),
  grantedAt: ZInstant,
  endedAt: ZInstant.nullable(),
  endReason: z.enum(TIER_GRANT_ENDINGS).nullable(),
});
export type TTierGrant = z.infer<typeof ZTierGrant>;

/** "Gold until …": the tier's name as the header shows it next to a timed grant. */
export function tierName(tier: Tier): string {
  return tier.charAt(0).toUpperCase() + tier.slice(1);
}
