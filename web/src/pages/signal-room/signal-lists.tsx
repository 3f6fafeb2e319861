import {
  allowancePlaceLabel,
  allowanceSentence,
  lateIssueSeconds,
  type TLockedSignal,
  type TSignal,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { formatClock, outcomeLabel, resultLabel, STATUS_LABELS } from '../../components/dashboard/signal-format.js';
import { JournalControl } from '../../components/journal/journal-control.js';
import panelStyles from '../../components/ui/panel.module.css';
import { SignalChartDialog } from './signal-chart-dialog.js';
import styles from './signal-room.module.css';

/** Signals past the tier's daily allowance: the server sends only that they exist, and we say why. */
export function LockedTeasers({
  teasers,
  limit,
  timeZone,
}: {
  teasers: TLockedSignal[];
  limit: number | null;
  timeZone: string | undefined;
}) {
  if (teasers.length === 0) return null;
  return (
    <section className={panelStyles.panel} aria-labelledby="teasers-title" data-testid="locked-teasers">
      <h2 id="teasers-title">
        <Lock aria-hidden="true" size={18} /> Locked signals
      </h2>
      <p className={pageStyles.muted}>
        {allowanceSentence(
          limit,
          teasers.map((t) => t.allowance?.pool),
        )}{' '}
        These were issued after that. <Link to="/dashboard/upgrade">Upgrade to unlock them</Link>
      </p>
      <ul className={styles.teaserList}>
        {teasers.map((t) => (
          <li key={t.id} className={styles.teaser}>
            <span>
              Signal #{t.daySequence} today
              {allowancePlaceLabel(t) ? <span className={pageStyles.muted}> ({allowancePlaceLabel(t)})</span> : null}
            </span>
            <span className={pageStyles.muted}>{formatClock(t.createdAt, timeZone, false)}</span>
            <span className={styles.teaserLock}>Locked</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Previous signals: asset, who issued it, direction, created, confidence, outcome with the martingale level it came at
 * ("Won at L1", "Lost after L3"), and status; expired ones dimmed. The asset opens the signal's chart,
 * frozen at its resolution; under it, the member journals the signal (taken or skipped, and their trade).
 */
export function PreviousSignals({
  signals,
  timeZone,
  title = 'Previous signals',
}: {
  signals: TSignal[];
  timeZone: string | undefined;
  title?: string;
}) {
  const [chartOf, setChartOf] = useState<string | null>(null);
  // Read from the list each time, so a signal resolving while its chart is open shows its outcome.
  const charted = chartOf ? signals.find((s) => s.id === chartOf) : undefined;
  return (
    // Not a landmark itself: the scrolling table inside is the region named by this heading.
    <div className={panelStyles.panel}>
      <h2 id="previous-title">{title}</h2>
      {signals.length === 0 ? (
        <p className={pageStyles.muted}>Previous signals will appear here</p>
      ) : (
        // A focus stop with a name: the table scrolls sideways on phones, and a keyboard must reach it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        <section className={pageStyles.tableWrap} aria-labelledby="previous-title" tabIndex={0}>
          <table className={pageStyles.table} data-testid="previous-signals">
            <thead>
              <tr>
                <th scope="col">Asset</th>
                <th scope="col">Direction</th>
                <th scope="col">Created</th>
                <th scope="col">Confidence</th>
                <th scope="col">Outcome</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {signals.map((s) => {
                const outcome = outcomeLabel(s.outcome);
                const late = lateIssueSeconds(s);
                return (
                  <tr key={s.id} className={s.status === 'expired' ? pageStyles.isDim : undefined}>
                    <td className={styles.wrapCell}>
                      <button
                        type="button"
                        className={styles.chartOpen}
                        aria-haspopup="dialog"
                        aria-label={`${s.asset}: open the chart of the signal of ${formatClock(s.createdAt, timeZone, false)}`}
                        onClick={() => setChartOf(s.id)}
                        data-testid="open-signal-chart"
                      >
                        {s.asset}
                      </button>
                      {/* The source under the asset: the list keeps the room's six columns and still names who issued it. */}
                      {s.issuedBy ? (
                        <span className={styles.sourceNote} data-testid="signal-source">
                          {s.issuedBy.label}
                        </span>
                      ) : null}
                      {/* The member's journal of it under the asset too, for the same reason. */}
                      <JournalControl signal={s} />
                    </td>
                    <td>
                      <span className={clsx(pageStyles.dir, pageStyles[`dir--${s.direction.toLowerCase()}`])}>
                        {s.direction}
                      </span>
                    </td>
                    <td className={styles.wrapCell}>
                      {formatClock(s.createdAt, timeZone, false)}
                      {late !== null && (
                        <span className={clsx(pageStyles.muted, styles.lateNote)}> (issued {late} s late)</span>
                      )}
                    </td>
                    <td>{Math.round(s.confidence)}%</td>
                    <td data-testid="signal-result" className={styles.wrapCell}>
                      {outcome ? (
                        <span className={pageStyles[`outcome--${s.outcome}`]} title={outcome}>
                          {resultLabel(s)}
                        </span>
                      ) : (
                        <span className={pageStyles.muted}>{resultLabel(s)}</span>
                      )}
                    </td>
                    <td>{STATUS_LABELS[s.status]}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}
      {charted ? <SignalChartDialog signal={charted} timeZone={timeZone} onClose={() => setChartOf(null)} /> : null}
    </div>
  );
}
