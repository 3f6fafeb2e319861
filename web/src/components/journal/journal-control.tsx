import type { TSignal } from '@signalroom/shared';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useJournalStore } from '../../stores/journal.store.js';
import { useClock } from '../clock/use-clock.js';
import { formatClock } from '../dashboard/signal-format.js';
import buttonStyles from '../ui/button.module.css';
import styles from './journal.module.css';
import { JournalBadge } from './journal-badge.js';
import { JournalDialog } from './journal-dialog.js';

/**
 * A signal's place in the member's journal, where the signal is shown: its badge once journaled, the
 * Journal button that opens the dialog, and what the last save or removal said (announced). Times are
 * on the member's clock, as everywhere on the dashboard.
 */
export function JournalControl({ signal }: { signal: TSignal }) {
  const { timeZone } = useClock();
  const entry = useJournalStore((s) => s.journal?.entries.find((e) => e.signalId === signal.id) ?? null);
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState('');
  return (
    <div className={styles.control} data-testid="journal-control">
      {entry ? <JournalBadge taken={entry.taken} /> : null}
      <button
        type="button"
        className={clsx(buttonStyles.btn, styles.open)}
        aria-haspopup="dialog"
        // Every row has one: the name says which signal (it starts with the visible word).
        aria-label={`Journal ${signal.asset} ${signal.direction} of ${formatClock(signal.createdAt, timeZone, false)}`}
        onClick={() => {
          setNotice('');
          setOpen(true);
        }}
        data-testid="journal-open"
      >
        Journal
      </button>
      <span role="status" className={styles.notice} data-testid="journal-notice">
        {notice}
      </span>
      {open ? (
        <JournalDialog
          signal={signal}
          entry={entry}
          timeZone={timeZone}
          onClose={() => setOpen(false)}
          onDone={setNotice}
        />
      ) : null}
    </div>
  );
}
