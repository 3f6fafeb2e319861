import { AUDIT_ACTIONS, AuditQueryMessages, LIMITS } from '@signalroom/shared';
import { clsx } from 'clsx';
import { ScrollText } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { AdminListBody, type AdminListNames } from '../../components/dashboard/admin-list-states.js';
import { AdminPageHead } from '../../components/dashboard/admin-nav.js';
import { AdminsOnly } from '../../components/dashboard/admins-only.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import styles from './admin-audit.module.css';
import { auditActionLabel } from './audit-format.js';
import { AuditTable } from './audit-table.js';
import { type AdminAudit, useAdminAudit } from './use-admin-audit.js';

/**
 * Audit log (/dashboard/admin/audit): every admin action, newest first, 50 a page, filtered by admin,
 * target, action and days. Read-only: nothing here (or in the API) changes a row. Admins only.
 */
function AdminAuditLog() {
  const state = useAdminAudit();
  if (state.list.status === 'error' && state.list.forbidden) return <AdminsOnly />;
  return (
    <div className={clsx(pageStyles.page, styles.page)} data-testid="admin-audit">
      <AdminPageHead icon={ScrollText} title="Audit log">
        Every admin action with its values before and after, the reason given, when and from where.
      </AdminPageHead>
      <Filters state={state} />
      <section className={panelStyles.panel} aria-label="Audit entries" aria-busy={state.list.status === 'loading'}>
        <Entries state={state} />
      </section>
    </div>
  );
}

function Filters({ state }: { state: AdminAudit }) {
  const id = useId();
  // Keyed on the applied filters, so the inputs show them again after a back or a link.
  const key = JSON.stringify(state.filters);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    state.applyFilters(Object.fromEntries([...data.entries()].map(([k, v]) => [k, String(v)])));
  }
  const text = (name: 'actor' | 'target', label: string, hint: string) => (
    <div className={formStyles.field}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        type="search"
        className={formStyles.input}
        defaultValue={state.filters[name]}
        placeholder={hint}
        maxLength={name === 'actor' ? 320 : 200}
        autoComplete="off"
      />
    </div>
  );
  return (
    <search className={panelStyles.panel} aria-label="Filter the audit log">
      <form key={key} onSubmit={submit} className={styles.filters} data-testid="audit-filters">
        {text('actor', 'Admin', 'E-mail or id')}
        {text('target', 'Target', 'Member id, e-mail, ticket subject')}
        <div className={formStyles.field}>
          <label htmlFor={`${id}-action`}>Action</label>
          <select id={`${id}-action`} name="action" className={formStyles.select} defaultValue={state.filters.action}>
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {auditActionLabel(action)}
              </option>
            ))}
          </select>
        </div>
        <div className={formStyles.field}>
          <label htmlFor={`${id}-from`}>From (UTC day)</label>
          <input
            id={`${id}-from`}
            name="from"
            type="date"
            className={formStyles.input}
            defaultValue={state.filters.from}
          />
        </div>
        <div className={formStyles.field}>
          <label htmlFor={`${id}-to`}>To (UTC day)</label>
          <input id={`${id}-to`} name="to" type="date" className={formStyles.input} defaultValue={state.filters.to} />
        </div>
        <div className={styles.filterActions}>
          <button type="submit" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}>
            Apply filters
          </button>
          <button type="button" className={buttonStyles.btn} onClick={() => state.applyFilters({})}>
            Clear
          </button>
        </div>
      </form>
    </search>
  );
}

const AUDIT_LIST: AdminListNames = {
  testId: 'audit',
  loadingLabel: 'Loading the audit log',
  pagerLabel: 'Audit log pages',
  pageSize: LIMITS.adminPageSize,
};

function Entries({ state }: { state: AdminAudit }) {
  return (
    <AdminListBody paged={state} names={AUDIT_LIST} empty={AuditQueryMessages.none} loadingRows={3} announceError>
      {(items) => <AuditTable items={items} caption="Audit entries, newest first" />}
    </AdminListBody>
  );
}

/** The router takes the screen by this name; its parent route lets only admins in. */
export { AdminAuditLog as Component };
