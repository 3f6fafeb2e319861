import { pageLockReason, type TSignal } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Radio } from 'lucide-react';
import { useClock } from '../../components/clock/use-clock.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { MarketSourceMark } from '../../components/dashboard/feed-badge.js';
import { FirstSignalNotice } from '../../components/dashboard/first-signal-notice.js';
import { LockedFeaturePage } from '../../components/dashboard/locked-feature-page.js';
import { formatClock, resultLabel, tradeLabel } from '../../components/dashboard/signal-format.js';
import panelStyles from '../../components/ui/panel.module.css';
import { useLiveSignals } from '../../stores/live-signals.context.js';
import { useSessionStore } from '../../stores/session.store.js';
import styles from './platinum-stream.module.css';
import { PriceChartPanel } from './price-chart-panel.js';

/**
 * Platinum Stream (/dashboard/platinum-stream), gold only: the feed's live prices of an asset, pushed every
 * second, with the current signal's entry and expiry marked, above the stream of every signal as it is
 * pushed (announced politely to screen readers).
 */
export function Component() {
  const user = useSessionStore((s) => s.user);
  const signals = useLiveSignals((s) => s.signals);
  const transport = useLiveSignals((s) => s.transport);
  const { timeZone } = useClock();
  const lockReason = pageLockReason('platinum-stream', user);
  if (lockReason) {
    return (
      <LockedFeaturePage
        page="platinum-stream"
        reason={lockReason}
        icon={Radio}
        title="Platinum Stream"
        description="Live prices and every signal streamed the moment it is issued, for Gold members ($500+)."
        features={[
          'A live price chart, updated every second',
          'Every signal, no daily limit',
          'Live updates as signals resolve',
        ]}
        preview={<div className={clsx(pageStyles.skeleton, pageStyles.skeletonCard)} />}
      />
    );
  }
  const full = signals.filter((s): s is TSignal => !s.locked);
  const current = full.find((s) => s.status === 'active') ?? null;
  return (
    <div className={pageStyles.page} data-testid="platinum-stream">
      <header className={clsx(pageStyles.pageHead, pageStyles.pageHeadGold)}>
        <h1>
          <Radio aria-hidden="true" size={26} /> Platinum Stream <MarketSourceMark />
        </h1>
        <p className={pageStyles.muted}>
          {transport === 'push'
            ? 'Live: signals appear here as they are issued.'
            : 'Reconnecting: refreshing every 2 s meanwhile.'}
        </p>
      </header>
      <PriceChartPanel current={current} />
      {full.length === 0 ? (
        <div className={panelStyles.panel}>
          <FirstSignalNotice />
        </div>
      ) : (
        <ol className={styles.stream} aria-live="polite">
          {full.map((s) => (
            <li
              key={s.id}
              className={clsx(
                panelStyles.panel,
                styles.streamItem,
                s.status === 'active' ? styles.isActive : pageStyles.isDim,
              )}
            >
              <span className={styles.streamTime}>{formatClock(s.createdAt, timeZone)}</span>
              <span className={styles.streamAsset}>{s.asset}</span>
              <span className={clsx(pageStyles.dir, pageStyles[`dir--${s.direction.toLowerCase()}`])}>
                {s.direction} · {tradeLabel(s.direction)}
              </span>
              <span>{Math.round(s.confidence)}%</span>
              <span className={pageStyles.muted}>{resultLabel(s)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
