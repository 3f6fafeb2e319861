import { type FeedStatus, feedStatus, SIMULATED_FEED_ID, TIMING } from '@signalroom/shared';
import { useEffect, useState } from 'react';
import * as api from '../../api/api.js';
import { useLiveSignals } from '../../stores/live-signals.context.js';
import { usePublicConfigStore } from '../../stores/public-config.store.js';
import { useNow } from './use-now.js';

/** How often the time of the newest signal is re-read while a real feed is configured. */
const LAST_SIGNAL_POLL_MS = 60_000;

/**
 * What the dashboard may claim about the feed right now (shared `feedStatus`): simulated, live (real
 * feed and a signal within the last slot plus a margin), or quiet. The newest signal's time comes from
 * the member's own signals and, for members without live signals, from the public figures.
 */
export function useFeedStatus(): FeedStatus {
  const marketSource = usePublicConfigStore((s) => s.config?.marketSource);
  const intervalMs = usePublicConfigStore((s) => s.config?.signalIntervalMs) ?? TIMING.signalIntervalMs;
  const newest = useLiveSignals((s) => s.signals[0]?.createdAt ?? null);
  const [published, setPublished] = useState<string | null>(null);
  const now = useNow(10_000);

  useEffect(() => {
    // Only a real feed's claim depends on the newest signal.
    if (!marketSource || marketSource === SIMULATED_FEED_ID) return;
    let cancelled = false;
    const read = () =>
      void api.signals.publicStats().then((result) => {
        if (!cancelled && result.ok) setPublished(result.data.lastSignalAt);
      });
    read();
    const timer = setInterval(read, LAST_SIGNAL_POLL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [marketSource]);

  const last =
    [newest, published]
      .filter((t): t is string => t !== null)
      .sort()
      .at(-1) ?? null;
  return feedStatus({ marketSource, lastSignalAt: last, intervalMs, now });
}
