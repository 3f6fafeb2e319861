import { marketFeedLabel, SIMULATED_FEED_ID } from '@signalroom/shared';
import { clsx } from 'clsx';
import { usePublicConfigStore } from '../../stores/public-config.store.js';
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

/** The real feed's name ("OANDA (practice)"), or null while it is the simulated market or unknown. */
export function useRealFeedLabel(): string | null {
  const config = usePublicConfigStore((s) => s.config);
  if (!config || config.marketSource === SIMULATED_FEED_ID) return null;
  return config.marketLabel;
}

/** "Prices: OANDA (practice)" in the header beside the feed claim; nothing while simulated (its badge says so). */
export function PriceSource() {
  const label = useRealFeedLabel();
  if (!label) return null;
  return (
    <span className={clsx(styles.mark, styles.source)} data-testid="price-source">
      Prices: {label}
    </span>
  );
}

/**
 * An in-page mark naming where prices come from, for panels that show prices or signals (phones hide the
 * header): 'SIMULATED MARKET' while the simulated market runs, "Prices: OANDA (practice)" on a real feed.
 * Given a feed id (`source`, a signal's own), it names that feed instead of the one running now.
 */
export function MarketSourceMark({ source }: { source?: string | undefined } = {}) {
  const status = useFeedStatus();
  const running = useRealFeedLabel();
  const simulated = source === undefined ? status === 'simulated' : source === SIMULATED_FEED_ID;
  const label = source === undefined ? running : marketFeedLabel(source);
  if (simulated) {
    return (
      <span className={styles.mark} data-testid="simulated-mark">
        SIMULATED MARKET
      </span>
    );
  }
  if (!label) return null;
  return (
    <span className={clsx(styles.mark, styles.source)} data-testid="price-source-mark">
      Prices: {label}
    </span>
  );
}
