import { SUPPORT_FAQ } from '@signalroom/shared';
import { LifeBuoy } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { FaqSection } from '../../components/dashboard/faq-section.js';
import { useSessionStore } from '../../stores/session.store.js';
import { MyTickets } from './my-tickets.js';
import styles from './support.module.css';
import { AccountSummary, QuickContacts, SupportHours, SystemStatus } from './support-side.js';
import { type TicketDraft, TicketForm } from './ticket-form.js';
import { useMyTickets } from './use-my-tickets.js';

/**
 * Support Hub (/dashboard/support): a ticket form stored on the server, the member's tickets with live
 * replies, quick contacts (real ones only), support hours, the account summary, the system's real
 * status and an FAQ.
 */
export function Component() {
  const user = useSessionStore((s) => s.user);
  const tickets = useMyTickets();
  const draft = (useLocation().state as { draft?: TicketDraft } | null)?.draft ?? null;
  if (!user) return null;
  return (
    <div className={pageStyles.page} data-testid="support-hub">
      <header className={pageStyles.pageHead}>
        <h1>
          <LifeBuoy aria-hidden="true" size={26} /> Support Hub
        </h1>
        <p className={pageStyles.muted}>Open a ticket and follow the answer here. We also reply by e-mail.</p>
      </header>
      <div className={styles.layout}>
        <div className={pageStyles.stack}>
          <TicketForm onCreated={tickets.created} draft={draft} />
          <MyTickets state={tickets} />
        </div>
        <div className={pageStyles.stack}>
          <QuickContacts />
          <SupportHours />
          <AccountSummary user={user} />
          <SystemStatus />
        </div>
      </div>
      <FaqSection id="support-faq-title" entries={SUPPORT_FAQ} />
    </div>
  );
}
