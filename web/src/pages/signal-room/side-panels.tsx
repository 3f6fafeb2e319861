import { Globe, ListChecks } from 'lucide-react';
import { Link } from 'react-router-dom';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { PerformanceSummary } from '../../components/dashboard/performance-summary.js';
import { useFeedStatus } from '../../components/dashboard/use-feed-status.js';
import panelStyles from '../../components/ui/panel.module.css';
import { useLiveSignals } from '../../stores/live-signals.context.js';
import { topPair } from '../../stores/live-signals.logic.js';
import { useMarketStatus } from '../../stores/market-status.store.js';
import { usePublicConfigStore } from '../../stores/public-config.store.js';

const PROTOCOLS = [
  'Execute each signal within its 5-minute window.',
  'Use the martingale level only after the primary trade fails.',
  'Risk at most 2% of your capital per signal.',
];

/**
 * Performance, the trading protocols and market intel beside the signals. The panel the product calls
 * 'AI protocols' describes no AI: the model is a momentum rule, and the last line says what its
 * confidence means and where its rules are.
 */
export function SidePanels() {
  const stats = useLiveSignals((s) => s.stats);
  const config = usePublicConfigStore((s) => s.config);
  const feed = useFeedStatus();
  const market = useMarketStatus();
  const pair = topPair(stats);
  return (
    <aside className={pageStyles.stack} aria-label="Signal room panels">
      <PerformanceSummary />
      <section className={panelStyles.panel} aria-labelledby="protocols-title">
        <h2 id="protocols-title">
          <ListChecks aria-hidden="true" size={18} /> Signal Protocols
        </h2>
        <ol className={pageStyles.protocolList}>
          {PROTOCOLS.map((text) => (
            <li key={text}>{text}</li>
          ))}
          <li>
            Confidence is the momentum model's estimated chance that the first window closes your way; a higher one is a
            stronger signal, as far as <Link to="/strategy">its calibration</Link> holds.
          </li>
        </ol>
      </section>
      <section className={panelStyles.panel} aria-labelledby="intel-title">
        <h2 id="intel-title">
          <Globe aria-hidden="true" size={18} /> Market Intel
        </h2>
        <dl className={pageStyles.kv}>
          <div>
            <dt>{feed === 'simulated' ? 'OTC markets' : 'Market'}</dt>
            <dd data-testid="market-status">
              {feed === 'simulated'
                ? 'SIMULATED MARKET'
                : market && !market.open
                  ? 'Closed'
                  : feed === 'live'
                    ? 'Open'
                    : feed === 'quiet'
                      ? 'No signal in the last slot'
                      : '–'}
            </dd>
          </div>
          <div>
            <dt>Market data</dt>
            <dd data-testid="market-data">{config ? config.marketLabel : '–'}</dd>
          </div>
          <div>
            <dt>Top pair</dt>
            <dd data-testid="top-pair">{pair ?? 'Not enough resolved signals yet'}</dd>
          </div>
        </dl>
      </section>
    </aside>
  );
}
