import { formatPercent, type TPublicStats } from '@signalroom/shared';
import * as api from '../../api/api.js';
import { type RefreshedState, useRefreshed } from '../../components/public/use-refreshed.js';

export type PublicStatsState = RefreshedState<TPublicStats>;

/** Landing figures from GET /api/stats/public, refreshed every minute while the page is open. */
export function usePublicStats(): { state: PublicStatsState; retry: () => void } {
  return useRefreshed(api.signals.publicStats, 'The figures could not be loaded.');
}

/**
 * A win rate as the page shows it: the server's figure is already a percentage (1 means 1%, never 100%),
 * formatted by the shared rule; null before any signal resolved.
 */
export function formatWinRate(stats: TPublicStats, which: 'firstWindow' | 'withMartingale'): string | null {
  const value = stats.evidence[which].percent;
  if (stats.resolvedSignals === 0 || value === null) return null;
  return formatPercent(value);
}

/** The sample a rate is never shown without: "1 of 100, 95% CI 0.2–5.4%"; null before any signal resolved. */
export function rateSample(stats: TPublicStats, which: 'firstWindow' | 'withMartingale'): string | null {
  const { won, total, low, high } = stats.evidence[which];
  if (total === 0 || low === null || high === null) return null;
  return `${fmt.format(won)} of ${fmt.format(total)}, 95% CI ${low}–${high}%`;
}

const fmt = new Intl.NumberFormat('en-US');
