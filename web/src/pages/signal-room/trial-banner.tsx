import { formatTimeLeft } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Hourglass } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useClock } from '../../components/clock/use-clock.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { formatZoneDateTime } from '../../components/dashboard/signal-format.js';
import buttonStyles from '../../components/ui/button.module.css';
import styles from './trial-banner.module.css';

/**
 * What the trial gives and when it ends (docs/decisions.md, "The trial: delayed signals"): each signal
 * once its 5-minute window has closed, with its result as it resolves; nothing that can still be traded.
 */
export function TrialBanner({ trialEndsAt, now }: { trialEndsAt: string | null; now: Date }) {
  const { timeZone } = useClock();
  const left = trialEndsAt ? Date.parse(trialEndsAt) - now.getTime() : 0;
  const t = formatTimeLeft(left);
  return (
    <section
      className={clsx(pageStyles.notice, styles.banner)}
      aria-labelledby="trial-banner-title"
      data-testid="trial-banner"
    >
      <h2 id="trial-banner-title">
        <Hourglass aria-hidden="true" size={18} /> Trial: delayed signals
      </h2>
      <p>
        Each signal appears here once its 5-minute window has closed, one slot after it was issued, with its result as
        it resolves. Live signals, while they can still be traded, need an activated account.
      </p>
      {trialEndsAt && (
        <p>
          Trial ends in{' '}
          <strong className={styles.time}>
            {t.hours}:{t.minutes}:{t.seconds}
          </strong>{' '}
          (at {formatZoneDateTime(trialEndsAt, timeZone)}). After that this room locks until your account is activated.
        </p>
      )}
      <Link to="/dashboard/account-setup" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}>
        Activate to receive signals live
      </Link>
    </section>
  );
}
