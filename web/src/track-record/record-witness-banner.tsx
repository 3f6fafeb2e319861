import { formatMoment, type TRecordWitnessing } from '@signalroom/shared';
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { browserTimeZone } from '../components/clock/browser-zone.js';
import styles from './record-notices.module.css';
import type { WitnessResult } from './record-witness.js';

type State = { loading: true } | { loading: false; status: TRecordWitnessing | null; result: WitnessResult };

/**
 * The site's status of its witnesses, read with a bare fetch: the landing page loads no API client or
 * schema library for it (what is checked, the cosignatures, is checked by the witness module itself).
 */
async function readWitnessing(): Promise<TRecordWitnessing | null> {
  const response = await fetch('/api/track-record/witnesses', { headers: { accept: 'application/json' } });
  if (!response.ok) return null;
  return ((await response.json()) as { data: TRecordWitnessing | null }).data;
}

/** A time as this page's reader reads it (the one clock in the browser's zone, the zone named). */
const readable = (iso: string) => formatMoment(iso, { timeZone: browserTimeZone(), zoneName: true, seconds: true });

/**
 * Whether the track record is witnessed, as this browser checked it: the latest checkpoint's
 * cosignatures verified here under the keys of the witnesses the site names, beside the site's own
 * status (refusals, withheld figures and why). Every visitor sees it, first visit or not: a refusal is
 * shown to everyone, not only to the operator. When this browser kept a checkpoint the log no longer
 * extends, it says so first. The checking code loads after the page.
 */
export function RecordWitnessBanner({
  compact = false,
  alertsOnly = false,
}: {
  /** One line, without the witnesses' keys. */
  compact?: boolean;
  /** Only a rewrite, a changed key or withheld figures (pages that show no figure of the record). */
  alertsOnly?: boolean;
}) {
  const [state, setState] = useState<State>({ loading: true });
  useEffect(() => {
    let cancelled = false;
    Promise.all([import('./record-witness.js').then((witness) => witness.witnessTrackRecord()), readWitnessing()])
      .then(([result, status]) => {
        if (!cancelled) setState({ loading: false, result, status });
      })
      .catch((error: unknown) => {
        console.error('The track record witness could not run:', error);
        if (!cancelled) setState({ loading: false, result: { status: 'unknown' }, status: null });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  if (state.loading) {
    if (alertsOnly) return null;
    return (
      <p className={styles.witnessing} role="status" data-testid="record-witnessing" data-state="checking">
        Checking the track record's witnesses…
      </p>
    );
  }
  const { result, status } = state;
  if (result.status === 'rewritten' || result.status === 'key-changed') {
    return (
      <section className={styles.alert} role="alert" data-testid="record-witness-alert" aria-labelledby="witness-title">
        <h2 id="witness-title">
          {result.status === 'rewritten'
            ? 'Warning: this track record was rewritten'
            : 'Warning: this track record is now signed by another key'}
        </h2>
        <p>
          Your browser kept the checkpoint of {result.kept.size} entries (root <code>{result.kept.root}</code>)
          {result.kept.keptAt ? ` on ${readable(result.kept.keptAt)}` : ''}.{' '}
          {result.status === 'rewritten'
            ? `The record no longer extends it: ${result.reason}.`
            : 'The key that signs the record has changed since; check the change in the record itself.'}
        </p>
        <p>
          Figures computed from this record cannot be trusted.{' '}
          {result.status === 'rewritten' ? 'Your browser has reported it with the signed checkpoint as proof.' : ''}
        </p>
      </section>
    );
  }
  if (!status) return null;
  const cosigned = result.status === 'holds' ? result.cosigned : null;
  const refusals = status.witnesses.filter((w) => w.refusal);
  const withheld = status.withheld || (cosigned !== null && cosigned.names.length < status.quorum);
  if (withheld) {
    return (
      <section className={styles.alert} role="alert" data-testid="record-witnessing" data-state="withheld">
        <h2>Figures withheld: the record is not witnessed right now</h2>
        <p>
          {status.withheldReason ?? 'The latest checkpoint lacks the witnesses’ cosignatures this browser requires.'}
        </p>
        {refusals.length > 0 && (
          <ul>
            {refusals.map((w) => (
              <li key={w.name}>
                Witness <strong>{w.name}</strong> refused the checkpoint of {w.refusal?.size} entries
                {w.refusal ? ` on ${readable(w.refusal.at)}` : ''}: {w.refusal?.reason}
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  }
  if (alertsOnly) return null;
  if (status.quorum === 0) {
    return (
      <p
        className={clsx(styles.witnessing, styles.unwitnessed)}
        data-testid="record-witnessing"
        data-state="unwitnessed"
      >
        Not independently witnessed: this record is signed by its operator alone.{' '}
        {!compact && <a href="/track-record">How to check it</a>}
      </p>
    );
  }
  const names = cosigned?.names ?? [];
  const latestAt = cosigned?.latestAt ?? status.latestAt;
  return (
    <div className={styles.witnessing} data-testid="record-witnessing" data-state="witnessed">
      <p>
        Witnessed by {names.length} of {status.total} independent witnesses
        {latestAt ? `, latest at ${readable(latestAt)}` : ''}.
      </p>
      {!compact && (
        <details>
          <summary>Who witnesses this record</summary>
          <ul>
            {status.witnesses.map((w) => (
              <li key={w.name}>
                <strong>{w.name}</strong>{' '}
                {names.includes(w.name) ? '(cosigned the latest checkpoint)' : '(not on the latest checkpoint)'}
                <br />
                <code>{w.verifierKey}</code>
              </li>
            ))}
          </ul>
          <p>
            Your browser verified these cosignatures itself. A quorum of {status.quorum} is required; a signal counts
            only when they cosigned it within {status.maxMergeDelaySeconds} seconds of its window opening.
          </p>
        </details>
      )}
    </div>
  );
}
