import { formatPValue, formatUnits, type TStoredBacktest, type TWinRateEvidence } from '@signalroom/shared';
import { Link } from 'react-router-dom';
import { useClock } from '../../components/clock/use-clock.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { LoadState } from './gold-analyses.js';
import { rateText } from './rate-text.js';
import type { Loaded } from './use-gold-room.js';

const unitsText = (units: number | null) => (units === null ? '–' : formatUnits(units));

/**
 * The worker's last backtest (the strategy replayed on its feed's history, judged as live signals are)
 * beside the live record, figure by figure: a strategy whose live record falls far below its backtest
 * is not doing what its history promised.
 */
export function BacktestPanel({ state, live }: { state: Loaded<TStoredBacktest | null>; live: TWinRateEvidence }) {
  // The one clock: the period and the run in the member's own zone, named once.
  const { format } = useClock();
  const at = (iso: string) => format(iso, { withDate: true });
  const backtest = state.status === 'ready' ? state.data : null;
  const r = backtest?.report;
  const rows: [string, string, string][] = r
    ? [
        ['Signals', String(live.firstWindow.total), String(r.signals)],
        ['Won in first window', rateText(live.firstWindow), rateText(r.evidence.firstWindow)],
        ['Won with martingale recovery', rateText(live.withMartingale), rateText(r.evidence.withMartingale)],
        [
          'Expected value, first window (per 1 unit)',
          unitsText(live.firstWindow.expectedValue),
          unitsText(r.evidence.firstWindow.expectedValue),
        ],
        [
          'Expected value, martingale plan (per signal)',
          unitsText(live.withMartingale.expectedValue),
          unitsText(r.evidence.withMartingale.expectedValue),
        ],
      ]
    : [];
  return (
    <section className={panelStyles.panel} aria-labelledby="backtest-title" data-testid="gold-backtest">
      <h2 id="backtest-title">Last backtest beside the live record</h2>
      <LoadState state={state} what="the backtest" />
      {state.status === 'ready' && !r && (
        <p className={pageStyles.muted}>No backtest has run yet. The worker runs one a day on its feed's history.</p>
      )}
      {r && backtest && (
        <>
          <p className={pageStyles.muted}>
            {r.strategy} replayed slot by slot on {r.source} prices of {r.assets.join(', ')}, {at(r.from)} to{' '}
            {format(r.to, { withDate: true, zoneName: true })} (run {at(backtest.ranAt)}), each signal judged as live
            signals are. Break-even at a payout of {r.evidence.payoutPercent}%: {r.evidence.firstWindow.breakEven}% of
            first windows won.
          </p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
          <section className={pageStyles.tableWrap} tabIndex={0} aria-label="Backtest figures">
            <table className={pageStyles.table}>
              <thead>
                <tr>
                  <th scope="col">Figure</th>
                  <th scope="col">Live record</th>
                  <th scope="col">Backtest</th>
                </tr>
              </thead>
              <tbody>
                {rows.map(([label, liveText, backtestText]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td>{liveText}</td>
                    <td>{backtestText}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <p className={pageStyles.small} data-testid="backtest-extremes">
            In the backtest: worst run of {r.worstLosingStreak.firstWindow} first windows lost, and of{' '}
            {r.worstLosingStreak.fullRun} full martingale runs lost; maximum drawdown of the martingale plan{' '}
            {r.maxDrawdownUnits.toFixed(2)} units (first stake 1 unit); against a coin flip, p ={' '}
            {r.coinFlip.pValue === null ? '–' : formatPValue(r.coinFlip.pValue)} (exact binomial test, two-sided).{' '}
            <Link to="/strategy">The strategy's rules</Link>.
          </p>
        </>
      )}
    </section>
  );
}
