import {
  levelName,
  marketFeedLabel,
  planStakes,
  type TGroupRates,
  type TRate,
  TrackRecordRoutes,
  type TTrackRecordStats,
  type TTrackRecordSummary,
  type TWinRateEvidence,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { addressOf } from '../../api/client.js';
import { formatMoney, formatRate } from '../../components/charts/chart-scale.js';
import { EquityChart } from '../../components/charts/equity-chart.js';
import { EvidenceNote } from '../../components/dashboard/win-rates.js';
import publicStyles from '../../components/public/public-page.module.css';
import { PublicPageHeader } from '../../components/public/public-page-header.js';
import { RefreshedStatus } from '../../components/public/refreshed-status.js';
import textStyles from '../../components/ui/text.module.css';
import { RecordBrokenNotice } from '../../track-record/record-broken-notice.js';
import { RecordWitnessBanner } from '../../track-record/record-witness-banner.js';
import { CalibrationChart } from './calibration-chart.js';
import { SlotLedger } from './slot-ledger.js';
import { SourceTable } from './source-table.js';
import styles from './track-record.module.css';
import { useTrackRecord } from './use-track-record.js';

const fmt = new Intl.NumberFormat('en-US');

/** Where anyone downloads the whole public chain (JSON Lines) to check it: a plain link, no session needed. */
const TRACK_RECORD_DOWNLOAD_PATH = addressOf(TrackRecordRoutes.download);

/** The standalone verifier page (one file, served by the product, which anyone may save and run). */
const TRACK_RECORD_VERIFIER_PATH = '/verify-track-record.html';

/** The feed the resolved signals ran on, by name; 'mixed' when they ran on more than one. */
function feedName(feed: string): string {
  return feed === 'mixed' ? 'Several market feeds' : marketFeedLabel(feed);
}

/** The public track record: no login, every figure from resolved signals, the chain's own check. */
export function Component() {
  const { state, retry } = useTrackRecord();
  return (
    <div className={publicStyles.pub}>
      <PublicPageHeader />
      <main className={clsx(publicStyles.container, styles.page)} aria-busy={state.status === 'loading'}>
        <span className={publicStyles.eyebrow}>Public record</span>
        <h1>Track record</h1>
        <p className={styles.lead}>
          Every signal as it was issued and as it resolved, in a log anyone can check. A signal is committed to the log
          (its hash in a signed checkpoint, sent at once to independent witnesses) before anyone is sent it, and its
          content joins the public record once its window has closed. The figures count only resolved signals the
          witnesses cosigned in time.
        </p>
        <RecordWitnessBanner />
        <RefreshedStatus state={state} retry={retry} loading="Loading the record…" alertClassName={styles.alert} />
        {state.status === 'ready' && <Record summary={state.data} />}
      </main>
    </div>
  );
}

function Record({ summary }: { summary: TTrackRecordSummary }) {
  const { stats, evidence, head, feed } = summary;
  return (
    <>
      <RecordCheck summary={summary} />
      {feed && (
        <p className={styles.feed} data-testid="feed-label">
          <span
            className={clsx(
              publicStyles.badge,
              feed === 'simulated' ? publicStyles.badgeSample : publicStyles.badgeLive,
            )}
          >
            {feed === 'simulated' ? feedName(feed) : `Prices: ${feedName(feed)}`}
          </span>{' '}
          {feed === 'simulated'
            ? 'These signals ran on the built-in simulated market, not on a real price feed.'
            : feed === 'mixed'
              ? 'The resolved signals ran on more than one feed; each entry names its own.'
              : 'The feed the resolved signals were issued and resolved on.'}
        </p>
      )}
      {stats === null || evidence === null ? (
        <RecordBrokenNotice />
      ) : stats.resolvedSignals === 0 ? (
        <p className={styles.empty} data-testid="track-record-empty">
          No signal has resolved yet. The figures appear here once the first one does
          {head.length > 0 ? ` (the chain already holds ${fmt.format(head.length)} public entries)` : ''}.
        </p>
      ) : (
        <Figures stats={stats} evidence={evidence} />
      )}
      <SlotLedger />
    </>
  );
}

function RecordCheck({ summary: { head, verifierKey, witnessing, counted } }: { summary: TTrackRecordSummary }) {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const broken = head.brokenAt !== null;
  const witnessArgs = witnessing.witnesses.map((w) => ` --witness ${w.verifierKey}`).join('');
  const checkpointSize = head.checkpoint?.split('\n')[1] ?? null;
  return (
    <section
      className={clsx(styles.check, broken && styles.checkBroken)}
      aria-labelledby="record-check-title"
      data-testid="record-status"
    >
      <h2 id="record-check-title" className={styles.checkTitle}>
        {broken ? <ShieldAlert size={20} aria-hidden="true" /> : <ShieldCheck size={20} aria-hidden="true" />}
        {broken ? `Server check: record broken at #${head.brokenAt}` : 'Server check: record intact'}
      </h2>
      {broken && head.brokenReason && (
        <p role="alert">
          Entry #{head.brokenAt}: {head.brokenReason}. What this server holds no longer matches the log it verified and
          its witnesses cosigned.
        </p>
      )}
      <dl className={styles.headFacts}>
        <div>
          <dt>Public entries</dt>
          <dd>{fmt.format(head.length)}</dd>
        </div>
        <div>
          <dt>Not public yet (window open)</dt>
          <dd>{fmt.format(head.pending)}</dd>
        </div>
        <div>
          <dt>Signals counted (witnessed in time)</dt>
          <dd data-testid="counted-signals">{fmt.format(counted.counted)}</dd>
        </div>
        <div>
          <dt>Left out: late, unwitnessed, awaiting a witness</dt>
          <dd data-testid="uncounted-signals">
            {fmt.format(counted.late)}, {fmt.format(counted.unwitnessed)}, {fmt.format(counted.awaiting)}
          </dd>
        </div>
        <div className={styles.hashFact}>
          <dt>Head hash (SHA-256)</dt>
          <dd>
            <code className={styles.hash} data-testid="head-hash">
              {head.headHash}
            </code>
          </dd>
        </div>
        {head.checkpoint && (
          <div className={styles.hashFact}>
            <dt>Latest checkpoint (all {checkpointSize} entries; C2SP signed note with its cosignatures)</dt>
            <dd>
              <pre className={styles.hash} data-testid="checkpoint-note">
                {head.checkpoint}
              </pre>
            </dd>
          </div>
        )}
        <div className={styles.hashFact}>
          <dt>The log's verifier key (pin it; witnesses are given it)</dt>
          <dd>
            <code className={styles.hash} data-testid="public-key">
              {verifierKey}
            </code>
          </dd>
        </div>
      </dl>
      <p className={publicStyles.small}>
        Check it yourself, trusting the witnesses rather than this site:{' '}
        <code className={styles.hash}>
          npm run verify-track-record -- --url {origin}
          {witnessArgs} --log-key {verifierKey}
        </code>{' '}
        rehashes every entry from the{' '}
        <a href={TRACK_RECORD_DOWNLOAD_PATH} download>
          public log (JSON Lines)
        </a>{' '}
        or its tiles (<code>/api/track-record/tile/…</code>, which anyone may mirror), checks the checkpoint's
        cosignatures and that every counted signal was witnessed in time. Or open the{' '}
        <a href={TRACK_RECORD_VERIFIER_PATH}>standalone verifier</a> (one file you can save and run anywhere), which
        does the same in your browser and recomputes every figure. The format is published in the repository's{' '}
        <code>docs/track-record-format.md</code>.
      </p>
    </section>
  );
}

function Figures({ stats, evidence }: { stats: TTrackRecordStats; evidence: TWinRateEvidence }) {
  const { overall, equity } = stats;
  const stakes = planStakes(equity.plan).map((s) => `$${s}`);
  return (
    <>
      <section className={styles.section} aria-labelledby="win-rates-title">
        <h2 id="win-rates-title">Win rate</h2>
        <div className={styles.rateCards}>
          <div className={styles.rateCard} data-stat="first-window">
            <h3>Won in first window</h3>
            <RateFigure rate={overall.firstWindow} />
            <p className={publicStyles.muted}>
              {fmt.format(overall.firstWindow.won)} of {fmt.format(overall.firstWindow.total)} resolved signals
            </p>
          </div>
          <div className={styles.rateCard} data-stat="with-martingale">
            <h3>Won with martingale recovery</h3>
            <RateFigure rate={overall.withMartingale} />
            <p className={publicStyles.muted}>
              {fmt.format(overall.withMartingale.won)} of {fmt.format(overall.withMartingale.total)}, a win at L1 to L3
              being a recovery after a lost first window
            </p>
          </div>
        </div>
        <EvidenceNote evidence={evidence} className={styles.evidence} />
        <SourceTable />
        <GroupTable caption="By asset" head="Asset" groups={stats.byAsset} />
        <GroupTable caption="By direction" head="Direction" groups={stats.byDirection} />
        <TableRegion label="By martingale level">
          <table className={styles.table}>
            <caption>By martingale level (of the signals that played the level, the share won there)</caption>
            <thead>
              <tr>
                <th scope="col">Level</th>
                <th scope="col">Played</th>
                <th scope="col">Won</th>
                <th scope="col">Win rate</th>
              </tr>
            </thead>
            <tbody>
              {stats.byLevel.map(({ level, rate }) => (
                <tr key={level}>
                  <th scope="row">{levelName(level)}</th>
                  <td>{fmt.format(rate.total)}</td>
                  <td>{fmt.format(rate.won)}</td>
                  <td>{formatRate(rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </section>

      <section className={styles.section} aria-labelledby="calibration-title">
        <h2 id="calibration-title">Calibration</h2>
        <p className={publicStyles.muted}>
          Each signal states a confidence that its first window closes its way (how it is computed:{' '}
          <Link to="/strategy">the strategy's rules</Link>). Per band of 5 points: what was stated, and how often the
          first window was won (with its 95% interval).
        </p>
        <div className={styles.calibration}>
          <CalibrationChart bands={stats.calibration} />
          <TableRegion label="Calibration by confidence band">
            <table className={styles.table}>
              <caption className={textStyles.srOnly}>Calibration by confidence band</caption>
              <thead>
                <tr>
                  <th scope="col">Stated</th>
                  <th scope="col">Signals</th>
                  <th scope="col">Mean stated</th>
                  <th scope="col">Won in first window</th>
                </tr>
              </thead>
              <tbody>
                {stats.calibration.map((b) => (
                  <tr key={b.from}>
                    <th scope="row">
                      {b.from}–{b.to}%
                    </th>
                    <td>{fmt.format(b.realised.total)}</td>
                    <td>{b.statedMean}%</td>
                    <td>{formatRate(b.realised)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="equity-title">
        <h2 id="equity-title">Equity curve of a stated plan</h2>
        <p className={publicStyles.muted} data-testid="stake-plan">
          Plan: ${equity.plan.baseStake} on the first window, {equity.plan.stakeMultiplier}× the stake at each
          martingale level ({stakes.join(', ')}); a won window pays {equity.plan.payoutPercent}% of its stake, a
          breakeven returns it. An illustration of these assumptions, not broker terms or advice.
        </p>
        <dl className={styles.headFacts}>
          <div>
            <dt>Result</dt>
            <dd data-testid="equity-final">{formatMoney(equity.final)}</dd>
          </div>
          <div>
            <dt>Maximum drawdown</dt>
            <dd data-testid="max-drawdown">{formatMoney(-equity.maxDrawdown)}</dd>
          </div>
          <div>
            <dt>Signals</dt>
            <dd>{fmt.format(stats.resolvedSignals)}</dd>
          </div>
        </dl>
        <EquityChart curve={equity} />
      </section>
      <p className={clsx(publicStyles.small, publicStyles.muted)}>
        Trading is risky. Only trade with funds you can afford to lose.
      </p>
    </>
  );
}

/** A table that scrolls sideways on phones: a named focus stop, so a keyboard can scroll it too. */
function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className={styles.tableWrap} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

/** A rate in large type with its 95% interval under it. */
function RateFigure({ rate }: { rate: TRate }) {
  if (rate.percent === null) return <p className={styles.rateValue}>No resolved signals</p>;
  return (
    <>
      <p className={styles.rateValue}>{rate.percent}%</p>
      <p className={styles.rateInterval}>
        95% CI {rate.low}–{rate.high}%
      </p>
    </>
  );
}

function GroupTable({ caption, head, groups }: { caption: string; head: string; groups: readonly TGroupRates[] }) {
  return (
    <TableRegion label={caption}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{head}</th>
            <th scope="col">Resolved</th>
            <th scope="col">Won in first window</th>
            <th scope="col">Won with martingale recovery</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={g.key}>
              <th scope="row">{g.key}</th>
              <td>{fmt.format(g.firstWindow.total)}</td>
              <td>{formatRate(g.firstWindow)}</td>
              <td>{formatRate(g.withMartingale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
