import { nextSignalBoundary, SIMULATED_FEED_ID, type TMarketStatus } from '@signalroom/shared';
import { useEffect } from 'react';
import { create } from 'zustand';
import * as api from '../api/api.js';
import { usePublicConfigStore } from './public-config.store.js';

/** Longest wait between two reads (the market may close or open between slots). */
const MAX_POLL_MS = 60_000;

interface MarketStatusState {
  /** The last status read; null before the first answer. */
  status: TMarketStatus | null;
  /** One more component shows the status: reads start with the first, stop after the last; returns its stop. */
  watch(intervalMs: number): () => void;
}

/**
 * Whether the real feed's market is open, read once for every component that shows it (the countdown,
 * the room's panels): at each slot boundary, and at least every minute.
 */
export const useMarketStatusStore = create<MarketStatusState>((set) => {
  let watchers = 0;
  // A new round of reads (after every watcher left) never runs beside an old one's pending timer.
  let round = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const read = (intervalMs: number, mine: number) => {
    void api.signals.marketStatus().then((answer) => {
      if (mine !== round) return;
      if (answer.ok) set({ status: answer.data });
      const untilBoundary = nextSignalBoundary(new Date(), intervalMs).getTime() - Date.now() + 1000;
      timer = setTimeout(() => read(intervalMs, mine), Math.min(MAX_POLL_MS, untilBoundary));
    });
  };
  return {
    status: null,
    watch(intervalMs) {
      watchers += 1;
      if (watchers === 1) {
        round += 1;
        read(intervalMs, round);
      }
      return () => {
        watchers -= 1;
        if (watchers > 0) return;
        round += 1;
        clearTimeout(timer);
      };
    },
  };
});

/** The market status of a real feed (null while unknown, and always with the simulated market, which never closes). */
export function useMarketStatus(): TMarketStatus | null {
  const feed = usePublicConfigStore((s) => s.config?.marketSource);
  const intervalMs = usePublicConfigStore((s) => s.config?.signalIntervalMs);
  const watch = useMarketStatusStore((s) => s.watch);
  const status = useMarketStatusStore((s) => s.status);
  const real = Boolean(feed) && feed !== SIMULATED_FEED_ID;
  useEffect(() => {
    if (!real || !intervalMs) return;
    return watch(intervalMs);
  }, [real, intervalMs, watch]);
  return real ? status : null;
}
