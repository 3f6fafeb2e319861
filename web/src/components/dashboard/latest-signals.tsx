import type { TSignal } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Link } from 'react-router-dom';
import { useLiveSignals } from '../../stores/live-signals.context.js';
import { useClock } from '../clock/use-clock.js';
import buttonStyles from '../ui/button.module.css';
import panelStyles from '../ui/panel.module.css';
import pageStyles from './dashboard-page.module.css';
import { MarketSourceMark } from './feed-badge.js';
import { FirstSignalNotice } from './first-signal-notice.js';
import styles from './latest-signals.module.css';
import { formatClock, resultLabel } from './signal-format.js';

/**
 * The newest real signals from the live store (never generated locally), with loading, empty, error and
 * no-access states.
 */
export function LatestSignals({ count, title }: { count: number; title: string }) {
  const access = useLiveSignals((s) => s.access);
  const status = useLiveSignals((s) => s.loadStatus);
  const error = useLiveSignals((s) => s.loadError);
  const retry = useLiveSignals((s) => s.retry);
  const signals = useLiveSignals((s) => s.signals);
  const { timeZone } = useClock();
  const full = signals.filter((s): s is TSignal => !s.locked).slice(0, count);
  const teasers = signals.filter((s) => s.locked).length;

  let body: React.ReactNode;
  if (!access) {
    body = <p className={pageStyles.muted}>Signals start once your dashboard is activated.</p>;
  } else if (status === 'error' && full.length === 0) {
    body = (
      <div role="alert" className={clsx(pageStyles.state, pageStyles.stateError)}>
        <p>Signals could not be loaded{error ? `: ${error}` : '.'}</p>
        <button type="button" className={buttonStyles.btn} onClick={retry}>
          Try again
        </button>
      </div>
    );
  } else if ((status === 'loading' || status === 'idle') && full.length === 0) {
    body = (
      <p className={pageStyles.muted} role="status">
        Loading signals...
      </p>
    );
  } else if (full.length === 0) {
    body = <FirstSignalNotice />;
  } else {
    body = (
      <ul className={styles.miniSignals} data-testid="latest-signals">
        {full.map((signal) => (
          <li key={signal.id} className={clsx(styles.miniSignal, signal.status !== 'active' && pageStyles.isDim)}>
            <span>
              {signal.asset}
              {signal.issuedBy?.kind === 'analyst' && (
                <span className={pageStyles.muted} data-testid="latest-signal-source">
                  {' '}
                  · {signal.issuedBy.label}
                </span>
              )}
            </span>
            <span className={clsx(pageStyles.dir, pageStyles[`dir--${signal.direction.toLowerCase()}`])}>
              {signal.direction}
            </span>
            <span>{Math.round(signal.confidence)}%</span>
            <span className={pageStyles.muted}>{formatClock(signal.createdAt, timeZone, false)}</span>
            <span className={clsx(styles.miniSignalStatus, pageStyles.muted)}>{resultLabel(signal)}</span>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className={panelStyles.panel} aria-labelledby="latest-signals-title">
      <div className={pageStyles.panelHead}>
        <h2 id="latest-signals-title">
          {title} <MarketSourceMark />
        </h2>
        {access && (
          <Link to="/dashboard/signals" className={pageStyles.small}>
            Open signal room
          </Link>
        )}
      </div>
      {body}
      {access && teasers > 0 && (
        <p className={clsx(pageStyles.muted, pageStyles.small)}>
          {teasers} more {teasers === 1 ? 'signal is' : 'signals are'} past your tier's daily allowance.{' '}
          <Link to="/dashboard/upgrade">Upgrade to unlock</Link>
        </p>
      )}
    </section>
  );
}
