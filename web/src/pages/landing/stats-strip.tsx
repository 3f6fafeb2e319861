import { marketFeedLabel } from '@signalroom/shared';
import { clsx } from 'clsx';
import { lazy, Suspense, useEffect, useState } from 'react';
import { EvidenceNote } from '../../components/evidence/evidence-note.js';
import publicStyles from '../../components/public/public-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import textStyles from '../../components/ui/text.module.css';
import { RecordBrokenNotice } from '../../track-record/record-broken-notice.js';
import styles from './landing.module.css';
import type { PublicStatsState } from './use-public-stats.js';
import { formatWinRate, rateSample } from './use-public-stats.js';

const fmt = new Intl.NumberFormat('en-US');

/** Whether the record is witnessed: loaded after the page (the landing page's first script stays small). */
const LazyWitnessBanner = lazy(() =>
  import('../../track-record/record-witness-banner.js').then((m) => ({ default: m.RecordWitnessBanner })),
);

/** Mounted once the page is hydrated: the prerendered page and the first render both show the wait. */
function WitnessBanner() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const waiting = <p className={publicStyles.muted}>Checking the track record's witnesses…</p>;
  if (!hydrated) return waiting;
  return (
    <Suspense fallback={waiting}>
      <LazyWitnessBanner compact />
    </Suspense>
  );
}

/**
 * The numbers strip, all from records. It leads with the first-window win rate (won at level 0); the
 * rate with martingale recovery (won at any level) and the wins per level stand beside it, never one
 * unqualified "win rate" (docs/decisions.md, "Win rate: two of them"), each with its count and interval,
 * and below them what the rates are worth at the payout (break-even, expected value).
 */
export function StatsStrip({ state, retry }: { state: PublicStatsState; retry: () => void }) {
  if (state.status === 'error') {
    return (
      <section className={styles.statsStrip} aria-label="Platform figures">
        <div className={clsx(publicStyles.container, publicStyles.center)}>
          <p className={publicStyles.muted} role="alert">
            Live figures are unavailable right now.{' '}
            <button type="button" className={buttonStyles.linkBtn} onClick={retry}>
              Retry
            </button>
          </p>
        </div>
      </section>
    );
  }
  const stats = state.status === 'ready' ? state.data : null;
  if (stats?.recordBroken) {
    return (
      <section className={styles.statsStrip} aria-label="Platform figures">
        <div className={clsx(publicStyles.container, publicStyles.center)}>
          <WitnessBanner />
          <RecordBrokenNotice />
        </div>
      </section>
    );
  }
  const firstWindow = stats ? formatWinRate(stats, 'firstWindow') : null;
  const withMartingale = stats ? formatWinRate(stats, 'withMartingale') : null;
  const sample = (which: 'firstWindow' | 'withMartingale') => {
    const text = stats ? rateSample(stats, which) : null;
    return text ? ` (${text})` : '';
  };
  const items = [
    {
      key: 'win-first-window',
      label: `Won in first window${sample('firstWindow')}`,
      value: stats ? (firstWindow ?? 'No resolved signals yet') : null,
      text: Boolean(stats && !firstWindow),
    },
    {
      key: 'win-with-martingale',
      label: `Won with martingale recovery${sample('withMartingale')}`,
      value: stats ? (withMartingale ?? 'No resolved signals yet') : null,
      text: Boolean(stats && !withMartingale),
    },
    { key: 'signals', label: 'Signals issued', value: stats ? fmt.format(stats.signalsIssued) : null },
    { key: 'members', label: 'Members', value: stats ? fmt.format(stats.members) : null },
    { key: 'markets', label: 'Markets covered', value: stats ? fmt.format(stats.marketsCovered) : null },
  ];
  return (
    <section className={styles.statsStrip} aria-label="Platform figures" aria-busy={state.status === 'loading'}>
      <div className={publicStyles.container}>
        <WitnessBanner />
        <dl className={styles.statsGrid}>
          {items.map((item) => (
            <div className={styles.stat} key={item.key} data-stat={item.key}>
              <dt className={styles.statLabel}>{item.label}</dt>
              <dd className={styles.statFigure}>
                {item.value === null ? (
                  <>
                    <span className={publicStyles.skeleton} />
                    <span className={textStyles.srOnly}>Loading</span>
                  </>
                ) : (
                  <span className={item.text ? clsx(styles.statValue, styles.text) : styles.statValue}>
                    {item.value}
                  </span>
                )}
              </dd>
            </div>
          ))}
        </dl>
        {stats && stats.resolvedSignals > 0 && (
          <p className={styles.statsFoot} data-testid="wins-by-level">
            Wins by martingale level: first window {fmt.format(stats.winsByLevel[0] ?? 0)}
            {stats.winsByLevel
              .slice(1)
              .map((wins, i) => ` · L${i + 1} ${fmt.format(wins)}`)
              .join('')}
            . A win at L1 to L3 is a recovery after a lost first window.
          </p>
        )}
        {stats && stats.resolvedSignals > 0 && (
          <EvidenceNote
            evidence={stats.evidence}
            className={styles.statsFoot}
            rulesLink={<a href="/strategy">the strategy's rules</a>}
          />
        )}
        <p className={styles.statsFoot}>
          Counted live from the track record: only signals its witnesses cosigned in time.{' '}
          <a href="/track-record" data-testid="track-record-link">
            See the full track record
          </a>
          , with intervals, calibration and a hash chain anyone can check.
          {stats?.marketSource === 'simulated' ? (
            <>
              {' '}
              <span className={clsx(publicStyles.badge, publicStyles.badgeSample)}>Simulated market</span> Signals
              currently run on the built-in simulated market feed.
            </>
          ) : stats ? (
            <>
              {' '}
              <span className={publicStyles.badge} data-testid="price-source">
                Prices: {marketFeedLabel(stats.marketSource)}
              </span>
            </>
          ) : null}
        </p>
      </div>
    </section>
  );
}
