import {
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_PRIORITY_LABELS,
  TICKET_STATUS_ADMIN_LABELS,
  TICKET_STATUSES,
  type TicketStatus,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import { StatusPill } from '../support/my-tickets.js';
import supportStyles from '../support/support.module.css';
import { formatTicketTime, ReplyForm, ThreadMessages } from '../support/thread-messages.js';
import styles from './admin-support.module.css';
import type { AdminSupport } from './use-admin-support.js';

/** The open ticket in the inbox: who wrote, the thread, the status control and the reply box. */
export function InboxThreadView({ state }: { state: AdminSupport }) {
  const id = useId();
  const { thread } = state;
  if (thread.status === 'none') {
    return <p className={pageStyles.muted}>Choose a ticket to read its thread and reply.</p>;
  }
  if (thread.status === 'loading') {
    return (
      <div className={pageStyles.skeletonRoom} role="status" aria-label="Loading the ticket">
        <div className={clsx(pageStyles.skeleton, pageStyles.skeletonRow)} />
      </div>
    );
  }
  if (thread.status === 'error') {
    return (
      <div className={clsx(pageStyles.state, pageStyles.stateError)}>
        <p>{thread.message}</p>
        <button type="button" className={buttonStyles.btn} onClick={state.reload}>
          <RefreshCw aria-hidden="true" size={16} /> Try again
        </button>
      </div>
    );
  }
  const t = thread.item;
  return (
    <div className={supportStyles.thread} data-testid="inbox-thread">
      <h2 className={supportStyles.threadTitle}>{t.subject}</h2>
      <p className={supportStyles.ticketMeta}>
        <StatusPill status={t.status} label={TICKET_STATUS_ADMIN_LABELS[t.status]} />
        <span>{SUPPORT_CATEGORY_LABELS[t.category]}</span>
        <span>Priority: {SUPPORT_PRIORITY_LABELS[t.priority]}</span>
      </p>
      <p className={supportStyles.ticketMeta}>
        <span>{t.member.fullName}</span>
        {t.member.email && <span className={styles.email}>{t.member.email}</span>}
        <span>Opened {formatTicketTime(t.createdAt)}</span>
      </p>
      <div className={clsx(formStyles.field, styles.statusField)}>
        <label htmlFor={`${id}-status`}>Status</label>
        <select
          id={`${id}-status`}
          className={formStyles.select}
          value={t.status}
          onChange={(e) => void state.changeStatus(t.id, e.target.value as TicketStatus)}
          data-testid="inbox-status"
        >
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {TICKET_STATUS_ADMIN_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <ThreadMessages messages={t.messages} viewer="support" />
      <ReplyForm label="Reply to the member" testId="admin-reply" onSend={(message) => state.reply(t.id, message)} />
    </div>
  );
}
