import type { OfferTimeParts } from '@signalroom/shared';
import { Fragment } from 'react';
import styles from './countdown-display.module.css';

/**
 * Days (only above 48 hours), hours, minutes and seconds blocks; the offer shows as ended at zero.
 * The units come from the shared rule (`offerTimeParts`), so every countdown of the offer agrees.
 */
export function CountdownDisplay({
  parts,
  ended,
  endedText = 'This offer has ended.',
  label = 'Time left in the offer',
}: {
  parts: OfferTimeParts | null;
  ended: boolean;
  endedText?: string;
  label?: string;
}) {
  if (ended) {
    return (
      <p className={styles.countdownEnded} role="status">
        {endedText}
      </p>
    );
  }
  const units = [
    ...(parts?.days !== null && parts?.days !== undefined
      ? [{ value: String(parts.days), unit: parts.days === 1 ? 'Day' : 'Days', key: 'days' }]
      : []),
    { value: parts?.hours ?? '--', unit: 'Hours', key: 'hours' },
    { value: parts?.minutes ?? '--', unit: 'Minutes', key: 'minutes' },
    { value: parts?.seconds ?? '--', unit: 'Seconds', key: 'seconds' },
  ];
  const spoken = parts
    ? `${parts.days !== null ? `${parts.days} ${parts.days === 1 ? 'day' : 'days'} ` : ''}${parts.hours} hours ${parts.minutes} minutes ${parts.seconds} seconds`
    : 'loading';
  return (
    <div className={styles.countdown} role="timer" aria-label={`${label}: ${spoken}`}>
      {units.map((p, i) => (
        <Fragment key={p.key}>
          {i > 0 ? (
            <span className={styles.countdownSep} aria-hidden="true">
              :
            </span>
          ) : null}
          <span className={styles.countdownUnit} aria-hidden="true">
            <span className={styles.countdownValue} data-unit={p.key}>
              {p.value}
            </span>
            <span className={styles.countdownLabel}>{p.unit}</span>
          </span>
        </Fragment>
      ))}
    </div>
  );
}
