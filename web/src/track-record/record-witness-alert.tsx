import { useEffect, useState } from 'react';
import styles from './record-notices.module.css';
import type { WitnessResult } from './record-witness.js';

/**
 * Runs this browser's witness of the track record once per visit and, when the record no longer
 * extends the checkpoint the browser kept (or is signed by another key), says so loudly. Nothing is
 * shown while the record holds. The witness's code loads only here, after the page.
 */
export function RecordWitnessAlert() {
  const [result, setResult] = useState<WitnessResult | null>(null);
  useEffect(() => {
    let cancelled = false;
    import('./record-witness.js')
      .then((witness) => witness.witnessTrackRecord())
      .then((outcome) => {
        if (!cancelled) setResult(outcome);
      })
      .catch((error: unknown) => console.error('The track record witness could not run:', error));
    return () => {
      cancelled = true;
    };
  }, []);
  if (result?.status !== 'rewritten' && result?.status !== 'key-changed') return null;
  const kept = result.kept;
  return (
    <section className={styles.alert} role="alert" data-testid="record-witness-alert" aria-labelledby="witness-title">
      <h2 id="witness-title">
        {result.status === 'rewritten'
          ? 'Warning: this track record was rewritten'
          : 'Warning: this track record is now signed by another key'}
      </h2>
      <p>
        Your browser kept checkpoint #{kept.size}, signed by this site at {kept.time} (root <code>{kept.root}</code>).{' '}
        {result.status === 'rewritten'
          ? `The record no longer extends it: ${result.reason}.`
          : 'The key that signs the record has changed since, so its history cannot be followed from what you kept.'}
      </p>
      <p>
        Figures computed from this record cannot be trusted.{' '}
        {result.status === 'rewritten'
          ? 'Your browser has reported it to the operator with the signed checkpoint as proof.'
          : ''}
      </p>
    </section>
  );
}
