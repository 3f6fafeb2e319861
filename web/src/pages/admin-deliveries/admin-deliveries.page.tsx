import { DELIVERY_OVERVIEW_PAGE_SIZE, DeliveryMessages } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Send } from 'lucide-react';
import { AdminListBody, type AdminListNames } from '../../components/dashboard/admin-list-states.js';
import { AdminPageHead } from '../../components/dashboard/admin-nav.js';
import { AdminsOnly } from '../../components/dashboard/admins-only.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { formatTicketTime } from '../support/thread-messages.js';
import styles from './admin-deliveries.module.css';
import { ChannelCounts } from './channel-counts.js';
import { DeliveryDetailView } from './delivery-detail.js';
import { type AdminDeliveries, useAdminDeliveries } from './use-admin-deliveries.js';

/**
 * Admin signal deliveries (/dashboard/admin/deliveries): the signals sent out by e-mail, Web Push and
 * Telegram, newest first, 50 a page, with counts per channel and state; the open signal's deliveries
 * that have an error. Admins only; the server enforces it.
 */
function AdminDeliveriesScreen() {
  const state = useAdminDeliveries();
  if (state.forbidden) return <AdminsOnly />;
  return (
    <div className={clsx(pageStyles.page, styles.page)} data-testid="admin-deliveries">
      <AdminPageHead icon={Send} title="Signal deliveries">
        Signals sent to members by e-mail, Web Push and Telegram, newest first, with where each delivery stands.
      </AdminPageHead>
      <div className={styles.layout}>
        <section className={panelStyles.panel} aria-label="Signals" aria-busy={state.list.status === 'loading'}>
          <SignalList state={state} />
        </section>
        <section className={panelStyles.panel} aria-label="Deliveries of the open signal" aria-live="polite">
          <DeliveryDetailView state={state} />
        </section>
      </div>
    </div>
  );
}

const SIGNAL_LIST: AdminListNames = {
  testId: 'deliveries',
  loadingLabel: 'Loading signals',
  pagerLabel: 'Signal list pages',
  pageSize: DELIVERY_OVERVIEW_PAGE_SIZE,
};

/** Each signal's title opens its log; its counts stay beside the button, outside it. */
function SignalList({ state }: { state: AdminDeliveries }) {
  return (
    <AdminListBody paged={state} names={SIGNAL_LIST} empty={DeliveryMessages.noDeliveredSignals}>
      {(items) => (
        <ul className={styles.list}>
          {items.map((s) => (
            <li key={s.signalId} className={clsx(styles.row, state.openId === s.signalId && styles.rowActive)}>
              <button
                type="button"
                className={styles.open}
                aria-current={state.openId === s.signalId ? 'true' : undefined}
                onClick={() => state.open(s.signalId)}
                data-testid="delivery-row"
              >
                <span className={styles.title}>
                  {s.direction} {s.asset}
                </span>
                <time className={styles.meta} dateTime={s.issuedAt}>
                  {formatTicketTime(s.issuedAt)}
                </time>
              </button>
              <ChannelCounts channels={s.channels} caption={`Deliveries of ${s.direction} ${s.asset}`} />
            </li>
          ))}
        </ul>
      )}
    </AdminListBody>
  );
}

/** The router takes the screen by this name; its parent route lets only admins in. */
export { AdminDeliveriesScreen as Component };
