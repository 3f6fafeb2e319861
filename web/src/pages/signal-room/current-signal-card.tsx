import {
  formatMinutesSeconds,
  formatMoney,
  formatWindow,
  hasGoldAccess,
  lateIssueSeconds,
  Messages,
  martingaleLevels,
  planLevels,
  type TRiskPlan,
  type TSignal,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { AlertTriangle, TrendingDown, TrendingUp } from 'lucide-react';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { SignalChart } from '../../components/dashboard/signal-chart.js';
import { formatClock, formatPrice, tradeLabel } from '../../components/dashboard/signal-format.js';
import { usePriceStream } from '../../components/dashboard/use-price-stream.js';
import { JournalControl } from '../../components/journal/journal-control.js';
import riskStyles from '../../components/risk-plan/risk-plan.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { useSessionStore } from '../../stores/session.store.js';
import styles from './signal-room.module.css';

interface CardProps {
  signal: TSignal;
  now: Date;
  timeZone: string | undefined;
  /** The member's risk plan: the martingale plan then shows their stake per level. */
  riskPlan?: TRiskPlan | null;
  /** The plan has stopped for the day: the card says so instead of offering the trade. */
  planStopped?: boolean;
}

/**
 * The current signal (only when the newest one is active), with every field of the signal. It is a
 * focus stop of its own, before its one control (Journal): a keyboard user reaches the card itself and
 * a screen reader reads it by its asset.
 */
export function CurrentSignalCard({ signal, now, timeZone, riskPlan = null, planStopped = false }: CardProps) {
  // Gold members have the instrument's prices each second (the Platinum Stream's): their chart's newest
  // candle follows them. Everyone else's reads closed candles; the stream stays a gold feature.
  const gold = useSessionStore((s) => hasGoldAccess(s.user));
  const stream = usePriceStream(gold ? signal.asset : null);
  // An analyst chooses the window (the engine's is the slot): every martingale level lasts as long.
  const windowMs = Date.parse(signal.expiresAt) - Date.parse(signal.createdAt);
  const plan = martingaleLevels(new Date(signal.expiresAt), { stepMs: windowMs });
  const stakes = riskPlan && !planStopped ? planLevels(riskPlan) : null;
  const windowLabel = formatWindow(windowMs);
  const confidence = Math.round(signal.confidence);
  const late = lateIssueSeconds(signal);
  // An active signal stays active through its martingale levels: show the window running now.
  const running = plan.find((l) => now >= l.entryTime && now < l.expiryTime) ?? plan[0];
  const leftMs = running ? running.expiryTime.getTime() - now.getTime() : 0;
  const Trend = signal.direction === 'CALL' ? TrendingUp : TrendingDown;
  const analysis =
    signal.analysis?.trim() ||
    `The engine derived this direction and confidence from recent price action on ${signal.asset}.`;
  const notes = signal.notes ?? [];
  return (
    <article
      className={clsx(panelStyles.panel, styles.signalCard, styles[`signal-card--${signal.direction.toLowerCase()}`])}
      data-testid="current-signal"
      aria-labelledby="current-signal-title"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a named region a keyboard must reach (read as a whole, before its Journal button)
      tabIndex={0}
    >
      <header className={styles.signalCardHead}>
        <div>
          <p className={pageStyles.eyebrow}>Current signal</p>
          <h2 id="current-signal-title" className={styles.signalCardAsset}>
            {signal.asset}
          </h2>
          <JournalControl signal={signal} />
        </div>
        <div className={clsx(styles.signalCardDir, pageStyles[`dir--${signal.direction.toLowerCase()}`])}>
          <Trend aria-hidden="true" size={28} />
          <span className={styles.signalCardDirection}>{signal.direction}</span>
          <span className={styles.signalCardTrade}>{tradeLabel(signal.direction)}</span>
        </div>
      </header>

      <dl className={styles.signalCardFacts}>
        {signal.issuedBy && (
          <div>
            <dt>Source</dt>
            <dd data-testid="current-source">{signal.issuedBy.label}</dd>
          </div>
        )}
        <div>
          <dt>Confidence</dt>
          <dd data-testid="current-confidence">{confidence}%</dd>
        </div>
        <div>
          <dt>Entry price</dt>
          <dd>{formatPrice(signal.entryPrice)}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatClock(signal.createdAt, timeZone)}</dd>
        </div>
        {late !== null && signal.issuedAt && (
          // Entry price and windows count from the slot: a member must see that it reached them later.
          <div>
            <dt>Issued late</dt>
            <dd data-testid="issued-late">
              {formatClock(signal.issuedAt, timeZone)}, {late} s after its slot
            </dd>
          </div>
        )}
        <div>
          <dt>Expires</dt>
          <dd>{formatClock(signal.expiresAt, timeZone)}</dd>
        </div>
        <div>
          <dt>Window</dt>
          <dd>{windowLabel.toUpperCase()} ACTIVE</dd>
        </div>
        {signal.stopLoss !== null && (
          <div>
            <dt>Stop loss</dt>
            <dd>{formatPrice(signal.stopLoss)}</dd>
          </div>
        )}
        {signal.takeProfit !== null && (
          <div>
            <dt>Take profit</dt>
            <dd>{formatPrice(signal.takeProfit)}</dd>
          </div>
        )}
      </dl>

      <div className={styles.confidence}>
        <span className={styles.confidenceLabel}>Confidence {confidence}%</span>
        <div
          className={pageStyles.bar}
          role="progressbar"
          aria-label="Confidence"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={confidence}
        >
          <span style={{ width: `${Math.min(100, Math.max(0, confidence))}%` }} />
        </div>
      </div>

      <section aria-labelledby="chart-title">
        <h3 id="chart-title">Price chart</h3>
        <SignalChart signal={signal} timeZone={timeZone} testId="current-signal-chart" livePrices={stream.points} />
      </section>

      <section aria-labelledby="martingale-title">
        <h3 id="martingale-title">Martingale plan</h3>
        {planStopped && riskPlan && (
          <div className={riskStyles.stopped} role="status" data-testid="signal-plan-stopped">
            <h4>Your plan stops here for today</h4>
            <p>
              Your daily loss limit of {formatMoney(riskPlan.dailyLossLimit, riskPlan.currency)} leaves no room for this
              signal.
            </p>
          </div>
        )}
        <table className={pageStyles.table} data-testid="martingale-plan">
          <thead>
            <tr>
              <th scope="col">Level</th>
              <th scope="col">Entry</th>
              <th scope="col">Expiry</th>
              {stakes && <th scope="col">Your stake</th>}
            </tr>
          </thead>
          <tbody>
            {plan.map((level) => {
              const stake = stakes?.[level.level];
              return (
                <tr key={level.level} className={stake && !stake.withinPlan ? riskStyles.pastPlan : undefined}>
                  <th scope="row">{level.level === 0 ? 'Level 0 (primary)' : `Level ${level.level}`}</th>
                  <td>{formatClock(level.entryTime, timeZone)}</td>
                  <td>{formatClock(level.expiryTime, timeZone)}</td>
                  {stakes && (
                    <td data-testid={`plan-stake-${level.level}`}>
                      {stake?.withinPlan ? formatMoney(stake.stake, riskPlan?.currency ?? 'USD') : 'Past your plan'}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="analysis-title">
        <h3 id="analysis-title">Analysis</h3>
        <p>{analysis}</p>
      </section>

      {notes.length > 0 && (
        <section aria-labelledby="notes-title" data-testid="signal-notes">
          <h3 id="notes-title">Follow-up notes</h3>
          <ul className={styles.signalNotes}>
            {notes.map((n) => (
              <li key={n.id}>
                <span className={pageStyles.muted}>
                  {n.authorName}, {formatClock(n.createdAt, timeZone, false)}:
                </span>{' '}
                {n.body}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="temporal-title">
        <h3 id="temporal-title">Temporal parameters</h3>
        <dl className={pageStyles.kv}>
          <div>
            <dt>Window running</dt>
            <dd>{running && running.level > 0 ? `Martingale level ${running.level}` : 'Primary (level 0)'}</dd>
          </div>
          <div>
            <dt>Time left in window</dt>
            <dd>{formatMinutesSeconds(leftMs)}</dd>
          </div>
          <div>
            <dt>Expiry</dt>
            <dd>{windowLabel} from entry</dd>
          </div>
          <div>
            <dt>Martingale horizon</dt>
            <dd>until {formatClock(plan[plan.length - 1]?.expiryTime ?? signal.expiresAt, timeZone)}</dd>
          </div>
        </dl>
      </section>

      {signal.record && (
        <p className={clsx(pageStyles.muted, styles.recordEntry)} data-testid="record-entry">
          Committed to the public track record before it was sent: entry #{signal.record.seq},{' '}
          <code title="SHA-256 of the entry; keep it to check the record later">{signal.record.hash}</code>
        </p>
      )}

      <p className={styles.riskWarning} role="note">
        <AlertTriangle aria-hidden="true" size={18} /> {Messages.signals.riskWarning}
      </p>
    </article>
  );
}
