import type { TAdminOverview } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Activity, LayoutDashboard, RefreshCw } from 'lucide-react';
import { formatForReader } from '../../components/clock/use-clock.js';
import { AdminNav } from '../../components/dashboard/admin-nav.js';
import { AdminsOnly } from '../../components/dashboard/admins-only.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { EvidenceNote, WinRates } from '../../components/dashboard/win-rates.js';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { auditActionLabel, auditTargetLabel } from '../admin-audit/audit-format.js';
import styles from './admin-overview.module.css';
import { QueueBoardLink } from './queue-board-link.js';
import { SetupChecklist } from './setup-checklist.js';
import { SignupsChart } from './signups-chart.js';
import { TrackRecordPanel } from './track-record-panel.js';
import { useAdminOverview } from './use-admin-overview.js';

/**
 * Admin overview (/dashboard/admin): the way in from sign-up to unlock, sign-ups per day, who is
 * connected, today's signals and the measured win rate, the job queues and the latest audit entries.
 * Every figure is counted by the server from its records; the screen re-counts every 10 s.
 */
function AdminOverview() {
  const { state, retry } = useAdminOverview();
  if (state.status === 'forbidden') return <AdminsOnly />;
  return (
    <div className={clsx(pageStyles.page, styles.page)} data-testid="admin-overview">
      <header className={pageStyles.pageHead}>
        <h1>
          <LayoutDashboard aria-hidden="true" size={26} /> Admin overview
        </h1>
        <p className={pageStyles.muted}>Counted from the platform's records, refreshed every 10 seconds.</p>
      </header>
      <AdminNav />
      {state.status === 'loading' && (
        <div
          className={pageStyles.skeletonRoom}
          role="status"
          aria-label="Loading the overview"
          data-testid="overview-loading"
        >
          <div className={clsx(pageStyles.skeleton, pageStyles.skeletonCard)} />
          <div className={clsx(pageStyles.skeleton, pageStyles.skeletonCard)} />
        </div>
      )}
      {state.status === 'error' && (
        <div className={clsx(panelStyles.panel, pageStyles.state, pageStyles.stateError)} data-testid="overview-error">
          <p>{state.message}</p>
          <button type="button" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} onClick={retry}>
            <RefreshCw aria-hidden="true" size={18} /> Try again
          </button>
        </div>
      )}
      {state.status === 'ready' && <Figures overview={state.overview} stale={state.stale} />}
      {state.status !== 'loading' && <SetupChecklist />}
      {state.status !== 'loading' && <TrackRecordPanel />}
    </div>
  );
}

const FUNNEL_STEPS = [
  ['registered', 'Registered'],
  ['emailConfirmed', 'E-mail confirmed'],
  ['accountSetupSaved', 'Account setup saved'],
  ['depositDeclared', 'Deposit declared'],
  ['unlocked', 'Unlocked'],
] as const;

const time = { format: (at: Date) => formatForReader(at) };

