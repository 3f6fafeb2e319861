import type { TCountdown } from '@signalroom/shared';

/** Hours, minutes and seconds blocks; the offer shows as ended at zero. */
export function CountdownDisplay({
  time,
  ended,
  endedText = 'This offer has ended.',
  label = 'Time left in the offer',
}: {
  time: TCountdown['timeFormatted'] | null;
  ended: boolean;
  endedText?: string;
  label?: string;
}) {
  if (ended) {
    return (
      <p className="countdown-ended" role="status">
        {endedText}
      </p>
    );
  }
  const parts = [
    { value: time?.hours ?? '--', unit: 'Hours' },
    { value: time?.minutes ?? '--', unit: 'Minutes' },
    { value: time?.seconds ?? '--', unit: 'Seconds' },
  ];
  const spoken = time ? `${time.hours} hours ${time.minutes} minutes ${time.seconds} seconds` : 'loading';
  return (
    <div className="countdown" role="timer" aria-label={`${label}: ${spoken}`}>
      {parts.map((p, i) => (
        <span key={p.unit} style={{ display: 'contents' }}>
          {i > 0 ? (
            <span className="countdown-sep" aria-hidden="true">
              :
            </span>
          ) : null}
          <span className="countdown-unit" aria-hidden="true">
            <span className="countdown-value" data-unit={p.unit.toLowerCase()}>
              {p.value}
            </span>
            <span className="countdown-label">{p.unit}</span>
          </span>
        </span>
      ))}
    </div>
  );
}
