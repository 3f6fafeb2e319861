import { formatPercent, levelName, type TPerformanceStats } from '@signalroom/shared';

/**
 * The two win rates, always labelled, and where the wins came (docs/decisions.md, "Win rate: two of
 * them"): won in the first window (level 0) first, won with martingale recovery (any level) beside it.
 */
export function WinRates({
  stats,
}: {
  stats: Pick<TPerformanceStats, 'winRateFirstWindow' | 'winRateWithMartingale'>;
}) {
  return (
    <>
      <div data-stat="win-first-window">
        <dt>Won in first window</dt>
        <dd>{stats.winRateFirstWindow === null ? '–' : formatPercent(stats.winRateFirstWindow)}</dd>
      </div>
      <div data-stat="win-with-martingale">
        <dt>Won with martingale recovery</dt>
        <dd>{stats.winRateWithMartingale === null ? '–' : formatPercent(stats.winRateWithMartingale)}</dd>
      </div>
    </>
  );
}

/** Wins per martingale level as one line: "Wins by level: first window 3 · L1 1 · L2 0 · L3 0". */
export function winsByLevelText(winsByLevel: readonly number[]): string {
  return `Wins by level: ${winsByLevel.map((wins, level) => `${levelName(level)} ${wins}`).join(' · ')}`;
}
