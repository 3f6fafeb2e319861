import { clsx } from 'clsx';
import styles from './feed-badge.module.css';
import { useFeedStatus } from './use-feed-status.js';

/**
 * The header's claim about the feed, shown only while true: 'MODEL ACTIVE | TRADING LIVE' with a real feed
 * and a fresh signal, 'SIMULATED MARKET' while the simulated market runs, 'NO RECENT SIGNAL' otherwise.
 */
export function FeedBadge() {
  const status = useFeedStatus();
  if (status === 'unknown') return null;
  if (status === 'simulated') {
    return (
      <span className={clsx(styles.liveBadge, styles.simulated)} data-testid="feed-badge">
        SIMULATED MARKET
      </span>
    );
  }
  if (status === 'quiet') {
    return (
      <span className={clsx(styles.liveBadge, styles.quiet)} data-testid="feed-badge">
        NO RECENT SIGNAL
      </span>
    );
  }
  return (
    <span className={styles.liveBadge} data-testid="feed-badge">
      <span className={styles.liveDot} aria-hidden="true" />
      MODEL ACTIVE | TRADING LIVE
    </span>
  );
}

/** An in-page 'Simulated market' mark for panels that show prices or signals (phones hide the header badge). */
export function SimulatedMarketMark() {
  const status = useFeedStatus();
  if (status !== 'simulated') return null;
  return (
    <span className={styles.mark} data-testid="simulated-mark">
      SIMULATED MARKET
    </span>
  );
}
