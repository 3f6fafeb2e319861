import { formatTimeLeft } from '@signalroom/shared';
import { Clock } from 'lucide-react';
import { useNow } from './use-now.js';

/**
 * The member's own trial countdown (hh:mm:ss), to the server-side `trialEndsAt` so every device shows
 * the same time. Without a deadline, or once it has passed, it shows 00:00:00 and says it has expired.
 */
export function TrialCountdown({ trialEndsAt }: { trialEndsAt: string | null }) {
  const now = useNow();
  const left = trialEndsAt ? new Date(trialEndsAt).getTime() - now.getTime() : 0;
  const t = formatTimeLeft(left);
  const expired = left <= 0;
  return (
    <div className={`trial-countdown${expired ? ' is-expired' : ''}`} data-testid="trial-countdown">
      <Clock aria-hidden="true" size={16} />
      <span className="trial-countdown__label">{expired ? 'Trial expired' : 'Trial ends in'}</span>
      <time className="trial-countdown__time" dateTime={trialEndsAt ?? undefined} aria-live="off">
        {t.hours}:{t.minutes}:{t.seconds}
      </time>
    </div>
  );
}
