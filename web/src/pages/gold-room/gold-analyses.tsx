import { levelName, rateOf, type TCalibrationRow, type TGoldSignal } from '@signalroom/shared';
import { clsx } from 'clsx';
import { useClock } from '../../components/clock/use-clock.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { formatClock, formatPrice, resultLabel, tradeLabel } from '../../components/dashboard/signal-format.js';
import panelStyles from '../../components/ui/panel.module.css';
import styles from './gold-room.module.css';
import { rateText } from './rate-text.js';
import type { Loaded } from './use-gold-room.js';

export function LoadState({ state, what }: { state: Loaded<unknown>; what: string }) {
  if (state.status === 'loading') {
    return (
      <p className={pageStyles.muted} role="status">
        Loading {what}...
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <p className={pageStyles.stateError} role="alert">
        {state.message}
      </p>
    );
  }
  return null;
}

/** Each signal's full analysis: the strategy's reading of the market, its confidence and martingale plan. */
export function SignalAnalyses({ state }: { state: Loaded<TGoldSignal[]> }) {
  const { timeZone } = useClock();
  return (
    <section className={panelStyles.panel} aria-labelledby="analyses-title" data-testid="gold-analyses">
      <h2 id="analyses-title">Signal analyses</h2>
      <LoadState state={state} what="analyses" />
      {state.status === 'ready' && state.data.length === 0 && (
        <p className={pageStyles.muted}>No signal has been issued yet.</p>
      )}
      {state.status === 'ready' && state.data.length > 0 && (
        <ol className={styles.analyses}>
          {state.data.map(({ signal, strategy, plan }) => (
            <li key={signal.id} className={styles.analysis}>
              <h3>
                {signal.asset}{' '}
                <span className={clsx(pageStyles.dir, pageStyles[`dir--${signal.direction.toLowerCase()}`])}>
                  {signal.direction} · {tradeLabel(signal.direction)}
                </span>{' '}
                {Math.round(signal.confidence * 10) / 10}%
              </h3>
              <p className={pageStyles.small}>{signal.analysis ?? 'No analysis was recorded for this signal.'}</p>
              <dl className={styles.facts}>
                <div>
                  <dt>Strategy</dt>
                  <dd>{strategy}</dd>
                </div>
                <div>
                  <dt>Entry</dt>
                  <dd>
                    {formatPrice(signal.entryPrice)} at {formatClock(signal.createdAt, timeZone)}
                  </dd>
                </div>
                <div>
                  <dt>Result</dt>
                  <dd>{resultLabel(signal)}</dd>
                </div>
              </dl>
              <p className={clsx(pageStyles.small, pageStyles.muted)}>
                Martingale plan:{' '}
                {plan
                  .map(
                    (l) =>
                      `${levelName(l.level)} ${formatClock(l.entryTime, timeZone, false)}–${formatClock(l.expiryTime, timeZone, false)}`,
                  )
                  .join(' · ')}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Per asset and confidence band: how often resolved signals really won their first window. */
export function CalibrationTable({ state }: { state: Loaded<TCalibrationRow[]> }) {
  return (
    <section className={panelStyles.panel} aria-labelledby="calibration-title" data-testid="gold-calibration">
      <h2 id="calibration-title">Calibration by pair</h2>
      <p className={clsx(pageStyles.small, pageStyles.muted)}>
        A confidence means what it says when signals of about N% win their first window about N% of the time.
      </p>
      <LoadState state={state} what="calibration" />
      {state.status === 'ready' && state.data.length === 0 && (
        <p className={pageStyles.muted}>No signal has resolved yet.</p>
      )}
      {state.status === 'ready' && state.data.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        <section className={pageStyles.tableWrap} tabIndex={0} aria-label="Calibration by confidence">
          <table className={pageStyles.table}>
            <thead>
              <tr>
                <th scope="col">Pair</th>
                <th scope="col">Confidence band</th>
                <th scope="col">Signals</th>
                <th scope="col">Average confidence</th>
                <th scope="col">Won in first window</th>
              </tr>
            </thead>
            <tbody>
              {state.data.map((row) => (
                <tr key={`${row.asset}-${row.bandFrom}`}>
                  <th scope="row">{row.asset}</th>
                  <td>
                    {row.bandFrom}–{row.bandTo}%
                  </td>
                  <td>{row.total}</td>
                  <td>{row.averageConfidence}%</td>
                  <td>{rateText(rateOf(row.wonFirstWindow, row.total))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
