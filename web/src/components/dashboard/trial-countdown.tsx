import { formatTimeLeft } from '@signalroom/shared';
import { Clock } from 'lucide-react';
import textStyles from '../ui/text.module.css';
import styles from './trial-countdown.module.css';
import { useNow } from './use-now.js';

/**
 * The member's own trial countdown (hh:mm:ss) to the server-side `trialEndsAt`, so every device shows
 * the same time, and what ends at zero: the delayed signal view (docs/decisions.md, "The trial: delayed
 * signals"). Once it has passed, or without a deadline, it says the trial has ended.
 */
export function TrialCountdown({ trialEndsAt }: { trialEndsAt: string | null }) {
  const now = useNow();
  const left = trialEndsAt ? new Date(trialEndsAt).getTime() - now.getTime() : 0;
  const t = formatTimeLeft(left);
  const ended = left <= 0;
  return (
    <div
      className={styles.trialCountdown}
      data-testid="trial-countdown"
      title={
        ended
          ? 'Your trial of delayed signals has ended. Activate your account to receive signals.'
          : 'Your trial shows each signal once its 5-minute window has closed. It ends at zero.'
      }
    >
      <Clock aria-hidden="true" size={16} />
      {ended ? (
        <span>Trial ended</span>
      ) : (
        <>
          <span>Trial ends in</span>
          <time className={styles.trialCountdownTime} dateTime={trialEndsAt ?? undefined} aria-live="off">
            {t.hours}:{t.minutes}:{t.seconds}
          </time>
          <span className={styles.what}>
            <span aria-hidden="true">· </span>
            <span className={textStyles.srOnly}>: </span>delayed signals
          </span>
        </>
      )}
    </div>
  );
}
