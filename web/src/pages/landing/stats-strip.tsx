import type { PublicStatsState } from './use-public-stats.js';
import { formatWinRate } from './use-public-stats.js';

const fmt = new Intl.NumberFormat('en-US');

/** The numbers strip: members, signals issued, measured win rate, markets covered, all from records. */
export function StatsStrip({ state, retry }: { state: PublicStatsState; retry: () => void }) {
  if (state.status === 'error') {
    return (
      <section className="stats-strip" aria-label="Platform figures">
        <div className="container center">
          <p className="muted" role="alert">
            Live figures are unavailable right now.{' '}
            <button type="button" className="link-btn" onClick={retry}>
              Retry
            </button>
          </p>
        </div>
      </section>
    );
  }
  const stats = state.status === 'ready' ? state.stats : null;
  const winRate = stats ? formatWinRate(stats) : null;
  const items = [
    { key: 'members', label: 'Members', value: stats ? fmt.format(stats.members) : null },
    { key: 'signals', label: 'Signals issued', value: stats ? fmt.format(stats.signalsIssued) : null },
    {
      key: 'winrate',
      label: stats && winRate ? `Win rate (${fmt.format(stats.resolvedSignals)} resolved)` : 'Measured win rate',
      value: stats ? (winRate ?? 'No resolved signals yet') : null,
      text: Boolean(stats && !winRate),
    },
    { key: 'markets', label: 'Markets covered', value: stats ? fmt.format(stats.marketsCovered) : null },
  ];
  return (
    <section className="stats-strip" aria-label="Platform figures" aria-busy={state.status === 'loading'}>
      <div className="container">
        <dl className="stats-grid">
          {items.map((item) => (
            <div className="stat" key={item.key} data-stat={item.key}>
              <dt className="stat-label">{item.label}</dt>
              <dd style={{ margin: 0 }}>
                {item.value === null ? (
                  <>
                    <span className="skeleton" />
                    <span className="sr-only">Loading</span>
                  </>
                ) : (
                  <span className={item.text ? 'stat-value text' : 'stat-value'}>{item.value}</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
        <p className="stats-foot">
          Counted live from the platform's own records.
          {stats?.marketSource === 'simulated' ? (
            <>
              {' '}
              <span className="badge badge-sample">Simulated market</span> Signals currently run on the built-in
              simulated market feed.
            </>
          ) : null}
        </p>
      </div>
    </section>
  );
}
