import { offerDeadlineClaim } from '@signalroom/shared';
import { AlertTriangle } from 'lucide-react';
import { useOfferCountdown } from '../../stores/offer-countdown.store.js';
import { usePublicConfigStore } from '../../stores/public-config.store.js';
import botAccessStyles from '../bot-access/bot-access.module.css';

const DELAY_WARNING = 'Your free access may expire if funding your account or messaging support is delayed.';

function formatWhen(at: Date, timeZone: string, withDate: boolean): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    ...(withDate ? { weekday: 'long', day: 'numeric', month: 'long' } : {}),
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(at);
}

/**
 * The red notice of the success page, true to the real deadline (GET /api/countdown): "ends today" only
 * when the deadline falls today in the operator's time zone, the real date otherwise, "has ended" once
 * it has passed (shared rule `offerDeadlineClaim`).
 */
export function OfferDeadlineNotice() {
  const view = useOfferCountdown();
  const config = usePublicConfigStore((s) => s.config);
  const timeZone = config?.timeZone;
  const zone = config?.timeZoneLabel ?? timeZone;
  const claim =
    view.status === 'loading' || view.status === 'unavailable' || !timeZone
      ? { kind: 'unknown' as const }
      : offerDeadlineClaim(
          view.deadlineMs === null ? null : new Date(view.deadlineMs),
          view.ended,
          new Date(view.deadlineMs === null ? Date.now() : view.deadlineMs - view.timeLeftMs),
          timeZone,
        );
  let text: string;
  if (claim.kind === 'ended') text = 'This offer has ended.';
  else if (claim.kind === 'today' && timeZone)
    text = `This offer ends today, at ${formatWhen(claim.deadline, timeZone, false)} ${zone}. ${DELAY_WARNING}`;
  else if (claim.kind === 'later' && timeZone)
    text = `This offer ends on ${formatWhen(claim.deadline, timeZone, true)} ${zone}. ${DELAY_WARNING}`;
  else text = DELAY_WARNING;
  return (
    <div className={botAccessStyles.redNotice} role="note" data-testid="offer-deadline-notice" data-claim={claim.kind}>
      <AlertTriangle size={18} aria-hidden="true" style={{ verticalAlign: '-3px' }} /> {text}
    </div>
  );
}
