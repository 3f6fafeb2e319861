import { clsx } from 'clsx';
import styles from './journal.module.css';

/** "Taken" or "Skipped": what the member journaled for a signal, on its row. */
export function JournalBadge({ taken }: { taken: boolean }) {
  return (
    <span className={clsx(styles.badge, taken ? styles.badgeTaken : styles.badgeSkipped)} data-testid="journal-badge">
      {taken ? 'Taken' : 'Skipped'}
    </span>
  );
}
