import { type Testimonial, TIMING } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Quote } from 'lucide-react';
import { useEffect, useState } from 'react';
import publicStyles from '../../components/public/public-page.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import textStyles from '../../components/ui/text.module.css';
import styles from './landing.module.css';

/** Rotating reviews: auto-advance every 5 s, dots to pick one. The operator's published reviews only. */
export function Testimonials({ items }: { items: readonly Testimonial[] }) {
  const [index, setIndex] = useState(0);
  // Restarting the timer whenever the review changes gives a picked review its full 5 s.
  // biome-ignore lint/correctness/useExhaustiveDependencies: index restarts the timer on purpose
  useEffect(() => {
    if (items.length < 2) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % items.length), TIMING.testimonialRotationMs);
    return () => clearTimeout(timer);
  }, [index, items.length]);
  const current = items[index] ?? items[0];
  if (!current) return <p className={clsx(publicStyles.muted, publicStyles.center)}>No reviews yet.</p>;
  return (
    <div className={clsx(panelStyles.card, styles.quoteCard)}>
      <Quote size={28} aria-hidden="true" className={styles.quoteMark} />
      <figure className={styles.quoteFigure} aria-live="polite" data-testid="review">
        <blockquote>“{current.quote}”</blockquote>
        <figcaption>
          <span className={styles.quoteAuthor}>{current.name}</span>
          <br />
          <span className={clsx(publicStyles.muted, publicStyles.small)}>{current.role}</span>
        </figcaption>
      </figure>
      <fieldset className={styles.dots}>
        <legend className={textStyles.srOnly}>Choose a review</legend>
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
