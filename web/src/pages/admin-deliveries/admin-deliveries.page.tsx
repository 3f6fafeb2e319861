import { DELIVERY_OVERVIEW_PAGE_SIZE, DeliveryMessages } from '@signalroom/shared';
import { clsx } from 'clsx';
import { RefreshCw, Send } from 'lucide-react';
import { AdminNav } from '../../components/dashboard/admin-nav.js';
import { AdminsOnly } from '../../components/dashboard/admins-only.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { ListPager } from '../../components/dashboard/list-pager.js';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { useSessionStore } from '../../stores/session.store.js';
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
export function Component() {
  const user = useSessionStore((s) => s.user);
  if (!user) return null;
  if (user.role !== 'admin') return <AdminsOnly titleId="deliveries-denied-title" />;
  return <AdminDeliveriesScreen />;
}

function AdminDeliveriesScreen() {
  const state = useAdminDeliveries();
  if (state.forbidden) return <AdminsOnly titleId="deliveries-denied-title" />;
  return (
    <div className={clsx(pageStyles.page, styles.page)} data-testid="admin-deliveries">
      <header className={pageStyles.pageHead}>
        <h1>
          <Send aria-hidden="true" size={26} /> Signal deliveries
        </h1>
        <p className={pageStyles.muted}>
          Signals sent to members by e-mail, Web Push and Telegram, newest first, with where each delivery stands.
        </p>
      </header>
      <AdminNav />
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

function SignalList({ state }: { state: AdminDeliveries }) {
  const { list } = state;
  if (list.status === 'loading') {
    return (
      <div
        className={pageStyles.skeletonRoom}
        role="status"
        aria-label="Loading signals"
        data-testid="deliveries-loading"
      >
        <div className={clsx(pageStyles.skeleton, pageStyles.skeletonRow)} />
        <div className={clsx(pageStyles.skeleton, pageStyles.skeletonRow)} />
      </div>
    );
  }
  if (list.status === 'error') {
    return (
      <div className={clsx(pageStyles.state, pageStyles.stateError)} data-testid="deliveries-error">
        <p>{list.message}</p>
        <button type="button" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} onClick={state.reload}>
          <RefreshCw aria-hidden="true" size={18} /> Try again
        </button>
      </div>
    );
  }
  if (list.items.length === 0) {
    return (
      <p className={clsx(pageStyles.state, pageStyles.muted)} data-testid="deliveries-empty">
        {DeliveryMessages.noDeliveredSignals}
      </p>
    );
  }
  return (
    <>
      <ul className={styles.list}>
        {list.items.map((s) => (
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
      <ListPager
        label="Signal list pages"
        page={state.page}
        pageSize={DELIVERY_OVERVIEW_PAGE_SIZE}
        pagination={list.pagination}
        setPage={state.setPage}
      />
    </>
  );
}
