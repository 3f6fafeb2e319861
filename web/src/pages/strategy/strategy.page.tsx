import { MOMENTUM_V1, SIGNAL_ASSETS } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Link } from 'react-router-dom';
import publicStyles from '../../components/public/public-page.module.css';
import { PublicPageHeader } from '../../components/public/public-page-header.js';
import styles from '../track-record/track-record.module.css';

const { weights, calibrationKnots: knots, candlesPerWindow: w, historyWindows } = MOMENTUM_V1;

/**
 * The public rules of the model behind the signals (/strategy): what it reads, what it computes, how
 * its confidence is made and how that confidence is checked. Written from the strategy's code; the
 * numbers are the ones it runs with (MOMENTUM_V1). Every page that describes the model links here.
 */
export function Component() {
  return (
    <div className={publicStyles.pub}>
      <PublicPageHeader />
      <main className={clsx(publicStyles.container, styles.page)} data-testid="strategy-rules">
        <span className={publicStyles.eyebrow}>How the signals are made</span>
        <h1>The model: {MOMENTUM_V1.name}</h1>
        <p className={styles.lead}>
          Every signal the engine issues comes from one rule-based momentum model. It is not artificial intelligence and
          not a neural network: it is a logistic formula with three weights, fitted on simulated prices, followed by a
          calibration table. Product names such as Neural Signals and AI Bot Access are names, not descriptions of the
          model. This page gives its rules in full.
        </p>

        <section className={styles.section} aria-labelledby="inputs-title">
          <h2 id="inputs-title">Inputs</h2>
          <ul>
            <li>
              Closing prices only, of the {historyWindows} signal windows before the slot (30 minutes for 5-minute
              windows), as {historyWindows * w} candles of a tenth of a window each (30 seconds). When the feed's finest
              candles are coarser, as many whole candles per window as fit (1-minute candles: 5 a window), never fewer
              than {MOMENTUM_V1.minCandlesPerWindow}.
            </li>
            <li>Nothing after the slot starts: the decision uses prices up to that instant and no later.</li>
            <li>
              Each of the {SIGNAL_ASSETS.length} instruments the engine trades ({SIGNAL_ASSETS.join(', ')}) is read the
              same way; the slot's signal goes to the one with the highest confidence (ties: the first in that list).
            </li>
          </ul>
        </section>

        <section className={styles.section} aria-labelledby="features-title">
          <h2 id="features-title">What it computes</h2>
          <p>
            σ is the standard deviation of one candle's log return over the whole history read; each feature is a move
            of the log price measured in units of σ × √(candles per window), the typical move over one window.
          </p>
          <ul>
            <li>
              <strong>stretch</strong>: the last price against the average of the last window.
            </li>
            <li>
              <strong>trend</strong>: the average of the last window against the average of the window before it.
            </li>
            <li>
              <strong>drift</strong>: the average of the two windows before the last against the average of the three
              before those (the slower trend).
            </li>
          </ul>
          <p data-testid="strategy-formula">
            Score = {weights.stretch} × stretch + {weights.trend} × trend + {weights.drift} × drift. The chance that the
            next window closes higher is P = 1 / (1 + e<sup>−score</sup>). The signal is a CALL (buy) when P is at least
            50 %, a PUT (sell) otherwise.
          </p>
          <p>
            Thresholds: no call at all with fewer candles than it needs, with a price that is not a positive number, or
            with no movement (σ = 0). It sets no stop loss and no take profit; every signal carries the martingale plan
            of up to three further windows.
          </p>
        </section>

        <section className={styles.section} aria-labelledby="confidence-title">
          <h2 id="confidence-title">How confidence is computed</h2>
          <p>
            The raw confidence is the model's chance for the side it picks, max(P, 1 − P), in percent. It then goes
            through a calibration table that maps it to the first-window win rate that signals of that raw confidence
            actually reached when the table was fitted (linear between points, flat beyond the ends):
          </p>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption>Calibration table (raw confidence → stated confidence)</caption>
              <thead>
                <tr>
                  <th scope="col">Raw</th>
                  <th scope="col">Stated</th>
                </tr>
              </thead>
              <tbody>
                {knots.map(([raw, stated]) => (
                  <tr key={raw}>
                    <td>{raw}%</td>
                    <td>{stated}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            So a signal stated at 60 % claims that about 60 % of such signals win their first window: the confidence is
            a claim about the first window only, not about the martingale plan.
          </p>
        </section>

        <section className={styles.section} aria-labelledby="calibration-title">
          <h2 id="calibration-title">Its calibration, and where to check it</h2>
          <ul>
            <li>
              The weights and the table were fitted on the built-in simulated market (
              <code>npm run bench:calibration -- --fit</code>, seed "calibration-fit") and are checked on other seeds by{' '}
              <code>npm run bench:calibration</code>, band by band. They hold for that simulation; on a real market they
              must be measured again, and may hold less well.
            </li>
            <li>
              The live check: the <Link to="/track-record">track record</Link>'s calibration chart sets each band of
              stated confidence against the first-window rate its resolved signals reached, with 95 % intervals.
            </li>
            <li>
              The history check: <code>npm run backtest</code> replays this model slot by slot on a feed's history or a
              candles file; Gold members see the engine's own latest backtest beside the live record.
            </li>
          </ul>
        </section>
        <p className={clsx(publicStyles.small, publicStyles.muted)}>
          Trading is risky. Only trade with funds you can afford to lose.
        </p>
      </main>
    </div>
  );
}
