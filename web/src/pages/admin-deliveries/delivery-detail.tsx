import { clsx } from 'clsx';
import { RefreshCw } from 'lucide-react';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import { formatTicketTime } from '../support/thread-messages.js';
import styles from './admin-deliveries.module.css';
import { CHANNEL_LABELS, ChannelCounts } from './channel-counts.js';
import type { AdminDeliveries } from './use-admin-deliveries.js';

/** The open signal's log: counts per channel and state, then each delivery with an error and why. */
export function DeliveryDetailView({ state }: { state: AdminDeliveries }) {
  const { detail } = state;
  if (detail.status === 'none') {
    return <p className={clsx(pageStyles.state, pageStyles.muted)}>Choose a signal to see its deliveries.</p>;
  }
  if (detail.status === 'loading') {
    return (
      <div className={pageStyles.skeletonRoom} role="status" aria-label="Loading deliveries">
        <div className={clsx(pageStyles.skeleton, pageStyles.skeletonRow)} />
      </div>
    );
  }
  if (detail.status === 'error') {
    return (
      <div className={clsx(pageStyles.state, pageStyles.stateError)} data-testid="delivery-detail-error">
        <p>{detail.message}</p>
        <button type="button" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} onClick={state.reload}>
          <RefreshCw aria-hidden="true" size={18} /> Try again
        </button>
      </div>
    );
  }
  const { channels, problems } = detail.detail;
  return (
    <div data-testid="delivery-detail">
      <h2>Deliveries of this signal</h2>
      <ChannelCounts channels={channels} caption="Deliveries per channel and state" />
      <h3>Deliveries with an error</h3>
      {problems.length === 0 ? (
        <p className={pageStyles.muted} data-testid="delivery-no-problems">
          No delivery of this signal has an error.
        </p>
      ) : (
        <ul className={styles.problems}>
          {problems.map((p) => (
            <li
              key={`${p.channel}:${p.memberEmail}:${p.updatedAt}`}
              className={styles.problem}
              data-testid="delivery-problem"
            >
              <p className={styles.email}>{p.memberEmail}</p>
              <p className={styles.meta}>
                <span>{CHANNEL_LABELS[p.channel]}</span>
                <span>{p.status}</span>
                <span>
                  {p.attempts} {p.attempts === 1 ? 'attempt' : 'attempts'}
                </span>
                <time dateTime={p.updatedAt}>{formatTicketTime(p.updatedAt)}</time>
              </p>
              {p.error && <p className={styles.error}>{p.error}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
