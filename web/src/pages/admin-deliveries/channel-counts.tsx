import { DELIVERY_STATUSES, type DeliveryChannel, type TDeliveryChannelCounts } from '@signalroom/shared';
import textStyles from '../../components/ui/text.module.css';
import styles from './admin-deliveries.module.css';

export const CHANNEL_LABELS: Record<DeliveryChannel, string> = {
  email: 'E-mail',
  push: 'Web Push',
  telegram: 'Telegram',
};

/** Counts per channel (rows) and state (columns); a small table that fits 360 px. */
export function ChannelCounts({ channels, caption }: { channels: TDeliveryChannelCounts[]; caption: string }) {
  return (
    <table className={styles.counts}>
      <caption className={textStyles.srOnly}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Channel</th>
          {DELIVERY_STATUSES.map((status) => (
            <th scope="col" key={status}>
              {status[0]?.toUpperCase() + status.slice(1)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {channels.map((c) => (
          <tr key={c.channel} data-testid={`delivery-counts-${c.channel}`}>
            <th scope="row">{CHANNEL_LABELS[c.channel]}</th>
            {DELIVERY_STATUSES.map((status) => (
              <td key={status}>{c[status]}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
