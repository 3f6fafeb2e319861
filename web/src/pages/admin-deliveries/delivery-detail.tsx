import { LoadFailure, OpenedItemPane } from '../../components/dashboard/admin-list-states.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { formatTicketTime } from '../support/thread-messages.js';
import styles from './admin-deliveries.module.css';
import { CHANNEL_LABELS, ChannelCounts } from './channel-counts.js';
import type { AdminDeliveries } from './use-admin-deliveries.js';

/** The open signal's log: counts per channel and state, then each delivery with an error and why. */
export function DeliveryDetailView({ state }: { state: AdminDeliveries }) {
  return (
    <OpenedItemPane
      opened={state.detail}
      chooseText="Choose a signal to see its deliveries."
      loadingLabel="Loading deliveries"
      failure={(message) => <LoadFailure message={message} onRetry={state.reload} testId="delivery-detail-error" />}
    >
      {({ channels, problems }) => (
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
      )}
    </OpenedItemPane>
  );
}
