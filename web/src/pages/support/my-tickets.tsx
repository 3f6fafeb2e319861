import {
  memberCanReply,
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_PRIORITY_LABELS,
  SupportMessages,
  TICKET_STATUS_LABELS,
  type TicketStatus,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import textStyles from '../../components/ui/text.module.css';
import styles from './support.module.css';
import { formatTicketTime, ReplyForm, ThreadMessages } from './thread-messages.js';
import type { MyTickets as MyTicketsState } from './use-my-tickets.js';

export function StatusPill({ status, label }: { status: TicketStatus; label: string }) {
  return <span className={clsx(styles.pill, styles[`pill--${status}`])}>{label}</span>;
}

/** 'My tickets': the member's tickets with their status, and the open one's thread with a reply box. */
export function MyTickets({ state }: { state: MyTicketsState }) {
  const { thread } = state;
  return (
    <section className={panelStyles.panel} aria-labelledby="my-tickets-title" data-testid="my-tickets">
      <h2 id="my-tickets-title">My tickets</h2>
      <p className={textStyles.srOnly} role="status" data-testid="support-notice">
        {state.notice}
      </p>
      {thread.status !== 'none' ? <ThreadView state={state} /> : <TicketList state={state} />}
    </section>
  );
}

function TicketList({ state }: { state: MyTicketsState }) {
  const { tickets } = state;
  if (tickets.status === 'loading') {
    return (
      <div
        className={pageStyles.skeletonRoom}
        role="status"
        aria-label="Loading your tickets"
        data-testid="tickets-loading"
      >
        <div className={clsx(pageStyles.skeleton, pageStyles.skeletonRow)} />
        <div className={clsx(pageStyles.skeleton, pageStyles.skeletonRow)} />
      </div>
    );
  }
  if (tickets.status === 'error') {
    return (
      <div className={clsx(pageStyles.state, pageStyles.stateError)} data-testid="tickets-error">
        <p>{tickets.message}</p>
        <button type="button" className={buttonStyles.btn} onClick={state.reload}>
          <RefreshCw aria-hidden="true" size={16} /> Try again
        </button>
      </div>
    );
  }
  if (tickets.items.length === 0) {
    return (
      <p className={clsx(pageStyles.muted)} data-testid="tickets-empty">
        {SupportMessages.noTickets}
      </p>
    );
  }
  return (
    <ul className={styles.ticketList}>
      {tickets.items.map((t) => (
        <li key={t.id}>
          <button type="button" className={styles.ticketRow} onClick={() => state.open(t.id)} data-testid="ticket-row">
            <span className={styles.ticketSubject}>{t.subject}</span>
            <span className={styles.ticketMeta}>
              <StatusPill status={t.status} label={TICKET_STATUS_LABELS[t.status]} />
              <span>{SUPPORT_CATEGORY_LABELS[t.category]}</span>
              <span>{SUPPORT_PRIORITY_LABELS[t.priority]}</span>
              <time dateTime={t.lastMessageAt}>{formatTicketTime(t.lastMessageAt)}</time>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function ThreadView({ state }: { state: MyTicketsState }) {
  const { thread } = state;
  const back = (
    <button type="button" className={clsx(buttonStyles.btn, buttonStyles.btnGhost)} onClick={() => state.open(null)}>
      <ArrowLeft aria-hidden="true" size={16} /> All tickets
    </button>
  );
  if (thread.status === 'none') return null;
  if (thread.status === 'loading') {
    return (
      <div className={styles.thread}>
        {back}
        <div className={pageStyles.skeletonRoom} role="status" aria-label="Loading the ticket">
          <div className={clsx(pageStyles.skeleton, pageStyles.skeletonRow)} />
        </div>
      </div>
    );
  }
  if (thread.status === 'error') {
    return (
      <div className={styles.thread}>
        {back}
        <div className={clsx(pageStyles.state, pageStyles.stateError)} data-testid="thread-error">
          <p>{thread.message}</p>
          <button type="button" className={buttonStyles.btn} onClick={state.reload}>
            <RefreshCw aria-hidden="true" size={16} /> Try again
          </button>
        </div>
      </div>
    );
  }
  const t = thread.thread;
  return (
    <div className={styles.thread} data-testid="ticket-thread">
      {back}
      <h3 className={styles.threadTitle}>{t.subject}</h3>
      <p className={styles.ticketMeta}>
        <StatusPill status={t.status} label={TICKET_STATUS_LABELS[t.status]} />
        <span>{SUPPORT_CATEGORY_LABELS[t.category]}</span>
        <span>Priority: {SUPPORT_PRIORITY_LABELS[t.priority]}</span>
        <span>Opened {formatTicketTime(t.createdAt)}</span>
      </p>
      <ThreadMessages messages={t.messages} viewer="member" />
      {memberCanReply(t.status) ? (
        <ReplyForm label="Your reply" testId="member-reply" onSend={(message) => state.reply(t.id, message)} />
      ) : (
        <p className={pageStyles.notice}>{SupportMessages.closed}</p>
      )}
    </div>
  );
}
