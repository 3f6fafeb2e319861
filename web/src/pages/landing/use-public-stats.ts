import type { TPublicStats } from '@signalroom/shared';
import { useCallback, useEffect, useState } from 'react';
import { fetchPublicStats } from '../../api/public.api.js';

export type PublicStatsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; stats: TPublicStats };

/** Landing figures from GET /api/stats/public, refreshed every minute while the page is open. */
export function usePublicStats(): { state: PublicStatsState; retry: () => void } {
  const [state, setState] = useState<PublicStatsState>({ status: 'loading' });
  const load = useCallback(async () => {
    try {
      const answer = await fetchPublicStats();
      if (answer.success && answer.data) setState({ status: 'ready', stats: answer.data });
      else setState((s) => (s.status === 'ready' ? s : { status: 'error', message: answer.message }));
    } catch {
      setState((s) => (s.status === 'ready' ? s : { status: 'error', message: 'The figures could not be loaded.' }));
    }
  }, []);
  useEffect(() => {
    void load();
    const timer = setInterval(load, 60_000);
    return () => clearInterval(timer);
  }, [load]);
  return {
    state,
    retry: () => {
      setState({ status: 'loading' });
      void load();
    },
  };
}

/** Win rate as the page shows it: a measured percentage, or null before any signal resolved. */
export function formatWinRate(stats: TPublicStats): string | null {
  if (stats.resolvedSignals === 0 || stats.winRate === null) return null;
  const pct = stats.winRate <= 1 ? stats.winRate * 100 : stats.winRate;
  return `${pct.toFixed(1).replace(/\.0$/, '')}%`;
}
