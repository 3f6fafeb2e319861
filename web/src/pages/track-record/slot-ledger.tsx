import { SLOT_STATE_LABELS, SlotsRoutes, slotCountsSentence, type TSlotsPage } from '@signalroom/shared';
import { useCallback } from 'react';
import * as api from '../../api/api.js';
import { addressOf } from '../../api/client.js';
import { useClock } from '../../components/clock/use-clock.js';
import publicStyles from '../../components/public/public-page.module.css';
import { RefreshedStatus } from '../../components/public/refreshed-status.js';
import { useRefreshed } from '../../components/public/use-refreshed.js';
import styles from './track-record.module.css';

/** The newest slots without a signal of the model shown on the page (the API has them all). */
const GAPS_SHOWN = 12;

/**
 * "Every slot": how each scheduled slot of the last 24 hours ended, counted from the slot ledger, and
 * the latest ones without a signal with their public reason and the log entry that states them, so a
 * slot with no signal is never silent.
 */
export function SlotLedger() {
  const read = useCallback(() => api.slots.list({ query: {} }), []);
  const { state, retry } = useRefreshed(read, 'The slot ledger could not be loaded.');
  return (
    <section
      className={styles.section}
      aria-labelledby="slots-title"
      data-testid="slot-ledger"
      aria-busy={state.status === 'loading'}
    >
      <h2 id="slots-title">Every slot</h2>
      <RefreshedStatus state={state} retry={retry} loading="Loading the slot ledger…" alertClassName={styles.alert} />
      {state.status === 'ready' && <SlotLedgerFacts page={state.data} />}
    </section>
  );
}

function SlotLedgerFacts({ page }: { page: TSlotsPage }) {
  const { format } = useClock();
  const gaps = page.items
    .filter((slot) => slot.state !== 'issued')
    .slice(-GAPS_SHOWN)
    .reverse();
  const first = page.items[0];
  const last = page.items.at(-1);
  return (
    <>
      <p data-testid="slot-counts">{slotCountsSentence(page.counts, 'in the last 24 hours')}.</p>
      <p className={publicStyles.muted}>
        Each scheduled slot ends issued, market closed, feed failed or missed, and the log states it once: the signal's
        entry, or an entry of its own with the reason. A slot not decided yet is still within its minute to be issued.
        Signals published by analysts on the desk are not slots.
      </p>
      {gaps.length > 0 && first && last && (
        <ul className={styles.slotGaps} aria-label="Latest slots without a signal">
          {gaps.map((slot) => (
            <li key={slot.slot} data-testid="slot-gap">
              <time dateTime={slot.slot}>{format(slot.slot, { seconds: false })}</time>{' '}
              <strong>{SLOT_STATE_LABELS[slot.state]}</strong>
              {slot.reason ? `: ${slot.reason}` : ''}
              {slot.recordSeq !== null ? ` (log entry #${slot.recordSeq})` : ''}
            </li>
          ))}
        </ul>
      )}
      <p className={publicStyles.small}>
        <a href={addressOf(SlotsRoutes.list)}>Every slot of the last 24 hours as JSON</a> (any range with{' '}
        <code>?from=</code> and <code>&amp;to=</code>).
      </p>
    </>
  );
}
