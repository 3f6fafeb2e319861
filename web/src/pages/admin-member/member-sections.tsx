import { type TAdminMemberDetail, tierName } from '@signalroom/shared';
import { clsx } from 'clsx';
import { LogOut } from 'lucide-react';
import { Link } from 'react-router-dom';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import textStyles from '../../components/ui/text.module.css';
import { formatAuditTime } from '../admin-audit/audit-format.js';
import { AuditTable } from '../admin-audit/audit-table.js';
import styles from './admin-member.module.css';

const time = (iso: string | null) => (iso ? formatAuditTime(iso) : '–');

/** A titled panel of the member page, named for assistive technology by its heading. */
export function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className={panelStyles.panel} aria-labelledby={id} data-testid={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Profile({ detail }: { detail: TAdminMemberDetail }) {
  const { user, lastSeenAt, signalsToday } = detail;
  const rows: Array<[string, React.ReactNode]> = [
    ['E-mail', user.email],
    ['Phone', user.phone || '–'],
    ['Country', user.country || '–'],
    ['Telegram', user.telegram ?? '–'],
    ['Access code', <code key="code">{user.admissionCode}</code>],
    ['Role', user.role === 'admin' ? 'Admin' : 'Member'],
    ['Joined', time(user.createdAt)],
    ['E-mail confirmed', user.emailVerified ? 'Yes' : 'No'],
    ['Dashboard', user.dashboardUnlocked ? 'Unlocked' : 'Locked'],
    ['Deposit', user.hasDeposited ? `Confirmed ($${user.depositAmount})` : 'Not confirmed'],
    ['Broker account', user.brokerAccountId ?? '–'],
    ['Access path', user.accessPath ?? 'Not Selected'],
    ['Last seen', time(lastSeenAt)],
    [
      'Signals today',
      signalsToday.mode === 'none'
        ? `None received (no signal access; ${signalsToday.issued} issued)`
        : `${signalsToday.received} received of ${signalsToday.issued} issued${
            signalsToday.mode === 'delayed'
              ? ' (trial: closed signals only)'
              : signalsToday.limit === null
                ? ''
                : ` (limit ${signalsToday.limit})`
          }`,
    ],
  ];
  return (
    <dl className={styles.profile}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd data-testid={`profile-${label.toLowerCase().replace(/\W+/g, '-')}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function TierHistory({ detail }: { detail: TAdminMemberDetail }) {
  if (detail.tierHistory.length === 0) return <p className={pageStyles.muted}>No access changes by an admin yet.</p>;
  return (
    <ul className={styles.list} data-testid="tier-history">
      {detail.tierHistory.map((grant) => (
        <li key={grant.id}>
          <strong>
            {tierName(grant.previousTier)} → {tierName(grant.tier)}
          </strong>{' '}
          <span className={pageStyles.muted}>
            {time(grant.grantedAt)} by {grant.grantedBy}
          </span>
          {grant.expiresAt && (
            <span className={styles.block}>
              {grant.endReason === 'expired'
                ? `Ended at ${time(grant.endedAt)}`
                : grant.endReason === 'superseded'
                  ? `Until ${time(grant.expiresAt)}, replaced ${time(grant.endedAt)}`
                  : `Until ${time(grant.expiresAt)}`}
            </span>
          )}
          {grant.reason && <span className={clsx(styles.block, pageStyles.muted)}>“{grant.reason}”</span>}
        </li>
      ))}
    </ul>
  );
}

export function Sessions({
  detail,
  busy,
  onRevoke,
  onRevokeAll,
}: {
  detail: TAdminMemberDetail;
  busy: boolean;
  onRevoke(id: string): void;
  onRevokeAll(): void;
}) {
  if (detail.sessions.length === 0) return <p className={pageStyles.muted}>No live sessions.</p>;
  return (
    <>
      <ul className={styles.list}>
        {detail.sessions.map((s) => {
          const nameId = `session-${s.id}`;
          return (
            <li key={s.id} className={styles.sessionRow}>
              <span id={nameId}>
                {s.browser} on {s.os}
                <span className={clsx(styles.block, pageStyles.muted, pageStyles.small)}>
                  {s.ip ?? 'unknown address'} · last used {time(s.lastSeenAt)}
                </span>
              </span>
              <button
                type="button"
                className={buttonStyles.btn}
                disabled={busy}
                aria-describedby={nameId}
                onClick={() => onRevoke(s.id)}
              >
                <LogOut aria-hidden="true" size={16} /> Log out
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" className={clsx(buttonStyles.btn, styles.danger)} disabled={busy} onClick={onRevokeAll}>
        <LogOut aria-hidden="true" size={16} /> Log out every session
      </button>
    </>
  );
}

export function Applications({ detail }: { detail: TAdminMemberDetail }) {
  if (detail.botAccessApplications.length === 0) {
    return <p className={pageStyles.muted}>No bot-access application with this e-mail.</p>;
  }
  return (
    <ul className={styles.list}>
      {detail.botAccessApplications.map((a) => (
        <li key={a.id}>
          {a.fullName}{' '}
          <span className={pageStyles.muted}>
            · {a.status} · sent {time(a.createdAt)}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function Tickets({ detail }: { detail: TAdminMemberDetail }) {
  return (
    <ul className={styles.list}>
      {detail.supportTickets.map((t) => (
        <li key={t.id}>
          {t.subject}{' '}
          <span className={pageStyles.muted}>
            · {t.status} · {time(t.lastMessageAt)}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function Trail({ detail }: { detail: TAdminMemberDetail }) {
  return (
    <>
      {detail.audit.length === 0 ? (
        <p className={pageStyles.muted}>No audit entries about this member yet.</p>
      ) : (
        <AuditTable items={detail.audit} caption={`Audit trail of ${detail.user.fullName}`} />
      )}
      <p className={pageStyles.small}>
        <Link to={`/dashboard/admin/audit?target=${detail.user.id}`}>
          Full trail in the audit log<span className={textStyles.srOnly}> for {detail.user.fullName}</span>
        </Link>
      </p>
    </>
  );
}
