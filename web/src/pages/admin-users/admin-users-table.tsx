import {
  canGrantGold,
  canRevoke,
  GRANT_GOLD_ACCESS,
  REVOKE_ACCESS,
  type Role,
  type TAccessUpdateRequest,
  type TUser,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { Crown, KeyRound, PenLine, ShieldMinus, ShieldPlus, UserX } from 'lucide-react';
import { Link } from 'react-router-dom';
import { formatDayForReader } from '../../components/clock/use-clock.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import tierBadgeStyles from '../../components/dashboard/tier-badge.module.css';
import { TierUntil } from '../../components/dashboard/tier-until.js';
import buttonStyles from '../../components/ui/button.module.css';
import textStyles from '../../components/ui/text.module.css';
import styles from './admin-users.module.css';

const ROLE_LABELS: Record<TUser['role'], string> = { member: 'Member', analyst: 'Analyst', admin: 'Admin' };

interface Props {
  users: readonly TUser[];
  /** Ids of members whose update is running: both access buttons are disabled for them. */
  updating: ReadonlySet<string>;
  /** The signed-in admin (cannot change their own role here). */
  selfId: string | undefined;
  caption: string;
  onAccess(user: TUser, access: TAccessUpdateRequest): void;
  onRole(user: TUser, role: Role): void;
  onIssueCode(user: TUser): void;
}

function formatJoined(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '–' : formatDayForReader(date);
}

/** Tier chip in the header badge colours; the tier's own name, since admins manage tiers, not trials. */
function TierChip({ tier }: { tier: TUser['tier'] }) {
  const tone = tier === 'gold' ? 'gold' : tier === 'silver' ? 'silver' : 'other';
  return (
    <span className={clsx(tierBadgeStyles.tierBadge, tierBadgeStyles[`tier-badge--${tone}`])}>
      {tier.toUpperCase()}
    </span>
  );
}

/**
 * The member table of the Admin Users screen. On narrow screens each row becomes a card (CSS), every
 * cell keeping its column name through data-label.
 */
export function AdminUsersTable({ users, updating, selfId, caption, onAccess, onRole, onIssueCode }: Props) {
  return (
    <div className={pageStyles.tableWrap}>
      <table className={clsx(pageStyles.table, styles.adminUsersTable)}>
        <caption className={textStyles.srOnly}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Tier</th>
            <th scope="col">Access</th>
            <th scope="col">Role</th>
            <th scope="col">
              <span className={textStyles.srOnly}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const busy = updating.has(user.id);
            const nameId = `admin-user-name-${user.id}`;
            return (
              <tr key={user.id} data-testid={`admin-user-${user.id}`} aria-busy={busy || undefined}>
                <th scope="row" data-label="Member">
                  <span className={styles.adminUsersName}>
                    <Link id={nameId} to={`/dashboard/admin/users/${user.id}`} data-testid="member-link">
                      {user.fullName}
                    </Link>
                    {busy && (
                      <span
                        className={clsx(textStyles.spinner, styles.adminUsersSpinner)}
                        role="status"
                        aria-label="Updating"
                      />
                    )}
                  </span>
                  <span className={clsx(pageStyles.muted, pageStyles.small, styles.adminUsersEmail)}>{user.email}</span>
                  <span className={clsx(pageStyles.small, styles.adminUsersMeta)}>
                    <span className={textStyles.srOnly}>Access code </span>
                    <code>{user.admissionCode}</code>
                    <span className={pageStyles.muted}> · Joined {formatJoined(user.createdAt)}</span>
                  </span>
                </th>
                <td data-label="Tier" data-testid="cell-tier">
                  <TierChip tier={user.tier} />
                  <TierUntil user={user} />
                </td>
                <td data-label="Access">
                  <span className={styles.adminUsersAccess}>
                    <span
                      data-testid="cell-dashboard"
                      className={user.dashboardUnlocked ? styles.adminUsersYes : styles.adminUsersNo}
                    >
                      {user.dashboardUnlocked ? 'Unlocked' : 'Locked'}
                    </span>
                    <span data-testid="cell-deposited" className={clsx(pageStyles.small, pageStyles.muted)}>
                      {user.hasDeposited ? 'Deposited' : 'Not deposited'}
                    </span>
                  </span>
                </td>
                <td data-label="Role" data-testid="cell-role">
                  {ROLE_LABELS[user.role]}
                </td>
                <td data-label="Actions" className={styles.adminUsersActionsCell}>
                  <div className={styles.adminUsersActions}>
                    <button
                      type="button"
                      className={clsx(buttonStyles.btn, styles.adminUsersGrant)}
                      disabled={!canGrantGold(user, busy)}
                      aria-describedby={nameId}
                      onClick={() => onAccess(user, GRANT_GOLD_ACCESS)}
                    >
                      <Crown aria-hidden="true" size={16} /> Grant Gold
                    </button>
                    <button
                      type="button"
                      className={clsx(buttonStyles.btn, styles.adminUsersRevoke)}
                      disabled={!canRevoke(user, busy)}
                      aria-describedby={nameId}
                      onClick={() => onAccess(user, REVOKE_ACCESS)}
                    >
                      <UserX aria-hidden="true" size={16} /> Revoke
                    </button>
                    <button
                      type="button"
                      className={clsx(buttonStyles.btn, buttonStyles.btnGhost)}
                      aria-describedby={nameId}
                      onClick={() => onIssueCode(user)}
                    >
                      <KeyRound aria-hidden="true" size={16} /> Issue code
                    </button>
                    {user.id !== selfId && user.role !== 'admin' && (
                      <button
                        type="button"
                        className={clsx(buttonStyles.btn, buttonStyles.btnGhost)}
                        disabled={busy}
                        aria-describedby={nameId}
                        data-testid="role-analyst"
                        onClick={() => onRole(user, user.role === 'analyst' ? 'member' : 'analyst')}
                      >
                        <PenLine aria-hidden="true" size={16} />{' '}
                        {user.role === 'analyst' ? 'Remove analyst' : 'Make analyst'}
                      </button>
                    )}
                    {user.id !== selfId && (
                      <button
                        type="button"
                        className={clsx(buttonStyles.btn, buttonStyles.btnGhost)}
                        disabled={busy}
                        aria-describedby={nameId}
                        onClick={() => onRole(user, user.role === 'admin' ? 'member' : 'admin')}
                      >
                        {user.role === 'admin' ? (
                          <>
                            <ShieldMinus aria-hidden="true" size={16} /> Remove admin
                          </>
                        ) : (
                          <>
                            <ShieldPlus aria-hidden="true" size={16} /> Make admin
                          </>
                        )}
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
