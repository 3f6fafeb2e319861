import { formatMoment, offerDeadlineClaim } from '@signalroom/shared';
import { AlertTriangle } from 'lucide-react';
import { useClock } from '../../components/clock/use-clock.js';
import { useOfferCountdown } from '../../stores/offer-countdown.store.js';
import botAccessStyles from '../bot-access/bot-access.module.css';

const DELAY_WARNING = 'Your free access may expire if funding your account or messaging support is delayed.';

/**
 * The red notice of the success page, true to the real deadline (GET /api/countdown): "ends today" only
 * when the deadline falls today in the reader's time zone (the one clock), the real date otherwise, "has ended" once
 * it has passed (shared rule `offerDeadlineClaim`).
 */
export function OfferDeadlineNotice() {
  const view = useOfferCountdown();
  const { timeZone } = useClock();
  const claim =
    view.status === 'loading' || view.status === 'unavailable'
      ? { kind: 'unknown' as const }
      : offerDeadlineClaim(
          view.deadlineMs === null ? null : new Date(view.deadlineMs),
          view.ended,
          new Date(view.deadlineMs === null ? Date.now() : view.deadlineMs - view.timeLeftMs),
          timeZone,
        );
  let text: string;
  if (claim.kind === 'ended') text = 'This offer has ended.';
  else if (claim.kind === 'today')
    text = `This offer ends today, at ${formatMoment(claim.deadline, { timeZone, zoneName: true })}. ${DELAY_WARNING}`;
  else if (claim.kind === 'later')
    text = `This offer ends on ${formatMoment(claim.deadline, { timeZone, zoneName: true, withDate: true })}. ${DELAY_WARNING}`;
  else text = DELAY_WARNING;
  return (
    <div className={botAccessStyles.redNotice} role="note" data-testid="offer-deadline-notice" data-claim={claim.kind}>
      <AlertTriangle size={18} aria-hidden="true" style={{ verticalAlign: '-3px' }} /> {text}
    </div>
  );
}
