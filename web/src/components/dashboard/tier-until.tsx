import { type TUser, tierName } from '@signalroom/shared';
import styles from './tier-until.module.css';

const untilFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Gold until 24 Nov 2026, 18:00": a tier an admin granted for a time; nothing for a tier without an end. */
export function tierUntilText(user: Pick<TUser, 'tier' | 'tierExpiresAt'>): string | null {
  if (!user.tierExpiresAt) return null;
  const end = new Date(user.tierExpiresAt);
  if (Number.isNaN(end.getTime())) return null;
  return `${tierName(user.tier)} until ${untilFormat.format(end)}`;
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
