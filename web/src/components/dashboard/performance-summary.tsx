import { clsx } from 'clsx';
import { useLiveSignals } from '../../stores/live-signals.context.js';
import { RecordBrokenNotice } from '../../track-record/record-broken-notice.js';
import panelStyles from '../ui/panel.module.css';
import pageStyles from './dashboard-page.module.css';
import { EvidenceNote, WinRates, winsByLevelText } from './win-rates.js';

/**
 * Both win rates with their samples and intervals, total and average stated confidence (the page's
 * "neural score" slot) from resolved signals, the wins per martingale level, and what the rates are worth
 * at the payout. Before anything has resolved it says so instead of showing numbers (docs/decisions.md).
 */
export function PerformanceSummary({ title = 'Performance' }: { title?: string }) {
  const access = useLiveSignals((s) => s.access);
  const stats = useLiveSignals((s) => s.stats);
  let body: React.ReactNode;
  if (!access) body = <p className={pageStyles.muted}>Performance figures show once your dashboard is activated.</p>;
  else if (!stats)
    body = (
      <p className={pageStyles.muted} role="status">
        Loading statistics...
      </p>
    );
  else if (stats.recordBroken) body = <RecordBrokenNotice />;
  else if (stats.empty)
    body = (
      <p className={pageStyles.muted} data-testid="stats-empty">
        No signal has resolved yet, so there is no win rate to show.
      </p>
    );
  else
    body = (
      <dl className={pageStyles.stats} data-testid="performance-stats">
        <WinRates evidence={stats.evidence} />
        <div>
          <dt>Total signals</dt>
          <dd>{stats.totalSignals}</dd>
        </div>
        <div>
          <dt>Average confidence</dt>
          <dd>{stats.avgConfidence === null ? '–' : `${stats.avgConfidence.toFixed(1)}%`}</dd>
        </div>
      </dl>
    );
  return (
    <section className={panelStyles.panel} aria-labelledby="perf-title">
      <h2 id="perf-title">{title}</h2>
      {body}
      {access && stats && !stats.empty && !stats.recordBroken && (
        <>
          <p className={clsx(pageStyles.muted, pageStyles.small)} data-testid="wins-by-level">
            {winsByLevelText(stats.winsByLevel)}
          </p>
          <p className={clsx(pageStyles.muted, pageStyles.small)}>
            From {stats.totalSignals} resolved {stats.totalSignals === 1 ? 'signal' : 'signals'}: {stats.wonSignals} won
            ({stats.winsByLevel[0] ?? 0} in the first window), {stats.lostSignals} lost.
          </p>
          <EvidenceNote evidence={stats.evidence} className={pageStyles.small} />
        </>
      )}
    </section>
  );
}
