import { SAMPLE_TESTIMONIALS, TIMING } from '@signalroom/shared';
import { Quote } from 'lucide-react';
import { useEffect, useState } from 'react';

/** Rotating reviews: auto-advance every 5 s, dots to pick one; sample content is labelled as such. */
export function Testimonials() {
  const items = SAMPLE_TESTIMONIALS;
  const [index, setIndex] = useState(0);
  // Restarting the timer whenever the review changes gives a picked review its full 5 s.
  // biome-ignore lint/correctness/useExhaustiveDependencies: index restarts the timer on purpose
  useEffect(() => {
    if (items.length < 2) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % items.length), TIMING.testimonialRotationMs);
    return () => clearTimeout(timer);
  }, [index, items.length]);
  const current = items[index];
  if (!current) return <p className="muted center">No reviews yet.</p>;
  return (
    <div className="card quote-card">
      <Quote size={28} aria-hidden="true" style={{ color: 'var(--accent)' }} />
      {current.sample ? (
        <p style={{ margin: '0.5rem 0 0' }}>
          <span className="badge badge-sample">Sample review</span>
        </p>
      ) : null}
      <figure style={{ margin: 0 }} aria-live="polite">
        <blockquote>“{current.quote}”</blockquote>
        <figcaption>
          <span className="quote-author">{current.name}</span>
          <br />
          <span className="muted small">{current.role}</span>
        </figcaption>
      </figure>
      <fieldset className="dots" style={{ border: 0, padding: 0 }}>
        <legend className="sr-only">Choose a review</legend>
        {items.map((_, i) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed list, position is the identity
            key={i}
            type="button"
            aria-label={`Show review ${i + 1} of ${items.length}`}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => setIndex(i)}
          >
            <span />
          </button>
        ))}
      </fieldset>
    </div>
  );
}
