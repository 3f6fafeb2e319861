import { formatPercent, type TPublicStats } from '@signalroom/shared';
import { useCallback, useEffect, useState } from 'react';
import { shownMessage } from '../../api/client.js';
import { fetchPublicStats } from '../../api/public.api.js';

const UNREADABLE = 'The figures could not be loaded.';

export type PublicStatsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; stats: TPublicStats };

/** Landing figures from GET /api/stats/public, refreshed every minute while the page is open. */
export function usePublicStats(): { state: PublicStatsState; retry: () => void } {
  const [state, setState] = useState<PublicStatsState>({ status: 'loading' });
  const load = useCallback(async () => {
    const answer = await fetchPublicStats();
    if (answer.ok) setState({ status: 'ready', stats: answer.data });
    // A failed refresh keeps the figures shown.
    else setState((s) => (s.status === 'ready' ? s : { status: 'error', message: shownMessage(answer, UNREADABLE) }));
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

/**
 * A win rate as the page shows it: the server's figure is already a percentage (1 means 1%, never 100%),
 * formatted by the shared rule; null before any signal resolved.
 */
export function formatWinRate(stats: TPublicStats, which: 'firstWindow' | 'withMartingale'): string | null {
  const value = which === 'firstWindow' ? stats.winRateFirstWindow : stats.winRateWithMartingale;
  if (stats.resolvedSignals === 0 || value === null) return null;
  return formatPercent(value);
}
