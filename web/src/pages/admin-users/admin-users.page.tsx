import { Messages, REVOKE_ACCESS, type Role, type TAccessUpdateRequest, type TUser } from '@signalroom/shared';
import { clsx } from 'clsx';
import { RefreshCw, Search, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { UnconfiguredContactsNotice } from '../../components/contacts/operator-contact.js';
import { AdminMessages } from '../../components/dashboard/admin-messages.js';
import { AdminNav } from '../../components/dashboard/admin-nav.js';
import { AdminsOnly } from '../../components/dashboard/admins-only.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import textStyles from '../../components/ui/text.module.css';
import { useSessionStore } from '../../stores/session.store.js';
import { AdminPager } from './admin-pager.js';
import styles from './admin-users.module.css';
import { AdminUsersTable } from './admin-users-table.js';
import { IssueCodeDialog } from './issue-code-dialog.js';
import { MembersExportButton } from './members-export-button.js';
import { useAdminUsers } from './use-admin-users.js';

/** Under the search box: how many match, and when more match than are shown, that the search should be refined. */
function searchHint(shown: number, total: number, query: string): string {
  if (total > shown) return `${shown} of ${total} shown for “${query}”, refine the search.`;
  return `${shown} ${shown === 1 ? 'match' : 'matches'} for “${query}”. Clear the box to see every member.`;
}

/**
 * Admin Users (/dashboard/admin/users): search box, paged list, Grant Gold and Revoke per
 * member, plus issuing a one-time dashboard code. Only admins see it; the server enforces the same on
 * every call (a stored user edited to say admin is replaced by the server's answer before this renders).
 */
export function Component() {
  const user = useSessionStore((s) => s.user);
  if (!user) return null;
  return <AdminUsers self={user} />;
}

function AdminUsers({ self }: { self: TUser }) {
  const state = useAdminUsers();
  const [codeFor, setCodeFor] = useState<TUser | null>(null);
  const searchId = useId();
  const hintId = useId();

  if (state.forbidden) return <AdminsOnly />;

  function changeAccess(user: TUser, access: TAccessUpdateRequest) {
    // Both change what a member may see and are audited: each asks first.
    const question =
      access === REVOKE_ACCESS
        ? `Revoke ${user.fullName}'s access? They go back to guest with a locked dashboard.`
        : `Grant ${user.fullName} Gold? This records their deposit as checked and unlocks their dashboard.`;
    if (window.confirm(question)) void state.setAccess(user, access);
  }

  function changeRole(user: TUser, role: Role) {
    const question =
      role === 'admin'
        ? `Make ${user.fullName} an admin? Admins can change every member's access.`
        : role === 'analyst'
          ? `Make ${user.fullName} an analyst? Analysts publish signals under their name on the desk.`
          : `Remove the ${user.role} role from ${user.fullName}?`;
    if (window.confirm(question)) void state.setRole(user, role);
  }

  const searching = state.search.query !== null;
  const shown = searching ? state.search.users : state.list.status === 'ready' ? state.list.users : [];

  let body: React.ReactNode;
  if (searching) {
    body =
      shown.length === 0 ? (
        <p className={clsx(pageStyles.state, pageStyles.muted)} data-testid="admin-empty">
          {Messages.admin.noUsersMatching}
        </p>
      ) : null;
  } else if (state.list.status === 'loading') {
    body = (
      <div className={pageStyles.skeletonRoom} role="status" aria-label="Loading users" data-testid="admin-loading">
        <div className={clsx(pageStyles.skeleton, pageStyles.skeletonRow)} />
        <div className={clsx(pageStyles.skeleton, pageStyles.skeletonRow)} />
        <div className={clsx(pageStyles.skeleton, pageStyles.skeletonRow)} />
      </div>
    );
  } else if (state.list.status === 'error') {
    body = (
      <div className={clsx(pageStyles.state, pageStyles.stateError)} data-testid="admin-list-error">
        {/* The reason is in the alert above; this keeps the way to try again next to the list. */}
        <p>Users could not be loaded.</p>
        <button type="button" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} onClick={state.reload}>
          <RefreshCw aria-hidden="true" size={18} /> Try again
        </button>
      </div>
    );
  } else if (shown.length === 0) {
    body = (
      <p className={clsx(pageStyles.state, pageStyles.muted)} data-testid="admin-empty">
        {Messages.admin.noUsers}
      </p>
    );
  }

  return (
    <div className={clsx(pageStyles.page, styles.adminUsers)} data-testid="admin-users">
      <header className={pageStyles.pageHead}>
        <h1>
          <Users aria-hidden="true" size={26} /> Admin Users
        </h1>
        <p className={pageStyles.muted}>Find members, grant or revoke access, and issue one-time dashboard codes.</p>
        <MembersExportButton query={state.search.query ?? ''} onFailure={state.showAlert} />
      </header>
      <AdminNav />

      <UnconfiguredContactsNotice />

      <AdminMessages
        testId="admin"
        messages={state}
        regionClassName={styles.adminAlertRegion}
        alertClassName={styles.adminAlert}
      />

      <section className={clsx(panelStyles.panel, styles.adminUsersPanel)} aria-label="Members">
        <search className={styles.adminSearch}>
          <label htmlFor={searchId} className={styles.adminSearchLabel}>
            Search users
          </label>
          <div className={styles.adminSearchBox}>
            <Search aria-hidden="true" size={18} className={styles.adminSearchIcon} />
            <input
              id={searchId}
              type="search"
              className={styles.adminSearchInput}
              placeholder="Name, e-mail or access code"
              autoComplete="off"
              spellCheck={false}
              aria-describedby={hintId}
              value={state.input}
              onChange={(event) => state.setInput(event.target.value)}
            />
            {state.search.pending && (
              <span
                className={clsx(textStyles.spinner, styles.adminSearchSpinner)}
                role="status"
                aria-label="Searching"
              />
            )}
          </div>
          <p id={hintId} className={clsx(pageStyles.muted, pageStyles.small, styles.adminSearchHint)}>
            {searching
              ? searchHint(shown.length, state.search.total, state.search.query ?? '')
              : 'Results appear as you type.'}
          </p>
        </search>

        {body ?? (
          <AdminUsersTable
            users={shown}
            updating={state.updating}
            selfId={self.id}
            caption={searching ? `Members matching ${state.search.query}` : 'Members'}
            onAccess={changeAccess}
            onRole={changeRole}
            onIssueCode={setCodeFor}
          />
        )}

        {!searching && state.list.status === 'ready' && state.list.users.length > 0 && (
          <AdminPager pagination={state.list.pagination} onPage={state.setPage} />
        )}
      </section>

      {codeFor && (
        <IssueCodeDialog
          user={codeFor}
          onClose={() => setCodeFor(null)}
          onAuthFailure={(status, message) => {
            setCodeFor(null);
            // A dead session is handled once for every call (api/client.ts).
            if (status !== 'unauthorized') state.showAlert(message);
          }}
        />
      )}
    </div>
  );
}
