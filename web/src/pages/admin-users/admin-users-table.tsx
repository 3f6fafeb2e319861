import {
  canGrantGold,
  canRevoke,
  GRANT_GOLD_ACCESS,
  REVOKE_ACCESS,
  type Role,
  type TAccessUpdateRequest,
  type TUser,
} from '@signalroom/shared';
import { Crown, KeyRound, ShieldMinus, ShieldPlus, UserX } from 'lucide-react';

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

const joined = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function formatJoined(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '–' : joined.format(date);
}

/** Tier chip in the header badge colours; the tier's own name, since admins manage tiers, not trials. */
function TierChip({ tier }: { tier: TUser['tier'] }) {
  const tone = tier === 'gold' ? 'gold' : tier === 'silver' ? 'silver' : 'other';
  return <span className={`tier-badge tier-badge--${tone}`}>{tier.toUpperCase()}</span>;
}

/**
 * The member table of the Admin Users screen. On narrow screens each row becomes a card (CSS), every
 * cell keeping its column name through data-label.
 */
export function AdminUsersTable({ users, updating, selfId, caption, onAccess, onRole, onIssueCode }: Props) {
  return (
    <div className="table-wrap admin-users__table-wrap">
      <table className="table admin-users__table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Tier</th>
            <th scope="col">Access</th>
            <th scope="col">Role</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const busy = updating.has(user.id);
            const nameId = `admin-user-name-${user.id}`;
            return (
              <tr key={user.id} data-testid={`admin-user-${user.id}`} aria-busy={busy || undefined}>
                <th scope="row" data-label="Member" className="admin-users__member">
                  <span className="admin-users__name">
                    <span id={nameId}>{user.fullName}</span>
                    {busy && <span className="spinner admin-users__spinner" role="status" aria-label="Updating" />}
                  </span>
                  <span className="muted small admin-users__email">{user.email}</span>
                  <span className="small admin-users__meta">
                    <span className="sr-only">Access code </span>
                    <code>{user.admissionCode}</code>
                    <span className="muted"> · Joined {formatJoined(user.createdAt)}</span>
                  </span>
                </th>
                <td data-label="Tier" data-testid="cell-tier">
                  <TierChip tier={user.tier} />
                </td>
                <td data-label="Access">
                  <span className="admin-users__access">
                    <span
                      data-testid="cell-dashboard"
                      className={user.dashboardUnlocked ? 'admin-users__yes' : 'admin-users__no'}
                    >
                      {user.dashboardUnlocked ? 'Unlocked' : 'Locked'}
                    </span>
                    <span data-testid="cell-deposited" className="small muted">
                      {user.hasDeposited ? 'Deposited' : 'Not deposited'}
                    </span>
                  </span>
                </td>
                <td data-label="Role" data-testid="cell-role">
                  {user.role === 'admin' ? 'Admin' : 'Member'}
                </td>
                <td data-label="Actions" className="admin-users__actions-cell">
                  <div className="admin-users__actions">
                    <button
                      type="button"
                      className="btn admin-users__grant"
                      disabled={!canGrantGold(user, busy)}
                      aria-describedby={nameId}
                      onClick={() => onAccess(user, GRANT_GOLD_ACCESS)}
                    >
                      <Crown aria-hidden="true" size={16} /> Grant Gold
                    </button>
                    <button
                      type="button"
                      className="btn admin-users__revoke"
                      disabled={!canRevoke(user, busy)}
                      aria-describedby={nameId}
                      onClick={() => onAccess(user, REVOKE_ACCESS)}
                    >
                      <UserX aria-hidden="true" size={16} /> Revoke
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost"
                      aria-describedby={nameId}
                      onClick={() => onIssueCode(user)}
                    >
                      <KeyRound aria-hidden="true" size={16} /> Issue code
                    </button>
                    {user.id !== selfId && (
                      <button
                        type="button"
                        className="btn btn-ghost"
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
