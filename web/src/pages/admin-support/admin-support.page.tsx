import {
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_LIMITS,
  SUPPORT_PRIORITIES,
  SUPPORT_PRIORITY_LABELS,
  SupportMessages,
  TICKET_STATUS_ADMIN_LABELS,
  TICKET_STATUSES,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { Inbox } from 'lucide-react';
import { useId } from 'react';
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
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { StatusPill } from '../support/my-tickets.js';
import supportStyles from '../support/support.module.css';
import { formatTicketTime } from '../support/thread-messages.js';
import styles from './admin-support.module.css';
import { InboxThreadView } from './inbox-thread.js';
import { type AdminSupport, useAdminSupport } from './use-admin-support.js';

/**
 * Admin support inbox (/dashboard/admin/support): tickets filtered by status, category and priority or
 * found by subject or e-mail, latest activity first, 50 a page; the open ticket's thread with a reply
 * box and its status. New tickets and member replies arrive live. Admins only; the server enforces it.
 */
function AdminSupportInbox() {
  const state = useAdminSupport();
  if (state.forbidden) return <AdminsOnly />;
  return (
    <div className={clsx(pageStyles.page, styles.page)} data-testid="admin-support">
      <AdminPageHead icon={Inbox} title="Support inbox">
        Members' tickets, latest activity first. Replies reach the member at once and by e-mail.
      </AdminPageHead>
      <AdminMessages testId="support-inbox" messages={state} alertClassName={styles.alert} />
      <Filters state={state} />
      <div className={styles.layout}>
        <section className={panelStyles.panel} aria-label="Tickets" aria-busy={state.list.status === 'loading'}>
          <TicketTable state={state} />
        </section>
        <section className={panelStyles.panel} aria-label="Open ticket" data-testid="inbox-thread-panel">
          <InboxThreadView state={state} />
        </section>
      </div>
    </div>
  );
}

function Filters({ state }: { state: AdminSupport }) {
  const id = useId();
  const choices = [
    {
      name: 'status',
      label: 'Status',
      all: 'All statuses',
      values: TICKET_STATUSES,
      labels: TICKET_STATUS_ADMIN_LABELS,
    },
    {
      name: 'category',
      label: 'Category',
      all: 'All categories',
      values: SUPPORT_CATEGORIES,
      labels: SUPPORT_CATEGORY_LABELS,
    },
    {
      name: 'priority',
      label: 'Priority',
      all: 'All priorities',
      values: SUPPORT_PRIORITIES,
      labels: SUPPORT_PRIORITY_LABELS,
    },
  ] as const;
  return (
    <search className={clsx(panelStyles.panel, styles.filters)} aria-label="Filter tickets">
      {choices.map((choice) => (
        <div className={formStyles.field} key={choice.name}>
          <label htmlFor={`${id}-${choice.name}`}>{choice.label}</label>
          <select
            id={`${id}-${choice.name}`}
            className={formStyles.select}
            value={state.filters[choice.name]}
            onChange={(e) => state.setFilter(choice.name, e.target.value)}
          >
            <option value="">{choice.all}</option>
            {choice.values.map((value) => (
              <option key={value} value={value}>
                {(choice.labels as Record<string, string>)[value]}
              </option>
            ))}
          </select>
        </div>
      ))}
      <div className={formStyles.field}>
        <label htmlFor={`${id}-q`}>Search subject or e-mail</label>
        <input
          id={`${id}-q`}
          type="search"
          className={formStyles.input}
          value={state.search}
          maxLength={SUPPORT_LIMITS.searchMax}
          onChange={(e) => state.setSearch(e.target.value)}
        />
      </div>
    </search>
  );
}

const TICKET_LIST: AdminListNames = {
  testId: 'inbox',
  loadingLabel: 'Loading tickets',
  pagerLabel: 'Ticket list pages',
  pageSize: SUPPORT_LIMITS.pageSize,
};
const TICKET_ROWS: OpenableRows = {
  list: supportStyles.ticketList,
  row: supportStyles.ticketRow,
  openRow: supportStyles.ticketRowActive,
  testId: 'inbox-row',
};

function TicketTable({ state }: { state: AdminSupport }) {
  return (
    <AdminListBody
      paged={state}
      names={TICKET_LIST}
      errorText="Tickets could not be loaded."
      empty={SupportMessages.noInboxTickets}
    >
      {(items) => (
        <OpenableList items={items} openId={state.openId} onOpen={state.open} rows={TICKET_ROWS}>
          {(t) => (
            <>
              <span className={supportStyles.ticketSubject}>{t.subject}</span>
              <span className={supportStyles.ticketMeta}>
                <StatusPill status={t.status} label={TICKET_STATUS_ADMIN_LABELS[t.status]} />
                <span>{SUPPORT_PRIORITY_LABELS[t.priority]}</span>
                <span>{SUPPORT_CATEGORY_LABELS[t.category]}</span>
              </span>
              <span className={supportStyles.ticketMeta}>
                <span className={styles.email}>{t.member.email ?? t.member.fullName}</span>
                <time dateTime={t.lastMessageAt}>{formatTicketTime(t.lastMessageAt)}</time>
              </span>
            </>
          )}
        </OpenableList>
      )}
    </AdminListBody>
  );
}

/** The router takes the screen by this name; its parent route lets only admins in. */
export { AdminSupportInbox as Component };
