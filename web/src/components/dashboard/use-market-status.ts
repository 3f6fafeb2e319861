import { nextSignalBoundary, SIMULATED_FEED_ID, type TMarketStatus } from '@signalroom/shared';
import { useEffect, useState } from 'react';
import { fetchMarketStatus } from '../../api/public.api.js';
import { usePublicConfigStore } from '../../stores/public-config.store.js';

/** Longest wait between two reads (the market may close or open between slots). */
const MAX_POLL_MS = 60_000;

/**
 * Whether the real feed's market is open now (null while unknown, and always with the simulated market,
 * which never closes). Read again at each slot boundary and at least every minute.
 */
export function useMarketStatus(): TMarketStatus | null {
  const feed = usePublicConfigStore((s) => s.config?.marketSource);
  const intervalMs = usePublicConfigStore((s) => s.config?.signalIntervalMs);
  const [status, setStatus] = useState<TMarketStatus | null>(null);

  useEffect(() => {
    if (!feed || feed === SIMULATED_FEED_ID || !intervalMs) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      void fetchMarketStatus().then((answer) => {
        if (cancelled) return;
        if (answer.ok) setStatus(answer.data);
        const untilBoundary = nextSignalBoundary(new Date(), intervalMs).getTime() - Date.now() + 1000;
        timer = setTimeout(read, Math.min(MAX_POLL_MS, untilBoundary));
      });
    };
    read();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [feed, intervalMs]);

  return status;
}
