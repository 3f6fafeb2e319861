import type { TSignal, TSignalNote } from '@signalroom/shared';
import { DeskMessages } from '@signalroom/shared';
import { clsx } from 'clsx';
import { type FormEvent, useId, useState } from 'react';
import * as api from '../../api/api.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { formatPrice, resultLabel } from '../../components/dashboard/signal-format.js';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import styles from './desk.module.css';

/** This analyst's newest signals, each with a box to append a follow-up note. */
export function RecentDeskSignals({ signals }: { signals: TSignal[] }) {
  const titleId = useId();
  return (
    <section className={panelStyles.panel} aria-labelledby={titleId} data-testid="desk-recent">
      <h2 id={titleId}>Your recent signals</h2>
      {signals.length === 0 ? (
        <p className={pageStyles.muted}>You have not published a signal yet.</p>
      ) : (
        <ul className={styles.recentList}>
          {signals.map((s) => (
            <RecentSignal key={s.id} signal={s} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RecentSignal({ signal }: { signal: TSignal }) {
  const [notes, setNotes] = useState<TSignalNote[]>([]);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (body.trim() === '') {
      setError(DeskMessages.noteRequired);
      return;
    }
    setBusy(true);
    const result = await api.desk.addNote({ params: { id: signal.id }, body: { body } });
    setBusy(false);
    if (result.ok) {
      setNotes((n) => [...n, result.data]);
      setBody('');
      setError(null);
    } else setError(result.fields.body ?? result.message);
  }

  return (
    <li className={styles.recentItem}>
      <p className={styles.recentHead}>
        <strong>
          {signal.asset} {signal.direction}
        </strong>{' '}
        at {formatPrice(signal.entryPrice)}, confidence {signal.confidence}
        {signal.status === 'active' ? ' · Active' : ` · ${resultLabel(signal)}`}
      </p>
      {notes.length > 0 && (
        <ul className={styles.noteList} aria-label="Notes added">
          {notes.map((n) => (
            <li key={n.id}>{n.body}</li>
          ))}
        </ul>
      )}
      <form className={styles.noteForm} noValidate onSubmit={submit}>
        <label htmlFor={`${id}-note`} className={styles.noteLabel}>
          Add a note to this signal
        </label>
        <textarea
          id={`${id}-note`}
          className={formStyles.textarea}
          rows={2}
          maxLength={2000}
          value={body}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-note-error` : undefined}
          onChange={(e) => {
            setBody(e.target.value);
            setError(null);
          }}
        />
        {error && (
          <p className={formStyles.fieldError} id={`${id}-note-error`}>
            {error}
          </p>
        )}
        <button type="submit" className={clsx(buttonStyles.btn, buttonStyles.btnGhost)} disabled={busy}>
          {busy ? 'Adding…' : 'Add note'}
        </button>
      </form>
    </li>
  );
}