function Figures({ overview, stale }: { overview: TAdminOverview; stale: boolean }) {
  const { funnel, queues } = overview;
  return (
    <>
      <p className={clsx(pageStyles.muted, pageStyles.small)} role="status" data-testid="overview-as-of">
        {stale ? 'Could not refresh: showing the figures of ' : 'As of '}
        {time.format(new Date(overview.generatedAt))}
      </p>
      <div className={styles.grid}>
        <section className={panelStyles.panel} aria-labelledby="funnel-title">
          <h2 id="funnel-title">Way in</h2>
          {funnel.registered === 0 ? (
            <p className={pageStyles.muted}>No members yet.</p>
          ) : (
            <ol className={styles.funnel} data-testid="overview-funnel">
              {FUNNEL_STEPS.map(([key, label]) => (
                <li key={key}>
                  <span>{label}</span>
                  <strong>{funnel[key]}</strong>
                  <span className={styles.share} aria-hidden="true">
                    <span style={{ width: `${(funnel[key] / funnel.registered) * 100}%` }} />
                  </span>
                </li>
              ))}
            </ol>
          )}
          <dl className={clsx(pageStyles.kv, styles.tiers)}>
            {(['guest', 'silver', 'pro', 'gold'] as const).map((tier) => (
              <div key={tier}>
                <dt>{tier === 'guest' ? 'Trial (guest)' : tier[0]?.toUpperCase() + tier.slice(1)}</dt>
                <dd>{funnel.perTier[tier]}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section className={panelStyles.panel} aria-labelledby="signups-title">
          <h2 id="signups-title">Sign-ups per day</h2>
          <SignupsChart days={overview.signupsPerDay} />
        </section>

        <section className={panelStyles.panel} aria-labelledby="live-title">
          <h2 id="live-title">
            <Activity aria-hidden="true" size={18} /> Right now
          </h2>
          <dl className={clsx(pageStyles.kv, pageStyles.stats)} data-testid="overview-live">
            <div>
              <dt>Members connected</dt>
              <dd>{overview.connectedMembers ?? 'Unknown'}</dd>
            </div>
            <div>
              <dt>Signals today</dt>
              <dd>{overview.signalsToday}</dd>
            </div>
            {overview.resolvedSignals === 0 ? (
              <div>
                <dt>Won in first window</dt>
                <dd>None resolved yet</dd>
              </div>
            ) : (
              <WinRates evidence={overview.evidence} />
            )}
          </dl>
          {overview.resolvedSignals > 0 ? (
            <EvidenceNote evidence={overview.evidence} className={pageStyles.small} />
          ) : null}
        </section>

        <section className={panelStyles.panel} aria-labelledby="queues-title">
          <h2 id="queues-title">Queues</h2>
          {/* Scrolls sideways on a narrow phone: focusable so a keyboard can scroll it too. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus */}
          <section className={styles.queueWrap} tabIndex={0} aria-label="Queue counts">
            <table className={styles.queueTable} data-testid="overview-queues">
              <thead>
                <tr>
                  <th scope="col">Queue</th>
                  <th scope="col">Waiting</th>
                  <th scope="col">Active</th>
                  <th scope="col">Delayed</th>
                  <th scope="col">Failed</th>
                </tr>
              </thead>
              <tbody>
                <QueueRow name="Signals" counts={queues.signals} inProcess={overview.signalQueueInProcess} />
                <QueueRow name="Tasks" counts={queues.tasks} inProcess={false} />
              </tbody>
            </table>
          </section>
          {/* The board reads the job queue in Redis: a deployment without one has none. */}
          {!overview.signalQueueInProcess && <QueueBoardLink />}
        </section>

        <section className={clsx(panelStyles.panel, styles.wide)} aria-labelledby="audit-title">
          <h2 id="audit-title">Latest admin actions</h2>
          {overview.latestAudit.length === 0 ? (
            <p className={pageStyles.muted}>No admin action recorded yet.</p>
          ) : (
            <ul className={styles.audit} data-testid="overview-audit">
              {overview.latestAudit.map((entry) => (
                <li key={entry.id}>
                  <time dateTime={entry.at}>{time.format(new Date(entry.at))}</time>
                  <span className={styles.action}>{auditActionLabel(entry.action)}</span>
                  <span className={styles.target}>{entry.targetLabel ?? auditTargetLabel(entry.targetType)}</span>
                  <span className={pageStyles.muted}>{entry.actorEmail}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}

function QueueRow({
  name,
  counts,
  inProcess,
}: {
  name: string;
  counts: TAdminOverview['queues']['tasks'];
  inProcess: boolean;
}) {
  if (!counts) {
    return (
      <tr>
        <th scope="row">{name}</th>
        <td colSpan={4} className={pageStyles.muted}>
          {inProcess ? 'Runs on in-process timers (no job queue)' : 'Could not be read'}
        </td>
      </tr>
    );
  }
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>{counts.waiting}</td>
      <td>{counts.active}</td>
      <td>{counts.delayed}</td>
      <td className={counts.failed > 0 ? styles.failed : undefined}>{counts.failed}</td>
    </tr>
  );
}

/** The router takes the screen by this name; its parent route lets only admins in. */
export { AdminOverview as Component };
