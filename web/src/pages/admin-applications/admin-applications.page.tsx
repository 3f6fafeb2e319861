import { clsx } from 'clsx';
import { ClipboardList, Download } from 'lucide-react';
import { useId } from 'react';
import { formatForReader } from '../../components/clock/use-clock.js';
import {
  AdminListBody,
  type AdminListNames,
  OpenableList,
  type OpenableRows,
} from '../../components/dashboard/admin-list-states.js';
import { AdminMessages } from '../../components/dashboard/admin-messages.js';
import { AdminPageHead } from '../../components/dashboard/admin-nav.js';
import { AdminsOnly } from '../../components/dashboard/admins-only.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import styles from './admin-applications.module.css';
import { ApplicationDetail, STATUS_LABELS, StatusOptions } from './application-detail.js';
import { type AdminApplications, APPLICATIONS_PAGE_SIZE, useAdminApplications } from './use-admin-applications.js';

/**
 * Bot-access applications (/dashboard/admin/applications): filtered by status and date, found by name,
 * e-mail or phone, 50 a page, newest first; the open one with all its answers and a status form with a
 * note; a CSV of what the filters match. New applications arrive live. Admins only (server-enforced).
 */
function ApplicationsScreen() {
  const state = useAdminApplications();
  if (state.forbidden) return <AdminsOnly />;
  return (
    <div className={clsx(pageStyles.page, styles.page)} data-testid="admin-applications">
      <AdminPageHead icon={ClipboardList} title="Applications">
        Bot-access applications, newest first.
      </AdminPageHead>
      <AdminMessages testId="applications" messages={state} alertClassName={styles.alert} />
      <Filters state={state} />
      <div className={styles.layout}>
        <section className={panelStyles.panel} aria-label="Applications" aria-busy={state.list.status === 'loading'}>
          <ApplicationTable state={state} />
        </section>
        <section className={panelStyles.panel} aria-label="Open application">
          <ApplicationDetail state={state} />
        </section>
      </div>
    </div>
  );
}

function Filters({ state }: { state: AdminApplications }) {
  const id = useId();
  return (
    <search className={clsx(panelStyles.panel, styles.filters)} aria-label="Filter applications">
      <div className={formStyles.field}>
        <label htmlFor={`${id}-status`}>Status</label>
        <select
          id={`${id}-status`}
          className={formStyles.select}
          value={state.filters.status}
          onChange={(e) => state.setFilter('status', e.target.value)}
        >
          <option value="">All statuses</option>
          <StatusOptions />
        </select>
      </div>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-from`}>Received from (UTC)</label>
        <input
          id={`${id}-from`}
          type="date"
          className={formStyles.input}
          value={state.filters.from}
          max={state.filters.to || undefined}
          onChange={(e) => state.setFilter('from', e.target.value)}
        />
      </div>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-to`}>Received to (UTC)</label>
        <input
          id={`${id}-to`}
          type="date"
          className={formStyles.input}
          value={state.filters.to}
          min={state.filters.from || undefined}
          onChange={(e) => state.setFilter('to', e.target.value)}
        />
      </div>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-q`}>Search name, e-mail or phone</label>
        <input
          id={`${id}-q`}
          type="search"
          className={formStyles.input}
          value={state.search}
          maxLength={200}
          onChange={(e) => state.setSearch(e.target.value)}
        />
      </div>
      <div className={styles.exportCell}>
        <button
          type="button"
          className={buttonStyles.btn}
          onClick={() => void state.exportCsv()}
          disabled={state.exporting}
          data-testid="applications-export"
        >
          <Download aria-hidden="true" size={16} /> {state.exporting ? 'Exporting...' : 'Export CSV'}
        </button>
      </div>
    </search>
  );
}

const APPLICATION_LIST: AdminListNames = {
  testId: 'applications',
  loadingLabel: 'Loading applications',
  pagerLabel: 'Application list pages',
  pageSize: APPLICATIONS_PAGE_SIZE,
};
const APPLICATION_ROWS: OpenableRows = {
  list: styles.list,
  row: styles.row,
  openRow: styles.rowActive,
  testId: 'application-row',
};

function ApplicationTable({ state }: { state: AdminApplications }) {
  const { filters } = state;
  const filtered = Boolean(filters.status || filters.from || filters.to || filters.q.trim());
  const empty = filtered ? 'No applications match these filters.' : 'No applications yet.';
  return (
    <AdminListBody paged={state} names={APPLICATION_LIST} empty={empty}>
      {(items) => (
        <OpenableList items={items} openId={state.openId} onOpen={state.select} rows={APPLICATION_ROWS}>
          {(s) => (
            <>
              <span className={styles.name}>{s.fullName}</span>
              <span className={clsx(styles.status, styles[`status-${s.status}`])}>{STATUS_LABELS[s.status]}</span>
              <span className={styles.meta}>
                <span className={styles.email}>{s.email}</span>
                <span>{s.phoneNumber}</span>
                <time dateTime={s.createdAt}>{formatForReader(s.createdAt)}</time>
              </span>
            </>
          )}
        </OpenableList>
      )}
    </AdminListBody>
  );
}

/** The router takes the screen by this name; its parent route lets only admins in. */
export { ApplicationsScreen as Component };
