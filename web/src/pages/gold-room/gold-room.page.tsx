import { pageLockReason, rateOf } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Gem } from 'lucide-react';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { LockedFeaturePage } from '../../components/dashboard/locked-feature-page.js';
import { EvidenceNote, WinRates } from '../../components/dashboard/win-rates.js';
import panelStyles from '../../components/ui/panel.module.css';
import { useLiveSignals } from '../../stores/live-signals.context.js';
import { useSessionStore } from '../../stores/session.store.js';
import { RecordBrokenNotice } from '../../track-record/record-broken-notice.js';
import { BacktestPanel } from './backtest-panel.js';
import { CalibrationTable, SignalAnalyses } from './gold-analyses.js';
import { rateText } from './rate-text.js';
import { useGoldRoom } from './use-gold-room.js';

/**
 * Gold Room (/dashboard/gold-room): what gold members can check for themselves: each signal's full
 * analysis and martingale plan, the engine's calibration per pair, and its record broken down by pair,
 * direction and martingale level. Gated here for display; the calls behind it are enforced by the server.
 */
export function Component() {
  const user = useSessionStore((s) => s.user);
  const lockReason = pageLockReason('gold-room', user);
  if (lockReason) {
    return (
      <LockedFeaturePage
        page="gold-room"
        reason={lockReason}
        icon={Gem}
        title="Gold Room"
        description="The engine's full record, pair by pair, for Gold members ($500+)."
        features={[
          'Each signal’s full analysis and martingale plan',
          'Calibration: does the confidence hold, pair by pair',
          'Results by pair and direction',
          'Wins by martingale level',
          'Longest losing streak, shown as it is',
          'The last backtest beside the live record',
        ]}
        preview={<div className={clsx(pageStyles.skeleton, pageStyles.skeletonCard)} />}
      />
    );
  }
  return <GoldRoom />;
}

function GoldRoom() {
  const stats = useLiveSignals((s) => s.stats);
  const { analyses, calibration, backtest } = useGoldRoom();
  return (
    <div className={pageStyles.page} data-testid="gold-room">
      <header className={clsx(pageStyles.pageHead, pageStyles.pageHeadGold)}>
        <h1>
          <Gem aria-hidden="true" size={26} /> Gold Room
        </h1>
        <p className={pageStyles.muted}>
          The engine's record from resolved signals, broken down. Nothing here is typed in.
        </p>
      </header>
      {!stats ? (
        <p className={clsx(panelStyles.panel, pageStyles.muted)} role="status">
          Loading statistics...
        </p>
      ) : stats.recordBroken ? (
        <div className={panelStyles.panel}>
          <RecordBrokenNotice />
        </div>
      ) : stats.empty ? (
        <p className={clsx(panelStyles.panel, pageStyles.muted)}>
          No signal has resolved yet. The breakdown appears after the first one.
        </p>
      ) : (
        <div className={clsx(pageStyles.grid, pageStyles.grid2)}>
          <section className={panelStyles.panel} aria-labelledby="by-pair-title">
            <h2 id="by-pair-title">By pair</h2>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
            <section className={pageStyles.tableWrap} tabIndex={0} aria-label="Record by pair">
              <table className={pageStyles.table}>
                <thead>
                  <tr>
                    <th scope="col">Pair</th>
                    <th scope="col">Resolved</th>
                    <th scope="col">Won in first window</th>
                    <th scope="col">Won with recovery</th>
                  </tr>
                </thead>
                <tbody>
                  {stats.byAsset.map((row) => (
                    <tr key={row.asset}>
                      <th scope="row">{row.asset}</th>
                      <td>{row.total}</td>
                      <td>{rateText(rateOf(row.wonFirstWindow, row.total))}</td>
                      <td>{rateText(rateOf(row.won, row.total))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <p className={clsx(pageStyles.muted, pageStyles.small)}>
              Each pair's rate is a small sample: at a payout of {stats.evidence.payoutPercent}% the first window must
              be won {stats.evidence.firstWindow.breakEven}% of the time to break even.
            </p>
          </section>
          <section className={panelStyles.panel} aria-labelledby="by-dir-title">
            <h2 id="by-dir-title">By direction and level</h2>
            <dl className={pageStyles.kv}>
              <WinRates evidence={stats.evidence} />
              {stats.byDirection.map((row) => (
                <div key={row.direction}>
                  <dt>{row.direction}: first window / with recovery</dt>
                  <dd>
                    {rateText(rateOf(row.wonFirstWindow, row.total))} / {rateText(rateOf(row.won, row.total))}
                  </dd>
                </div>
              ))}
              {stats.winsByLevel.map((wins, level) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the index is the martingale level
                <div key={level}>
                  <dt>{level === 0 ? 'Won in the first window' : `Won at martingale level ${level} (L${level})`}</dt>
                  <dd>{wins}</dd>
                </div>
              ))}
              <div>
                <dt>Longest losing streak</dt>
                <dd>{stats.longestLosingStreak}</dd>
              </div>
            </dl>
            <EvidenceNote evidence={stats.evidence} className={pageStyles.small} />
          </section>
        </div>
      )}
      {stats && !stats.recordBroken ? <BacktestPanel state={backtest} live={stats.evidence} /> : null}
      {!stats?.recordBroken && <CalibrationTable state={calibration} />}
      <SignalAnalyses state={analyses} />
    </div>
  );
}
