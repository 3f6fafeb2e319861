import { type TUser, tierName } from '@signalroom/shared';
import { formatForReader } from '../clock/use-clock.js';
import styles from './tier-until.module.css';

/** "Gold until 24 Nov, 18:00 GMT+1" (the reader's zone): a tier an admin granted for a time; nothing for a tier without an end. */
export function tierUntilText(user: Pick<TUser, 'tier' | 'tierExpiresAt'>): string | null {
  if (!user.tierExpiresAt) return null;
  const end = new Date(user.tierExpiresAt);
  if (Number.isNaN(end.getTime())) return null;
  return `${tierName(user.tier)} until ${formatForReader(end, { zoneName: true, withDate: true })}`;
}

/** The timed tier's end beside the tier badge (header, member detail). */
export function TierUntil({ user }: { user: Pick<TUser, 'tier' | 'tierExpiresAt'> }) {
  const text = tierUntilText(user);
  if (!text) return null;
  return (
    <span className={styles.tierUntil} data-testid="tier-until">
      {text}
    </span>
  );
}
