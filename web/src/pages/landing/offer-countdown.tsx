import { CountdownDisplay } from '../../components/public/countdown-display.js';
import { useOfferCountdown } from '../../stores/offer-countdown.store.js';
import styles from './landing.module.css';

/** The launch-offer countdown with its connection state (counts down locally while offline). */
export function OfferCountdown() {
  const view = useOfferCountdown();
  if (view.status === 'unavailable') {
    return (
      <p className={styles.countdownNote} role="status">
        The offer timer is unavailable right now. Retrying…
      </p>
    );
  }
  return (
    <div>
      <CountdownDisplay parts={view.parts} ended={view.ended} endedText="This launch offer has ended." />
      {view.status === 'offline' && !view.ended ? (
        <p className={styles.countdownNote} role="status">
          Connection lost: counting down from the last known deadline.
        </p>
      ) : null}
    </div>
  );
}
